import CZlib
import Foundation

/// The container GemNav stores a routing graph in: a header (magic, format version, CRC-32
/// of the payload), a table of named sections, then the sections, each 8-byte aligned.
/// Sections hold flat arrays of fixed-size values so they can be used straight from memory.
enum GraphFile {
    static let magic = Array("GEMNAVRG".utf8)
    /// Bumped whenever the layout or meaning of any section changes.
    static let formatVersion: UInt32 = 2
    static let fileName = "graph.gemnav"

    /// Serialises sections into one blob.
    static func encode(_ sections: [(String, Data)]) -> Data {
        let headerSize = 8 + 4 + 4 + 4 + 4
        let tableSize = sections.count * (8 + 8 + 8)
        var offset = align(headerSize + tableSize)
        var table = Data()
        var payload = Data()
        payload.append(Data(count: offset - headerSize - tableSize))
        for (tag, data) in sections {
            var name = Array(tag.utf8.prefix(8))
            name += Array(repeating: 0, count: 8 - name.count)
            table.append(contentsOf: name)
            table.append(le(UInt64(offset)))
            table.append(le(UInt64(data.count)))
            payload.append(data)
            let padded = align(data.count)
            payload.append(Data(count: padded - data.count))
            offset += padded
        }
        var body = table + payload
        let crc = body.withUnsafeBytes { UInt32(crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count))) }
        var out = Data(magic)
        out.append(le(formatVersion))
        out.append(le(UInt32(sections.count)))
        out.append(le(crc))
        out.append(le(UInt32(0)))
        out.append(body)
        body.removeAll()
        return out
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

    /// Writes atomically: to a temporary file beside `url`, renamed when complete, so an
    /// interrupted import never leaves half a graph behind.
    static func write(_ data: Data, to url: URL) throws {
        let tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            try data.write(to: tmp)
            guard rename(tmp.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw RoutingError(.writeFailed(url.path, error.localizedDescription))
        }
    }

    private static func align(_ n: Int) -> Int { (n + 7) & ~7 }

    private static func le<T: FixedWidthInteger>(_ v: T) -> Data {
        withUnsafeBytes(of: v.littleEndian) { Data($0) }
    }
}

extension Array where Element: BitwiseCopyable {
    /// The array's raw bytes, for a graph section.
    var sectionData: Data { withUnsafeBytes { Data($0) } }
}
