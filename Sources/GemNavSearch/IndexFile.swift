import Foundation

/// The sections of an index file. Each is a column of unsigned integers packed to the fewest
/// whole bytes that hold its largest value (a byte blob is a column of width 1).
enum SectionID: UInt32, CaseIterable {
    case meta = 1
    case stringBytes, stringStarts
    case tokenBytes, tokenStarts, postingStarts, postings
    case recordLat, recordLon, recordName, recordLocality, addressedRecords, recordStreet, recordHouse
    case recordKind, recordCategory, recordTag, recordImportance, recordOSM, recordTokenStarts, recordTokens
    case recordGeometryStarts, geometryBytes
    case tagKeys, tagValues
    case localityName, localityTokenStarts, localityTokens
    case streetAddressStarts, addressHouse, addressLat, addressLon, addressOSMStarts, addressOSMBytes
    case categoryStarts, categoryRecords
    case streetCellStarts, streetCellRecords, addressCellStarts, addressCellItems
}

/// A read-only view of a packed column inside the mapped file.
///
/// Values are little-endian and `width` bytes wide; every section is followed by eight bytes
/// of padding, so one unaligned 8-byte load plus a mask reads any element.
struct PackedColumn {
    let base: UnsafeRawPointer
    let width: Int
    let count: Int
    private let mask: UInt64

    init(base: UnsafeRawPointer, width: Int, count: Int) {
        self.base = base
        self.width = width
        self.count = count
        mask = width >= 8 ? ~0 : (1 << UInt64(width * 8)) - 1
    }

    @inline(__always) subscript(_ i: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &* width, as: UInt64.self)) & mask
    }

    @inline(__always) func int(_ i: Int) -> Int { Int(truncatingIfNeeded: self[i]) }

    /// The bytes of a width-1 column from `start` to `end`.
    @inline(__always) func bytes(_ start: Int, _ end: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + start, count: end - start)
    }
}

/// Serialises columns into the index file format.
///
/// Layout: a 40-byte header (magic "GNSEARCH", version, section count, payload length,
/// checksum of everything after the header), a directory of 24-byte entries (id, width,
/// count, offset), then the 8-byte aligned sections.
struct IndexFileWriter {
    static let magic: [UInt8] = Array("GNSEARCH".utf8)
    static let version: UInt32 = 1
    static let headerSize = 40

    private var sections: [(id: SectionID, width: Int, count: Int, bytes: [UInt8])] = []

    /// Adds a column of integers, packed to the width its largest value needs.
    mutating func column(_ id: SectionID, _ values: [UInt64]) {
        let top = values.max() ?? 0
        let width = max(1, (64 - top.leadingZeroBitCount + 7) / 8)
        var bytes = [UInt8](repeating: 0, count: values.count * width)
        for (i, v) in values.enumerated() {
            var x = v
            for b in 0..<width {
                bytes[i * width + b] = UInt8(truncatingIfNeeded: x)
                x >>= 8
            }
        }
        sections.append((id, width, values.count, bytes))
    }

    /// Adds a column of non-negative Ints.
    mutating func column(_ id: SectionID, _ values: [Int]) {
        column(id, values.map { UInt64($0) })
    }

    /// Adds raw bytes.
    mutating func blob(_ id: SectionID, _ bytes: [UInt8]) {
        sections.append((id, 1, bytes.count, bytes))
    }

    /// The whole file.
    func encoded() -> Data {
        let directorySize = sections.count * 24
        var offset = Self.headerSize + directorySize
        var body = [UInt8]()
        var directory = [UInt8]()
        func put<T: FixedWidthInteger>(_ v: T, into out: inout [UInt8]) {
            withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
        }
        for s in sections {
            offset = (offset + 7) & ~7
            put(s.id.rawValue, into: &directory)
            put(UInt32(s.width), into: &directory)
            put(UInt64(s.count), into: &directory)
            put(UInt64(offset), into: &directory)
            let start = offset - Self.headerSize - directorySize
            body.append(contentsOf: repeatElement(0, count: start - body.count))
            body.append(contentsOf: s.bytes)
            body.append(contentsOf: repeatElement(0, count: 8))
            offset = Self.headerSize + directorySize + body.count
        }
        let payload = directory + body
        var file = Self.magic
        put(Self.version, into: &file)
        put(UInt32(sections.count), into: &file)
        put(UInt64(payload.count), into: &file)
        payload.withUnsafeBytes { put(IndexChecksum.of($0), into: &file) }
        put(UInt64(0), into: &file)
        file.append(contentsOf: payload)
        return Data(file)
    }
}

/// A fast 64-bit checksum over 8-byte words; it guards against truncation and bit rot,
/// not against tampering, and keeps load time in the low milliseconds.
enum IndexChecksum {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        let words = bytes.count / 8
        for i in 0..<words {
            let w = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
            h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }
        for i in (words * 8)..<bytes.count {
            h = (h ^ UInt64(bytes[i])) &* 0xC4CE_B9FE_1A85_EC53
        }
        return h
    }
}

/// The mapped file and its directory.
struct IndexFileReader {
    let data: Data
    let base: UnsafeRawPointer
    private(set) var sections: [SectionID: PackedColumn] = [:]

    /// Maps and validates the file at `url`.
    init(contentsOf url: URL) throws {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SearchError(.indexMissing, url: url)
        }
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw SearchError(.io(reason: error.localizedDescription), url: url)
        }
        // `data` is immutable and memory-mapped, so its bytes stay put while it is alive:
        // keeping the base pointer avoids a closure per lookup on the query path.
        base = data.withUnsafeBytes { $0.baseAddress ?? UnsafeRawPointer(bitPattern: 8)! }
        let size = data.count
        func corrupt(_ reason: String) -> SearchError { SearchError(.indexCorrupt(reason: reason), url: url) }
        guard size >= IndexFileWriter.headerSize,
              Array(UnsafeRawBufferPointer(start: base, count: 8)) == IndexFileWriter.magic
        else { throw corrupt("not a GemNav search index") }
        func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        let version = u32(8)
        guard version == IndexFileWriter.version else {
            throw SearchError(.unsupportedVersion(found: version, expected: IndexFileWriter.version), url: url)
        }
        let count = Int(u32(12))
        let payload = Int(u64(16))
        guard payload == size - IndexFileWriter.headerSize else { throw corrupt("the file is cut short") }
        let payloadBytes = UnsafeRawBufferPointer(start: base + IndexFileWriter.headerSize, count: payload)
        guard IndexChecksum.of(payloadBytes) == u64(24) else { throw SearchError(.checksumMismatch, url: url) }
        for i in 0..<count {
            let entry = IndexFileWriter.headerSize + i * 24
            guard entry + 24 <= size else { throw corrupt("directory overruns the file") }
            let width = Int(u32(entry + 4)), n = Int(u64(entry + 8)), offset = Int(u64(entry + 16))
            guard let id = SectionID(rawValue: u32(entry)), (1...8).contains(width),
                  offset + n * width + 8 <= size
            else { throw corrupt("bad directory entry \(i)") }
            sections[id] = PackedColumn(base: base + offset, width: width, count: n)
        }
        for id in SectionID.allCases where sections[id] == nil {
            throw corrupt("section \(id) is missing")
        }
    }

    /// The column for `id`; every section was checked to exist at load.
    subscript(_ id: SectionID) -> PackedColumn { sections[id]! }
}
