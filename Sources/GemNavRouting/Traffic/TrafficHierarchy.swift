import Foundation

/// Memory holding one array of a graph built at run time (a loaded graph's arrays live in
/// its mapped file), freed with the graph.
final class ArrayStorage: @unchecked Sendable {
    private let raw: UnsafeMutableRawBufferPointer
    private let byteCount: Int

    init<T: BitwiseCopyable>(_ array: [T]) {
        byteCount = array.count * MemoryLayout<T>.stride
        raw = .allocate(byteCount: max(8, byteCount), alignment: 8)
        array.withUnsafeBytes { raw.copyMemory(from: $0) }
    }

    deinit { raw.deallocate() }

    /// The array, to be read only while this storage lives.
    func flat<T>() -> FlatArray<T> { FlatArray(UnsafeRawBufferPointer(rebasing: raw[0..<byteCount])) }
}

/// The arrays that make a metric of its own: node and arc weights and durations, and the
/// hierarchy contracted for them. `storage` keeps those not in a mapped file alive.
struct MetricArrays {
    var nodeWeight: FlatArray<UInt32>, nodeDuration: FlatArray<UInt32>
    var arcOffset: FlatArray<Int32>, arcTarget: FlatArray<Int32>
    var arcWeight: FlatArray<UInt32>, arcTurnDuration: FlatArray<UInt32>
    var searchID: FlatArray<Int32>, directedEdgeOf: FlatArray<Int32>
    var upOffset: FlatArray<Int32>, up: FlatArray<HierarchyArc>
    var downOffset: FlatArray<Int32>, down: FlatArray<HierarchyArc>
    var upRestrictions: FlatArray<UInt32>, downRestrictions: FlatArray<UInt32>
    var storage: [AnyObject]
}

/// A contraction hierarchy rebuilt for one traffic overlay's weights, with an engine that
/// answers routes, alternatives and tables on it by the plain hierarchy queries: exact, and
/// as fast as without traffic. Everything but the weights, the turn arcs and the hierarchy
/// is the base graph's memory, shared.
///
/// Restriction bits (avoid options, truck limit thresholds) are computed from the graph
/// exactly as import computes them, and the graph keeps the base's limits, so avoid options
/// and a truck's limits are answered on it exactly as on the base (see docs/routing.md,
/// Live traffic).
public final class TrafficHierarchy: @unchecked Sendable {
    /// Which node order the contraction follows.
    public enum Order: String, Sendable {
        /// The import's order, kept: no priorities to simulate, so the contraction takes a
        /// fraction of import's, at the price of some more shortcuts where traffic changed
        /// which roads matter.
        case imported
        /// A fresh order found for the new weights, as import finds one.
        case fresh
    }

    /// The engine on the overlay's weights and this hierarchy.
    let engine: RoutingEngine
    /// The overlay this hierarchy was contracted for: its graph's fingerprint and its checksum.
    let graphFingerprint: UInt32, overlayChecksum: UInt32

    /// Number of hierarchy arcs, up and down (import reports the same count for the base).
    public var arcCount: Int { engine.graph.up.count + engine.graph.down.count }

    init(engine: RoutingEngine, for overlay: TrafficOverlay) {
        self.engine = engine
        graphFingerprint = overlay.graphFingerprint
        overlayChecksum = overlay.checksum
    }

    /// Contracts `graph`'s turn graph under `overlay`'s weights, or returns nil as soon as
    /// `cancelled` says so (a newer overlay made the work useless).
    /// - Parameter order: `.imported` keeps the import's order (the default, see docs/routing.md).
    static func contract(_ overlay: TrafficOverlay, on graph: RoutingGraph, order: Order = .imported,
                         cancelled: () -> Bool = { false }) -> TrafficHierarchy?
    {
        let turns = graph.turnGraph(under: overlay)
        let hierarchy: Hierarchy? = {
            // The contractor's working graph is freed as soon as the hierarchy is flat.
            var contractor = Contractor(turns, restrictions: graph.restrictionBits())
            switch order {
            case .imported:
                let imported = (0..<graph.directedEdgeCount).map { graph.directedEdgeOf[$0] }
                return contractor.run(order: imported, progress: { _ in }, cancelled: cancelled)
            case .fresh:
                return contractor.run(progress: { _ in }, cancelled: cancelled)
            }
        }()
        guard let hierarchy else { return nil }
        let stored = [hierarchy.searchID, hierarchy.directedEdge, hierarchy.upOffset, hierarchy.downOffset].map(ArrayStorage.init)
        let arcs = [hierarchy.up, hierarchy.down].map(ArrayStorage.init)
        let bits = [hierarchy.upRestrictions, hierarchy.downRestrictions].map(ArrayStorage.init)
        return TrafficHierarchy(graph, turns: turns, overlay: overlay, hierarchy: MetricHierarchyArrays(
            searchID: stored[0].flat(), directedEdgeOf: stored[1].flat(), upOffset: stored[2].flat(), up: arcs[0].flat(),
            downOffset: stored[3].flat(), down: arcs[1].flat(), upRestrictions: bits[0].flat(), downRestrictions: bits[1].flat(),
            storage: stored + arcs + bits))
    }

