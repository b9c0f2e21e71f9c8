import Foundation
import GemNavCore

/// The direction a road *looks* to leave a junction in, after OSRM's `CoordinateExtractor`
/// (`ExtractRepresentativeCoordinate`). Mappers draw the first metres of a road to meet the
/// junction's centre, so the very first segment often points somewhere the road does not go:
/// a short offset to the lane, a modelled curve into the turn, a kink from a merged node.
/// Turn angles (and the bearings OSRM reports for intersections) are taken towards a
/// representative point further down the road instead; turn modifiers follow from them.
enum PerceivedBearing {
    /// OSRM's assumed width of one lane (metres).
    static let laneWidth = 3.25
    /// How far to look along a road without lanes (metres).
    static let lookahead = 10.0
    /// The far look-ahead, widened by the lanes a junction has.
    static let farLookahead = 40.0
    /// A corrected point must lie at least this far from the point it corrects.
    static let desiredDifference = 2.0
    /// Lanes assumed where no road at the junction tells its count.
    static let assumedLanes = 2
    /// Repeated points and tiny offsets within this many metres are skipped.
    static let skipInaccuracies = 2.0

    /// What the extractor needs to know of the road leaving the junction.
    struct Road {
        var roadClass: RoadClass
        var isRing: Bool
    }

    /// The bearing from `line[0]` (the junction) along the road. `arms` is how many road ends
    /// meet at the junction and `lanes` the most lanes any of them has (0 when unknown). A
    /// junction of two roads looks only at the first point a metre away, as OSRM does
    /// (`GetCoordinateCloseToTurn`). `isLoop`: the road comes back to the junction itself.
    static func bearing(along line: [Coordinate], road: Road, arms: Int, lanes: Int, isLoop: Bool = false) -> Double {
        var points = [Coordinate]()
        points.reserveCapacity(line.count)
        for p in line where points.last != p { points.append(p) }
        guard points.count >= 2 else { return 0 }
        let target: Coordinate
        if isLoop {
            // A road leaving and coming back to the same junction: OSRM takes its first point.
            target = points[1]
        } else if arms <= 2 {
            target = points.dropFirst().first { distance(points[0], $0) > 1 } ?? points[points.count - 1]
        } else {
            target = representative(points, road: road, lanes: lanes)
        }
        return RoadMetric.bearing(points[0], target)
    }

    /// OSRM's lane offsets are wider on fast roads, whose exits are drawn at a slant.
    private static func offsetFactor(_ c: RoadClass) -> Double {
        switch c {
        case .motorway, .motorwayLink, .trunk, .trunkLink: return 2.5
        case .primary: return 1.5
        default: return 1.0
        }
    }

    /// OSRM's low-priority roads (`may_be_ignored`): everything its car profile does not list
    /// as a road type.
    private static func isLowPriority(_ c: RoadClass) -> Bool {
        switch c {
        case .motorway, .motorwayLink, .trunk, .trunkLink, .primary, .primaryLink, .secondary, .secondaryLink,
             .tertiary, .tertiaryLink, .unclassified, .residential, .livingStreet:
            return false
        default: return true
        }
    }

