import Foundation
import GemNavCore

/// The two carriageways of a divided road meeting a junction, told as one road: OSRM's
/// `MergableRoadDetector` and the bearing merge of its intersection analysis. Both
/// carriageways get the bearing halfway between them, so a turn off a divided road is
/// measured against the road rather than against one carriageway, and guidance (which
/// drops the carriageway that only arrives) sees one road where the driver sees one.
/// Roads meeting a divided road less than 30 m away are turned the same way at their
/// other end, as OSRM does.
struct SegregatedRoads {
    let net: RoadNetwork
    let incidence: JunctionIncidence
    /// Perceived bearing of each edge end (`e << 1 | side`), before any merge.
    let perceived: [Double]
    /// Bearing of each edge end towards its first point a metre away (OSRM's close coordinate).
    let close: [Double]
    /// Whether the road can be driven away from the junction along each edge end.
    let leaves: [Bool]

    static let mergableAngle = 95.0
    static let noTurnDeviation = 3.0
    static let narrowTurn = 40.0
    static let fuzzyAngle = 25.0
    static let groupAngle = 60.0
    static let extractDistance = 120.0

    init(_ net: RoadNetwork, incidence: JunctionIncidence, perceived: [Double], leaves: [Bool]) {
        self.net = net
        self.incidence = incidence
        self.perceived = perceived
        self.leaves = leaves
        self.close = (0..<(net.edgeCount * 2)).map { end in
            let (start, target) = Self.closePoint(net, end)
            return RoadMetric.bearing(start, target)
        }
    }

    /// The junction edge end `end` leaves and its first point more than a metre away along
    /// the road (OSRM's `GetCoordinateCloseToTurn`).
    static func closePoint(_ net: RoadNetwork, _ end: Int) -> (junction: Coordinate, point: Coordinate) {
        let line = net.outwardLine(edge: end >> 1, side: end & 1)
        let start = line[0]
        return (start, line.dropFirst().first { PerceivedBearing.distance(start, $0) > 1 } ?? line[line.count - 1])
    }

    // MARK: - The graph as OSRM's walkers see it

    func ends(_ j: Int) -> ArraySlice<Int32> {
        incidence.ends[Int(incidence.offset[j])..<Int(incidence.offset[j + 1])]
    }

    private func degree(_ j: Int) -> Int { Int(incidence.offset[j + 1] - incidence.offset[j]) }

    /// The junction edge end `end` leads to.
    func target(_ end: Int) -> Int {
        let e = end >> 1
        return Int(end & 1 == 0 ? net.edgeTo[e] : net.edgeFrom[e])
    }

    func source(_ end: Int) -> Int {
        let e = end >> 1
        return Int(end & 1 == 0 ? net.edgeFrom[e] : net.edgeTo[e])
    }

    func road(_ end: Int) -> RoadInfo {
        let attr = net.attributes[Int(net.edgeAttributes[end >> 1])]
        return end & 1 == 0 ? attr.forwardRoad : attr.backwardRoad
    }

    func isRing(_ end: Int) -> Bool {
        road(end).isRoundabout || net.attributes[Int(net.edgeAttributes[end >> 1])].isCircular
    }

    private func lanes(_ end: Int) -> Int { net.laneCount(edge: end >> 1) }

    func length(_ end: Int) -> Double { Double(net.edgeLength[end >> 1]) }

    /// OSRM's name id equality: name and ref both the same.
    private func sameNameId(_ a: Int, _ b: Int) -> Bool {
        let x = road(a), y = road(b)
        return x.name == y.name && x.ref == y.ref
    }

    /// `HaveIdenticalNames`: both named (name or ref) and the same.
    private func identicalNames(_ a: Int, _ b: Int) -> Bool {
        let x = road(a), y = road(b)
        guard !(x.name.isEmpty && x.ref.isEmpty), !(y.name.isEmpty && y.ref.isEmpty) else { return false }
        return x.name == y.name && x.ref == y.ref
    }

    private func deviation(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return Swift.min(360 - d, d)
    }

    private static func reverse(_ b: Double) -> Double { b >= 180 ? b - 180 : b + 180 }

    /// OSRM's turn angle: 180 straight on, 90 right, 270 left.
    private static func angleBetween(_ entry: Double, _ exit: Double) -> Double {
        (entry - exit + 540).truncatingRemainder(dividingBy: 360)
    }

