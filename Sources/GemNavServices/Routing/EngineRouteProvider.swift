import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavRouting

/// A route from the embedded engine: the router's path and the guided route made from it.
public struct PlannedRoute: Sendable, Hashable {
    /// The router's answer (roads, junctions, snapped waypoints).
    public var path: RoutePath
    /// The OSRM-shaped route with steps, voice and banner instructions.
    public var route: Route
}

/// A `RouteProvider` backed by the on-device `RoutingEngine` and `Guidance`: what the CLI and
/// an offline app use for the first route and for every reroute.
public struct EngineRouteProvider: RouteProvider, Sendable {
    /// The engine queried.
    public let engine: RoutingEngine
    /// Language, units and prompts of the routes made.
    public var guidance: GuidanceOptions

    /// Degrees either side of the current heading a reroute may leave in. Wide enough for a
    /// noisy course, narrow enough that the new route does not start with a U-turn.
    static let headingTolerance = 60.0

    /// Creates a provider on `engine`.
    public init(engine: RoutingEngine, guidance: GuidanceOptions = GuidanceOptions()) {
        self.engine = engine
        self.guidance = guidance
    }

    /// "the embedded engine".
    public var name: String { "the embedded engine" }

    /// Counts the engine's traffic updates.
    public var trafficRevision: Int? { engine.trafficRevision }

    /// The best route for `query` and its alternatives, with the router's paths (snapped
    /// waypoints, roads) beside the guided routes.
    /// - Throws: `RoutingError` when a waypoint is off the map or no route exists.
    public func plan(_ query: RouteQuery) throws -> [PlannedRoute] {
        var request = RouteRequest(waypoints: query.waypoints, alternatives: query.alternatives, avoid: query.avoid,
                                   vehicle: query.vehicle)
        if let heading = query.heading, heading.isFinite {
            request.bearings = [BearingFilter(bearing: heading, range: Self.headingTolerance)]
                + Array(repeating: nil, count: query.waypoints.count - 1)
        }
        let paths: [RoutePath]
        do {
            paths = try engine.route(request)
        } catch let error as RoutingError where query.heading != nil {
            // A heading that fits no nearby road (GPS course noise at a junction) must not
            // make the reroute fail: try again without it.
            guard case .noSegment = error.kind else { throw error }
            request.bearings = []
            paths = try engine.route(request)
        }
        return paths.map { PlannedRoute(path: $0, route: Guidance.route(from: $0, options: guidance)) }
    }

    /// The guided routes of `plan(_:)`.
    public func routes(for query: RouteQuery) async throws -> [Route] {
        try plan(query).map(\.route)
    }
}
