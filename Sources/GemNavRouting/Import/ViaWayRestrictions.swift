/// Restrictions whose via member is a way ("no U-turn from A through the median B onto C").
/// They forbid a sequence of roads, not a single turn, so the edge-based graph gets a copy of
/// the via stretch that is entered only from the `from` road and whose exits leave out the
/// forbidden road (or keep only the mandatory one). Copies remember their original so routes
/// come out in terms of real roads.
struct ViaWayRestrictionApplier {
    let net: RoadNetwork
    let incidence: JunctionIncidence

    /// A restriction resolved to directed edges.
    private struct Resolved: Hashable {
        var from: Int32
        var via: [Int32]
        var exits: Set<Int32>
        var isOnly: Bool
    }

    func apply(_ restrictions: [TurnRestriction], to graph: inout EdgeBasedGraph) {
        let viaWay = restrictions.filter { !$0.viaWays.isEmpty }
        guard !viaWay.isEmpty else { return }
        var edgesOfWay: [Int64: [Int]] = [:]
        let wanted = Set(viaWay.flatMap { [$0.fromWay, $0.toWay] + $0.viaWays })
        for e in 0..<net.edgeCount where wanted.contains(net.edgeWay[e]) { edgesOfWay[net.edgeWay[e], default: []].append(e) }
        var resolved: [Resolved] = []
        for r in viaWay { resolved += resolve(r, edgesOfWay, graph) }
        guard !resolved.isEmpty else { return }

        var turns: [[(target: Int32, weight: UInt32, duration: UInt32)]] = (0..<graph.nodeCount).map { n in
            (Int(graph.arcOffset[n])..<Int(graph.arcOffset[n + 1])).map {
                (graph.arcTarget[$0], graph.arcWeight[$0], graph.arcTurnDuration[$0])
            }
        }
        for r in resolved {
            guard let enter = turns[Int(r.from)].firstIndex(where: { $0.target == r.via[0] }) else { continue }
            var copies: [Int32] = []
            for original in r.via {
                copies.append(Int32(graph.nodeWeight.count))
                graph.nodeWeight.append(graph.nodeWeight[Int(original)])
                graph.nodeDuration.append(graph.nodeDuration[Int(original)])
                graph.duplicateOf.append(original)
                turns.append([])
            }
            turns[Int(r.from)][enter].target = copies[0]
            for (i, original) in r.via.enumerated() {
                for t in turns[Int(original)] {
                    if i + 1 < r.via.count {
                        turns[Int(copies[i])].append(t.target == r.via[i + 1] ? (copies[i + 1], t.weight, t.duration) : t)
                    } else if r.isOnly == r.exits.contains(t.target) {
                        turns[Int(copies[i])].append(t)
                    }
                }
            }
        }
        graph.arcOffset = [0]
        graph.arcTarget = []
        graph.arcWeight = []
        graph.arcTurnDuration = []
        for list in turns {
            for t in list {
                graph.arcTarget.append(t.target)
                graph.arcWeight.append(t.weight)
                graph.arcTurnDuration.append(t.duration)
            }
            graph.arcOffset.append(Int32(graph.arcTarget.count))
        }
    }

    private func ends(_ j: Int) -> ArraySlice<Int32> {
        incidence.ends[Int(incidence.offset[j])..<Int(incidence.offset[j + 1])]
    }

    /// Directed edges of `way` touching junction `j`, leaving it.
    private func leaving(_ j: Int, on edges: [Int]) -> [Int32] {
        ends(j).compactMap { end in edges.contains(Int(end >> 1)) ? Int32(end) : nil }
    }

    /// The other junction of directed edge `n` (where it ends).
    private func endJunction(_ n: Int32) -> Int {
        Int(n & 1 == 0 ? net.edgeTo[Int(n >> 1)] : net.edgeFrom[Int(n >> 1)])
    }

    private func resolve(_ r: TurnRestriction, _ edgesOfWay: [Int64: [Int]], _ graph: EdgeBasedGraph) -> [Resolved] {
        guard let fromEdges = edgesOfWay[r.fromWay], let toEdges = edgesOfWay[r.toWay] else { return [] }
        var results: [Resolved] = []
        // Start wherever the from-way meets the first via way.
        let firstVia = edgesOfWay[r.viaWays[0]] ?? []
        let starts = Set(firstVia.flatMap { [Int(net.edgeFrom[$0]), Int(net.edgeTo[$0])] })
        for j0 in starts {
            let arrivals = ends(j0).compactMap { end -> Int32? in
                fromEdges.contains(Int(end >> 1)) ? (end ^ 1) : nil
            }
            guard !arrivals.isEmpty else { continue }
            var path: [Int32] = []
            var at = j0
            var used = Set<Int>()
            var ok = true
            for (k, way) in r.viaWays.enumerated() {
                let edges = edgesOfWay[way] ?? []
                let next = k + 1 < r.viaWays.count ? (edgesOfWay[r.viaWays[k + 1]] ?? []) : toEdges
                var steps = 0
                repeat {
                    guard let n = leaving(at, on: edges).first(where: { !used.contains(Int($0 >> 1)) }) else {
                        ok = steps > 0
                        break
                    }
                    used.insert(Int(n >> 1))
                    path.append(n)
                    at = endJunction(n)
                    steps += 1
                } while leaving(at, on: next).isEmpty
                if !ok { break }
            }
            let exits = Set(leaving(at, on: toEdges))
            guard ok, !path.isEmpty, !exits.isEmpty,
                  path.allSatisfy({ graph.nodeWeight[Int($0)] != EdgeBasedGraph.closed }) else { continue }
            for a in arrivals where graph.nodeWeight[Int(a)] != EdgeBasedGraph.closed {
                results.append(Resolved(from: a, via: path, exits: exits, isOnly: r.isOnly))
            }
        }
        return results
    }
}
