import GemNavCore

/// One maneuver relation as stored in a graph: the directed edges it drives (a run of the
/// `mvpath` section, first edge first) and the turn it overrides.
struct ManeuverOverrideRecord: BitwiseCopyable {
    /// The first directed edge of the run (records are sorted by it).
    var from: Int32
    /// Where the run starts in `mvpath`.
    var pathStart: Int32
    var pathCount: UInt16
    /// Index in the run of the edge leaving the junction where the instruction is given.
    var turn: UInt16
    /// `ManeuverOverrideRecord.types` index plus one; 0 keeps guidance's type.
    var type: UInt8
    /// `ManeuverModifier.allCases` index plus one; 0 keeps guidance's modifier.
    var modifier: UInt8
    /// 1 for `maneuver=suppress`.
    var suppresses: UInt8
    var reserved: UInt8

    static let section = "mvrec", pathSection = "mvpath"
    /// The maneuver types a relation can state.
    static let types: [ManeuverType] = [.turn, .continue, .fork]

    var override: ManeuverOverride {
        ManeuverOverride(type: type == 0 ? nil : Self.types[Int(type) - 1],
                         modifier: modifier == 0 ? nil : ManeuverModifier.allCases[Int(modifier) - 1],
                         suppresses: suppresses != 0)
    }
}

/// The maneuver relations of a graph, looked up along a route's directed edges. Graphs made
/// before maneuver relations were kept have neither section and so no overrides.
struct ManeuverOverrideTable {
    let records: FlatArray<ManeuverOverrideRecord>
    let path: FlatArray<Int32>

    /// Reads the sections (absent: an empty table) and checks every run lies in `mvpath` and
    /// names directed edges of the graph.
    init(sections: [String: UnsafeRawBufferPointer], directedEdges: Int, file: String) throws {
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        records = FlatArray(sections[ManeuverOverrideRecord.section] ?? none)
        path = FlatArray(sections[ManeuverOverrideRecord.pathSection] ?? none)
        for i in 0..<records.count {
            let r = records[i]
            let start = Int(r.pathStart), end = start + Int(r.pathCount)
            guard start >= 0, r.pathCount >= 2, end <= path.count, r.turn >= 1, Int(r.turn) < Int(r.pathCount),
                  path[start] == r.from, (start..<end).allSatisfy({ path[$0] >= 0 && Int(path[$0]) < directedEdges }),
                  Int(r.type) <= ManeuverOverrideRecord.types.count,
                  Int(r.modifier) <= ManeuverModifier.allCases.count, i == 0 || records[i - 1].from <= r.from
            else { throw RoutingError(.dataCorrupt(file, "maneuver relation \(i) does not fit the graph")) }
        }
    }

    /// The overrides a route driving `nodes` (directed edges in order) meets, by the index of
    /// the junction they apply to (junction `k` lies between `nodes[k]` and `nodes[k + 1]`);
    /// several relations naming one turn apply in the order they were stored.
    func overrides(along nodes: [Int32]) -> [Int: ManeuverOverride] {
        guard records.count > 0 else { return [:] }
        var found: [Int: ManeuverOverride] = [:]
        for (i, node) in nodes.enumerated() {
            var r = firstRecord(from: node)
            while r < records.count, records[r].from == node {
                let record = records[r]
                let start = Int(record.pathStart), count = Int(record.pathCount)
                if i + count <= nodes.count, (1..<count).allSatisfy({ path[start + $0] == nodes[i + $0] }) {
                    let junction = i + Int(record.turn) - 1
                    found[junction] = found[junction].map { $0.merged(with: record.override) } ?? record.override
                }
                r += 1
            }
        }
        return found
    }

