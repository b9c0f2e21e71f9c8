import Foundation

/// One arc of the hierarchy: to `node`, with `weight`; `middle` is the contracted node a
/// shortcut bypasses, or -1 for an original turn arc.
struct HierarchyArc: Equatable {
    var node: Int32
    var weight: UInt32
    var middle: Int32
}

/// An arc while the hierarchy is being built: a `HierarchyArc` and its restriction bits
/// (every bit of every directed edge it passes through, both ends included).
private struct ContractionArc {
    var node: Int32
    var weight: UInt32
    var middle: Int32
    var restrictions: UInt32

    /// Whether `self` makes `other` useless: no heavier, and allowed whenever `other` is.
    func dominates(_ other: ContractionArc) -> Bool {
        node == other.node && weight <= other.weight && restrictions & ~other.restrictions == 0
    }
}

/// The search graph of a contraction hierarchy: from each node, arcs up to more important
/// nodes, for the forward search (`up`) and for the backward search (`down`, reversed arcs).
/// Nodes are renumbered in contraction order, so the important nodes every query visits
/// sit together in memory; `searchID` and `directedEdge` translate both ways.
struct Hierarchy {
    var upOffset: [Int32] = [0]
    var up: [HierarchyArc] = []
    /// Restriction bits of each `up` arc; empty when no directed edge has any.
    var upRestrictions: [UInt32] = []
    var downOffset: [Int32] = [0]
    var down: [HierarchyArc] = []
    /// Restriction bits of each `down` arc; empty when no directed edge has any.
    var downRestrictions: [UInt32] = []
    /// Search id of each directed edge.
    var searchID: [Int32] = []
    /// Directed edge of each search id.
    var directedEdge: [Int32] = []
}

/// Builds a contraction hierarchy over the edge-based graph. Nodes are contracted in order
/// of a lazily updated priority (edge difference plus contracted neighbours); a bounded
/// witness search decides which shortcuts are needed. Shortcuts are exact: a hop or settle
/// limit can only add unnecessary shortcuts, never a wrong distance.
///
/// Directed edges may carry restriction bits (a toll road, a motorway, a ferry, a limit a
/// vehicle may exceed), and a query may exclude any set of them. The hierarchy stays exact
/// for every such set (Geisberger, Rice, Sanders and Tsotras, "Route planning with flexible
/// edge restrictions", 2012): each arc carries the union of the bits it passes through, a
/// witness only counts when it passes through no bit the shortcut does not, and two arcs
/// between the same nodes are both kept unless one is lighter and no more restricted.
struct Contractor {
    private var outArcs: [[ContractionArc]]
    private var inArcs: [[ContractionArc]]
    private var contracted: [Bool]
    private var deletedNeighbours: [Int32]
    private var level: [Int32]
    private var hierarchyUp: [[ContractionArc]]
    private var hierarchyDown: [[ContractionArc]]
    private let hasRestrictions: Bool
    // Witness search scratch space, reused.
    private var distance: [UInt32]
    private var hops: [UInt8]
    private var touched: [Int32] = []
    private let heap = BinaryHeap()
    private let settleLimit: Int

    /// - Parameter restrictions: the bits of each directed edge (empty: none anywhere).
    init(_ graph: EdgeBasedGraph, restrictions: [UInt32] = [], settleLimit: Int = 300) {
        let n = graph.nodeCount
        precondition(restrictions.isEmpty || restrictions.count == n, "one restriction mask per directed edge")
        func bits(_ v: Int) -> UInt32 { restrictions.isEmpty ? 0 : restrictions[v] }
        outArcs = Array(repeating: [], count: n)
        inArcs = Array(repeating: [], count: n)
        for s in 0..<n {
            for i in Int(graph.arcOffset[s])..<Int(graph.arcOffset[s + 1]) {
                let t = Int(graph.arcTarget[i])
                guard t != s else { continue }
                let w = graph.arcWeight[i], r = bits(s) | bits(t)
                if Self.insert(&outArcs[s], ContractionArc(node: Int32(t), weight: w, middle: -1, restrictions: r)) {
                    Self.insert(&inArcs[t], ContractionArc(node: Int32(s), weight: w, middle: -1, restrictions: r))
                }
            }
        }
        contracted = Array(repeating: false, count: n)
        deletedNeighbours = Array(repeating: 0, count: n)
        level = Array(repeating: 0, count: n)
        hierarchyUp = Array(repeating: [], count: n)
        hierarchyDown = Array(repeating: [], count: n)
        distance = Array(repeating: .max, count: n)
        hops = Array(repeating: 0, count: n)
        self.settleLimit = settleLimit
        hasRestrictions = restrictions.contains { $0 != 0 }
    }

