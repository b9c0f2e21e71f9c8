import Foundation

/// One leg flattened for fast matching: vertices, per-segment figures and step boundaries in
/// parallel arrays (structure of arrays keeps the per-fix scan cache-friendly and free of
/// allocation). Built once per route; all distances are metres along the leg.
struct LegGeometry: Sendable {
    /// Metres per degree of latitude on the routing sphere.
    static let metresPerDegree = Geodesy.earthRadius * .pi / 180

    var latitudes: [Double] = []
    var longitudes: [Double] = []
    /// Metres from the leg's start to each vertex.
    var cumulativeDistance: [Double] = []
    /// Planned seconds from the leg's start to each vertex.
    var cumulativeDuration: [Double] = []
    /// Step that each segment belongs to.
    var segmentStep: [Int] = []
    /// Bearing of each segment, degrees.
    var segmentBearing: [Double] = []
    /// Metres per degree of longitude at each segment's latitude.
    var segmentLongitudeScale: [Double] = []
    /// Speed limit per segment in km/h; NaN where unknown (avoids optionals in the hot loop).
    var segmentSpeedLimit: [Double] = []
    /// Metres from the leg's start to the start of each step.
    var stepStart: [Double] = []
    /// Metres from the leg's start to the end of each step (the next maneuver).
    var stepEnd: [Double] = []
    /// Planned seconds from the leg's start to the end of each step.
    var stepEndDuration: [Double] = []
    /// Junctions where a road leaves at a small angle to the route, in order along the leg.
    var forks: [Fork] = []

    /// A junction with roads the route does not take (`RoadNotTaken`).
    struct Fork: Sendable {
        var along: Double
        var roads: [RoadNotTaken]
    }

    var segmentCount: Int { max(0, latitudes.count - 1) }
    var distance: Double { cumulativeDistance.last ?? 0 }
    var duration: Double { cumulativeDuration.last ?? 0 }
    var end: Coordinate { coordinate(vertex: latitudes.count - 1) }

    func coordinate(vertex i: Int) -> Coordinate {
        Coordinate(latitude: latitudes[i], longitude: longitudes[i])
    }

    /// The point `along` metres from the leg's start (clamped to the leg).
    func coordinate(along: Double) -> Coordinate {
        guard segmentCount > 0 else { return coordinate(vertex: 0) }
        let i = segment(containing: along)
        let length = segmentLength(i)
        let f = length > 0 ? min(1, max(0, (along - cumulativeDistance[i]) / length)) : 0
        return Coordinate(latitude: latitudes[i] + f * (latitudes[i + 1] - latitudes[i]),
                          longitude: longitudes[i] + f * (longitudes[i + 1] - longitudes[i]))
    }

    /// Flattens a leg. Step geometries are joined without repeating the shared maneuver point,
    /// which is how OSRM lays out a leg's geometry, so per-segment annotations line up.
    init(leg: RouteLeg) {
        var stepOfVertex: [Int] = []
        for (s, step) in leg.steps.enumerated() {
            stepStart.append(cumulativeDistance.last ?? 0)
            // The step's first point is usually the previous step's last vertex.
            let firstVertex = max(0, latitudes.count - 1)
            let points = step.geometry.isEmpty ? [step.maneuver.location] : step.geometry
            for p in points {
                if let lat = latitudes.last, let lon = longitudes.last, lat == p.latitude, lon == p.longitude {
                    continue
                }
                let d = latitudes.isEmpty ? 0 : Geodesy.distance(coordinate(vertex: latitudes.count - 1), p)
                latitudes.append(p.latitude)
                longitudes.append(p.longitude)
                cumulativeDistance.append((cumulativeDistance.last ?? 0) + d)
                stepOfVertex.append(s)
            }
            stepEnd.append(cumulativeDistance.last ?? 0)
            addForks(step.intersections, vertices: firstVertex..<latitudes.count)
        }
        for i in 0..<segmentCount {
            let a = coordinate(vertex: i), b = coordinate(vertex: i + 1)
            segmentStep.append(stepOfVertex[i + 1])
            segmentBearing.append(Geodesy.bearing(a, b))
            let midLat = (a.latitude + b.latitude) / 2 * .pi / 180
            segmentLongitudeScale.append(cos(midLat) * Self.metresPerDegree)
        }
        fillDurations(leg: leg)
        fillSpeedLimits(leg: leg)
        stepEndDuration = stepEnd.map { duration(at: $0, segment: segment(containing: $0)) }
    }

    /// Planned time per segment: the leg's annotation when it lines up with the geometry,
    /// otherwise each step's duration spread over its length.
    private mutating func fillDurations(leg: RouteLeg) {
        cumulativeDuration = [0]
        let annotated = leg.annotation.map { $0.duration.count == segmentCount } ?? false
        var stepLength = [Double](repeating: 0, count: leg.steps.count)
        for i in 0..<segmentCount { stepLength[segmentStep[i]] += segmentLength(i) }
        for i in 0..<segmentCount {
            let seconds: Double
            if annotated, let annotation = leg.annotation {
                seconds = annotation.duration[i]
            } else {
                let step = leg.steps[segmentStep[i]]
                seconds = stepLength[segmentStep[i]] > 0
                    ? step.duration * segmentLength(i) / stepLength[segmentStep[i]] : 0
            }
            cumulativeDuration.append(cumulativeDuration[i] + max(0, seconds))
        }
        if latitudes.isEmpty { cumulativeDuration = [] }
    }

