import Foundation
import GemNavCore

/// Answers route and nearest queries on one routing graph. Thread-safe: each query borrows
/// scratch space from a pool, so a server can call it from every core at once.
public final class RoutingEngine: @unchecked Sendable {
    /// The graph queried.
    public let graph: RoutingGraph
    private var pool: [QueryContext] = []
    private let lock = NSLock()
    private var measures: ArcMeasures?
    private let measuresLock = NSLock()
    /// The traffic overlay in use, if any (see `traffic`).
    let trafficState = TrafficState()

    /// An engine on a loaded graph.
    public init(graph: RoutingGraph) { self.graph = graph }

    /// Loads the graph in `directory` (made by `gemnav import`).
    public convenience init(directory: URL) throws {
        try self.init(graph: RoutingGraph(directory: directory))
    }

    func withContext<T>(_ body: (QueryContext) throws -> T) rethrows -> T {
        lock.lock()
        let context = pool.popLast() ?? QueryContext(graph: graph)
        lock.unlock()
        defer {
            lock.lock()
            pool.append(context)
            lock.unlock()
        }
        return try body(context)
    }

    /// The hierarchy arcs' times and lengths, measured on first use (tables need them, routes
    /// do not) and kept.
    func arcMeasures() -> ArcMeasures {
        measuresLock.lock()
        defer { measuresLock.unlock() }
        if let measures { return measures }
        let made = ArcMeasures(graph)
        measures = made
        return made
    }

    /// The best route for the request, followed by up to `request.alternatives` alternatives.
    /// - Throws: `RoutingError` when a waypoint is off the map or no route exists.
    public func route(_ request: RouteRequest) throws -> [RoutePath] {
        try route(request, reference: false)
    }

    /// The best route found by a plain Dijkstra over every turn, without the hierarchy and
    /// without alternatives: slow, and the reference benchmarks check `route` against.
    public func referenceRoute(_ request: RouteRequest) throws -> RoutePath {
        try route(request, reference: true)[0]
    }

    private func route(_ request: RouteRequest, reference: Bool) throws -> [RoutePath] {
        guard request.waypoints.count >= 2 else {
            throw RoutingError(.invalidRequest("at least two waypoints are needed, got \(request.waypoints.count)"))
        }
        if let bad = request.waypoints.first(where: { !$0.isValid }) {
            throw RoutingError(.invalidRequest("\(bad) is not a valid coordinate"))
        }
        let excluded = request.avoid.rawValue
        let fit = try vehicleFit(for: request.vehicle)
        let overlay = reference ? nil : traffic
        // The traffic hierarchy's graph keeps this graph's limits and its restriction bits
        // include their thresholds, so its engine routes the vehicle exactly as this one would.
        if let ready = overlay?.hierarchy { return try ready.engine.route(request) }
        let snaps = try snapWaypoints(request, excluded: excluded)
        if let overlay {
            return try trafficRoutes(request, snaps: snaps, overlay: overlay, fit: fit)
        }
        return try withContext { context in
            var legs: [RoutePath.Leg] = []
            var arrival: Int32?
            var paths: [EdgePath] = []
            var used: [Snap] = []
            for i in 0..<(snaps.count - 1) {
                var sources = graph.phantoms(snaps[i], role: .source, excluded: excluded)
                if request.continueStraight, let a = arrival, sources.contains(where: { $0.node == a }) {
                    sources = sources.filter { $0.node == a }
                }
                let targets = graph.phantoms(snaps[i + 1], role: .target, excluded: excluded)
                func search(_ sources: [Phantom]) -> EdgePath? {
                    self.search(sources, targets, excluded: excluded, fit: fit, reference: reference, context: context)
                }
                guard let path = search(sources)
                    ?? (sources.count == 1 && arrival != nil
                        ? search(graph.phantoms(snaps[i], role: .source, excluded: excluded)) : nil)
                else {
                    throw fit.flatMap { blockedReason(sources, targets, excluded: excluded, fit: $0, context: context) }
                        ?? RoutingError(.noRoute(noRouteReason(request, leg: i)))
                }
                paths.append(path)
                arrival = path.nodes.last
                if i == 0 { used.append(Self.snap(snaps[i], on: path.source.node)) }
                used.append(Self.snap(snaps[i + 1], on: path.target.node))
                legs.append(graph.leg(path))
            }
            let waypoints = used.map(waypoint)
            // The plain search offers no alternatives.
            let count = reference || fit?.isExact == false ? 0 : min(3, request.alternatives)
            guard count > 0 else { return [RoutePath(legs: legs, waypoints: waypoints)] }
            // With stops, an alternative is the best route with one leg taken another way; the
            // ones that cost least extra come first.
            var options: [(extra: Int64, leg: Int, path: EdgePath)] = []
            for (i, best) in paths.enumerated() {
                for path in alternatives(to: best, count: count, excluded: UInt32(excluded) | (fit?.excluded ?? 0),
                                         context: context) {
                    options.append((path.weight - best.weight, i, path))
                }
            }
            options.sort { $0.extra < $1.extra }
            return [RoutePath(legs: legs, waypoints: waypoints)] + options.prefix(count).map { option in
                var changed = legs
                changed[option.leg] = graph.leg(option.path)
                return RoutePath(legs: changed, waypoints: waypoints)
            }
        }
    }