    /// Adds `arc` unless an arc to the same neighbour dominates it, and drops the arcs it
    /// dominates. Without restrictions that keeps one arc per neighbour, the lightest.
    @discardableResult
    private static func insert(_ list: inout [ContractionArc], _ arc: ContractionArc) -> Bool {
        if list.contains(where: { $0.dominates(arc) }) { return false }
        if let i = list.firstIndex(where: { arc.dominates($0) }) {
            // In place of the first one it replaces, so a list without restrictions keeps its order.
            list[i] = arc
            var j = i + 1
            while j < list.count {
                if arc.dominates(list[j]) { list.remove(at: j) } else { j += 1 }
            }
            return true
        }
        list.append(arc)
        return true
    }

    /// Contracts every node and returns the search graph.
    mutating func run(progress: (Double) -> Void) -> Hierarchy {
        // Never cancelled, so there is always a hierarchy.
        run(progress: progress, cancelled: { false })!
    }

    /// Contracts every node and returns the search graph, or nil as soon as `cancelled` says
    /// so (it is asked as often as progress is reported).
    mutating func run(progress: (Double) -> Void, cancelled: () -> Bool) -> Hierarchy? {
        let n = outArcs.count
        let queue = BinaryHeap()
        for v in 0..<n { queue.push(priority(Int32(v)), Int32(v)) }
        var done = 0
        var order: [Int32] = []
        order.reserveCapacity(n)
        var shortcuts: [(from: Int32, arc: ContractionArc)] = []
        while !queue.isEmpty {
            let (key, v) = queue.pop()
            guard !contracted[Int(v)] else { continue }
            // Lazy update: re-evaluate, and put back if no longer the best.
            let current = priority(v)
            if !queue.isEmpty && current > key && current > queue.minKey {
                queue.push(current, v)
                continue
            }
            shortcuts.removeAll(keepingCapacity: true)
            collectShortcuts(of: v, into: &shortcuts)
            contract(v, adding: shortcuts)
            order.append(v)
            done += 1
            if done % 8192 == 0 {
                if cancelled() { return nil }
                progress(Double(done) / Double(n))
            }
        }
        progress(1)
        return flatten(order: order)
    }

    /// Contracts the nodes in the given order (every node once, least important first), as
    /// when a hierarchy is rebuilt for new weights on the order found for the old ones: no
    /// priorities are simulated, so it takes a fraction of `run`'s time, and the search ids
    /// stay those of `order`. Exact for any order; only the number of shortcuts depends on it.
    /// Returns nil as soon as `cancelled` says so.
    mutating func run(order: [Int32], progress: (Double) -> Void, cancelled: () -> Bool) -> Hierarchy? {
        precondition(order.count == outArcs.count, "the order names every node once")
        var shortcuts: [(from: Int32, arc: ContractionArc)] = []
        for (done, v) in order.enumerated() {
            if done % 8192 == 0 {
                if cancelled() { return nil }
                progress(Double(done) / Double(order.count))
            }
            shortcuts.removeAll(keepingCapacity: true)
            collectShortcuts(of: v, into: &shortcuts)
            contract(v, adding: shortcuts)
        }
        progress(1)
        return flatten(order: order)
    }

    private func edgeDifferenceInputs(_ v: Int32) -> Int { inArcs[Int(v)].count + outArcs[Int(v)].count }

    private mutating func priority(_ v: Int32) -> Int64 {
        var shortcuts: [(from: Int32, arc: ContractionArc)] = []
        collectShortcuts(of: v, into: &shortcuts)
        let difference = shortcuts.count - edgeDifferenceInputs(v)
        return Int64(difference * 4 + Int(deletedNeighbours[Int(v)]) * 2 + Int(level[Int(v)]))
    }

