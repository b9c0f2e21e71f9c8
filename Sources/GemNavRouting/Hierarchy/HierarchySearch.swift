/// A shortest path as a list of directed edges, with its weight.
struct EdgePath: Sendable {
    var nodes: [Int32]
    var weight: Int64
    var source: Phantom
    var target: Phantom
}

/// The outcome of a bidirectional search: best weight, where the searches met, and which
/// start and end were used (`direct` when start and end lie on the same directed edge).
struct SearchMeeting {
    var weight: Int64
    var meet: Int32?
    var source: Phantom
    var target: Phantom
    var direct: Bool
}

extension RoutingGraph {
    /// Bidirectional search on the contraction hierarchy with stall-on-demand.
    /// Exact for the graph's weights; returns nil when no target is reachable.
    /// - Parameter excluded: restriction bits (see `Contractor`) the route may not pass through.
    func hierarchyRoute(from sources: [Phantom], to targets: [Phantom], excluded: UInt32 = 0,
                        context: QueryContext) -> EdgePath?
    {
        let found = hierarchySearch(from: sources, to: targets, context: context, slack: 1.0, excluded: excluded)
        guard let m = found.meet else { return nil }
        return EdgePath(nodes: found.direct ? [original(directedEdgeOf[Int(m)])] : unpackMeeting(m, context: context),
                        weight: found.weight, source: found.source, target: found.target)
    }

    /// Runs the two searches until neither can improve on `best × slack`; the labels stay in
    /// `context` for the caller (alternatives read them), keyed by search id, as is the
    /// meeting node. The returned phantoms are the caller's. Arcs through any `excluded` bit
    /// are neither climbed nor used to stall.
    func hierarchySearch(from startEdges: [Phantom], to endEdges: [Phantom], context: QueryContext, slack: Double,
                         excluded: UInt32 = 0) -> SearchMeeting
    {
        // A map whose roads carry no restriction bits has nothing to exclude.
        let excluded = hasRestrictionBits ? excluded : 0
        func inSearchIDs(_ p: Phantom) -> Phantom {
            Phantom(node: searchID[Int(p.node)], weightOffset: p.weightOffset, metres: p.metres)
        }
        let sources = startEdges.map(inSearchIDs), targets = endEdges.map(inSearchIDs)
        context.forward.reset()
        context.backward.reset()
        var best = SearchSpace.unreached
        var meet: Int32?
        var bestSource = sources.first ?? Phantom(node: 0, weightOffset: 0, metres: 0)
        var bestTarget = targets.first ?? bestSource
        // Meeting at a node that is both a start and an end, with the end behind the start,
        // would be a negative "path"; such a pair needs a real loop instead.
        var behind = Set<Int32>()
        var isDirect = false
        for s in sources {
            _ = context.forward.relax(s.node, -s.weightOffset, from: -1, arc: -1)
        }
        for t in targets {
            _ = context.backward.relax(t.node, t.weightOffset, from: -1, arc: -1)
            for s in sources where s.node == t.node {
                if t.weightOffset >= s.weightOffset {
                    let direct = t.weightOffset - s.weightOffset
                    if direct < best { best = direct; meet = t.node; bestSource = s; bestTarget = t; isDirect = true }
                } else {
                    behind.insert(t.node)
                }
            }
        }
        // Forward labels start below zero (the part of the start edge already behind), so a
        // backward label may exceed the best total by up to that much and still improve it.
        let shift = sources.map(\.weightOffset).max() ?? 0
        let forward = context.forward, backward = context.backward
        var forwardTurn = true
        while true {
            let limit = best == SearchSpace.unreached ? best : Int64(Double(best) * slack)
            let fOpen = !forward.heap.isEmpty && forward.heap.minKey < limit
            let bOpen = !backward.heap.isEmpty && (limit == SearchSpace.unreached || backward.heap.minKey < limit + shift)
            if !fOpen && !bOpen { break }
            let goForward = fOpen && (!bOpen || forwardTurn)
            forwardTurn.toggle()
            // The forward search climbs `up` arcs and stalls on `down` ones; the backward search
            // the other way round.
            let settled = goForward
                ? settleNext(forward, other: backward, climb: upward, stall: downward, excluded: excluded)
                : settleNext(backward, other: forward, climb: downward, stall: upward, excluded: excluded)
            guard let (u, total) = settled, total < best,
                  !(behind.contains(u) && forward.parent[Int(u)] < 0 && backward.parent[Int(u)] < 0) else { continue }
            best = total
            meet = u
            isDirect = false
            bestSource = startPhantom(of: u, in: forward, sources)
            bestTarget = startPhantom(of: u, in: backward, targets)
        }
        func callers(_ p: Phantom, _ mine: [Phantom], _ theirs: [Phantom]) -> Phantom {
            theirs[mine.firstIndex { $0.node == p.node && $0.weightOffset == p.weightOffset } ?? 0]
        }
        return SearchMeeting(weight: best, meet: meet, source: callers(bestSource, sources, startEdges),
                             target: callers(bestTarget, targets, endEdges), direct: isDirect)
    }

