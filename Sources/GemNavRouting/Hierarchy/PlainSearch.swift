extension RoutingGraph {
    /// Plain one-directional Dijkstra over the edge-based graph (every turn arc, no
    /// hierarchy). It answers queries that exclude road classes (the hierarchy was built
    /// with them) and is the reference the hierarchy is tested against.
    /// - Parameters:
    ///   - excluded: `EdgeFlags` bits of edges that may not be used.
    ///   - blocked: directed edges (originals) that may not be entered, such as those whose
    ///     limits a vehicle exceeds.
    func plainRoute(from sources: [Phantom], to targets: [Phantom], excluded: UInt8 = 0, blocked: Set<Int32> = [],
                    context: QueryContext) -> EdgePath?
    {
        let space = PlainDijkstra(graph: self, excluded: excluded, blocked: blocked)
        return space.run(from: sources, to: targets, labels: context.forward)
    }
}

/// One run of Dijkstra's algorithm from phantom starts to phantom ends.
private struct PlainDijkstra {
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
        var endOffset: [Int32: Phantom] = [:]
        for t in targets where endOffset[t.node].map({ t.weightOffset < $0.weightOffset }) ?? true {
            endOffset[t.node] = t
        }
        while !labels.heap.isEmpty {
            let (k, u) = labels.heap.pop()
            guard k == labels.distance[Int(u)] else { continue }
            if k >= best { break }
            for i in Int(graph.arcOffset[Int(u)])..<Int(graph.arcOffset[Int(u) + 1]) {
                let v = graph.arcTarget[i]
                let o = graph.original(v)
                guard graph.edgeFlags[Int(o) >> 1] & excluded == 0, blocked.isEmpty || !blocked.contains(o) else { continue }
                let d = k + Int64(graph.arcWeight[i])
                if let t = endOffset[v], d + t.weightOffset < best {
                    best = d + t.weightOffset
                    var nodes = labels.chain(to: u)
                    nodes.append(v)
                    nodes = nodes.map(graph.original)
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
