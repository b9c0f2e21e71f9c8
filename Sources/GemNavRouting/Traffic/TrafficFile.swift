import Foundation

/// The installed overlay beside a graph (`traffic.gemnav`): the changed directed edges with
/// their weights and durations, the summary, and the fingerprint of the graph they were
/// computed for. Written to a temporary file and renamed, so a reader sees the old overlay or
/// the new one, never half of one; no file means the base speeds.
public enum TrafficFile {
    /// The overlay's file name inside a graph directory.
    public static let fileName = "traffic.gemnav"
    static let magic = Array("GEMNAVTF".utf8)
    static let version: UInt32 = 1

    /// Installs `overlay` into `directory` (replacing any previous one).
    public static func install(_ overlay: TrafficOverlay, into directory: URL) throws {
        let url = directory.appendingPathComponent(fileName)
        var data = Data(magic)
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        put(version)
        put(overlay.graphFingerprint)
        let s = overlay.summary
        for v in [s.lines, s.segments, s.matchedSegments, s.unknownSegments, s.changedEdges, s.closedEdges] { put(UInt64(v)) }
        put(UInt64(overlay.changes.count))
        for c in overlay.changes {
            put(c.node)
            put(c.weight)
            put(c.duration)
        }
        let tmp = directory.appendingPathComponent(".\(fileName).\(getpid()).tmp")
        do {
            try data.write(to: tmp)
            guard rename(tmp.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw TrafficError(.unreadable(url.path, error.localizedDescription))
        }
        // The previous overlay's hierarchy is useless now (and ignored by `load`).
        try removeHierarchy(in: directory)
    }

    private static func removeHierarchy(in directory: URL) throws {
        let url = directory.appendingPathComponent(TrafficHierarchy.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do { try FileManager.default.removeItem(at: url) } catch {
            throw TrafficError(.unreadable(url.path, error.localizedDescription))
        }
    }

    /// Removes the installed overlay, if any: routes use the base speeds again.
    /// - Returns: whether there was one.
    @discardableResult
    public static func clear(in directory: URL) throws -> Bool {
        let url = directory.appendingPathComponent(fileName)
        try removeHierarchy(in: directory)
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        do { try FileManager.default.removeItem(at: url) } catch {
            throw TrafficError(.unreadable(url.path, error.localizedDescription))
        }
        return true
    }

    /// The overlay installed in `directory` for `graph`, or nil when there is none; with the
    /// hierarchy stored for it (`gemnav traffic` contracts one), if any, ready for queries.
    /// - Throws: `TrafficError` when either is damaged or the overlay was made for another import.
    public static func load(from directory: URL, graph: RoutingGraph) throws -> TrafficOverlay? {
        guard let overlay = try loadOverlay(from: directory, graph: graph) else { return nil }
        overlay.hierarchy = try TrafficHierarchy.load(from: directory, graph: graph, overlay: overlay)
        return overlay
    }

    private static func loadOverlay(from directory: URL, graph: RoutingGraph) throws -> TrafficOverlay? {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw TrafficError(.unreadable(url.path, error.localizedDescription))
        }
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> TrafficOverlay in
            func damaged(_ why: String) -> TrafficError { TrafficError(.damagedOverlay(url.path, why)) }
            let header = 8 + 4 + 4 + 7 * 8
            guard raw.count >= header, Array(raw[0..<8]) == magic else { throw damaged("it is not a GemNav traffic overlay") }
            guard raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self) == version else { throw damaged("unknown version") }
            guard raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self) == graph.trafficFingerprint else {
                throw TrafficError(.staleOverlay(url.path))
            }
            let v = (0..<7).map { Int(raw.loadUnaligned(fromByteOffset: 16 + 8 * $0, as: UInt64.self)) }
            let count = v[6]
            guard count >= 0, raw.count == header + count * 12 else { throw damaged("its length does not match its count") }
            var changes: [TrafficChange] = []
            changes.reserveCapacity(count)
            for i in 0..<count {
                let at = header + i * 12
                let node = raw.loadUnaligned(fromByteOffset: at, as: Int32.self)
                guard node >= 0, Int(node) < 2 * graph.edgeCount else { throw damaged("edge \(node) is not in the graph") }
                changes.append(TrafficChange(node: node, weight: raw.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self),
                                             duration: raw.loadUnaligned(fromByteOffset: at + 8, as: UInt32.self)))
            }
            let summary = TrafficSummary(lines: v[0], segments: v[1], matchedSegments: v[2], unknownSegments: v[3],
                                         changedEdges: v[4], closedEdges: v[5])
            return TrafficOverlay(changes: changes, summary: summary, graph: graph)
        }
    }
}
