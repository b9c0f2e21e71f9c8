import Foundation

/// A route flattened across its legs for driving: where each vertex is, how fast each segment
/// is driven, where the stops are and where the direction-changing maneuvers are.
struct SimulatedPath: Sendable {
    var points: [Coordinate] = []
    var cumulative: [Double] = [0]
    /// m/s per segment, from the planned durations.
    var speeds: [Double] = []
    /// Distance along the path of each intermediate stop.
    var stopAlongs: [Double] = []
    /// Distance along the path of each maneuver that changes direction, in order.
    var turnAlongs: [Double] = []

    var length: Double { cumulative.last ?? 0 }

    /// Fallback speed (m/s, ≈ 36 km/h) for segments planned with no duration.
    static let defaultSpeed = 10.0

    init(route: Route) throws {
        let geometry = try RouteGeometry(route: route)
        for (l, leg) in geometry.legs.enumerated() {
            let offset = length
            for i in 0..<leg.latitudes.count {
                let c = leg.coordinate(vertex: i)
                if let last = points.last {
                    if last == c { continue }
                    cumulative.append(length + Geodesy.distance(last, c))
                    let s = i > 0 ? i - 1 : 0
                    let len = leg.segmentCount > 0 ? leg.segmentLength(s) : 0
                    let dur = leg.segmentCount > 0 ? leg.cumulativeDuration[s + 1] - leg.cumulativeDuration[s] : 0
                    speeds.append(len > 0 && dur > 0 ? len / dur : Self.defaultSpeed)
                }
                points.append(c)
            }
            for (s, step) in route.legs[l].steps.enumerated() where s > 0 && Self.changesDirection(step.maneuver) {
                turnAlongs.append(offset + leg.stepStart[s])
            }
            if l + 1 < geometry.legs.count { stopAlongs.append(length) }
        }
    }

    /// Maneuvers that need a prompt to be followed: real turns, not departures, arrivals or
    /// name changes on a straight road.
    static func changesDirection(_ m: StepManeuver) -> Bool {
        guard m.type != .arrive, m.type != .depart else { return false }
        if let modifier = m.modifier { return modifier != .straight }
        return Geodesy.angleDifference(Double(m.bearingBefore), Double(m.bearingAfter)) > 30
    }

    /// Segment holding `along`, searching forward from `hint` (the driver only moves forward).
    func segment(at along: Double, from hint: Int) -> Int {
        var i = min(max(0, hint), max(0, speeds.count - 1))
        while i + 1 < speeds.count, cumulative[i + 1] <= along { i += 1 }
        return i
    }

    func point(at along: Double, segment i: Int) -> Coordinate {
        guard i < speeds.count else { return points.last ?? Coordinate(latitude: 0, longitude: 0) }
        let len = cumulative[i + 1] - cumulative[i]
        let f = len > 0 ? min(1, max(0, (along - cumulative[i]) / len)) : 0
        return Geodesy.interpolate(points[i], points[i + 1], fraction: f)
    }

    func bearing(segment i: Int) -> Double {
        guard i < speeds.count else { return 0 }
        return Geodesy.bearing(points[i], points[i + 1])
    }

    /// The point `distance` metres from `origin` towards `bearing` (local flat-earth offset).
    static func offset(_ origin: Coordinate, bearing: Double, distance: Double) -> Coordinate {
        offset(origin, east: distance * sin(bearing * .pi / 180), north: distance * cos(bearing * .pi / 180))
    }

    /// `origin` moved by metres east and north.
    static func offset(_ origin: Coordinate, east: Double, north: Double) -> Coordinate {
        let lat = origin.latitude + north / LegGeometry.metresPerDegree
        let lon = origin.longitude + east / (LegGeometry.metresPerDegree * cos(origin.latitude * .pi / 180))
        return Coordinate(latitude: lat, longitude: lon)
    }
}