    /// `ExtractRepresentativeCoordinate`, step for step.
    static func representative(_ input: [Coordinate], road: Road, lanes: Int) -> Coordinate {
        var coordinates = input
        let turn = coordinates[0]
        if coordinates.count <= 2 { return coordinates[coordinates.count - 1] }
        if road.isRing { return coordinateAt(length: skipInaccuracies, coordinates) }
        if isLowPriority(road.roadClass) {
            coordinates = trim(coordinates, to: lookahead)
            if coordinates.count > 2, distance(turn, coordinates[1]) < laneWidth {
                let initial = distance(turn, coordinates[1])
                let total = distance(turn, coordinates[coordinates.count - 1])
                // As in OSRM this cannot hold together with the test above; kept for fidelity.
                if initial > laneWidth && total > initial {
                    return corrected(turn, coordinates[1], coordinates[coordinates.count - 1])
                }
            }
            return coordinates[coordinates.count - 1]
        }
        let firstDistance = distance(coordinates[0], coordinates[1])
        let consideredLanes = offsetFactor(road.roadClass) * Double(lanes == 0 ? assumedLanes : lanes)
        if firstDistance > consideredLanes * laneWidth + lookahead { return coordinates[1] }

        let lookaheadDistance = farLookahead + consideredLanes * laneWidth
        var segments = lengthCache(coordinates, limit: lookaheadDistance)
        coordinates = trim(coordinates, to: lookaheadDistance, cache: segments)
        segments[segments.count - 1] = Swift.min(segments[segments.count - 1], lookaheadDistance)
        let totalDistance = segments.reduce(0, +)
        if coordinates.count == 2 || totalDistance <= skipInaccuracies { return coordinates[coordinates.count - 1] }

        let last = coordinates[coordinates.count - 1]
        if maxDeviation(coordinates[...], coordinates[0], last) < 0.5 * laneWidth {
            if coordinates[0] == last { return coordinateAt(length: skipInaccuracies, coordinates) }
            return last
        }

        // How far the road runs straight from the junction before it bends.
        var straightDistance = segments[1]
        var index = 2
        while index < coordinates.count {
            guard maxDeviation(coordinates[0..<index], coordinates[0], coordinates[index]) < 0.25 * laneWidth
            else { break }
            straightDistance += segments[index]
            index += 1
        }
        let straightIndex = index - 1
        if straightDistance >= consideredLanes * laneWidth + lookahead {
            return coordinateAt(length: 5, coordinates, cache: segments)
        }

        let regression = regressionLine(coordinates)
        if maxDeviation(coordinates[...], regression.0, regression.1) < 0.35 * laneWidth {
            let front = project(coordinates[0], on: regression)
            let back = project(last, on: regression)
            return corrected(turn, front, back)
        }

        if isDirectOffset(coordinates, straightIndex: straightIndex, straightDistance: straightDistance,
                          length: totalDistance, segments: segments,
                          lanes: Double(Int(consideredLanes)))  // OSRM passes it as a whole number
        {
            let offset = Swift.max(1, straightIndex)
            return corrected(turn, coordinates[offset], coordinates[offset + 1])
        }

        if isCurve(coordinates, segments: segments, length: totalDistance,
                   laneWidth: consideredLanes * laneWidth, isRing: road.isRing)
        {
            coordinates = trim(coordinates, to: 3 * skipInaccuracies, cache: segments)
            segments = Array(segments.prefix(coordinates.count))
            while segments.count < coordinates.count { segments.append(0) }
            segments[segments.count - 1] = distance(coordinates[coordinates.count - 2], coordinates[coordinates.count - 1])
            let head = coordinates[coordinates.count - 1]
            coordinates = trim(coordinates, to: 2 * skipInaccuracies, cache: segments)
            return corrected(turn, coordinates[coordinates.count - 1], head)
        }

        let trimming = 0.8 * (consideredLanes * laneWidth)
        let trimmed = trimFront(coordinates, by: 0.8 * trimming)
        if trimmed.count >= 2 && totalDistance >= trimming + 2 {
            let line = regressionLine(trimmed)
            if maxDeviation(trimmed[...], line.0, line.1) < 0.5 * laneWidth {
                return corrected(turn, line.0, line.1)
            }
        }
        let result = coordinateAt(length: lookahead, coordinates, cache: segments)
        if result != turn { return result }
        return coordinates.first { $0 != turn } ?? result
    }

    // MARK: - OSRM's helpers

    /// The line cut `length` metres from its start.
    static func trimmed(_ line: [Coordinate], to length: Double) -> [Coordinate] { trim(line, to: length) }

    /// Points every `rate` metres along the first `maxLength` metres of the line.
    static func sampled(_ line: [Coordinate], maxLength: Double, rate: Double) -> [Coordinate] {
        line.count >= 2 ? sample(line, maxLength: maxLength, rate: rate) : line
    }

