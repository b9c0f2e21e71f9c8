import Foundation

/// One arc of the hierarchy: to `node`, with `weight`; `middle` is the contracted node a
/// shortcut bypasses, or -1 for an original turn arc.
struct HierarchyArc: Equatable {
    var node: Int32
    var weight: UInt32
    var middle: Int32
}

/// The search graph of a contraction hierarchy: from each node, arcs up to more important
/// nodes, for the forward search (`up`) and for the backward search (`down`, reversed arcs).
/// Nodes are renumbered in contraction order, so the important nodes every query visits
/// sit together in memory; `searchID` and `directedEdge` translate both ways.
struct Hierarchy {
    var upOffset: [Int32] = [0]
    var up: [HierarchyArc] = []
    var downOffset: [Int32] = [0]
    var down: [HierarchyArc] = []
    /// Search id of each directed edge.
    var searchID: [Int32] = []
    /// Directed edge of each search id.
    var directedEdge: [Int32] = []
}

/// Builds a contraction hierarchy over the edge-based graph. Nodes are contracted in order
/// of a lazily updated priority (edge difference plus contracted neighbours); a bounded
/// witness search decides which shortcuts are needed. Shortcuts are exact: a hop or settle
/// limit can only add unnecessary shortcuts, never a wrong distance.
struct Contractor {
    private var outArcs: [[HierarchyArc]]
    private var inArcs: [[HierarchyArc]]
    private var contracted: [Bool]
    private var deletedNeighbours: [Int32]
    private var level: [Int32]
    private var hierarchyUp: [[HierarchyArc]]
    private var hierarchyDown: [[HierarchyArc]]
    // Witness search scratch space, reused.
    private var distance: [UInt32]
    private var hops: [UInt8]
    private var touched: [Int32] = []
    private let heap = BinaryHeap()
    private let settleLimit: Int

    init(_ graph: EdgeBasedGraph, settleLimit: Int = 300) {
        let n = graph.nodeCount
        outArcs = Array(repeating: [], count: n)
        inArcs = Array(repeating: [], count: n)
        for s in 0..<n {
            for i in Int(graph.arcOffset[s])..<Int(graph.arcOffset[s + 1]) {
                let t = Int(graph.arcTarget[i])
                guard t != s else { continue }
                let w = graph.arcWeight[i]
                Self.insert(&outArcs[s], HierarchyArc(node: Int32(t), weight: w, middle: -1))
                Self.insert(&inArcs[t], HierarchyArc(node: Int32(s), weight: w, middle: -1))
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
    }

    /// Keeps at most one arc per neighbour, the lightest.
    @discardableResult
    private static func insert(_ list: inout [HierarchyArc], _ arc: HierarchyArc) -> Bool {
        for i in list.indices where list[i].node == arc.node {
            if arc.weight < list[i].weight { list[i] = arc; return true }
            return false
        }
        list.append(arc)
        return true
    }

    /// Contracts every node and returns the search graph.
    mutating func run(progress: (Double) -> Void) -> Hierarchy {
        let n = outArcs.count
        let queue = BinaryHeap()
        for v in 0..<n { queue.push(priority(Int32(v)), Int32(v)) }
        var done = 0
        var order: [Int32] = []
        order.reserveCapacity(n)
        var shortcuts: [(Int32, Int32, UInt32)] = []
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
            if done % 8192 == 0 { progress(Double(done) / Double(n)) }
        }
        progress(1)
        return flatten(order: order)
    }

    private func edgeDifferenceInputs(_ v: Int32) -> Int { inArcs[Int(v)].count + outArcs[Int(v)].count }

    private mutating func priority(_ v: Int32) -> Int64 {
        var shortcuts: [(Int32, Int32, UInt32)] = []
        collectShortcuts(of: v, into: &shortcuts)
        let difference = shortcuts.count - edgeDifferenceInputs(v)
        return Int64(difference * 4 + Int(deletedNeighbours[Int(v)]) * 2 + Int(level[Int(v)]))
    }

    /// The shortcuts contracting `v` needs: for each pair of neighbours u → v → w with no
    /// witness path of at most the same weight avoiding `v`.
    private mutating func collectShortcuts(of v: Int32, into result: inout [(Int32, Int32, UInt32)]) {
        let ins = inArcs[Int(v)], outs = outArcs[Int(v)]
        guard !ins.isEmpty, !outs.isEmpty else { return }
        var maxOut: UInt32 = 0
        for o in outs { maxOut = max(maxOut, o.weight) }
        for a in ins {
            let limit = UInt64(a.weight) + UInt64(maxOut)
            witnessSearch(from: a.node, avoiding: v, limit: limit, targets: outs.count)
            for b in outs where b.node != a.node {
                let via = UInt64(a.weight) + UInt64(b.weight)
                if UInt64(distance[Int(b.node)]) > via {
                    result.append((a.node, b.node, UInt32(min(via, UInt64(UInt32.max - 1)))))
                }
            }
            for t in touched { distance[Int(t)] = .max }
            touched.removeAll(keepingCapacity: true)
        }
    }

    private mutating func witnessSearch(from source: Int32, avoiding v: Int32, limit: UInt64, targets: Int) {
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
            for arc in outArcs[Int(u)] where arc.node != v {
                let nd = UInt64(key) + UInt64(arc.weight)
                guard nd <= limit, nd < UInt64(distance[Int(arc.node)]) else { continue }
                if distance[Int(arc.node)] == .max { touched.append(arc.node) }
                distance[Int(arc.node)] = UInt32(nd)
                hops[Int(arc.node)] = hops[Int(u)] + 1
                heap.push(Int64(nd), arc.node)
            }
        }
    }

    private mutating func contract(_ v: Int32, adding shortcuts: [(Int32, Int32, UInt32)]) {
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
        for (u, w, weight) in shortcuts {
            let arc = HierarchyArc(node: w, weight: weight, middle: v)
            if Self.insert(&outArcs[Int(u)], arc) {
                Self.insert(&inArcs[Int(w)], HierarchyArc(node: u, weight: weight, middle: v))
            }
        }
        outArcs[vi] = []
        inArcs[vi] = []
    }

    private func flatten(order: [Int32]) -> Hierarchy {
        var h = Hierarchy()
        h.directedEdge = order
        h.searchID = [Int32](repeating: 0, count: order.count)
        for (id, v) in order.enumerated() { h.searchID[Int(v)] = Int32(id) }
        func renumbered(_ arc: HierarchyArc) -> HierarchyArc {
            HierarchyArc(node: h.searchID[Int(arc.node)], weight: arc.weight,
                         middle: arc.middle < 0 ? -1 : h.searchID[Int(arc.middle)])
        }
        h.up.reserveCapacity(hierarchyUp.reduce(0) { $0 + $1.count })
        h.down.reserveCapacity(hierarchyDown.reduce(0) { $0 + $1.count })
        for v in order {
            h.up.append(contentsOf: hierarchyUp[Int(v)].map(renumbered))
            h.upOffset.append(Int32(h.up.count))
            h.down.append(contentsOf: hierarchyDown[Int(v)].map(renumbered))
            h.downOffset.append(Int32(h.down.count))
        }
        return h
    }
}
