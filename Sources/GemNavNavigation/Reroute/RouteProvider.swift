import Foundation

/// Computes routes for rerouting: the embedded engine or an HTTP OSRM/Valhalla client plug in
/// here. Synchronous so that a session stays deterministic under test; an app with a slow
/// network provider calls the session from a background task.
public protocol RouteProvider {
    /// A route from `origin` (travelling towards `heading`, degrees, when known) through each of
    /// `stops` in order, avoiding `avoid`; one leg per stop.
    func route(from origin: Coordinate, heading: Double?, to stops: [Coordinate],
               avoid: AvoidOptions) throws -> Route
}

/// Spacing between reroute attempts, so a bad provider answer or a user parked beside the
/// route cannot cause a reroute loop.
public struct ReroutePolicy: Sendable, Hashable {
    /// Seconds between two attempts.
    public var minimumInterval: Double
    /// Metres the user must move between two attempts.
    public var minimumDistance: Double

    /// Creates a policy.
    public init(minimumInterval: Double = 10, minimumDistance: Double = 30) {
        self.minimumInterval = minimumInterval
        self.minimumDistance = minimumDistance
    }

    /// Whether a new attempt at `time` and `position` is allowed after the previous one.
    public func allows(time: Date, position: Coordinate, previous: (time: Date, position: Coordinate)?) -> Bool {
        guard let previous else { return true }
        return time.timeIntervalSince(previous.time) >= minimumInterval
            && Geodesy.distance(position, previous.position) >= minimumDistance
    }
}
