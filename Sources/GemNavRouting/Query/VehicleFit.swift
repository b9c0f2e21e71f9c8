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
        return LimitedDijkstra(graph: graph, excluded: excluded, blocked: fit.blocked)
            .run(from: sources, to: targets, labels: context.forward)
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

/// Dijkstra over the edge-based graph from phantom starts to phantom ends that never enters a
/// blocked directed edge (nor one of an excluded road kind).
private struct LimitedDijkstra {
    let graph: RoutingGraph
    let excluded: UInt8
    let blocked: Set<Int32>

    /// An end is reached by entering its directed edge from the start (through a turn arc)
    /// and driving to the end point, or, on the start's own edge, by driving straight on.
    func run(from sources: [Phantom], to targets: [Phantom], labels: SearchSpace) -> EdgePath? {
        labels.reset()
        var best = SearchSpace.unreached
        var result: EdgePath?
        for s in sources {
            _ = labels.relax(s.node, -s.weightOffset, from: -1, arc: -1)
            for t in targets where t.node == s.node && t.weightOffset >= s.weightOffset {
                let d = t.weightOffset - s.weightOffset
                if d < best {
                    best = d
                    result = EdgePath(nodes: [s.node], weight: d, source: s, target: t)
                }
            }
        }
        var ends: [Int32: Phantom] = [:]
        for t in targets where ends[t.node].map({ t.weightOffset < $0.weightOffset }) ?? true { ends[t.node] = t }
        while !labels.heap.isEmpty {
            let (k, u) = labels.heap.pop()
            guard k == labels.distance[Int(u)] else { continue }
            if k >= best { break }
            for i in Int(graph.arcOffset[Int(u)])..<Int(graph.arcOffset[Int(u) + 1]) {
                let v = graph.arcTarget[i]
                let o = graph.original(v)
                guard graph.edgeFlags[Int(o) >> 1] & excluded == 0, !blocked.contains(o) else { continue }
                let d = k + Int64(graph.arcWeight[i])
                if let t = ends[v], d + t.weightOffset < best {
                    best = d + t.weightOffset
                    let nodes = (labels.chain(to: u) + [v]).map(graph.original)
                    let first = nodes[0]
                    result = EdgePath(nodes: nodes, weight: best,
                                      source: sources.first { $0.node == first } ?? sources[0], target: t)
                }
                _ = labels.relax(v, d, from: u, arc: Int32(i))
            }
        }
        return result
    }
}
