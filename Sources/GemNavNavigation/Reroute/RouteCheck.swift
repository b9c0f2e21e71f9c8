import Foundation

/// A question a session asks while the user follows the route, when traffic may have changed:
/// how long does the rest of this route take now, and is another one faster? Whoever owns the
/// session asks its route provider twice (the fastest route from `origin` through `stops`, and
/// a route through `followPoints`, which keeps to the current one) and answers with
/// `NavigationSession.routeChecked(_:fastest:currentDuration:)`, quoting `id`.
public struct RouteCheckRequest: Sendable, Hashable {
    /// Increases with every check of a session; an answer quoting an older id is dropped.
    public var id: Int
    /// Where the user was when the check was made (the matched position on the route).
    public var origin: Coordinate
    /// The user's course at `origin` in degrees, nil when unknown or too slow to trust.
    public var heading: Double?
    /// The stops not yet reached, the destination last.
    public var stops: [Coordinate]
    /// Points on the rest of the current route, in order and ending with the destination: the
    /// middle of each remaining step (away from junctions, where a point could snap onto the
    /// crossing road) and every stop. A route through them is the current route, timed with
    /// the provider's current speeds.
    public var followPoints: [Coordinate]
    /// Road kinds both routes must avoid, as the trip was planned.
    public var avoid: AvoidOptions

    /// Creates a request.
    public init(id: Int, origin: Coordinate, heading: Double?, stops: [Coordinate], followPoints: [Coordinate],
                avoid: AvoidOptions) {
        self.id = id
        self.origin = origin
        self.heading = heading
        self.stops = stops
        self.followPoints = followPoints
        self.avoid = avoid
    }
}

/// When a route found by a check is worth interrupting the user for.
public struct FasterRoutePolicy: Sendable, Hashable {
    /// Seconds a faster route must save (issue: 2 minutes)…
    public var minimumSaving: Double
    /// …and the share of the current remaining time it must save (10 %).
    public var minimumShare: Double
    /// Seconds an unanswered offer stays up; the roads it was computed for are soon behind.
    public var offerLifetime: Double
    /// At most this many follow points per check, so a long trip does not make a huge query.
    public var maximumFollowPoints: Int

    /// Creates a policy.
    public init(minimumSaving: Double = 120, minimumShare: Double = 0.10, offerLifetime: Double = 45,
                maximumFollowPoints: Int = 24) {
        self.minimumSaving = minimumSaving
        self.minimumShare = minimumShare
        self.offerLifetime = offerLifetime
        self.maximumFollowPoints = maximumFollowPoints
    }

    /// Whether a route taking `candidate` seconds is worth offering instead of one taking
    /// `current`; after the user declined an offer saving `declined`, a new one must save a
    /// `minimumSaving` more, so the same detour is not offered again and again.
    public func isWorthOffering(candidate: Double, current: Double, declined: Double?) -> Bool {
        let saving = current - candidate
        guard saving >= minimumSaving, saving >= minimumShare * current else { return false }
        return declined.map { saving >= $0 + minimumSaving } ?? true
    }
}

/// A faster route the session offers: accept it with `NavigationSession.acceptFasterRoute()`,
/// or decline it with `dismissFasterRoute()`.
public struct FasterRouteOffer: Sendable, Hashable {
    /// The check that found it.
    public var requestID: Int
    /// The route offered, from where the check was made.
    public var route: Route
    /// Seconds it saves against the current route at current speeds.
    public var saving: Double
    /// Contract time (seconds since the trip started) after which the offer lapses.
    public var expiresAt: Double
}
