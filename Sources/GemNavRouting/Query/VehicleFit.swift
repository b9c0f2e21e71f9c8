import Foundation
import GemNavCore

/// A request's vehicle on a graph that keeps limits (a truck graph): the restriction bits
/// that close the roads it does not fit (see `LimitBits`), and those directed edges.
struct VehicleFit {
    /// The vehicle routed for.
    let vehicle: VehicleDimensions
    /// Directed edges whose limit the vehicle exceeds: no start or end may lie on one, and
    /// they name the culprit when no route fits.
    let blocked: Set<Int32>
    /// The hierarchy's restriction bits that close `blocked`.
    let excluded: UInt32
    /// Whether `excluded` closes nothing but `blocked`. False only on a map with more
    /// distinct limits than bits, for a vehicle inside a merged group of them; its queries
    /// then use the plain search, which skips `blocked` itself.
    let isExact: Bool

    /// Whether a start or end may lie on this phantom's edge.
    func allows(_ p: Phantom) -> Bool { !blocked.contains(p.node) }
}

extension RoutingEngine {
    /// The vehicle against the graph's limits: nil when the graph keeps none or none of them
    /// blocks this vehicle (then the hierarchy answers as for any profile).
    /// - Parameter vehicle: the request's vehicle, nil for `VehicleDimensions.truck`.
    /// - Throws: `RoutingError.invalidRequest` for vehicle dimensions on a graph without limits.
    func vehicleFit(for vehicle: VehicleDimensions?) throws -> VehicleFit? {
        guard graph.profile.keepsVehicleLimits else {
            guard vehicle == nil else {
                throw RoutingError(.invalidRequest(
                    "vehicle dimensions need a truck graph, this one is for the \(graph.profile.name) profile; import one with `gemnav import FILE --profile truck`"))
            }
            return nil
        }
        let vehicle = vehicle ?? .truck
        let blocked = graph.blockedEdges(for: vehicle)
        guard !blocked.isEmpty else { return nil }
        let (excluded, exact) = graph.limitBits.exclusion(for: vehicle)
        return VehicleFit(vehicle: vehicle, blocked: blocked, excluded: excluded, isExact: exact)
    }

    /// Why no route fits the vehicle when one exists without the limits: the first edge on
    /// that unrestricted route whose limit the vehicle exceeds ("blocked by maxheight 3.5 m on
    /// Rua X"). Nil when even the unrestricted search finds nothing.
    func blockedReason(_ sources: [Phantom], _ targets: [Phantom], excluded: UInt8, fit: VehicleFit,
                       context: QueryContext) -> RoutingError?
    {
        guard !sources.isEmpty, !targets.isEmpty else { return nil }
        return blockedReason(along: graph.plainRoute(from: sources, to: targets, excluded: excluded, context: context), fit: fit)
    }

    /// Why no route fits the vehicle, given the route found without its limits (under
    /// traffic, the one over the overlay's weights): the first edge on it the vehicle does
    /// not fit. Nil without such a route.
    func blockedReason(along free: EdgePath?, fit: VehicleFit) -> RoutingError? {
        guard let free,
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
