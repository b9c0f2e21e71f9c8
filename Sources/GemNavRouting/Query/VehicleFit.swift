import Foundation
import GemNavCore

/// A request's vehicle on a graph that keeps limits (a truck graph): the directed edges it
/// may not use. Routes for it come from a plain Dijkstra that skips them, since the hierarchy
/// was contracted with every edge open.
struct VehicleFit {
    /// The vehicle routed for.
    let vehicle: VehicleDimensions
    /// Directed edges whose limit the vehicle exceeds.
    let blocked: Set<Int32>

    /// Whether a start or end may lie on this phantom's edge.
    func allows(_ p: Phantom) -> Bool { !blocked.contains(p.node) }
}

extension RoutingEngine {
    /// The request's vehicle against the graph's limits: nil when the graph keeps none or
    /// none of them blocks this vehicle (then the hierarchy answers as for any profile).
    /// - Throws: `RoutingError.invalidRequest` for vehicle dimensions on a graph without limits.
    func vehicleFit(for request: RouteRequest) throws -> VehicleFit? {
        guard graph.profile.keepsVehicleLimits else {
            guard request.vehicle == nil else {
                throw RoutingError(.invalidRequest(
                    "vehicle dimensions need a truck graph, this one is for the \(graph.profile.name) profile; import one with `gemnav import FILE --profile truck`"))
            }
            return nil
        }
        let vehicle = request.vehicle ?? .truck
        let blocked = graph.blockedEdges(for: vehicle)
        return blocked.isEmpty ? nil : VehicleFit(vehicle: vehicle, blocked: blocked)
    }

    /// The best path for the vehicle, avoiding the edges it does not fit and any excluded
    /// road kinds; starts and ends on such edges are dropped.
    func fittingSearch(_ sources: [Phantom], _ targets: [Phantom], excluded: UInt8, fit: VehicleFit,
                context: QueryContext) -> EdgePath?
    {
        let sources = sources.filter(fit.allows), targets = targets.filter(fit.allows)
        guard !sources.isEmpty, !targets.isEmpty else { return nil }
        return graph.plainRoute(from: sources, to: targets, excluded: excluded, blocked: fit.blocked, context: context)
    }

    /// Why no route fits the vehicle when one exists without the limits: the first edge on
    /// that unrestricted route whose limit the vehicle exceeds ("blocked by maxheight 3.5 m on
    /// Rua X"). Nil when even the unrestricted search finds nothing.
    func blockedReason(_ sources: [Phantom], _ targets: [Phantom], excluded: UInt8, fit: VehicleFit,
                       context: QueryContext) -> RoutingError?
    {
        guard !sources.isEmpty, !targets.isEmpty,
              let free = graph.plainRoute(from: sources, to: targets, excluded: excluded, context: context),
              let n = free.nodes.first(where: { fit.blocked.contains(graph.original($0)) }),
              let limits = graph.limits(ofDirectedEdge: Int(n)),
              let dimension = fit.vehicle.exceeded(limits), let limit = limits[dimension]
        else { return nil }
        let road = graph.roadLabel(of: Int(graph.original(n)))
        let place = road.isEmpty ? "an unnamed road near \(format(graph.junctionPoint(graph.endJunction(of: Int(n)))))" : road
        return RoutingError(.noRoute(
            "blocked by \(dimension.tagName) \(dimension.format(limit)) on \(place); no other way fits a vehicle "
                + "\(fit.vehicle.summary), \(LimitDimension.axleLoad.format(fit.vehicle.axleLoad)) per axle"))
    }

    private func format(_ c: Coordinate) -> String {
        String(format: "%.5f,%.5f", c.latitude, c.longitude)
    }
}
