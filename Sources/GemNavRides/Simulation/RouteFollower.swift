import Foundation
import GemNavCore

/// A car driving a route at the planned road speeds: each segment takes its planned time, the
/// position moves evenly along it.
struct RouteFollower: Sendable, Hashable {
    let route: RideRoute
    /// Segment the car is on.
    private(set) var segment = 0
    /// Seconds spent on `segment` so far.
    private var intoSegment = 0.0
    /// Seconds driven since the start.
    private(set) var elapsed = 0.0
    /// Metres driven since the start.
    private(set) var travelled = 0.0

    init(_ route: RideRoute) { self.route = route }

    /// Whether the car reached the route's end.
    var isFinished: Bool { segment >= route.segmentDurations.count }

    /// Drives `seconds` further (stopping at the end).
    mutating func advance(by seconds: Double) {
        var left = seconds
        while left > 0, !isFinished {
            let total = route.segmentDurations[segment]
            let remaining = total - intoSegment
            if remaining <= left {
                // The part of the segment not yet counted, whatever its speed.
                travelled += route.segmentDistances[segment] * (total > 0 ? remaining / total : 1)
                left -= remaining
                elapsed += remaining
                segment += 1
                intoSegment = 0
            } else {
                travelled += route.segmentDistances[segment] * left / total
                intoSegment += left
                elapsed += left
                left = 0
            }
        }
    }

    /// Where the car is.
    var position: Coordinate {
        guard !isFinished else { return route.coordinates.last ?? Coordinate(latitude: 0, longitude: 0) }
        let total = route.segmentDurations[segment]
        return Geodesy.interpolate(route.coordinates[segment], route.coordinates[segment + 1],
                                   fraction: total > 0 ? intoSegment / total : 0)
    }

    /// Degrees clockwise from north of the segment being driven (the last one at the end).
    var heading: Double {
        let count = route.coordinates.count
        guard count >= 2 else { return 0 }
        // The first segment with some length at or after the car, so a joint does not read as north.
        var i = min(segment, count - 2)
        while i < count - 2, route.coordinates[i] == route.coordinates[i + 1] { i += 1 }
        return Geodesy.bearing(route.coordinates[i], route.coordinates[i + 1])
    }

    /// Metres still to drive.
    var remainingDistance: Double { max(0, route.distance - travelled) }
    /// Seconds still to drive.
    var remainingDuration: Double { max(0, route.duration - elapsed) }
}