    /// The shortcuts contracting `v` needs: for each pair of neighbours u → v → w with no
    /// witness path of at most the same weight avoiding `v` (and, with restrictions, through
    /// no bit the way through `v` avoids). Each shortcut is returned as an arc from u, its
    /// `middle` being `v`.
    private mutating func collectShortcuts(of v: Int32, into result: inout [(from: Int32, arc: ContractionArc)]) {
        let ins = inArcs[Int(v)], outs = outArcs[Int(v)]
        guard !ins.isEmpty, !outs.isEmpty else { return }
        var allowedSets: [UInt32] = []
        for a in ins {
            // One witness search per distinct set of bits the ways through v carry: usually one.
            allowedSets.removeAll(keepingCapacity: true)
            for b in outs where !allowedSets.contains(a.restrictions | b.restrictions) {
                allowedSets.append(a.restrictions | b.restrictions)
            }
            for allowed in allowedSets {
                var maxOut: UInt32 = 0
                for b in outs where a.restrictions | b.restrictions == allowed { maxOut = max(maxOut, b.weight) }
                witnessSearch(from: a.node, avoiding: v, limit: UInt64(a.weight) + UInt64(maxOut), allowed: allowed)
                for b in outs where b.node != a.node && a.restrictions | b.restrictions == allowed {
                    let via = UInt64(a.weight) + UInt64(b.weight)
                    if UInt64(distance[Int(b.node)]) > via {
                        result.append((a.node, ContractionArc(node: b.node, weight: UInt32(min(via, UInt64(UInt32.max - 1))),
                                                              middle: v, restrictions: allowed)))
                    }
                }
                for t in touched { distance[Int(t)] = .max }
                touched.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Dijkstra from `source` without `v`, bounded by `limit`, a settle and a hop limit,
    /// over arcs whose bits all lie in `allowed`.
    private mutating func witnessSearch(from source: Int32, avoiding v: Int32, limit: UInt64, allowed: UInt32) {
        heap.removeAll()
        distance[Int(source)] = 0
        hops[Int(source)] = 0
        touched.append(source)
        heap.push(0, source)
        var settled = 0
        while !heap.isEmpty {
            let (key, u) = heap.pop()
            guard key == Int64(distance[Int(u)]) else { continue }
            settled += 1
            if settled > settleLimit || UInt64(key) > limit { break }
            guard hops[Int(u)] < 6 else { continue }
            for arc in outArcs[Int(u)] where arc.node != v && arc.restrictions & ~allowed == 0 {
                let nd = UInt64(key) + UInt64(arc.weight)
                guard nd <= limit, nd < UInt64(distance[Int(arc.node)]) else { continue }
                if distance[Int(arc.node)] == .max { touched.append(arc.node) }
                distance[Int(arc.node)] = UInt32(nd)
                hops[Int(arc.node)] = hops[Int(u)] + 1
                heap.push(Int64(nd), arc.node)
            }
        }
    }

    private mutating func contract(_ v: Int32, adding shortcuts: [(from: Int32, arc: ContractionArc)]) {
        let vi = Int(v)
        contracted[vi] = true
        hierarchyUp[vi] = outArcs[vi]
        hierarchyDown[vi] = inArcs[vi]
        for a in inArcs[vi] {
            outArcs[Int(a.node)].removeAll { $0.node == v }
        }
        for b in outArcs[vi] {
            inArcs[Int(b.node)].removeAll { $0.node == v }
        }
        var neighbours = Set<Int32>()
        for a in inArcs[vi] { neighbours.insert(a.node) }
        for b in outArcs[vi] { neighbours.insert(b.node) }
        for u in neighbours {
            deletedNeighbours[Int(u)] += 1
            level[Int(u)] = max(level[Int(u)], level[vi] + 1)
        }
        for (u, arc) in shortcuts where Self.insert(&outArcs[Int(u)], arc) {
            var reversed = arc
            reversed.node = u
            Self.insert(&inArcs[Int(arc.node)], reversed)
        }
        outArcs[vi] = []
        inArcs[vi] = []
    }

    private func flatten(order: [Int32]) -> Hierarchy {
        var h = Hierarchy()
        h.directedEdge = order
        h.searchID = [Int32](repeating: 0, count: order.count)
        for (id, v) in order.enumerated() { h.searchID[Int(v)] = Int32(id) }
        func renumbered(_ arc: ContractionArc) -> HierarchyArc {
            HierarchyArc(node: h.searchID[Int(arc.node)], weight: arc.weight,
                         middle: arc.middle < 0 ? -1 : h.searchID[Int(arc.middle)])
        }
        let upCount = hierarchyUp.reduce(0) { $0 + $1.count }, downCount = hierarchyDown.reduce(0) { $0 + $1.count }
        h.up.reserveCapacity(upCount)
        h.down.reserveCapacity(downCount)
        if hasRestrictions {
            h.upRestrictions.reserveCapacity(upCount)
            h.downRestrictions.reserveCapacity(downCount)
        }
        for v in order {
            h.up.append(contentsOf: hierarchyUp[Int(v)].map(renumbered))
            h.upOffset.append(Int32(h.up.count))
            h.down.append(contentsOf: hierarchyDown[Int(v)].map(renumbered))
            h.downOffset.append(Int32(h.down.count))
            if hasRestrictions {
                h.upRestrictions.append(contentsOf: hierarchyUp[Int(v)].map(\.restrictions))
                h.downRestrictions.append(contentsOf: hierarchyDown[Int(v)].map(\.restrictions))
            }
        }
        return h
    }
}