    /// OSRM's `areParallel`: the regression lines of both point sets differ in slope by less
    /// than 20 % once the first is turned to run east.
    static func areParallel(_ a: [Coordinate], _ b: [Coordinate]) -> Bool {
        let (a0, a1) = leastSquares(a), (b0, b1) = leastSquares(b)
        let da = (lon: a0.longitude - a1.longitude, lat: a0.latitude - a1.latitude)
        let db = (lon: b0.longitude - b1.longitude, lat: b0.latitude - b1.latitude)
        let bearingA = RoadMetric.bearing(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: da.lat, longitude: da.lon))
        let angle = (bearingA - 90) * .pi / 180
        let lon = cos(angle) * db.lon - sin(angle) * db.lat
        let lat = sin(angle) * db.lon + cos(angle) * db.lat
        guard abs(lon) > 1e-7 else { return false }
        return abs(-lat / -lon) < 0.20
    }

    /// The shortest distance from `p` to the polyline `line`.
    static func closestDistance(_ p: Coordinate, _ line: [Coordinate]) -> Double {
        guard line.count > 1 else { return line.first.map { distance(p, $0) } ?? .infinity }
        var best = Double.infinity
        for i in 1..<line.count { best = Swift.min(best, distance(project(p, on: (line[i - 1], line[i])), p)) }
        return best
    }

    /// Area (m²) enclosed by a closed line, on a plane through its southernmost point.
    static func area(_ ring: [Coordinate]) -> Double {
        guard let south = ring.min(by: { $0.latitude < $1.latitude }) else { return 0 }
        func x(_ c: Coordinate) -> Double {
            (c.longitude - south.longitude) * .pi / 180 * 6_378_137 * cos(south.latitude * .pi / 180)
        }
        func y(_ c: Coordinate) -> Double { (c.latitude - south.latitude) * .pi / 180 * 6_378_137 }
        var total = 0.0
        for i in 1..<ring.count { total += (x(ring[i]) - x(ring[i - 1])) * (y(ring[i]) + y(ring[i - 1])) / 2 }
        return total
    }

    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double { RoadMetric.distance(a, b) }

    // OSRM keeps every coordinate it computes in whole microdegrees: an interpolated point is
    // truncated towards zero, a projected or fitted one rounded, an offset moved in integer
    // steps. A point looked at 10 m down the road moves by up to 0.3° with that, and a turn
    // 20.2° off straight by the doubles is 19.8° by OSRM's.

    /// `degrees` in whole microdegrees.
    private static func micro(_ degrees: Double) -> Int { Int((degrees * 1e6).rounded()) }

    /// `c` rounded to whole microdegrees (OSRM's `toFixed`).
    private static func rounded(_ c: Coordinate) -> Coordinate {
        Coordinate(latitude: Double(micro(c.latitude)) / 1e6, longitude: Double(micro(c.longitude)) / 1e6)
    }

    /// OSRM's `interpolateLinear`.
    private static func interpolate(_ f: Double, _ a: Coordinate, _ b: Coordinate) -> Coordinate {
        func along(_ from: Double, _ to: Double) -> Double {
            let (x, y) = (Double(micro(from)), Double(micro(to)))
            return (x + f * (y - x)).rounded(.towardZero) / 1e6
        }
        return Coordinate(latitude: along(a.latitude, b.latitude), longitude: along(a.longitude, b.longitude))
    }

    private static func factor(_ desired: Double, _ first: Double, _ second: Double) -> Double {
        let length = second - first
        guard length > 0 else { return 1 }
        return Swift.max(0, Swift.min((desired - first) / length, 1))
    }

    /// The point `length` metres along the line (its end when shorter).
    private static func coordinateAt(length: Double, _ c: [Coordinate], cache: [Double]? = nil) -> Coordinate {
        var accumulated = 0.0
        for i in 1..<c.count {
            let d = cache?[i] ?? distance(c[i - 1], c[i])
            if accumulated + d >= length {
                return interpolate(factor(length - accumulated, 0, d), c[i - 1], c[i])
            }
            accumulated += d
        }
        return c[c.count - 1]
    }

    /// Segment lengths (index 0 is 0) up to the segment that reaches `limit`.
    private static func lengthCache(_ c: [Coordinate], limit: Double) -> [Double] {
        var out = [0.0]
        var total = 0.0
        for i in 1..<c.count {
            let d = distance(c[i - 1], c[i])
            total += d
            out.append(d)
            if total >= limit { break }
        }
        return out
    }

    /// The line cut `length` metres from its start (OSRM's `TrimCoordinatesToLength`).
    private static func trim(_ input: [Coordinate], to length: Double, cache: [Double]? = nil) -> [Coordinate] {
        var c = input
        if let cache, !cache.isEmpty {
            // OSRM's cache holds per-segment lengths here but is compared as if cumulative;
            // its quirks decide the angles, so they are kept.
            if cache[cache.count - 1] < length && c.count >= 2 {
                if c.count > cache.count { c.removeSubrange(cache.count...) }
                let d = distance(c[c.count - 2], c[c.count - 1])
                if d > 0 { c[c.count - 1] = interpolate(factor(cache[cache.count - 1], 0, d), c[c.count - 2], c[c.count - 1]) }
                return c
            }
        }
        var toCurrent = 0.0
        for i in 1..<c.count {
            let toNext: Double
            if let cache, !cache.isEmpty { toNext = cache[i] } else { toNext = toCurrent + distance(c[i - 1], c[i]) }
            if toNext >= length {
                let p = interpolate(factor(length, toCurrent, toNext), c[i - 1], c[i])
                c.removeSubrange((i + 1)...)
                c[i] = p
                break
            }
            toCurrent = toNext
        }
        return c
    }

    /// The line without its first `length` metres; empty when it is shorter.
    private static func trimFront(_ c: [Coordinate], by length: Double) -> [Coordinate] {
        var toIndex = 0.0
        var index = 0
        for next in 1..<c.count {
            let d = toIndex + distance(c[index], c[next])
            if d >= length {
                var out = Array(c[index...])
                out[0] = interpolate(factor(length, toIndex, d), c[index], c[next])
                return out
            }
            toIndex = d
            index = next
        }
        return []
    }

    /// The nearest point of segment `line` to `p`, in plain degrees as OSRM projects, rounded
    /// to microdegrees as OSRM's every use of it rounds.
    private static func project(_ p: Coordinate, on line: (Coordinate, Coordinate)) -> Coordinate {
        let (a, b) = line
        let sx = b.longitude - a.longitude, sy = b.latitude - a.latitude
        let rx = p.longitude - a.longitude, ry = p.latitude - a.latitude
        let squared = sx * sx + sy * sy
        guard squared >= Double.ulpOfOne else { return a }
        let ratio = Swift.min(1, Swift.max(0, (sx * rx + sy * ry) / squared))
        return rounded(Coordinate(latitude: a.latitude + ratio * sy, longitude: a.longitude + ratio * sx))
    }

    private static func maxDeviation(_ range: ArraySlice<Coordinate>, _ a: Coordinate, _ b: Coordinate) -> Double {
        range.reduce(0) { Swift.max($0, distance(project($1, on: (a, b)), $1)) }
    }

    /// `GetCorrectedCoordinate`: the head of the vector, moved back by 90 % of the offset of
    /// its base from the junction (in whole microdegrees, as OSRM moves it).
    private static func corrected(_ fix: Coordinate, _ base: Coordinate, _ head: Coordinate) -> Coordinate {
        if distance(base, head) < desiredDifference { return head }
        func moved(_ head: Double, _ base: Double, _ fix: Double) -> Double {
            Double(micro(head) - 90 * (micro(base) - micro(fix)) / 100) / 1e6
        }
        return Coordinate(latitude: moved(head.latitude, base.latitude, fix.latitude),
                          longitude: moved(head.longitude, base.longitude, fix.longitude))
    }

    /// Points every metre along the first `maxLength` metres (`SampleCoordinates`).
    private static func sample(_ c: [Coordinate], maxLength: Double, rate: Double) -> [Coordinate] {
        var out = [c[0]]
        var carry = 0.0, total = 0.0
        for i in 1..<c.count {
            if total > maxLength { break }
            let d = distance(c[i - 1], c[i])
            if carry + d >= rate {
                let base = rate - carry
                let n = Int(((Swift.min(maxLength - total, d) + carry) / rate).rounded(.down))
                for k in 0..<Swift.max(0, n) {
                    out.append(interpolate(factor(base + Double(k) * rate, 0, d), c[i - 1], c[i]))
                }
                carry = (d + carry) - Double(n) * rate
            } else {
                carry += d
            }
            total += d
        }
        return out
    }

    /// The least-squares line through the sampled road, cut to its first and last point.
    private static func regressionLine(_ c: [Coordinate]) -> (Coordinate, Coordinate) {
        let sampled = sample(c, maxLength: farLookahead, rate: 1)
        guard sampled.count >= 2 else { return (c[0], c[c.count - 1]) }
        let line = leastSquares(sampled)
        return (project(c[0], on: line), project(c[c.count - 1], on: line))
    }

    /// OSRM's `leastSquareRegression` in longitude/latitude, turned a quarter where the
    /// points spread more north-south than east-west.
    private static func leastSquares(_ c: [Coordinate]) -> (Coordinate, Coordinate) {
        let lons = c.map(\.longitude), lats = c.map(\.latitude)
        let (minLon, maxLon) = (lons.min()!, lons.max()!), (minLat, maxLat) = (lats.min()!, lats.max()!)
        if maxLat - minLat > 2 * (maxLon - minLon) {
            // Rotated by -90° ((x, y) → (y, -x)) and back by +90°.
            let rotated = c.map { Coordinate(latitude: -$0.longitude, longitude: $0.latitude) }
            let (a, b) = leastSquares(rotated)
            return (Coordinate(latitude: a.longitude, longitude: -a.latitude),
                    Coordinate(latitude: b.longitude, longitude: -b.latitude))
        }
        let n = Double(c.count)
        let meanLon = lons.reduce(0, +) / n, meanLat = lats.reduce(0, +) / n
        let sdLon = (lons.reduce(0) { $0 + ($1 - meanLon) * ($1 - meanLon) } / (n - 1)).squareRoot()
        if abs(sdLon) < Double.ulpOfOne { return (c[0], c[c.count - 1]) }
        let sdLat = (lats.reduce(0) { $0 + ($1 - meanLat) * ($1 - meanLat) } / (n - 1)).squareRoot()
        if abs(sdLat) < Double.ulpOfOne { return (c[0], c[c.count - 1]) }
        var correlation = 0.0
        for i in c.indices { correlation += (lons[i] - meanLon) * (lats[i] - meanLat) / (sdLon * sdLat) }
        correlation /= n - 1
        let slope = correlation * sdLat / sdLon
        let intercept = meanLat - slope * meanLon
        let offset = 0.00001
        return (rounded(Coordinate(latitude: intercept + slope * (minLon - offset), longitude: minLon - offset)),
                rounded(Coordinate(latitude: intercept + slope * (maxLon + offset), longitude: maxLon + offset)))
    }

    /// Counter-clockwise turn from `a` over `b` to `c` in 0…360, Mercator-scaled as in OSRM.
    private static func angle(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Double {
        if a == b || b == c { return 180 }
        func y(_ lat: Double) -> Double { log(tan(.pi / 4 + lat * .pi / 360)) * 180 / .pi }
        let v1x = a.longitude - b.longitude, v1y = y(a.latitude) - y(b.latitude)
        let v2x = c.longitude - b.longitude, v2y = y(c.latitude) - y(b.latitude)
        var result = (atan2(v2y, v2x) - atan2(v1y, v1x)) * 180 / .pi
        while result < 0 { result += 360 }
        return result
    }

    private static func isCCW(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Bool {
        0.5 * (-b.longitude * a.latitude + c.longitude * a.latitude + a.longitude * b.latitude
            - c.longitude * b.latitude - a.longitude * c.latitude + b.longitude * c.latitude) > 0
    }

    private static func deviation(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
        distance(project(p, on: (a, b)), p)
    }

    /// `IsCurve`: the road bends steadily to one side, as a modelled turn does.
    private static func isCurve(_ c: [Coordinate], segments: [Double], length: Double, laneWidth: Double,
                                isRing: Bool) -> Bool
    {
        if isRing { return true }
        let first = c[0], last = c[c.count - 1]
        let begin = RoadMetric.bearing(c[0], c[1]), end = RoadMetric.bearing(c[c.count - 2], last)
        guard Geodesy.angleDifference(begin, end) > 0.5 * SegregatedRoads.narrowTurn else { return false }
        if c.count > 3 {
            let ccw = isCCW(first, last, c[1])
            guard c[2..<(c.count - 1)].allSatisfy({ isCCW(first, last, $0) == ccw }) else { return false }
        }
        // Deviation rising to one maximum and falling after it.
        let dev = c.map { deviation($0, first, last) }
        var maxIndex = 0, maxDeviation = 0.0
        if c.count == 3 {
            maxIndex = 1
            maxDeviation = dev[1]
        } else {
            var k = 2
            while k < c.count && !(dev[k] < dev[k - 1]) { k += 1 }
            if k == c.count {
                maxIndex = c.count - 1
            } else {
                var j = k + 1
                while j < c.count && !(dev[j - 1] < dev[j]) { j += 1 }
                guard j == c.count else { return false }
                maxIndex = k - 1
                maxDeviation = dev[k - 1]
            }
        }
        let toMax = segments.prefix(maxIndex + 1).reduce(0, +)
        if (toMax <= 0.35 * length || maxDeviation < Swift.max(0.3 * laneWidth, 0.5 * Self.laneWidth))
            && length > lookahead
        {
            return false
        }
        var angles = [Double]()
        for i in 0..<(c.count - 2) { angles.append(angle(c[i], c[i + 1], c[i + 2])) }
        var lastWasStraight = false
        var straight = Swift.max(0, segments[1] - laneWidth)
        var d = 1
        var valid = true
        for i in angles.indices.dropFirst() {
            let (previous, current) = (angles[i - 1], angles[i])
            let bothTurn = Geodesy.angleDifference(previous, 180) > SegregatedRoads.fuzzyAngle
                && Geodesy.angleDifference(current, 180) > SegregatedRoads.fuzzyAngle
            if bothTurn && (previous > 180) == (current < 180) { valid = false; break }
            let isStraight = Geodesy.angleDifference(current, 180) < 5
            d += 1
            let next = d < segments.count ? segments[d] : 0
            if isStraight {
                straight += next
                if lastWasStraight && straight > 0.3 * length { valid = false; break }
            } else if straight > 0.3 * length {
                valid = false
                break
            } else {
                straight = next
            }
            lastWasStraight = isStraight
        }
        return length > 2 * laneWidth && valid
    }

    /// `IsDirectOffset`: a short stub to the lane, then a straight road.
    private static func isDirectOffset(_ c: [Coordinate], straightIndex: Int, straightDistance: Double,
                                       length: Double, segments: [Double], lanes: Double) -> Bool
    {
        let offset = Swift.max(1, straightIndex)
        guard offset + 1 < c.count else { return false }
        let stub = segments.prefix(offset + 1).reduce(0, +)
        guard stub - 0.5 * lanes * laneWidth < laneWidth else { return false }
        guard length >= 0.4 * farLookahead else { return false }
        if length - Swift.max(straightDistance, segments[1]) < 0.1 * length { return false }
        var k = offset
        while k < segments.count && segments[k] < 30 { k += 1 }
        let end = Swift.min(c.count, k + 1)
        return 0.5 * laneWidth > maxDeviation(c[offset..<end], c[offset], c[end - 1])
    }
}

extension PerceivedBearing {
    /// The bearing of the road's first 2 m from `line[0]` (OSRM's `initial_bearing`): where
    /// it differs much from the perceived one, OSRM's wide-turn test looks at it too.
    static func initialBearing(along line: [Coordinate]) -> Double {
        RoadMetric.bearing(line[0], coordinateAt(length: skipInaccuracies, line))
    }
}

extension RoadNetwork {
    /// The initial bearing (`PerceivedBearing.initialBearing`) of every edge end.
    func initialBearings() -> [Double] {
        (0..<(edgeCount * 2)).map { PerceivedBearing.initialBearing(along: outwardLine(edge: $0 >> 1, side: $0 & 1)) }
    }

    /// The perceived bearing of every edge end `e << 1 | side` at its junction.
    func perceivedBearings(_ incidence: JunctionIncidence) -> [Double] {
        var out = [Double](repeating: 0, count: edgeCount * 2)
        let cuts = parallelRoadCuts()
        for j in 0..<junctionCount {
            let ends = incidence.ends[Int(incidence.offset[j])..<Int(incidence.offset[j + 1])]
            // OSRM widens its look-ahead by the most lanes any road at the junction has.
            let lanes = ends.reduce(0) { Swift.max($0, laneCount(edge: Int($1 >> 1))) }
            for end in ends {
                let e = Int(end >> 1), side = Int(end & 1)
                let attr = attributes[Int(edgeAttributes[e])]
                let road = side == 0 ? attr.forwardRoad : attr.backwardRoad
                let bearing = PerceivedBearing.bearing(
                    along: compressedOutwardLine(end: Int(end), incidence, cuts: cuts),
                    road: PerceivedBearing.Road(roadClass: road.roadClass, isRing: road.isRoundabout || attr.isCircular),
                    arms: ends.count, lanes: lanes, isLoop: edgeFrom[e] == edgeTo[e])
                out[Int(end)] = bearing
            }
        }
        return out
    }

    /// The road's points from the junction at edge end `end` on, through the junctions OSRM
    /// compresses away (`compressedSuccessor`): OSRM takes the representative point along its
    /// compressed edge, so a traffic signal a few metres from a junction, or the end of a way
    /// the import keeps apart (one named in a turn restriction), do not cut the look-ahead
    /// short. It ends at a node OSRM keeps between two roads joining the same junctions
    /// (`cuts`, from `parallelRoadCuts`).
    func compressedOutwardLine(end: Int, _ incidence: JunctionIncidence, cuts: [Int: Int]) -> [Coordinate] {
        var current = end
        var line = outwardLine(edge: end >> 1, side: end & 1, cut: cuts[end >> 1])
        let start = end & 1 == 0 ? Int(edgeFrom[end >> 1]) : Int(edgeTo[end >> 1])
        // A ring of such junctions would never end; real roads reach a junction within a few.
        for _ in 0..<16 {
            guard cuts[current >> 1] == nil, let next = compressedSuccessor(of: current, incidence, notBack: start)
            else { break }
            current = next
            line += outwardLine(edge: next >> 1, side: next & 1, cut: cuts[next >> 1]).dropFirst()
        }
        return line
    }

    /// The edge end the road goes on along after directed edge end `end`, when OSRM's graph
    /// compression removes the junction `end` leads to (and it is not `start`): nothing else
    /// meets there, the way goes on as the same road (`WayAttributes.compresses`), and
    /// nothing at the node (a barrier, a toll, a turning place) keeps it a junction. A signal
    /// or sign does not.
    func compressedSuccessor(of end: Int, _ incidence: JunctionIncidence, notBack start: Int) -> Int? {
        let e = end >> 1
        let far = end & 1 == 0 ? Int(edgeTo[e]) : Int(edgeFrom[e])
        let rules = junctionRules[far]
        let ends = incidence.ends[Int(incidence.offset[far])..<Int(incidence.offset[far + 1])]
        guard far != start, ends.count == 2, !rules.blocks, !rules.isTurningPlace, rules.penalty == 0,
              let next = ends.first(where: { Int($0 >> 1) != e }),
              attributes[Int(edgeAttributes[e])].compresses(with: attributes[Int(edgeAttributes[Int(next >> 1)])],
                                                            sameDirection: end & 1 == Int(next & 1))
        else { return nil }
        return Int(next)
    }

    /// Lanes of edge `e` as OSRM counts them: the way's `lanes`, or its `turn:lanes` in both
    /// directions when those list more.
    func laneCount(edge e: Int) -> Int {
        let attr = attributes[Int(edgeAttributes[e])]
        func count(_ lanes: String) -> Int { lanes.isEmpty ? 0 : lanes.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).count }
        let turnLanes = count(attr.forwardRoad.turnLanes) + count(attr.backwardRoad.turnLanes)
        return Swift.max(Int(attr.forwardRoad.laneCount), turnLanes)
    }

    /// Edge `e`'s points leaving the junction at its start (side 0) or end (side 1), up to
    /// the geometry index `cut` when given.
    func outwardLine(edge e: Int, side: Int, cut: Int? = nil) -> [Coordinate] {
        let first = Int(edgeGeometryOffset[e]), last = Int(edgeGeometryOffset[e + 1]) - 1
        let indices = side == 0 ? Array(first...(cut ?? last)) : Array(((cut ?? first)...last).reversed())
        return indices.map { coordinate(ofGeometry: $0) }
    }
}