    /// One road of an intersection as OSRM's `getConnectedRoads<true>` lists it.
    private struct ViewRoad {
        var end: Int
        var angle: Double
        var bearing: Double
    }

    /// The roads at the junction `arriving` leads to, seen arriving along it: the way back
    /// first (angle 0), then the others by angle. Bearings are `close` ones unless
    /// `perceivedBearings`.
    private func view(arriving end: Int, perceivedBearings: Bool = false) -> [ViewRoad] {
        let k = target(end)
        let back = end ^ 1
        let bearings = perceivedBearings ? perceived : close
        let entry = Self.reverse(bearings[back])
        var roads = [ViewRoad(end: back, angle: 0, bearing: bearings[back])]
        for other in ends(k) where Int(other) != back {
            let o = Int(other)
            var angle = (Self.angleBetween(entry, bearings[o]) * 1e8).rounded() / 1e8
            angle = angle.truncatingRemainder(dividingBy: 360)
            roads.append(ViewRoad(end: o, angle: angle, bearing: bearings[o]))
        }
        roads[1...].sort { $0.angle < $1.angle }
        return roads
    }

    private func closest(_ view: [ViewRoad], to angle: Double, where keep: (ViewRoad) -> Bool = { _ in true }) -> Int? {
        var best: Int?
        for i in view.indices where keep(view[i]) {
            if best == nil || deviation(view[i].angle, angle) < deviation(view[best!].angle, angle) { best = i }
        }
        return best
    }

    /// OSRM's `SelectStraightmostRoadByNameAndOnlyChoice` (entry never required).
    private func straightmost(_ view: [ViewRoad], name: Int, initialBearing: Double, stopOnAmbiguous: Bool) -> Int? {
        guard view.count > 1 else { return nil }
        let desired = view.filter { sameNameId($0.end, name) }.count
        if desired > 2 { return nil }
        func score(_ r: ViewRoad) -> Double { (sameNameId(r.end, name) ? 0 : 180) + deviation(r.angle, 180) }
        var m = 1
        for i in 2..<view.count where score(view[i]) < score(view[m]) { m = i }
        let min = view[m]
        let validAngle = (view.count == 2 || closest(view, to: 180) == m) && deviation(min.angle, 180) < Self.narrowTurn
            && deviation(initialBearing, min.bearing) < Self.narrowTurn
        if validAngle { return min.end }
        let onlyChoice = desired <= 2 && sameNameId(min.end, name) && deviation(min.angle, 180) < 100
        if stopOnAmbiguous && deviation(180, min.angle) > Self.groupAngle {
            let opposite = view[closest(view, to: Self.reverse(min.angle))!]
            if deviation(min.angle, opposite.angle) > 180 - Self.fuzzyAngle { return nil }
            let best = view[closest(view, to: 180)!]
            if deviation(best.angle, 180) < Self.fuzzyAngle { return nil }
        }
        return onlyChoice ? min.end : nil
    }

    /// OSRM's `NodeBasedGraphWalker.TraverseRoad`: follows the road from `end` while the
    /// selector picks a next road and `visit` (called for each road driven) wants more.
    private func traverse(from end: Int, select: ([ViewRoad]) -> Int?, visit: (Int) -> Bool) {
        let stop = source(end)
        var current = end
        for _ in 0..<1000 {
            let done = visit(current)
            if target(current) == stop { return }
            let next = view(arriving: current)
            if next.count <= 1 { return }
            guard let chosen = select(next) else { return }
            if done { return }
            current = chosen
        }
    }

    /// `skipDegreeTwoNodes`: the last road end before the first junction where more than two
    /// roads meet.
    private func skipDegreeTwo(_ end: Int) -> Int {
        let start = source(end)
        var road = end
        var next = target(road)
        var guardCount = 0
        while degree(next) == 2 && next != start && guardCount < 10_000 {
            guardCount += 1
            let pair = ends(next)
            let back = road ^ 1
            road = Int(pair.first { Int($0) != back } ?? pair[pair.startIndex])
            next = target(road)
        }
        return road
    }

    private func point(_ j: Int) -> Coordinate {
        Coordinate(latitude: Fixed.decode(net.junctionLat[j]), longitude: Fixed.decode(net.junctionLon[j]))
    }

    // MARK: - MergableRoadDetector

