/// One node's label: kept together so a search touches one cache line per node, not three.
struct SearchLabel {
    var distance: Int64
    var parent: Int32
    var parentArc: Int32
}

/// Views of one field of the labels, indexed like the nodes.
struct LabelDistances {
    let base: UnsafeMutablePointer<SearchLabel>
    @inline(__always) subscript(i: Int) -> Int64 {
        get { base[i].distance }
        nonmutating set { base[i].distance = newValue }
    }
}

struct LabelParents {
    let base: UnsafeMutablePointer<SearchLabel>
    @inline(__always) subscript(i: Int) -> Int32 {
        get { base[i].parent }
        nonmutating set { base[i].parent = newValue }
    }
}

struct LabelParentArcs {
    let base: UnsafeMutablePointer<SearchLabel>
    @inline(__always) subscript(i: Int) -> Int32 {
        get { base[i].parentArc }
        nonmutating set { base[i].parentArc = newValue }
    }
}

/// Distance labels and parents of one search direction, reset in time proportional to what
/// the last search touched (not the graph size), so a context serves many queries. Labels
/// live in raw storage: these are the hottest loads and stores of every query.
final class SearchSpace {
    private let labels: UnsafeMutablePointer<SearchLabel>
    /// Best known distance per node, `unreached` when none.
    let distance: LabelDistances
    /// Parent node, or -1 at a start.
    let parent: LabelParents
    /// Index of the arc used to reach the node (into the hierarchy's arc array), or -1.
    let parentArc: LabelParentArcs
    var touched: [Int32] = []
    let heap = BinaryHeap()

    static let unreached = Int64.max

    init(nodes: Int) {
        labels = .allocate(capacity: max(1, nodes))
        labels.initialize(repeating: SearchLabel(distance: Self.unreached, parent: -1, parentArc: -1), count: max(1, nodes))
        distance = LabelDistances(base: labels)
        parent = LabelParents(base: labels)
        parentArc = LabelParentArcs(base: labels)
    }

    deinit {
        labels.deallocate()
    }

    func reset() {
        for n in touched {
            labels[Int(n)] = SearchLabel(distance: Self.unreached, parent: -1, parentArc: -1)
        }
        touched.removeAll(keepingCapacity: true)
        heap.removeAll()
    }

    @inline(__always) func relax(_ node: Int32, _ d: Int64, from p: Int32, arc: Int32) -> Bool {
        let i = Int(node)
        let old = labels[i].distance
        guard d < old else { return false }
        if old == Self.unreached { touched.append(node) }
        labels[i] = SearchLabel(distance: d, parent: p, parentArc: arc)
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

/// Time (ms) and length (m) from a search's start to a settled node, for tables.
struct MeasuredLabel {
    var duration: Double
    var distance: Double
}

/// One `MeasuredLabel` per node. A label is written when its node is settled and read only
/// by the nodes it is parent of, all settled later in the same search: no reset is needed.
final class MeasuredLabels {
    private let base: UnsafeMutablePointer<MeasuredLabel>

    init(nodes: Int) {
        base = .allocate(capacity: max(1, nodes))
        base.initialize(repeating: MeasuredLabel(duration: 0, distance: 0), count: max(1, nodes))
    }

    deinit {
        base.deallocate()
    }

    @inline(__always) subscript(i: Int) -> MeasuredLabel {
        get { base[i] }
        set { base[i] = newValue }
    }
}

/// Where each node's entries start in a table's bucket list, -1 for none. The table clears
/// the entries it set, so the array stays all -1 between tables.
final class BucketIndex {
    private let base: UnsafeMutablePointer<Int32>

    init(nodes: Int) {
        base = .allocate(capacity: max(1, nodes))
        base.initialize(repeating: -1, count: max(1, nodes))
    }

    deinit {
        base.deallocate()
    }

    @inline(__always) subscript(i: Int) -> Int32 {
        get { base[i] }
        set { base[i] = newValue }
    }
}

/// Scratch space for one query at a time; keep one per thread.
public final class QueryContext: @unchecked Sendable {
    let forward: SearchSpace
    let backward: SearchSpace
    private let nodes: Int
    /// Table searches only: allocated the first time a table uses this context.
    private(set) lazy var measured = MeasuredLabels(nodes: nodes)
    /// Table searches only, like `measured`.
    private(set) lazy var buckets = BucketIndex(nodes: nodes)

    /// Creates scratch space sized for `graph`.
    public init(graph: RoutingGraph) {
        nodes = graph.directedEdgeCount
        forward = SearchSpace(nodes: nodes)
        backward = SearchSpace(nodes: nodes)
    }
}