    /// Records the junctions among `intersections` (on `vertices`) where a road that may be
    /// entered leaves within `RoadNotTaken.maximumAngle` of the route's way out.
    private mutating func addForks(_ intersections: [Intersection], vertices: Range<Int>) {
        for x in intersections {
            guard let out = x.outIndex, out < x.bearings.count, x.entry.count == x.bearings.count else { continue }
            let wayOut = Double(x.bearings[out])
            var roads: [RoadNotTaken] = []
            for (i, bearing) in x.bearings.enumerated()
            where i != out && i != x.inIndex && x.entry[i]
                && Geodesy.angleDifference(Double(bearing), wayOut) <= RoadNotTaken.maximumAngle
            {
                roads.append(RoadNotTaken(location: x.location, bearing: Double(bearing)))
            }
            guard !roads.isEmpty,
                  let v = vertices.first(where: { Geodesy.distance(coordinate(vertex: $0), x.location) < 1 })
            else { continue }
            forks.append(Fork(along: cumulativeDistance[v], roads: roads))
        }
    }

    /// The roads not taken at the junctions from `window` metres behind `along` up to it.
    func roadsNotTaken(behind along: Double, within window: Double) -> [RoadNotTaken] {
        var lo = 0, hi = forks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if forks[mid].along <= along { lo = mid + 1 } else { hi = mid }
        }
        var roads: [RoadNotTaken] = []
        var i = lo - 1
        while i >= 0, along - forks[i].along <= window {
            roads += forks[i].roads
            i -= 1
        }
        return roads
    }

    /// Smallest angle between `course` and the bearing of the segments within `window` metres
    /// of `along` (on segment `segment`).
    func smallestBearingDifference(_ course: Double, along: Double, segment: Int, within window: Double) -> Double {
        var best = Geodesy.angleDifference(course, segmentBearing[segment])
        var i = segment
        while i > 0, cumulativeDistance[i] > along - window {
            i -= 1
            best = min(best, Geodesy.angleDifference(course, segmentBearing[i]))
        }
        i = segment
        while i + 1 < segmentCount, cumulativeDistance[i + 1] < along + window {
            i += 1
            best = min(best, Geodesy.angleDifference(course, segmentBearing[i]))
        }
        return best
    }

    private mutating func fillSpeedLimits(leg: RouteLeg) {
        let maxspeed = leg.annotation.flatMap { $0.maxspeed.count == segmentCount ? $0.maxspeed : nil }
        segmentSpeedLimit = (0..<segmentCount).map { i in
            maxspeed?[i] ?? leg.steps[segmentStep[i]].speedLimitKmh ?? .nan
        }
    }

    func segmentLength(_ i: Int) -> Double { cumulativeDistance[i + 1] - cumulativeDistance[i] }

    /// Planned seconds from the leg's start to `along` metres.
    func duration(at along: Double, segment i: Int) -> Double {
        guard segmentCount > 0 else { return 0 }
        let len = segmentLength(i)
        let f = len > 0 ? min(1, max(0, (along - cumulativeDistance[i]) / len)) : 0
        return cumulativeDuration[i] + f * (cumulativeDuration[i + 1] - cumulativeDuration[i])
    }

    /// The segment holding `along` (binary search; used off the hot path only).
    func segment(containing along: Double) -> Int {
        guard segmentCount > 1 else { return 0 }
        var lo = 0, hi = segmentCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if cumulativeDistance[mid] <= along { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// A whole route prepared for navigation: one `LegGeometry` per leg plus suffix totals so
/// "remaining to destination" is a constant-time sum.
struct RouteGeometry: Sendable {
    let legs: [LegGeometry]
    /// Metres of all legs after leg i.
    let distanceAfterLeg: [Double]
    /// Seconds of all legs after leg i.
    let durationAfterLeg: [Double]

    init(route: Route) throws {
        guard !route.legs.isEmpty else { throw NavigationError(.invalidRoute, "the route has no legs") }
        legs = route.legs.map(LegGeometry.init(leg:))
        for (i, leg) in legs.enumerated() where leg.latitudes.isEmpty {
            throw NavigationError(.invalidRoute, "leg \(i) has no geometry")
        }
        var d = [Double](repeating: 0, count: legs.count), t = d
        for i in stride(from: legs.count - 2, through: 0, by: -1) {
            d[i] = d[i + 1] + legs[i + 1].distance
            t[i] = t[i + 1] + legs[i + 1].duration
        }
        distanceAfterLeg = d
        durationAfterLeg = t
    }
}
