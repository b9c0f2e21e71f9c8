/// Memoised hierarchy potentials of one query (Strasser & Zeitz, "CH-Potentials"), keyed by
/// search id and reset in time proportional to what the last query touched.
final class PotentialMemo {
    private let values: UnsafeMutablePointer<Int64>
    private var touched: [Int32] = []
    static let unknown: Int64 = -1

    init(nodes: Int) {
        values = .allocate(capacity: max(1, nodes))
        values.initialize(repeating: Self.unknown, count: max(1, nodes))
    }

    deinit { values.deallocate() }

    func reset() {
        for n in touched { values[Int(n)] = Self.unknown }
        touched.removeAll(keepingCapacity: true)
    }

    @inline(__always) subscript(i: Int32) -> Int64 {
        get { values[Int(i)] }
        set {
            if values[Int(i)] == Self.unknown { touched.append(i) }
            values[Int(i)] = newValue
        }
    }
}

extension SearchSpace {
    /// Relaxes like `relax(_:_:from:arc:)` but queues the node by `key` (distance plus potential).
    @inline(__always) func relax(_ node: Int32, _ d: Int64, key: Int64, from p: Int32, arc: Int32) {
        let i = Int(node)
        let old = distance[i]
        guard d < old else { return }
        if old == Self.unreached { touched.append(node) }
        distance[i] = d
        parent[i] = p
        parentArc[i] = arc
        heap.push(key, node)
    }
}

extension RoutingGraph {
    /// The fastest path under `overlay`'s weights: A* over the edge-based graph's turn arcs,
    /// guided by each node's hierarchy distance to the targets under the base weights, scaled
    /// by the overlay's least weight ratio. That potential never overestimates and is
    /// consistent (every arc's new weight is at least the scale times its base weight), so
    /// the path is exactly the one a plain Dijkstra over the new weights finds, while the
    /// search stays near the hierarchy's speed: the potential of a road off the way to the
    /// target is high, so its nodes are rarely settled. The potential ignores `blocked`, and
    /// removing arcs keeps it a consistent lower bound, so with `blocked` the path is the one
    /// a Dijkstra that skips those edges finds.
    /// - Parameters:
    ///   - excluded: `EdgeFlags` bits of edges that may not be used.
    ///   - blocked: directed edges (originals) that may not be used, nor started or ended on,
    ///     such as those whose limits a vehicle exceeds (`VehicleFit.blocked`).
    func trafficRoute(from sources: [Phantom], to targets: [Phantom], overlay: TrafficOverlay, excluded: UInt8 = 0,
                      blocked: Set<Int32> = [], context: QueryContext, memo: PotentialMemo) -> EdgePath?
    {
        // Tested once, so a search without a vehicle's limits pays no hash look-up per arc.
        let checksBlocked = !blocked.isEmpty
        func usable(_ p: Phantom) -> Bool {
            overlay.weight[Int(p.node)] != EdgeBasedGraph.closed && !(checksBlocked && blocked.contains(p.node))
        }
        let sources = sources.filter(usable)
        let targets = targets.filter(usable)
        guard !sources.isEmpty, !targets.isEmpty else { return nil }
        prepareTargetDistances(targets, space: context.backward, memo: memo)
        let backward = context.backward
        let scale = overlay.potentialScale
        /// The scaled hierarchy distance from the start of directed edge `n` to a target.
        func potential(_ n: Int32) -> Int64 {
            let p = hierarchyPotential(searchID[Int(n)], distances: backward, memo: memo)
            guard p != SearchSpace.unreached, scale < 1 else { return p }
            return Int64((Double(p) * scale).rounded(.down))
        }
        let labels = context.forward
        labels.reset()
        var best = SearchSpace.unreached
        var result: EdgePath?
        for s in sources {
            let p = potential(s.node)
            if p != SearchSpace.unreached { labels.relax(s.node, -s.weightOffset, key: -s.weightOffset + p, from: -1, arc: -1) }
            for t in targets where t.node == s.node && t.weightOffset >= s.weightOffset {
                let d = t.weightOffset - s.weightOffset
                if d < best {
                    best = d
                    result = EdgePath(nodes: [s.node], weight: d, source: s, target: t)
                }
            }
        }
        while !labels.heap.isEmpty {
            let (key, u) = labels.heap.pop()
            let k = labels.distance[Int(u)]
            guard key == k + potential(u) else { continue }
            if key >= best { break }
            let leaving = Int64(overlay.weight[Int(u)]) - Int64(nodeWeight[Int(u)])
            for i in Int(arcOffset[Int(u)])..<Int(arcOffset[Int(u) + 1]) {
                let v = arcTarget[i]
                let o = original(v)
                guard overlay.weight[Int(v)] != EdgeBasedGraph.closed, edgeFlags[Int(o) >> 1] & excluded == 0,
                      !(checksBlocked && blocked.contains(o)) else { continue }
                let d = k + Int64(arcWeight[i]) + leaving
                for t in targets where t.node == v && d + t.weightOffset < best {
                    best = d + t.weightOffset
                    var nodes = labels.chain(to: u)
                    nodes.append(v)
                    nodes = nodes.map(original)
                    let first = nodes[0]
                    result = EdgePath(nodes: nodes, weight: best,
                                      source: sources.first { $0.node == first } ?? sources[0], target: t)
                }
                guard d < labels.distance[Int(v)] else { continue }
                let p = potential(v)
                if p != SearchSpace.unreached { labels.relax(v, d, key: d + p, from: u, arc: Int32(i)) }
            }
        }
        return result
    }

    /// Runs the backward upward search from the targets to completion (no stalling, so every
    /// label is the least weight down to a target) and forgets the previous query's potentials.
    private func prepareTargetDistances(_ targets: [Phantom], space: SearchSpace, memo: PotentialMemo) {
        memo.reset()
        space.reset()
        for t in targets { _ = space.relax(searchID[Int(t.node)], 0, from: -1, arc: -1) }
        while !space.heap.isEmpty {
            let (k, u) = space.heap.pop()
            guard k == space.distance[Int(u)] else { continue }
            for i in Int(downOffset[Int(u)])..<Int(downOffset[Int(u) + 1]) {
                let arc = down[i]
                _ = space.relax(arc.node, k + Int64(arc.weight), from: u, arc: Int32(i))
            }
        }
    }

    /// π(v) = min(d_t(v), min over up arcs (v, x) of weight + π(x)): the hierarchy distance
    /// from search node `v` to the nearest target under the base weights, memoised.
    private func hierarchyPotential(_ v: Int32, distances: SearchSpace, memo: PotentialMemo) -> Int64 {
        let known = memo[v]
        if known != PotentialMemo.unknown { return known }
        var best = distances.distance[Int(v)]
        for i in Int(upOffset[Int(v)])..<Int(upOffset[Int(v) + 1]) {
            let arc = up[i]
            let p = hierarchyPotential(arc.node, distances: distances, memo: memo)
            if p != SearchSpace.unreached { best = min(best, p + Int64(arc.weight)) }
        }
        memo[v] = best
        return best
    }
}