    /// `EdgeDataSupportsMerge`. The road classes must match, lane counts need not: OSRM's
    /// road classification compares them without its lanes, and one carriageway of a divided
    /// road often has a turn lane more than the other.
    private func supportsMerge(_ a: Int, _ b: Int) -> Bool {
        if isRing(a) || isRing(b) { return false }
        let x = road(a), y = road(b)
        guard x.mode == y.mode, identicalNames(a, b) else { return false }
        return x.roadClass == y.roadClass
    }

    /// `IsDistinctFrom`.
    private func isDistinct(_ a: Int, _ b: Int, _ bearings: [Int: Double]) -> Bool {
        deviation(bearings[a]!, bearings[b]!) > Self.mergableAngle || !identicalNames(a, b)
    }

    /// `CanMergeRoad`.
    private func canMerge(_ j: Int, _ lhs: Int, _ rhs: Int, _ bearings: [Int: Double]) -> Bool {
        if deviation(bearings[lhs]!, bearings[rhs]!) > Self.mergableAngle { return false }
        if leaves[lhs] == leaves[rhs] || !supportsMerge(lhs, rhs) { return false }
        if target(lhs) == j || target(rhs) == j { return false }
        if target(skipDegreeTwo(lhs)) == j || target(skipDegreeTwo(rhs)) == j { return false }
        if isTrafficIsland(j, lhs, rhs) { return true }
        if isLinkRoad(lhs) || isLinkRoad(rhs) { return false }
        if isNarrowTriangle(j, lhs, rhs, bearings) { return true }
        return haveSameDirection(j, lhs, rhs, bearings) && !isCircularShape(j, lhs, rhs, bearings)
    }

    /// `IsTrafficIsland`: both carriageways meet again within a few metres.
    private func isTrafficIsland(_ j: Int, _ lhs: Int, _ rhs: Int) -> Bool {
        let left = target(skipDegreeTwo(lhs)), right = target(skipDegreeTwo(rhs))
        guard left == right, left != j else { return false }
        func sameNameDegreeThree(_ n: Int) -> Bool {
            guard degree(n) == 3 else { return false }
            let all = ends(n).map(Int.init)
            let first = road(all[0])
            return all.allSatisfy { e in
                let r = road(e)
                if first.name.isEmpty && first.ref.isEmpty && r.name.isEmpty && r.ref.isEmpty { return false }
                return r.name == first.name && r.ref == first.ref
            }
        }
        let into = sameNameDegreeThree(j), out = sameNameDegreeThree(left)
        if !into && !out { return false }
        let d = PerceivedBearing.distance(point(j), point(left))
        return into && out ? d < 30 : d < 15
    }

    /// `IsLinkRoad`: the road is a short connector onto another road of its own name.
    private func isLinkRoad(_ end: Int) -> Bool {
        let arriving = skipDegreeTwo(end)
        let view = self.view(arriving: arriving, perceivedBearings: true)
        guard let n = closest(view, to: 180, where: { r in
            let a = road(end), b = road(r.end)
            if a.name.isEmpty || b.name.isEmpty { return false }
            return a.name == b.name
        }) else { return false }
        let next = view[n]
        let opposite = view[closest(view, to: (next.angle + 180).truncatingRemainder(dividingBy: 360))!]
        if target(opposite.end) == source(arriving) { return false }
        if deviation(deviation(next.angle, 180), deviation(opposite.angle, 0)) < Self.fuzzyAngle { return false }
        return deviation(opposite.angle, next.angle) >= 180 - Self.fuzzyAngle
            && leaves[next.end] == leaves[opposite.end] && supportsMerge(next.end, opposite.end)
    }

    /// OSRM's `IntersectionFinderAccumulator`: the first junction with more than two roads
    /// (or the fifth hop).
    private struct Finder {
        var hops = 0
        var via = -1
        var view: [ViewRoad] = []
    }

    private func find(_ finder: inout Finder, from end: Int, name: Int, bearing: Double) {
        traverse(from: end, select: { straightmost($0, name: name, initialBearing: bearing, stopOnAmbiguous: false) }) {
            finder.hops += 1
            finder.via = $0
            finder.view = view(arriving: $0)
            if finder.view.count > 2 || finder.hops == 5 {
                finder.hops = 0
                return true
            }
            return false
        }
    }

