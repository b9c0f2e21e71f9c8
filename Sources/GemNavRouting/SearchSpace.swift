/// Distance labels and parents of one search direction, reset in time proportional to what
/// the last search touched (not the graph size), so a context serves many queries. Labels
/// live in raw buffers: these are the hottest loads and stores of every query.
final class SearchSpace {
    let distance: UnsafeMutableBufferPointer<Int64>
    /// Parent node, or -1 at a start.
    let parent: UnsafeMutableBufferPointer<Int32>
    /// Index of the arc used to reach the node (into the hierarchy's arc array), or -1.
    let parentArc: UnsafeMutableBufferPointer<Int32>
    var touched: [Int32] = []
    let heap = BinaryHeap()

    static let unreached = Int64.max

    init(nodes: Int) {
        distance = .allocate(capacity: max(1, nodes))
        distance.initialize(repeating: Self.unreached)
        parent = .allocate(capacity: max(1, nodes))
        parent.initialize(repeating: -1)
        parentArc = .allocate(capacity: max(1, nodes))
        parentArc.initialize(repeating: -1)
    }

    deinit {
        distance.deallocate()
        parent.deallocate()
        parentArc.deallocate()
    }

    func reset() {
        for n in touched {
            distance[Int(n)] = Self.unreached
            parent[Int(n)] = -1
            parentArc[Int(n)] = -1
        }
        touched.removeAll(keepingCapacity: true)
        heap.removeAll()
    }

    @inline(__always) func relax(_ node: Int32, _ d: Int64, from p: Int32, arc: Int32) -> Bool {
        let i = Int(node)
        guard d < distance[i] else { return false }
        if distance[i] == Self.unreached { touched.append(node) }
        distance[i] = d
        parent[i] = p
        parentArc[i] = arc
        heap.push(d, node)
        return true
    }

    /// Nodes from a start to `node`, in search order (start first).
    func chain(to node: Int32) -> [Int32] {
        var out: [Int32] = [node]
        var n = node
        while parent[Int(n)] >= 0 {
            n = parent[Int(n)]
            out.append(n)
        }
        return out.reversed()
    }
}

/// Scratch space for one query at a time; keep one per thread.
public final class QueryContext: @unchecked Sendable {
    let forward: SearchSpace
    let backward: SearchSpace

    /// Creates scratch space sized for `graph`.
    public init(graph: RoutingGraph) {
        forward = SearchSpace(nodes: graph.directedEdgeCount)
        backward = SearchSpace(nodes: graph.directedEdgeCount)
    }
}