    /// Settles the next node of `space`'s search and relaxes its arcs. Returns the node and
    /// the total distance through it when the other search has reached it too.
    @inline(__always)
    private func settleNext(_ space: SearchSpace, other: SearchSpace, climb: ArcView, stall: ArcView,
                            excluded: UInt32) -> (Int32, Int64)?
    {
        let (k, u) = space.heap.pop()
        guard k == space.distance[Int(u)] else { return nil }
        let there = other.distance[Int(u)]
        let meeting = there != SearchSpace.unreached ? (u, k + there) : nil
        if stalled(u, k, by: stall, labels: space.distance, excluded: excluded) { return meeting }
        for i in Int(climb.offsets[Int(u)])..<Int(climb.offsets[Int(u) + 1]) {
            if excluded != 0 && climb.restrictions[i] & excluded != 0 { continue }
            let arc = climb.arcs[i]
            _ = space.relax(arc.node, k + Int64(arc.weight), from: u, arc: Int32(i))
        }
        return meeting
    }

    /// Stall-on-demand: `u`'s label is not final if a more important node already reached
    /// offers a shorter way in; then its arcs need not be relaxed.
    @inline(__always)
    func stalled(_ u: Int32, _ k: Int64, by view: ArcView, labels: LabelDistances, excluded: UInt32) -> Bool {
        for i in Int(view.offsets[Int(u)])..<Int(view.offsets[Int(u) + 1]) {
            if excluded != 0 && view.restrictions[i] & excluded != 0 { continue }
            let arc = view.arcs[i]
            let d = labels[Int(arc.node)]
            if d != SearchSpace.unreached && d + Int64(arc.weight) < k { return true }
        }
        return false
    }

    private func startPhantom(of u: Int32, in space: SearchSpace, _ starts: [Phantom]) -> Phantom {
        var n = u
        while space.parent[Int(n)] >= 0 { n = space.parent[Int(n)] }
        return starts.first { $0.node == n } ?? starts[0]
    }

    /// The full directed-edge path through meeting node `m`, shortcuts expanded, copies
    /// mapped back to the roads they stand for.
    func unpackMeeting(_ m: Int32, context: QueryContext) -> [Int32] {
        var nodes = unpackedSearchNodes(m, context: context)
        for i in nodes.indices { nodes[i] = original(directedEdgeOf[Int(nodes[i])]) }
        return nodes
    }

    private func unpackedSearchNodes(_ m: Int32, context: QueryContext) -> [Int32] {
        var nodes: [Int32] = []
        nodes.reserveCapacity(256)
        var stack: [UnpackTask] = []
        stack.reserveCapacity(64)
        let forwardChain = context.forward.chain(to: m)
        nodes.append(forwardChain[0])
        for i in 1..<forwardChain.count {
            let a = Int(context.forward.parentArc[Int(forwardChain[i])])
            unpack(UnpackTask(from: forwardChain[i - 1], to: up[a].node, weight: up[a].weight, middle: up[a].middle,
                              restrictions: upBits(a)), into: &nodes, stack: &stack)
        }
        // The backward chain runs from the target up to m; walk it from m down.
        var v = m
        while context.backward.parent[Int(v)] >= 0 {
            let next = context.backward.parent[Int(v)]
            let a = Int(context.backward.parentArc[Int(v)])
            // A backward arc stored at `next` pointing to `v` stands for v → next.
            unpack(UnpackTask(from: v, to: next, weight: down[a].weight, middle: down[a].middle,
                              restrictions: downBits(a)), into: &nodes, stack: &stack)
            v = next
        }
        return nodes
    }

    /// A hierarchy arc still to expand.
    struct UnpackTask {
        var from: Int32, to: Int32, weight: UInt32, middle: Int32, restrictions: UInt32
    }

    /// Appends the original directed edges of `task` (after its `from`).
    func unpack(_ task: UnpackTask, into nodes: inout [Int32], stack: inout [UnpackTask]) {
        stack.append(task)
        while let t = stack.popLast() {
            guard t.middle >= 0 else { nodes.append(t.to); continue }
            let (i, j) = halves(from: t.from, via: t.middle, to: t.to, weight: t.weight, restrictions: t.restrictions)
            stack.append(UnpackTask(from: t.middle, to: t.to, weight: up[j].weight, middle: up[j].middle,
                                    restrictions: upBits(j)))
            stack.append(UnpackTask(from: t.from, to: t.middle, weight: down[i].weight, middle: down[i].middle,
                                    restrictions: downBits(i)))
        }
    }
}