    /// `IsNarrowTriangle`: the road splits just before a junction both halves reach.
    private func isNarrowTriangle(_ j: Int, _ lhs: Int, _ rhs: Int, _ bearings: [Int: Double]) -> Bool {
        let bearing = bearings[lhs]!
        var left = Finder(), right = Finder()
        find(&left, from: lhs, name: lhs, bearing: bearing)
        guard !left.view.isEmpty else { return false }
        if deviation(left.view[closest(left.view, to: 90)!].angle, 90) > Self.narrowTurn {
            find(&left, from: left.view[closest(left.view, to: 180)!].end, name: lhs, bearing: bearing)
        }
        if PerceivedBearing.distance(point(j), point(target(left.via))) > 80 { return false }
        find(&right, from: rhs, name: lhs, bearing: bearing)
        guard !right.view.isEmpty else { return false }
        if deviation(right.view[closest(right.view, to: 270)!].angle, 270) > Self.narrowTurn {
            find(&right, from: right.view[closest(right.view, to: 180)!].end, name: lhs, bearing: bearing)
        }
        let connector = left.view[closest(left.view, to: 90)!]
        if deviation(connector.angle, 90) > Self.narrowTurn { return false }
        let width = Double(Swift.max(lanes(lhs), 1) + Swift.max(lanes(rhs), 1)) * PerceivedBearing.laneWidth
        if PerceivedBearing.distance(point(target(left.via)), point(target(right.via))) > width + 10 { return false }
        var connect = Finder()
        find(&connect, from: connector.end, name: lhs, bearing: bearing)
        return connect.via >= 0 && target(connect.via) == target(right.via)
    }

    /// Coordinates along the road from `end` up to `extractDistance` metres
    /// (`LengthLimitedCoordinateAccumulator`).
    private func coordinates(from end: Int, initialBearing: Double, stopOnAmbiguous: Bool) -> (Double, [Coordinate]) {
        var total = 0.0
        var points = [Coordinate]()
        traverse(from: end, select: { straightmost($0, name: end, initialBearing: initialBearing,
                                                   stopOnAmbiguous: stopOnAmbiguous) }) { e in
            var line = net.outwardLine(edge: e >> 1, side: e & 1)
            let l = length(e)
            if l + total > Self.extractDistance { line = PerceivedBearing.trimmed(line, to: Self.extractDistance - total) }
            points += line
            total = Swift.min(total + l, Self.extractDistance)
            return total >= Self.extractDistance
        }
        return (total, points)
    }

    /// `HaveSameDirection`: both carriageways run side by side, close enough to be one road.
    private func haveSameDirection(_ j: Int, _ lhs: Int, _ rhs: Int, _ bearings: [Int: Double]) -> Bool {
        let bearing = bearings[lhs]!
        var (leftLength, left) = coordinates(from: lhs, initialBearing: bearing, stopOnAmbiguous: true)
        if leftLength <= 40 { return false }
        var (rightLength, right) = coordinates(from: rhs, initialBearing: bearing, stopOnAmbiguous: true)
        if rightLength <= 40 { return false }
        _ = (leftLength, rightLength)
        let connectAgain = left.last == right.last
        left = PerceivedBearing.sampled(left, maxLength: Self.extractDistance, rate: 5)
        right = PerceivedBearing.sampled(right, maxLength: Self.extractDistance, rate: 5)
        if !connectAgain {
            left.removeFirst(left.count / 3)
            right.removeFirst(right.count / 3)
        }
        guard left.count >= 2, right.count >= 2, PerceivedBearing.areParallel(left, right) else { return false }
        let a = PerceivedBearing.closestDistance(left[left.count / 2], right)
        let b = PerceivedBearing.closestDistance(right[right.count / 2], left)
        let width = 0.5 * Double(Swift.max(1, lanes(lhs)) + Swift.max(1, lanes(rhs))) * PerceivedBearing.laneWidth
        return Swift.min(a, b) <= width + 12
    }

    /// `IsCircularShape`: the two roads close a ring that is nearly round (a square with
    /// carriageways round it is merged, a traffic circle is not).
    private func isCircularShape(_ j: Int, _ lhs: Int, _ rhs: Int, _ bearings: [Int: Double]) -> Bool {
        let bearing = bearings[lhs]!
        let (leftLength, left) = coordinates(from: lhs, initialBearing: bearing, stopOnAmbiguous: false)
        let (_, right) = coordinates(from: rhs, initialBearing: bearing, stopOnAmbiguous: false)
        guard let l = left.last, l == right.last, left.first == l, leftLength > 0 else { return false }
        let ratio = abs(PerceivedBearing.area(left)) / (leftLength * leftLength)
        return ratio >= 0.85 / (4 * Double.pi)
    }

