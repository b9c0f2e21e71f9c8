import Foundation
import GemNavCore
import GemNavGuidance
import GemNavRouting

/// A trip as planned before its first fix: the places it visits and the route chosen.
public struct TripPlan: Sendable {
    /// Origin, stops and destination, in order.
    public var places: [Place]
    /// The route to follow (one leg per stop).
    public var route: Route
    /// Road kinds avoided, kept for reroutes.
    public var avoid: AvoidOptions
    /// The truck's dimensions on a truck trip, kept for reroutes (nil otherwise).
    public var vehicle: VehicleDimensions?

    /// A plan for a route already chosen (from a route card).
    public init(places: [Place], route: Route, avoid: AvoidOptions, vehicle: VehicleDimensions? = nil) {
        self.places = places
        self.route = route
        self.avoid = avoid
        self.vehicle = vehicle
    }

    /// Plans the best route through `places` with `provider`.
    /// - Throws: the provider's error (`AppError`, `RoutingError`).
    public static func make(places: [Place], avoid: AvoidOptions, provider: any RouteProvider) async throws
        -> TripPlan
    {
        let route = try await provider.route(for: RouteQuery(waypoints: places.map(\.coordinate), avoid: avoid))
        return TripPlan(places: places, route: route, avoid: avoid)
    }

    /// Two lines for a header: "Casino → Stade Louis II" and "2.3 km, 6 min, avoiding tolls".
    public func summary(_ format: DisplayFormatter) -> String {
        let avoiding = avoid.isEmpty ? "" : ", avoiding \(avoid.words)"
        return places.map(\.label).joined(separator: " → ") + "\n"
            + "\(format.distance(route.distance)), \(format.duration(route.duration))\(avoiding)"
    }
}
