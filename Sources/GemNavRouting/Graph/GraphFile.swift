import CZlib
import Foundation

/// The container GemNav stores a routing graph in: a header (magic, format version, CRC-32
/// of the payload), a table of named sections, then the sections, each 8-byte aligned.
/// Sections hold flat arrays of fixed-size values so they can be used straight from memory.
enum GraphFile {
    static let magic = Array("GEMNAVRG".utf8)
    /// Bumped whenever the layout or meaning of any section changes, and when import rules
    /// change what a graph holds (7: OSRM's car access, barrier, limit and penalty rules;
    /// 8: the oncoming-traffic turn penalty; 14: OSRM's U-turn rules, turning places kept as
    /// junctions and refs spelled as its profile spells them; 15: divided roads merged whatever
    /// their lane counts; 16: bearings taken past signals and signs, turn costs by perceived
    /// bearings; 17: crossing pieces judged on OSRM's Mercator angles; 18: roads tagged as
    /// roundabouts kept apart from the ring kind; 19: no speed from maxspeed alone; 20: only
    /// oneway=no lifts an implied oneway; 21: bearings and crossing pieces taken through every
    /// node OSRM compresses; 22: a turn between a divided road's carriageways pays the
    /// U-turn penalty, a road's two directions are one component, turns weigh whole tenths
    /// of a second; 23: bearings of roads joining the same two junctions measured as OSRM's
    /// compression leaves them; 24: bearings taken on past a change of speed or lane count),
    /// so a cached graph is rebuilt rather than routed with the old rules.
    static let formatVersion: UInt32 = 24
    static let fileName = "graph.gemnav"

    /// Writes sections to `url` atomically: streamed to a temporary file beside it (no copy
    /// of the graph is assembled in memory), checksummed on the way, then renamed into place,
    /// so an interrupted import never leaves half a graph behind.
    static func write(_ sections: [GraphSection], to url: URL) throws {
        let tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            guard FileManager.default.createFile(atPath: tmp.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            let handle = try FileHandle(forWritingTo: tmp)
            defer { try? handle.close() }
            let headerSize = 24
            var offset = align(headerSize + sections.count * 24)
            var table = Data()
            for section in sections {
                var name = Array(section.tag.utf8.prefix(8))
                name += Array(repeating: 0, count: 8 - name.count)
                table.append(contentsOf: name)
                table.append(le(UInt64(offset)))
                table.append(le(UInt64(section.byteCount)))
                offset += align(section.byteCount)
            }
            table.append(Data(count: align(headerSize + table.count) - headerSize - table.count))
            var crc = table.withUnsafeBytes { checksum(0, $0) }
            try handle.write(contentsOf: header(sections.count, crc: 0))
            try handle.write(contentsOf: table)
            for section in sections {
                try section.withBytes { bytes in
                    crc = checksum(crc, bytes)
                    try handle.write(contentsOf: bytes)
                    let padding = Data(count: align(bytes.count) - bytes.count)
                    crc = padding.withUnsafeBytes { checksum(crc, $0) }
                    try handle.write(contentsOf: padding)
                }
            }
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: header(sections.count, crc: crc))
            try handle.synchronize()
            guard rename(tmp.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw RoutingError(.writeFailed(url.path, error.localizedDescription))
        }
    }

    private static func header(_ count: Int, crc: UInt32) -> Data {
        var out = Data(magic)
        out.append(le(formatVersion))
        out.append(le(UInt32(count)))
        out.append(le(crc))
        out.append(le(UInt32(0)))
        return out
    }

    private static func checksum(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(crc32(uLong(crc), bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), uInt(bytes.count)))
    }

    /// Checks the header and checksum and returns the sections by tag.
    static func decode(_ bytes: UnsafeRawBufferPointer, path: String) throws -> [String: UnsafeRawBufferPointer] {
        guard bytes.count >= 24, Array(bytes[0..<8]) == magic else {
            throw RoutingError(.dataCorrupt(path, "it is not a GemNav routing graph"))
        }
        let version = bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
        guard version == formatVersion else {
            throw RoutingError(.dataVersion(path, found: Int(version), expected: Int(formatVersion)))
        }
        let count = Int(bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        let stored = bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
        let body = UnsafeRawBufferPointer(rebasing: bytes[24...])
        let crc = UInt32(crc32(0, body.baseAddress?.assumingMemoryBound(to: UInt8.self), uInt(body.count)))
        guard crc == stored else { throw RoutingError(.dataCorrupt(path, "its checksum does not match")) }
        guard 24 + count * 24 <= bytes.count else { throw RoutingError(.dataCorrupt(path, "its section table is cut off")) }
        var sections: [String: UnsafeRawBufferPointer] = [:]
        for i in 0..<count {
            let at = 24 + i * 24
            let name = String(decoding: bytes[at..<at + 8].prefix { $0 != 0 }, as: UTF8.self)
            let offset = Int(bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))
            let length = Int(bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self))
            guard offset >= 0, length >= 0, offset + length <= bytes.count else {
                throw RoutingError(.dataCorrupt(path, "section \(name) lies outside the file"))
            }
            sections[name] = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
        }
        return sections
    }

    private static func align(_ n: Int) -> Int { (n + 7) & ~7 }

    private static func le<T: FixedWidthInteger>(_ v: T) -> Data {
        withUnsafeBytes(of: v.littleEndian) { Data($0) }
    }
}

/// One named section of a graph file: a flat array written as it lies in memory.
struct GraphSection {
    let tag: String
    let byteCount: Int
    let withBytes: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void

    init<T: BitwiseCopyable>(_ tag: String, _ array: [T]) {
        self.tag = tag
        byteCount = array.count * MemoryLayout<T>.stride
        withBytes = { body in try array.withUnsafeBytes(body) }
    }

    init(_ tag: String, _ data: Data) {
        self.tag = tag
        byteCount = data.count
        withBytes = { body in try data.withUnsafeBytes(body) }
    }
}
