import GemNavCore

extension RoutingEngine {
    /// The traffic overlay routes, ETAs and tables use; nil for the imported speeds. Setting
    /// it takes effect for the next query; queries already running finish on the old one.
    public var traffic: TrafficOverlay? {
        get { trafficState.overlay }
        set { trafficState.overlay = newValue }
    }

    /// Increases every time `traffic` is set or cleared, so a navigation screen can tell that
    /// the speeds changed and check its route.
    public var trafficRevision: Int { trafficState.revision }

    /// Whether the current overlay's routes, tables and alternatives are answered on a
    /// hierarchy contracted for its weights (true also without traffic); false while they are
    /// answered by the A* search with the base hierarchy's potentials.
    public var trafficHierarchyIsReady: Bool { traffic.map { $0.hierarchy != nil } ?? true }

    /// Contracts a hierarchy for the current overlay's weights, in the calling thread, unless
    /// it has one (an overlay shared by engines on the same graph is contracted once). Queries
    /// switch to it when it is ready; those running finish on what they started with. Gives up
    /// when `cancelled` says so or the engine's overlay is replaced meanwhile, as the work is
    /// then useless. While it runs, the contractor's working graph and the new hierarchy are
    /// held beside everything in use (docs/routing.md, Live traffic: 137 MiB at peak on Porto).
    /// - Parameter order: which node order to contract in (the import's by default).
    /// - Returns: whether the overlay current at the end has its hierarchy (true without traffic).
    @discardableResult
    public func prepareTrafficHierarchy(order: TrafficHierarchy.Order = .imported,
                                        cancelled: () -> Bool = { false }) -> Bool
    {
        guard let overlay = traffic else { return true }
        if overlay.hierarchy == nil, overlay.changes.isEmpty {
            // The base weights: the imported hierarchy is theirs.
            overlay.hierarchy = TrafficHierarchy(engine: RoutingEngine(graph: graph), for: overlay)
        }
        if overlay.hierarchy == nil,
           let made = TrafficHierarchy.contract(overlay, on: graph, order: order,
                                                cancelled: { cancelled() || self.traffic !== overlay })
        {
            overlay.hierarchy = made
        }
        return trafficHierarchyIsReady
    }

    /// `route` under traffic: each leg by the A* search with hierarchy potentials over the
    /// overlay's weights, timed with its durations, until the overlay's own hierarchy is
    /// ready. Alternatives wait for that hierarchy (the via-node method needs search spaces
    /// of the current weights).
    /// - Parameter fit: the request's vehicle where the graph's limits block it: the search
    ///   skips the edges it does not fit.
    func trafficRoutes(_ request: RouteRequest, snaps: [[Snap]], overlay: TrafficOverlay, fit: VehicleFit?) throws
        -> [RoutePath]
    {
        let excluded = request.avoid.rawValue, limited = fit?.blocked ?? []
        return try withContext { context in
            try trafficState.withMemo(nodes: graph.directedEdgeCount) { memo in
                func search(_ sources: [Phantom], _ targets: [Phantom], blocked: Set<Int32>) -> EdgePath? {
                    graph.trafficRoute(from: sources, to: targets, overlay: overlay, excluded: excluded, blocked: blocked,
                                       context: context, memo: memo)
                }
                var legs: [RoutePath.Leg] = []
                var arrival: Int32?
                var used: [Snap] = []
                for i in 0..<(snaps.count - 1) {
                    let all = phantoms(snaps[i], role: .source, excluded: excluded, overlay: overlay)
                    var sources = all
                    if request.continueStraight, let a = arrival, sources.contains(where: { $0.node == a }) {
                        sources = sources.filter { $0.node == a }
                    }
                    let targets = phantoms(snaps[i + 1], role: .target, excluded: excluded, overlay: overlay)
                    guard let path = search(sources, targets, blocked: limited)
                        ?? (sources.count < all.count ? search(all, targets, blocked: limited) : nil)
                    else {
                        // As without traffic, a trip only the vehicle's limits stop names the first one.
                        if let fit, let reason = blockedReason(along: search(all, targets, blocked: []), fit: fit) {
                            throw reason
                        }
                        let a = request.waypoints[i], b = request.waypoints[i + 1]
                        throw RoutingError(.noRoute(request.avoid.isEmpty
                            ? "\(a) and \(b) are not connected by roads open under the current traffic"
                            : "no way from \(a) to \(b) open under the current traffic avoids \(request.avoid.words)"))
                    }
                    arrival = path.nodes.last
                    func snap(_ candidates: [Snap], on node: Int32) -> Snap {
                        candidates.first { $0.edge == Int(node >> 1) } ?? candidates[0]
                    }
                    if i == 0 { used.append(snap(snaps[i], on: path.source.node)) }
                    used.append(snap(snaps[i + 1], on: path.target.node))
                    legs.append(graph.leg(path, traffic: overlay))
                }
                return [RoutePath(legs: legs, waypoints: used.map(waypoint))]
            }
        }
    }

    /// One pair of a table under traffic, by the same search as `route`.
    /// - Parameter blocked: directed edges the request's vehicle does not fit (`VehicleFit.blocked`).
    func trafficCell(_ sources: [Phantom], _ targets: [Phantom], excluded: UInt8, blocked: Set<Int32>,
                     overlay: TrafficOverlay) -> TableCell?
    {
        withContext { context in
            trafficState.withMemo(nodes: graph.directedEdgeCount) { memo in
                graph.trafficRoute(from: reweighted(sources, overlay), to: reweighted(targets, overlay), overlay: overlay,
                                   excluded: excluded, blocked: blocked, context: context, memo: memo).map { path in
                    let leg = graph.leg(path, traffic: overlay)
                    return TableCell(duration: leg.duration, distance: leg.distance)
                }
            }
        }
    }

    /// A waypoint's phantoms with their offsets measured in the overlay's weights.
    func phantoms(_ candidates: [Snap], role: PhantomRole, excluded: UInt8, overlay: TrafficOverlay) -> [Phantom] {
        reweighted(graph.phantoms(candidates, role: role, excluded: excluded), overlay)
    }

    func reweighted(_ phantoms: [Phantom], _ overlay: TrafficOverlay) -> [Phantom] {
        phantoms.compactMap { p in
            let n = Int(p.node)
            let weight = overlay.weight[n]
            guard weight != graph.nodeWeight[n] else { return p }
            guard weight != EdgeBasedGraph.closed else { return nil }
            let length = Double(graph.edgeLength[n >> 1])
            let fraction = length > 0 ? min(1, max(0, p.metres / length)) : 0
            var moved = p
            moved.weightOffset = Int64((Double(weight) * fraction).rounded())
            return moved
        }
    }
}
