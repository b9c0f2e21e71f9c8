/// Roads that join the same two junctions, as OSRM's graph compression leaves them. OSRM
/// removes a node where a road merely passes through, but not when that would give two edges
/// between the same pair of nodes (`GraphCompressor`: `FindEdgeInEitherDirection(u, w)`). It
/// removes nodes in the order of their OSM ids, so of two such roads the one whose last
/// pass-through node has the lower id becomes one edge; the other keeps that last node as a
/// junction, and its perceived bearing at either end is taken only as far as that node.
/// (Porto's A 43 and the slip road beside it that rejoins it: OSRM measures the slip road's
/// bearing on its first 50 m, 149° where the whole road would give 127°, and tells the merge
/// as "slight right".)
extension RoadNetwork {
    /// For each edge OSRM would keep split: the geometry index (into `geometryLat`) of the
    /// node it keeps.
    func parallelRoadCuts() -> [Int: Int] {
        var byEnds: [Int64: [Int]] = [:]
        for e in 0..<edgeCount where edgeFrom[e] != edgeTo[e] {
            let a = Int64(Swift.min(edgeFrom[e], edgeTo[e])), b = Int64(Swift.max(edgeFrom[e], edgeTo[e]))
            byEnds[a << 32 | b, default: []].append(e)
        }
        var cuts: [Int: Int] = [:]
        for edges in byEnds.values where edges.count > 1 {
            // Each road's last pass-through node (highest OSM id) and where it lies; a road
            // without one is a single OSM segment, an edge from the start.
            let last = edges.map { e -> (edge: Int, id: Int64, index: Int?) in
                let interior = (Int(edgeGeometryOffset[e]) + 1)..<(Int(edgeGeometryOffset[e + 1]) - 1)
                guard let index = interior.max(by: { geometryOSMId[$0] < geometryOSMId[$1] }) else {
                    return (e, Int64.min, nil)
                }
                return (e, geometryOSMId[index], index)
            }.sorted { $0.id < $1.id }
            for road in last.dropFirst() {
                if let index = road.index { cuts[road.edge] = index }
            }
        }
        return cuts
    }
}
