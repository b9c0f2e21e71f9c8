import Foundation

/// One entry of a table: seconds and metres along the best route of a pair.
struct TableCell: Sendable, Hashable {
    var duration: Double
    var distance: Double
}

/// What a destination's backward search left at one node it settled: the destination, the
/// weight from the node to it, and that way's time (ms) and length; `atStart` when the node
/// is one of the destination's own edges, reached without moving.
private struct BucketEntry {
    var node: Int32
    var destination: Int32
    var weight: Int64
    var duration: Double
    var distance: Double
    var atStart: Bool
}

/// The bucket many-to-many search on the contraction hierarchy (Knopp et al.): one backward
/// upward search per destination leaves an entry at every node it settles; one forward upward
/// search per source then meets every destination at once by reading the entries of the
/// nodes it settles. Each point costs one small search, not one per pair.
struct ManyToMany {
    let engine: RoutingEngine
    let measures: ArcMeasures
    /// Restriction bits no route may pass through (0 on a map without any).
    let excluded: UInt32
    var graph: RoutingGraph { engine.graph }

    /// Cells `[source][destination]`, nil where the hierarchy finds no route. Large tables
    /// spread their searches over the cores, each thread with its own scratch space; the
    /// buckets are shared read-only.
    func run(from sources: [[Phantom]], to destinations: [[Phantom]]) -> [[TableCell?]] {
        let backward = Parallel.workers(tasks: destinations.count)
        var lists = [[BucketEntry]](repeating: [], count: backward)
        lists.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            Parallel.forEachWorker(backward) { w in
                slots[w] = engine.withContext { context in
                    var local: [BucketEntry] = []
                    for j in stride(from: w, to: destinations.count, by: backward) {
                        collect(destination: Int32(j), destinations[j], context: context, into: &local)
                    }
                    return local
                }
            }
        }
        let buckets = lists.joined().sorted { $0.node < $1.node }
        let nodes = buckets.map(\.node)
        let workers = Parallel.workers(tasks: sources.count)
        var rows = [[TableCell?]](repeating: [], count: sources.count)
        rows.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            Parallel.forEachWorker(workers) { w in
                engine.withContext { context in
                    let index = context.buckets
                    for e in nodes.indices.reversed() { index[Int(nodes[e])] = Int32(e) }
                    defer { for node in nodes { index[Int(node)] = -1 } }
                    var best = [Int64](repeating: SearchSpace.unreached, count: destinations.count)
                    for i in stride(from: w, to: sources.count, by: workers) {
                        for j in best.indices { best[j] = SearchSpace.unreached }
                        var row = [TableCell?](repeating: nil, count: destinations.count)
                        scan(sources[i], buckets: buckets, nodes: nodes, context: context, best: &best, cells: &row)
                        slots[i] = row
                    }
                }
            }
        }
        return rows
    }

    /// The search id, time offset (ms) and metres of a phantom, as a search starts it.
    private func start(_ p: Phantom) -> (node: Int32, duration: Double, metres: Double) {
        let length = Double(graph.edgeLength[Int(p.node >> 1)])
        let ms = length > 0 ? Double(graph.nodeDuration[Int(p.node)]) * min(1, p.metres / length) : 0
        return (graph.searchID[Int(p.node)], ms, p.metres)
    }

    /// The backward search of one destination over `down` arcs, stalling on `up` ones.
    private func collect(destination j: Int32, _ targets: [Phantom], context: QueryContext,
                         into buckets: inout [BucketEntry])
    {
        let space = context.backward, labels = context.measured
        space.reset()
        let roots = targets.map(start)
        for (t, root) in zip(targets, roots) { _ = space.relax(root.node, t.weightOffset, from: -1, arc: -1) }
        while !space.heap.isEmpty {
            let (k, u) = space.heap.pop()
            guard k == space.distance[Int(u)] else { continue }
            let parent = space.parent[Int(u)]
            if parent < 0 {
                let root = roots.first { $0.node == u }!
                labels[Int(u)] = MeasuredLabel(duration: root.duration, distance: root.metres)
            } else {
                let arc = Int(space.parentArc[Int(u)])
                let p = labels[Int(parent)]
                labels[Int(u)] = MeasuredLabel(duration: p.duration + Double(measures.downDuration[arc]),
                                               distance: p.distance + Double(measures.downDistance[arc]))
            }
            if graph.stalled(u, k, by: graph.upward, labels: space.distance, excluded: excluded) { continue }
            let here = labels[Int(u)]
            buckets.append(BucketEntry(node: u, destination: j, weight: k, duration: here.duration,
                                       distance: here.distance, atStart: parent < 0))
            for i in Int(graph.downOffset[Int(u)])..<Int(graph.downOffset[Int(u) + 1]) {
                if excluded != 0 && graph.downRestrictions[i] & excluded != 0 { continue }
                let arc = graph.down[i]
                _ = space.relax(arc.node, k + Int64(arc.weight), from: u, arc: Int32(i))
            }
        }
    }

    /// The forward search of one source over `up` arcs, stalling on `down` ones, meeting the
    /// destinations in the buckets of the nodes it settles.
    private func scan(_ starts: [Phantom], buckets: [BucketEntry], nodes: [Int32], context: QueryContext,
                      best: inout [Int64], cells: inout [TableCell?])
    {
        let space = context.forward, labels = context.measured, index = context.buckets
        space.reset()
        let roots = starts.map(start)
        for (s, root) in zip(starts, roots) { _ = space.relax(root.node, -s.weightOffset, from: -1, arc: -1) }
        var open = best.count
        var worst = SearchSpace.unreached
        while !space.heap.isEmpty {
            let (k, u) = space.heap.pop()
            guard k == space.distance[Int(u)] else { continue }
            // Every destination has a route, and no unsettled node can shorten any of them.
            if open == 0 && k >= worst { break }
            let parent = space.parent[Int(u)]
            if parent < 0 {
                let root = roots.first { $0.node == u }!
                labels[Int(u)] = MeasuredLabel(duration: -root.duration, distance: -root.metres)
            } else {
                let arc = Int(space.parentArc[Int(u)])
                let p = labels[Int(parent)]
                labels[Int(u)] = MeasuredLabel(duration: p.duration + Double(measures.upDuration[arc]),
                                               distance: p.distance + Double(measures.upDistance[arc]))
            }
            if graph.stalled(u, k, by: graph.downward, labels: space.distance, excluded: excluded) { continue }
            let here = labels[Int(u)]
            var e = Int(index[Int(u)])
            while e >= 0 && e < nodes.count && nodes[e] == u {
                let entry = buckets[e]
                e += 1
                let total = k + entry.weight
                // Both searches standing on the same edge: the destination must lie ahead of
                // the source on it, else the pair needs a loop, found through other nodes.
                if entry.atStart && parent < 0 && total < 0 { continue }
                let j = Int(entry.destination)
                guard total < best[j] else { continue }
                if best[j] == SearchSpace.unreached { open -= 1 }
                best[j] = total
                cells[j] = TableCell(duration: max(0, here.duration + entry.duration) / 1000,
                                     distance: max(0, here.distance + entry.distance))
                if open == 0 { worst = best.max() ?? worst }
            }
            for i in Int(graph.upOffset[Int(u)])..<Int(graph.upOffset[Int(u) + 1]) {
                if excluded != 0 && graph.upRestrictions[i] & excluded != 0 { continue }
                let arc = graph.up[i]
                _ = space.relax(arc.node, k + Int64(arc.weight), from: u, arc: Int32(i))
            }
        }
    }
}
