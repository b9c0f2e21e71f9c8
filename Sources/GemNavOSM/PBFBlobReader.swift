import CZlib
import Foundation

/// Reads the blob framing of an `.osm.pbf` file one blob at a time.
///
/// Each blob is `[4-byte big-endian BlobHeader length][BlobHeader][Blob]`. Only the current
/// blob is held in memory, and inflated payloads go into one reused buffer, so memory stays
/// bounded by the largest blob (32 MiB by the format's rules) whatever the file size.
struct PBFBlobReader {
    /// One framed blob: its type and the still-compressed `Blob` message.
    struct Blob {
        var type: String
        var data: Data
        /// Byte offset of the blob's length prefix.
        var offset: Int
        /// 0 for the first blob (the header).
        var index: Int
    }

    // The limits the PBF format sets; larger claims mean corruption, and honouring them
    // would let a few flipped bits allocate gigabytes.
    static let maxHeaderSize = 64 * 1024
    static let maxBlobSize = 32 * 1024 * 1024

    let fileName: String
    let fileSize: Int
    private let handle: FileHandle
    /// Bytes consumed so far (the offset of the next blob).
    private(set) var offset = 0
    private var nextIndex = 0
    private var inflated: [UInt8] = []

    init(handle: FileHandle, fileName: String, fileSize: Int) {
        self.handle = handle
        self.fileName = fileName
        self.fileSize = fileSize
    }

    /// The next blob, or nil at a clean end of file.
    mutating func next() throws -> Blob? {
        let start = offset
        let index = nextIndex
        let prefix = try read(4, what: "blob length", at: start, index: index, allowEnd: true)
        guard prefix.count == 4 else { return nil }
        let headerSize = prefix.reduce(0) { $0 << 8 | Int($1) }
        guard headerSize > 0, headerSize <= Self.maxHeaderSize else {
            throw error(.malformedProtobuf("blob header size \(headerSize) is outside 1…65536"), start, index)
        }
        let headerData = try read(headerSize, what: "blob header", at: start, index: index)
        var type = ""
        var dataSize = -1
        do {
            try headerData.withUnsafeBytes { raw in
                var header = WireReader(raw)
                while let (number, wire) = try header.field() {
                    switch (number, wire) {
                    case (1, .lengthDelimited): type = try header.string()
                    case (3, .varint): dataSize = Int(truncatingIfNeeded: try header.int64())
                    default: try header.skip(wire)
                    }
                }
            }
        } catch let wire as WireError {
            throw error(.malformedProtobuf("blob header: \(wire.message)"), start, index)
        }
        guard dataSize >= 0, dataSize <= Self.maxBlobSize else {
            throw error(.malformedProtobuf("blob size \(dataSize) is outside 0…32 MiB"), start, index)
        }
        let data = try read(dataSize, what: "blob", at: start, index: index)
        nextIndex += 1
        return Blob(type: type, data: data, offset: start, index: index)
    }

    /// Calls `body` with the blob's uncompressed payload. A `WireError` thrown by `body` is
    /// reported as a malformed-protobuf error located at the blob; other errors pass unchanged.
    mutating func withPayload<R>(of blob: Blob, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        do {
            return try withRawPayload(of: blob, body)
        } catch let wire as WireError {
            throw error(.malformedProtobuf("\(blob.type) block: \(wire.message)"), blob.offset, blob.index)
        }
    }

    private mutating func withRawPayload<R>(of blob: Blob, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        var rawRange: Range<Int>?
        var zlibRange: Range<Int>?
        var rawSize = -1
        var unsupported: String?
        do {
            try blob.data.withUnsafeBytes { bytes in
                var message = WireReader(bytes)
                while let (number, wire) = try message.field() {
                    switch (number, wire) {
                    case (1, .lengthDelimited): rawRange = try message.lengthDelimited()
                    case (2, .varint): rawSize = Int(truncatingIfNeeded: try message.int64())
                    case (3, .lengthDelimited): zlibRange = try message.lengthDelimited()
                    default:
                        switch number {
                        case 4: unsupported = "LZMA"
                        case 5: unsupported = "bzip2"
                        case 6: unsupported = "LZ4"
                        case 7: unsupported = "Zstandard"
                        default: break
                        }
                        try message.skip(wire)
                    }
                }
            }
        } catch let wire as WireError {
            throw error(.malformedProtobuf("blob: \(wire.message)"), blob.offset, blob.index)
        }
        if let rawRange {
            return try blob.data.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[rawRange])) }
        }
        guard let zlibRange else {
            throw error(unsupported.map { .unsupportedCompression($0) }
                ?? .malformedProtobuf("blob has no data"), blob.offset, blob.index)
        }
        guard rawSize >= 0, rawSize <= Self.maxBlobSize else {
            throw error(.malformedProtobuf("raw_size \(rawSize) is outside 0…32 MiB"), blob.offset, blob.index)
        }
        if inflated.count < rawSize { inflated = [UInt8](repeating: 0, count: rawSize) }
        var produced = uLongf(rawSize)
        let status = blob.data.withUnsafeBytes { source in
            inflated.withUnsafeMutableBytes { target in
                let input = UnsafeRawBufferPointer(rebasing: source[zlibRange])
                return uncompress(target.baseAddress?.assumingMemoryBound(to: Bytef.self), &produced,
                                  input.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(input.count))
            }
        }
        guard status == Z_OK, produced == uLongf(rawSize) else {
            let detail = switch status {
            case Z_OK: "inflated to \(produced) bytes instead of the declared \(rawSize)"
            case Z_BUF_ERROR: "data is cut short or inflates past the declared \(rawSize) bytes"
            case Z_MEM_ERROR: "out of memory while inflating"
            default: "zlib reports invalid deflate data"
            }
            throw error(.corruptCompression(detail), blob.offset, blob.index)
        }
        return try inflated.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<rawSize])) }
    }

    func error(_ kind: OSMReadError.Kind, _ offset: Int, _ index: Int) -> OSMReadError {
        OSMReadError(kind, file: fileName, byteOffset: offset, blobIndex: index)
    }

    private mutating func read(_ count: Int, what: String, at start: Int, index: Int,
                               allowEnd: Bool = false) throws -> Data {
        let data: Data
        do {
            data = try handle.read(upToCount: count) ?? Data()
        } catch {
            throw OSMReadError(.unreadable(reason: "\(error)"), file: fileName, byteOffset: offset)
        }
        if data.count < count, !(allowEnd && data.isEmpty) {
            throw OSMReadError(.truncated(what: what, expected: count, found: data.count), file: fileName,
                               byteOffset: offset, blobIndex: index)
        }
        offset += data.count
        return data
    }
}