    /// The engine for `graph` with `turns` (its turn graph under `overlay`) and a hierarchy
    /// contracted for them.
    convenience init(_ graph: RoutingGraph, turns: EdgeBasedGraph, overlay: TrafficOverlay, hierarchy h: MetricHierarchyArrays) {
        let nodes = [overlay.weight, overlay.duration, turns.arcWeight, turns.arcTurnDuration].map(ArrayStorage.init)
        let csr = [turns.arcOffset, turns.arcTarget].map(ArrayStorage.init)
        let metric = MetricArrays(
            nodeWeight: nodes[0].flat(), nodeDuration: nodes[1].flat(), arcOffset: csr[0].flat(), arcTarget: csr[1].flat(),
            arcWeight: nodes[2].flat(), arcTurnDuration: nodes[3].flat(), searchID: h.searchID, directedEdgeOf: h.directedEdgeOf,
            upOffset: h.upOffset, up: h.up, downOffset: h.downOffset, down: h.down,
            upRestrictions: h.upRestrictions, downRestrictions: h.downRestrictions, storage: nodes + csr + h.storage)
        self.init(engine: RoutingEngine(graph: RoutingGraph(graph, metric: metric)), for: overlay)
    }
}

/// The hierarchy part of `MetricArrays`, contracted or read from a file.
struct MetricHierarchyArrays {
    var searchID: FlatArray<Int32>, directedEdgeOf: FlatArray<Int32>
    var upOffset: FlatArray<Int32>, up: FlatArray<HierarchyArc>
    var downOffset: FlatArray<Int32>, down: FlatArray<HierarchyArc>
    var upRestrictions: FlatArray<UInt32>, downRestrictions: FlatArray<UInt32>
    var storage: [AnyObject]
}

extension RoutingGraph {
    /// The turn graph under `overlay`'s weights, as import would have built it with those
    /// speeds: each turn weighs its source edge's new weight plus its turn cost, durations
    /// likewise, and turns into or out of an edge the overlay closes are gone.
    func turnGraph(under overlay: TrafficOverlay) -> EdgeBasedGraph {
        var g = EdgeBasedGraph()
        let n = directedEdgeCount
        g.nodeWeight = overlay.weight
        g.nodeDuration = overlay.duration
        g.duplicateOf = (0..<duplicateOf.count).map { duplicateOf[$0] }
        g.arcOffset.reserveCapacity(n + 1)
        g.arcTarget.reserveCapacity(arcTarget.count)
        g.arcWeight.reserveCapacity(arcTarget.count)
        g.arcTurnDuration.reserveCapacity(arcTarget.count)
        for u in 0..<n {
            let weight = overlay.weight[u]
            if weight != EdgeBasedGraph.closed {
                let base = Int64(nodeWeight[u])
                for i in Int(arcOffset[u])..<Int(arcOffset[u + 1]) {
                    let v = arcTarget[i]
                    guard overlay.weight[Int(v)] != EdgeBasedGraph.closed else { continue }
                    g.arcTarget.append(v)
                    // The turn's own cost is what the base arc weighs beyond its source edge.
                    g.arcWeight.append(UInt32(min(max(0, Int64(weight) + Int64(arcWeight[i]) - base), 4_000_000_000)))
                    g.arcTurnDuration.append(arcTurnDuration[i])
                }
            }
            g.arcOffset.append(Int32(g.arcTarget.count))
        }
        return g
    }