    /// Index of the first record starting at directed edge `node` (or where it would be).
    private func firstRecord(from node: Int32) -> Int {
        var lo = 0, hi = records.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if records[mid].from < node { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// Lays the map's maneuver relations onto the final road network's directed edges.
enum ManeuverOverrideTableBuilder {
    /// The graph sections for `net.maneuverPaths`; none when no relation fits the network.
    /// A relation is kept when its nodes follow the network's edges and its instruction node
    /// is a junction the path turns at: where the network joined the roads through that node
    /// there is no turn to announce (OSRM's "maneuvers that are redundant for the profile").
    static func sections(_ net: RoadNetwork, incidence: JunctionIncidence) -> [GraphSection] {
        guard !net.maneuverPaths.isEmpty else { return [] }
        let starts = Set(net.maneuverPaths.map { $0.nodes[0] })
        // Where each first node lies: (directed edge, index along it in driving direction).
        var placed: [Int64: [(edge: Int32, index: Int)]] = [:]
        for e in 0..<net.edgeCount {
            let first = Int(net.edgeGeometryOffset[e]), last = Int(net.edgeGeometryOffset[e + 1]) - 1
            for i in first...last where starts.contains(net.geometryOSMId[i]) {
                let id = net.geometryOSMId[i]
                if i < last { placed[id, default: []].append((Int32(e << 1), i - first)) }
                if i > first { placed[id, default: []].append((Int32(e << 1 | 1), last - i)) }
            }
        }
        var resolved: [(record: ManeuverOverrideRecord, edges: [Int32])] = []
        for m in net.maneuverPaths {
            for start in placed[m.nodes[0]] ?? [] {
                guard let (edges, turn) = follow(m, from: start, net, incidence) else { continue }
                resolved.append((record(m.override, turn: turn, count: edges.count), edges))
                break
            }
        }
        guard !resolved.isEmpty else { return [] }
        resolved.sort { $0.edges[0] < $1.edges[0] }
        var records: [ManeuverOverrideRecord] = [], path: [Int32] = []
        for var r in resolved {
            r.record.from = r.edges[0]
            r.record.pathStart = Int32(path.count)
            path += r.edges
            records.append(r.record)
        }
        return [GraphSection(ManeuverOverrideRecord.section, records),
                GraphSection(ManeuverOverrideRecord.pathSection, path)]
    }

    private static func record(_ o: ManeuverOverride, turn: Int, count: Int) -> ManeuverOverrideRecord {
        let type = o.type.flatMap { ManeuverOverrideRecord.types.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0
        let modifier = o.modifier.flatMap { ManeuverModifier.allCases.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0
        return ManeuverOverrideRecord(from: 0, pathStart: 0, pathCount: UInt16(count), turn: UInt16(turn),
                                      type: type, modifier: modifier, suppresses: o.suppresses ? 1 : 0, reserved: 0)
    }

    /// The directed edges along `m.nodes` starting at `start`, and the index of the edge
    /// leaving the instruction junction; nil when the nodes leave the network's edges or the
    /// instruction node is no junction turned at on the way.
    private static func follow(_ m: ManeuverNodePath, from start: (edge: Int32, index: Int), _ net: RoadNetwork,
                               _ incidence: JunctionIncidence) -> ([Int32], Int)? {
        var edges = [start.edge]
        var turn: Int?
        var index = start.index
        var points = geometry(of: start.edge, net)
        for node in m.nodes.dropFirst() {
            if index == points.count - 1 {
                // At the edge's end junction: leave on the edge whose next point is `node`.
                let j = endJunction(of: edges[edges.count - 1], net)
                let leaving = incidence.ends[Int(incidence.offset[j])..<Int(incidence.offset[j + 1])]
                guard let next = leaving.first(where: { geometry(of: $0, net)[1] == node }) else { return nil }
                if net.junctionOSMId[j] == m.instructionNode, turn == nil { turn = edges.count }
                edges.append(next)
                points = geometry(of: next, net)
                index = 1
            } else {
                guard points[index + 1] == node else { return nil }
                index += 1
            }
        }
        guard let turn, edges.count <= Int(UInt16.max) else { return nil }
        return (edges, turn)
    }

    /// OSM node ids of directed edge `n`'s points in driving direction.
    private static func geometry(of n: Int32, _ net: RoadNetwork) -> [Int64] {
        let e = Int(n >> 1)
        let ids = net.geometryOSMId[Int(net.edgeGeometryOffset[e])..<Int(net.edgeGeometryOffset[e + 1])]
        return n & 1 == 0 ? Array(ids) : ids.reversed()
    }

    private static func endJunction(of n: Int32, _ net: RoadNetwork) -> Int {
        Int(n & 1 == 0 ? net.edgeTo[Int(n >> 1)] : net.edgeFrom[Int(n >> 1)])
    }
}
