import Foundation
import GemNavCore

/// A road route a car drives: its line with the length and travel time of every segment at
/// road speeds, as the routing engine planned them.
public struct RideRoute: Sendable, Hashable {
    /// The line in travel direction.
    public var coordinates: [Coordinate]
    /// Metres per segment (`coordinates.count - 1` values).
    public var segmentDistances: [Double]
    /// Seconds per segment, turn costs included.
    public var segmentDurations: [Double]

    /// Creates a route from its parts.
    public init(coordinates: [Coordinate], segmentDistances: [Double], segmentDurations: [Double]) {
        self.coordinates = coordinates
        self.segmentDistances = segmentDistances
        self.segmentDurations = segmentDurations
    }

    /// The route of a router's path, its legs joined.
    public init(_ path: RoutePath) {
        var route = RideRoute(coordinates: [], segmentDistances: [], segmentDurations: [])
        for leg in path.legs {
            if let last = route.coordinates.last, let first = leg.coordinates.first, last != first {
                route.coordinates.append(first)
                route.segmentDistances.append(Geodesy.distance(last, first))
                route.segmentDurations.append(0)
            }
            route.coordinates += route.coordinates.isEmpty ? leg.coordinates : Array(leg.coordinates.dropFirst())
            route.segmentDistances += leg.segmentDistances
            route.segmentDurations += leg.segmentDurations
        }
        self = route
    }

    /// Metres.
    public var distance: Double { segmentDistances.reduce(0, +) }
    /// Seconds at road speeds.
    public var duration: Double { segmentDurations.reduce(0, +) }
}
