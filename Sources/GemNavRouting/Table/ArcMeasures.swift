/// The travel time and length of every hierarchy arc, shortcuts included, so a table search
/// carries seconds and metres along with the routing weight instead of unpacking a path per
/// pair. Weight picks the route; these measure it (they differ where the profile penalises
/// a road or a turn beyond its time).
struct ArcMeasures: Sendable {
    /// Milliseconds of each `up` arc, and of each `down` arc.
    let upDuration: [UInt32], downDuration: [UInt32]
    /// Metres of each `up` arc, and of each `down` arc.
    let upDistance: [Float], downDistance: [Float]

    /// Measures every arc. A shortcut u → w via m is the sum of its halves, which are arcs
    /// stored at m; m was contracted before both ends, so visiting nodes in contraction order
    /// measures the halves first.
    init(_ graph: RoutingGraph) {
        var upDuration = [UInt32](repeating: 0, count: graph.up.count)
        var downDuration = [UInt32](repeating: 0, count: graph.down.count)
        var upDistance = [Float](repeating: 0, count: graph.up.count)
        var downDistance = [Float](repeating: 0, count: graph.down.count)
        for x in 0..<(graph.upOffset.count - 1) {
            // Up arcs at x stand for x → arc.node.
            for i in Int(graph.upOffset[x])..<Int(graph.upOffset[x + 1]) {
                let arc = graph.up[i]
                let (d, m) = arc.middle < 0
                    ? graph.turnMeasure(from: Int32(x), to: arc.node, weight: arc.weight)
                    : Self.halves(graph, Int32(x), arc, graph.upBits(i), upDuration, downDuration, upDistance, downDistance)
                upDuration[i] = d
                upDistance[i] = m
            }
            // Down arcs at x stand for arc.node → x.
            for i in Int(graph.downOffset[x])..<Int(graph.downOffset[x + 1]) {
                let arc = graph.down[i]
                let (d, m) = arc.middle < 0
                    ? graph.turnMeasure(from: arc.node, to: Int32(x), weight: arc.weight)
                    : Self.halves(graph, arc.node, HierarchyArc(node: Int32(x), weight: arc.weight, middle: arc.middle),
                                  graph.downBits(i), upDuration, downDuration, upDistance, downDistance)
                downDuration[i] = d
                downDistance[i] = m
            }
        }
        self.upDuration = upDuration
        self.downDuration = downDuration
        self.upDistance = upDistance
        self.downDistance = downDistance
    }

    /// The measures of shortcut a → `arc.node` via `arc.middle`: the sum of its halves.
    private static func halves(_ graph: RoutingGraph, _ a: Int32, _ arc: HierarchyArc, _ restrictions: UInt32,
                               _ upDuration: [UInt32], _ downDuration: [UInt32],
                               _ upDistance: [Float], _ downDistance: [Float]) -> (UInt32, Float)
    {
        let (i, j) = graph.halves(from: a, via: arc.middle, to: arc.node, weight: arc.weight, restrictions: restrictions)
        return (downDuration[i] &+ upDuration[j], downDistance[i] + upDistance[j])
    }
}

extension RoutingGraph {
    /// Time and length of one original hierarchy arc between search ids: driving all of the
    /// first directed edge, then the turn onto the second. Of parallel turn arcs the one with
    /// the arc's weight is the one the hierarchy kept.
    fileprivate func turnMeasure(from u: Int32, to v: Int32, weight: UInt32) -> (UInt32, Float) {
        let a = Int(directedEdgeOf[Int(u)]), b = directedEdgeOf[Int(v)]
        var turn: UInt32 = 0
        for i in Int(arcOffset[a])..<Int(arcOffset[a + 1]) where arcTarget[i] == b {
            turn = arcTurnDuration[i]
            if arcWeight[i] == weight { break }
        }
        return (nodeDuration[a] &+ turn, edgeLength[Int(original(Int32(a))) >> 1])
    }
}