    /// Each directed edge's restriction bits as import computes them (`GraphImporter.restrictionBits`):
    /// the avoidable road kinds and, on a truck graph, its limits' thresholds; empty when no
    /// edge has any.
    func restrictionBits() -> [UInt32] {
        var limited: [Int32: UInt32] = [:]
        for i in 0..<edgeLimits.count { limited[edgeLimits[i].edge] = limitBits.bits(of: edgeLimits[i]) }
        let kinds = EdgeFlags.toll | EdgeFlags.motorway | EdgeFlags.ferry
        var bits = [UInt32](repeating: 0, count: directedEdgeCount)
        var any = false
        for n in 0..<directedEdgeCount {
            let directed = original(Int32(n))
            bits[n] = UInt32(edgeFlags[Int(directed >> 1)] & kinds) | (limited[directed] ?? 0)
            any = any || bits[n] != 0
        }
        return any ? bits : []
    }
}

extension TrafficHierarchy {
    /// The stored hierarchy's file name inside a graph directory, beside `TrafficFile.fileName`.
    public static let fileName = "traffic-hierarchy.gemnav"

    /// Stores the hierarchy beside the overlay in `directory`, in the graph file's container
    /// (checksummed, written to a temporary file and renamed), so later processes on the
    /// directory map it instead of contracting again. It names the overlay it was contracted
    /// for; `TrafficFile.load` ignores it under any other.
    public func write(into directory: URL) throws {
        let g = engine.graph
        func array<T>(_ a: FlatArray<T>) -> [T] { (0..<a.count).map { a[$0] } }
        let head: [UInt32] = [graphFingerprint, overlayChecksum]
        try GraphFile.write([
            GraphSection("thead", head),
            GraphSection("chid", array(g.searchID)), GraphSection("chedge", array(g.directedEdgeOf)),
            GraphSection("upoff", array(g.upOffset)), GraphSection("up", array(g.up)),
            GraphSection("upres", array(g.upRestrictions)),
            GraphSection("dnoff", array(g.downOffset)), GraphSection("dn", array(g.down)),
            GraphSection("dnres", array(g.downRestrictions)),
        ], to: directory.appendingPathComponent(Self.fileName))
    }

    /// The hierarchy stored in `directory` for `overlay` on `graph`, or nil when there is none
    /// or it was contracted for another overlay (one replaced since, or still being contracted).
    /// - Throws: `TrafficError.damagedOverlay` when the file is damaged.
    static func load(from directory: URL, graph: RoutingGraph, overlay: TrafficOverlay) throws -> TrafficHierarchy? {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        func damaged(_ why: String) -> TrafficError { TrafficError(.damagedOverlay(url.path, why)) }
        let file: MappedFile, s: [String: UnsafeRawBufferPointer]
        do {
            file = try MappedFile(url: url)
            s = try GraphFile.decode(file.bytes, path: url.path)
        } catch {
            throw damaged("\(error)")
        }
        func section<T>(_ tag: String) throws -> FlatArray<T> {
            guard let b = s[tag] else { throw damaged("section \(tag) is missing") }
            return FlatArray(b)
        }
        let head: FlatArray<UInt32> = try section("thead")
        guard head.count == 2 else { throw damaged("its header is cut off") }
        guard head[0] == overlay.graphFingerprint, head[1] == overlay.checksum else { return nil }
        let h = MetricHierarchyArrays(
            searchID: try section("chid"), directedEdgeOf: try section("chedge"), upOffset: try section("upoff"),
            up: try section("up"), downOffset: try section("dnoff"), down: try section("dn"),
            upRestrictions: try section("upres"), downRestrictions: try section("dnres"), storage: [file])
        let n = graph.directedEdgeCount
        guard h.searchID.count == n, h.directedEdgeOf.count == n, h.upOffset.count == n + 1, h.downOffset.count == n + 1,
              Int(h.upOffset[n]) == h.up.count, Int(h.downOffset[n]) == h.down.count,
              h.upRestrictions.count + h.downRestrictions.count == 0
                || (h.upRestrictions.count == h.up.count && h.downRestrictions.count == h.down.count)
        else { throw damaged("its sections disagree in size with the graph") }
        return TrafficHierarchy(graph, turns: graph.turnGraph(under: overlay), overlay: overlay, hierarchy: h)
    }
}