    /// The candidate a path used at a waypoint (the one on the path's directed edge).
    private static func snap(_ candidates: [Snap], on node: Int32) -> Snap {
        candidates.first { $0.edge == Int(node >> 1) } ?? candidates[0]
    }

    /// Up to `count` roads nearest to `coordinate` within `radius` metres, nearest first.
    public func nearest(_ coordinate: Coordinate, count: Int = 1, radius: Double = RouteRequest.defaultRadius)
        throws -> [Waypoint]
    {
        guard coordinate.isValid else { throw RoutingError(.invalidRequest("\(coordinate) is not a valid coordinate")) }
        let found = graph.nearestSnaps(coordinate, radius: radius, count: max(1, count))
        guard !found.isEmpty else { throw RoutingError(.noSegment(coordinate, radius: radius)) }
        return found.map(waypoint)
    }

    /// The best path between the phantoms a vehicle may start and end on, avoiding the
    /// excluded road kinds and the edges it does not fit: on the hierarchy, or by the plain
    /// search for the reference, for a vehicle the hierarchy's bits cannot close exactly, and
    /// for a loop back onto the start edge.
    private func search(_ sources: [Phantom], _ targets: [Phantom], excluded: UInt8, fit: VehicleFit?,
                        reference: Bool, context: QueryContext) -> EdgePath? {
        let sources = fit.map { sources.filter($0.allows) } ?? sources
        let targets = fit.map { targets.filter($0.allows) } ?? targets
        guard !sources.isEmpty, !targets.isEmpty else { return nil }
        let blocked = fit?.blocked ?? []
        if reference || fit?.isExact == false {
            return graph.plainRoute(from: sources, to: targets, excluded: excluded, blocked: blocked, context: context)
        }
        if let path = graph.hierarchyRoute(from: sources, to: targets, excluded: UInt32(excluded) | (fit?.excluded ?? 0),
                                           context: context) {
            return path
        }
        // The hierarchy cannot express a loop back onto the start edge whose highest node is
        // that edge itself; the plain search covers that rare case.
        let sameEdge = sources.contains { s in targets.contains { $0.node == s.node } }
        return sameEdge ? graph.plainRoute(from: sources, to: targets, excluded: excluded, blocked: blocked, context: context) : nil
    }

    /// Each waypoint's candidate roads, chosen as OSRM does: the nearest roads, except that
    /// when some waypoint has an alternative on a big component and the nearest roads do not
    /// all share one small component, every waypoint with such an alternative uses it.
    func snapWaypoints(_ request: RouteRequest, excluded: UInt8) throws -> [[Snap]] {
        let points = request.waypoints
        func radius(_ i: Int) -> Double? { i < request.radiuses.count ? request.radiuses[i] : nil }
        func snap(_ i: Int) -> SnapCandidates {
            graph.snap(points[i], radius: radius(i) ?? RouteRequest.defaultRadius,
                       bigRadius: radius(i) ?? RouteRequest.connectedRoadRadius,
                       bearing: i < request.bearings.count ? request.bearings[i] : nil, excluded: excluded,
                       anyRoad: request.snapsToAnyRoad)
        }
        // Tables snap hundreds of points; they are independent, so large requests use every core.
        let found = Parallel.map(points.count, placeholder: SnapCandidates(nearest: [], big: []), snap)
        if let i = found.firstIndex(where: { $0.nearest.isEmpty }) {
            throw RoutingError(.noSegment(points[i], radius: radius(i) ?? RouteRequest.defaultRadius))
        }
        if found.allSatisfy({ $0.big.isEmpty }) || allInOneSmallComponent(found) { return found.map(\.nearest) }
        return found.map { $0.big.isEmpty ? $0.nearest : $0.big }
    }

    /// Whether some small component holds a nearest candidate of every waypoint.
    private func allInOneSmallComponent(_ found: [SnapCandidates]) -> Bool {
        found[0].nearest.contains { first in
            guard !first.isBigComponent else { return false }
            let component = graph.edgeComponent[first.edge]
            return found.dropFirst().allSatisfy { $0.nearest.contains { graph.edgeComponent[$0.edge] == component } }
        }
    }

    func waypoint(_ s: Snap) -> Waypoint {
        Waypoint(input: s.input, location: s.location, name: graph.roads.name(graph.edgeRoad[2 * s.edge]),
                 distance: s.distance)
    }

    private func noRouteReason(_ request: RouteRequest, leg: Int) -> String {
        let a = request.waypoints[leg], b = request.waypoints[leg + 1]
        if !request.avoid.isEmpty {
            return "no way from \(a) to \(b) avoids \(request.avoid.words); allow them to get a route"
        }
        return "\(a) and \(b) are not connected by roads usable by the \(graph.profile.name) profile"
    }
}
