extension RoutingEngine {
    /// Alternatives by the via-node method on the hierarchy's search spaces: every node both
    /// searches reached gives a candidate s → v → t. A candidate is kept when it is at most
    /// 1.3× the best weight, shares less than 75% of its length with the best route and the
    /// routes already chosen, and is locally optimal (the stretch around v is itself a
    /// shortest path, which rules out detours to touch v). Roads with `excluded` restriction
    /// bits are avoided throughout.
    func alternatives(to best: EdgePath, count: Int, excluded: UInt32, context: QueryContext) -> [EdgePath] {
        let graph = self.graph
        let sources = [best.source], targets = [best.target]
        let meeting = graph.hierarchySearch(from: sources, to: targets, context: context, slack: 1.3, excluded: excluded)
        guard meeting.meet != nil, !meeting.direct else { return [] }
        let limit = Int64(Double(meeting.weight) * 1.3)
        var candidates: [(Int64, Int32)] = []
        for v in context.forward.touched {
            let f = context.forward.distance[Int(v)], b = context.backward.distance[Int(v)]
            guard b != SearchSpace.unreached, f != SearchSpace.unreached, f + b <= limit else { continue }
            candidates.append((f + b, v))
        }
        candidates.sort { $0.0 < $1.0 }
        var chosenSets: [Set<Int32>] = [Set(best.nodes.map { $0 >> 1 })]
        var result: [EdgePath] = []
        var unpacked = Set<Int32>()
        for (weight, v) in candidates.prefix(64) where result.count < count {
            let nodes = graph.unpackMeeting(v, context: context)
            guard nodes.first == best.source.node, nodes.last == best.target.node else { continue }
            let key = nodes[nodes.count / 2]
            guard unpacked.insert(key).inserted else { continue }
            let total = length(nodes)
            guard total > 0 else { continue }
            var tooSimilar = false
            for set in chosenSets where sharedLength(nodes, with: set) > 0.75 * total {
                tooSimilar = true
                break
            }
            if tooSimilar { continue }
            let path = EdgePath(nodes: nodes, weight: weight, source: best.source, target: best.target)
            let via = graph.original(graph.directedEdgeOf[Int(v)])
            let optimal = isLocallyOptimal(path, around: via, stretch: max(1, Double(best.weight) * 0.25),
                                           excluded: excluded, context: context)
            // The optimality check replaced the search labels; restore them for the next candidates.
            _ = graph.hierarchySearch(from: sources, to: targets, context: context, slack: 1.3, excluded: excluded)
            guard optimal else { continue }
            chosenSets.append(Set(nodes.map { $0 >> 1 }))
            result.append(path)
        }
        return result
    }

    private func length(_ nodes: [Int32]) -> Double {
        nodes.reduce(0) { $0 + Double(graph.edgeLength[Int($1 >> 1)]) }
    }

    private func sharedLength(_ nodes: [Int32], with edges: Set<Int32>) -> Double {
        nodes.reduce(0) { edges.contains($1 >> 1) ? $0 + Double(graph.edgeLength[Int($1 >> 1)]) : $0 }
    }

    /// T-test: the sub-path reaching `stretch` weight before and after `v` must be a
    /// shortest path between its ends.
    private func isLocallyOptimal(_ path: EdgePath, around v: Int32, stretch: Double, excluded: UInt32,
                                  context: QueryContext) -> Bool
    {
        guard let mid = path.nodes.firstIndex(of: v) else { return true }
        var i = mid, before = 0.0
        while i > 0 && before < stretch {
            i -= 1
            before += Double(graph.nodeWeight[Int(path.nodes[i])])
        }
        var j = mid, after = 0.0
        while j < path.nodes.count - 1 && after < stretch {
            after += Double(graph.nodeWeight[Int(path.nodes[j])])
            j += 1
        }
        guard i < j else { return true }
        var sub: Int64 = 0
        for k in i..<j {
            guard let a = graph.arc(from: path.nodes[k], to: path.nodes[k + 1]) else { return false }
            sub += Int64(graph.arcWeight[a])
        }
        let s = Phantom(node: path.nodes[i], weightOffset: 0, metres: 0)
        let t = Phantom(node: path.nodes[j], weightOffset: 0, metres: 0)
        let shortest = graph.hierarchySearch(from: [s], to: [t], context: context, slack: 1.0, excluded: excluded)
        return shortest.meet != nil && Double(sub) <= Double(shortest.weight) * 1.02 + 1
    }
}
