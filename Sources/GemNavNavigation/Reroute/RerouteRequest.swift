import Foundation

/// What a session asks for when the user has left the route: a new route from where the user
/// is, in the direction of travel, through every stop not yet reached. The session never
/// computes routes itself; whoever owns it (a screen model, the trip player) asks a route
/// provider and answers with `NavigationSession.acceptReroute(_:for:)` or
/// `NavigationSession.rerouteFailed(_:reason:)`, quoting `id`.
public struct RerouteRequest: Sendable, Hashable {
    /// Increases with every request of a session; an answer quoting an older id is dropped.
    public var id: Int
    /// Where the user was when the request was made.
    public var origin: Coordinate
    /// The user's course at `origin` in degrees, nil when unknown or too slow to trust.
    public var heading: Double?
    /// The stops not yet reached, the destination last (one leg each).
    public var stops: [Coordinate]
    /// Road kinds the new route must avoid, as the trip was planned.
    public var avoid: AvoidOptions

    /// Creates a request.
    public init(id: Int, origin: Coordinate, heading: Double?, stops: [Coordinate], avoid: AvoidOptions) {
        self.id = id
        self.origin = origin
        self.heading = heading
        self.stops = stops
        self.avoid = avoid
    }
}

/// Spacing between reroute requests, so a bad provider answer or a user parked beside the
/// route cannot cause a reroute loop. A request left unanswered for `minimumInterval` is
/// superseded by a new one once the user has also moved `minimumDistance`.
public struct ReroutePolicy: Sendable, Hashable {
    /// Seconds between two requests.
    public var minimumInterval: Double
    /// Metres the user must move between two requests.
    public var minimumDistance: Double

    /// Creates a policy.
    public init(minimumInterval: Double = 10, minimumDistance: Double = 30) {
        self.minimumInterval = minimumInterval
        self.minimumDistance = minimumDistance
    }

    /// Whether a new request at `time` and `position` is allowed after the previous one.
    public func allows(time: Date, position: Coordinate, previous: (time: Date, position: Coordinate)?) -> Bool {
        guard let previous else { return true }
        return time.timeIntervalSince(previous.time) >= minimumInterval
            && Geodesy.distance(position, previous.position) >= minimumDistance
    }
}