    // MARK: - Bearings

    /// `findMergedBearing`: the bisector of the two carriageways, unless a road straight
    /// across the junction already lines up with the one that leaves.
    private func mergedBearing(_ all: [(end: Int, bearing: Double)], _ l: Int, _ r: Int, neighbour: Bool) -> (Bool, Double) {
        let lhs = all[l], rhs = all[r]
        let entry = leaves[lhs.end] ? lhs : rhs
        let reversed = Self.reverse(entry.bearing)
        let nearest = all.min { deviation($0.bearing, reversed) < deviation($1.bearing, reversed) }!
        let opposite = Self.reverse(nearest.bearing)
        let a = lhs.bearing * .pi / 180, b = rhs.bearing * .pi / 180
        let average = atan2(sin(a) + sin(b), cos(a) + cos(b)) * 180 / .pi
        let merged = (average + 360).truncatingRemainder(dividingBy: 360)
        if deviation(Self.angleBetween(opposite, entry.bearing), 180) < Self.noTurnDeviation {
            return (false, entry.bearing)
        }
        if neighbour {
            let newAngle = deviation(Self.angleBetween(opposite, merged), 180)
            if deviation(Self.angleBetween(opposite, lhs.bearing), 180) < newAngle
                || deviation(Self.angleBetween(opposite, rhs.bearing), 180) < newAngle
            {
                return (false, opposite)
            }
        }
        return (true, merged)
    }

    /// Whether roads `i` and `i + 1` (in bearing order) of a junction are one divided road.
    private func pairMergeable(_ j: Int, _ all: [(end: Int, bearing: Double)], _ i: Int) -> Bool {
        let n = all.count
        let bearings = Dictionary(all.map { ($0.end, $0.bearing) }, uniquingKeysWith: { a, _ in a })
        let llhs = all[(i + n - 1) % n].end, lhs = all[i].end, rhs = all[(i + 1) % n].end, rrhs = all[(i + 2) % n].end
        return isDistinct(llhs, lhs, bearings) && canMerge(j, lhs, rhs, bearings) && isDistinct(rhs, rrhs, bearings)
    }

    private func sortedEnds(_ j: Int) -> [(end: Int, bearing: Double)] {
        ends(j).map { (end: Int($0), bearing: perceived[Int($0)]) }.sorted { $0.bearing < $1.bearing }
    }

    /// Every edge end's perceived and initial bearing after merging divided roads
    /// (`getIntersectionGeometries`): a merged or turned road takes the new bearing for both.
    func mergedBearings(initial: [Double]) -> (perceived: [Double], initial: [Double]) {
        var out = perceived, outInitial = initial
        for j in 0..<net.junctionCount {
            var all = sortedEnds(j)
            let n = all.count
            var merged = [Bool](repeating: false, count: n), turned = merged
            if n >= 3 {
                for i in 0..<n where pairMergeable(j, all, i) {
                    let next = (i + 1) % n
                    merged[i] = true
                    merged[next] = true
                    let bearing = mergedBearing(all, i, next, neighbour: false).1
                    all[i].bearing = bearing
                    all[next].bearing = bearing
                }
            }
            if n >= 2 {
                for i in 0..<n where !merged[i] && length(all[i].end) <= 30 {
                    let k = target(all[i].end)
                    let around = sortedEnds(k)
                    guard around.count > 1,
                          let current = around.firstIndex(where: { target($0.end) == j }) else { continue }
                    let m = around.count
                    let previous = (current + m - 1) % m, next = (current + 1) % m
                    var pair: (Int, Int, Bool)?
                    if pairMergeable(k, around, previous) {
                        pair = (previous, current, false)
                    } else if pairMergeable(k, around, current) {
                        pair = (current, next, true)
                    }
                    guard let (l, r, clockwise) = pair else { continue }
                    let merge = mergedBearing(around, l, r, neighbour: true)
                    guard merge.0 else { continue }
                    let offset = deviation(merge.1, around[current].bearing)
                    let bearing = clockwise ? all[i].bearing + offset : all[i].bearing + 360 - offset
                    all[i].bearing = bearing.truncatingRemainder(dividingBy: 360)
                    turned[i] = true
                }
            }
            for (i, a) in all.enumerated() {
                out[a.end] = a.bearing
                if merged[i] || turned[i] { outInitial[a.end] = a.bearing }
            }
        }
        return (out, outInitial)
    }
}
