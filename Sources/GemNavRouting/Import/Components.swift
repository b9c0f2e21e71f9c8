/// Strongly connected components of the edge-based graph. Snapping prefers edges of a big
/// component, as OSRM does, so a point beside a one-way trap or a tiny disconnected car
/// park still routes, while two points on the same island route on the island.
enum Components {
    static let bigSize = 1000

    /// Component id per directed edge (iterative Tarjan), and per road edge whether either
    /// direction lies in a big component: one of at least `bigSize` directed edges, OSRM's
    /// `small_component_size`. A small map has no big component at all, and then every
    /// waypoint stays on its nearest road, as in OSRM. As in OSRM, a two-way road's two
    /// directions count as joined (as if one could turn on the spot): a road that can only
    /// be reached the other way round, past a junction where U-turns are not allowed, still
    /// belongs to the network it leads into.
    static func label(_ graph: EdgeBasedGraph, edgeCount: Int) -> (component: [Int32], isBig: [Bool]) {
        let n = graph.nodeCount
        var index = [Int32](repeating: -1, count: n)
        var low = [Int32](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var component = [Int32](repeating: -1, count: n)
        var stack: [Int32] = []
        var call: [(node: Int32, arc: Int32)] = []
        var next: Int32 = 0
        var components: Int32 = 0
        for root in 0..<n where index[root] < 0 {
            call.append((Int32(root), graph.arcOffset[root]))
            index[root] = next; low[root] = next; next += 1
            stack.append(Int32(root)); onStack[root] = true
            while let (v, arc) = call.last {
                let vi = Int(v)
                // After its turns, a directed edge leads to its own other direction.
                if arc <= graph.arcOffset[vi + 1] {
                    call[call.count - 1].arc += 1
                    let twin = vi ^ 1
                    if arc == graph.arcOffset[vi + 1], vi >= 2 * edgeCount
                        || graph.nodeWeight[vi] == EdgeBasedGraph.closed || graph.nodeWeight[twin] == EdgeBasedGraph.closed
                    {
                        continue
                    }
                    let w = arc < graph.arcOffset[vi + 1] ? Int(graph.arcTarget[Int(arc)]) : twin
                    if index[w] < 0 {
                        index[w] = next; low[w] = next; next += 1
                        stack.append(Int32(w)); onStack[w] = true
                        call.append((Int32(w), graph.arcOffset[w]))
                    } else if onStack[w] {
                        low[vi] = min(low[vi], index[w])
                    }
                    continue
                }
                call.removeLast()
                if let parent = call.last { low[Int(parent.node)] = min(low[Int(parent.node)], low[vi]) }
                if low[vi] == index[vi] {
                    while let w = stack.popLast() {
                        onStack[Int(w)] = false
                        component[Int(w)] = components
                        if w == v { break }
                    }
                    components += 1
                }
            }
        }
        var size = [Int](repeating: 0, count: Int(components))
        for v in 0..<n where graph.nodeWeight[v] != EdgeBasedGraph.closed { size[Int(component[v])] += 1 }
        var isBig = [Bool](repeating: false, count: edgeCount)
        var edgeComponent = [Int32](repeating: -1, count: edgeCount)
        for e in 0..<edgeCount {
            for v in [2 * e, 2 * e + 1] where graph.nodeWeight[v] != EdgeBasedGraph.closed {
                if size[Int(component[v])] >= bigSize { isBig[e] = true }
                if edgeComponent[e] < 0 || isBig[e] { edgeComponent[e] = component[v] }
            }
        }
        return (edgeComponent, isBig)
    }
}
