import Foundation
import GemNavCore
import GemNavNavigation
import GemNavRouting

/// What to route: the points to visit in order, the traveller's heading at the first, the road
/// kinds to avoid and how many alternatives to add.
public struct RouteQuery: Sendable, Hashable {
    /// Two or more points, the origin first.
    public var waypoints: [Coordinate]
    /// The traveller's course at the origin in degrees, nil when unknown.
    public var heading: Double?
    /// Road kinds to avoid.
    public var avoid: AvoidOptions
    /// Alternatives wanted besides the best route (0…3).
    public var alternatives: Int
    /// A truck's dimensions, for a truck graph (nil: the default truck there).
    public var vehicle: VehicleDimensions?

    /// Creates a query.
    public init(waypoints: [Coordinate], heading: Double? = nil, avoid: AvoidOptions = [], alternatives: Int = 0,
                vehicle: VehicleDimensions? = nil) {
        self.vehicle = vehicle
        self.waypoints = waypoints
        self.heading = heading
        self.avoid = avoid
        self.alternatives = alternatives
    }

    /// The query answering a session's reroute request: from where the user is, through the
    /// stops not yet reached, no alternatives.
    public init(_ request: RerouteRequest) {
        self.init(waypoints: [request.origin] + request.stops, heading: request.heading, avoid: request.avoid)
    }

    /// The two queries answering a session's route check: the fastest route from where the
    /// check was made through the stops, and the current route (through its follow points).
    public static func answering(_ check: RouteCheckRequest) -> (fastest: RouteQuery, current: RouteQuery) {
        (RouteQuery(waypoints: [check.origin] + check.stops, heading: check.heading, avoid: check.avoid),
         RouteQuery(waypoints: [check.origin] + check.followPoints, heading: check.heading, avoid: check.avoid))
    }
}

/// Computes routes: the embedded engine, or an HTTP routing server. Asynchronous, so a slow
/// server never blocks the caller (a navigation session goes on taking fixes meanwhile).
public protocol RouteProvider: Sendable {
    /// What to call this provider in notices ("the embedded engine", "the server at …").
    var name: String { get }
    /// The best route for `query` first, then up to `query.alternatives` alternatives.
    /// - Throws: `AppError` (`.noRoute`, `.serverUnreachable`, `.invalidServerResponse`) or the
    ///   engine's `RoutingError`.
    func routes(for query: RouteQuery) async throws -> [Route]
    /// Changes whenever the speeds this provider routes with change (a traffic update); nil
    /// when it cannot tell, and a navigation screen then checks the route every few minutes.
    var trafficRevision: Int? { get }
}

extension RouteProvider {
    /// Cannot tell when its speeds change (HTTP servers).
    public var trafficRevision: Int? { nil }

    /// The best route for `query`.
    /// - Throws: as `routes(for:)`; `AppError.noRoute` when the provider returned none.
    public func route(for query: RouteQuery) async throws -> Route {
        guard let best = try await routes(for: query).first else {
            throw AppError(.noRoute("\(name.prefix(1).uppercased())\(name.dropFirst()) returned no route."))
        }
        return best
    }

    /// Answers a navigation session's reroute requests with this provider's best route.
    public var rerouter: Rerouter {
        { request in try await self.route(for: RouteQuery(request)) }
    }
}
