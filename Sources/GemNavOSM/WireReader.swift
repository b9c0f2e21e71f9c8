/// A protobuf structure problem, located later by the caller (which knows file and blob).
struct WireError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Hand-written protobuf wire decoding over borrowed bytes.
///
/// Every read is bounds-checked against `end` and throws `WireError` instead of trapping, so
/// corrupt input can never crash the process. Positions are absolute offsets into `bytes`, which
/// lets a message hand out sub-readers for its length-delimited fields without copying.
struct WireReader {
    /// Protobuf wire types (groups are deprecated and never used by OSM PBF).
    enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    let bytes: UnsafeRawBufferPointer
    private(set) var position: Int
    let end: Int

    /// A reader over all of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.init(bytes, range: 0..<bytes.count)
    }

    /// A reader over `range` of `bytes`; the range must lie inside `bytes`.
    init(_ bytes: UnsafeRawBufferPointer, range: Range<Int>) {
        self.bytes = bytes
        self.position = range.lowerBound
        self.end = range.upperBound
    }

    var isAtEnd: Bool { position >= end }

    @inline(__always)
    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift >= 70 { throw WireError("varint longer than 10 bytes") }
        }
        throw WireError("varint runs past the end of its message")
    }

    /// A zigzag-encoded `sint64`/`sint32`.
    @inline(__always)
    mutating func sint64() throws -> Int64 {
        let v = try varint()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// A plain `int64`/`int32`/`uint32` (two's complement in a varint).
    @inline(__always)
    mutating func int64() throws -> Int64 {
        Int64(bitPattern: try varint())
    }

    /// The next field's number and wire type, or nil at the end of the message.
    @inline(__always)
    mutating func field() throws -> (number: UInt64, wire: WireType)? {
        guard position < end else { return nil }
        let key = try varint()
        let number = key >> 3
        guard number != 0, let wire = WireType(rawValue: key & 7) else {
            throw WireError("invalid field key \(key)")
        }
        return (number, wire)
    }

    /// The byte range of a length-delimited field's payload, moving past it.
    mutating func lengthDelimited() throws -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw WireError("field of \(length) bytes overruns its message (\(end - position) left)")
        }
        let start = position
        position += Int(length)
        return start..<position
    }

    /// A sub-reader over a length-delimited field's payload.
    mutating func message() throws -> WireReader {
        WireReader(bytes, range: try lengthDelimited())
    }

    /// A length-delimited field as UTF-8 text (invalid sequences become U+FFFD).
    mutating func string() throws -> String {
        let range = try lengthDelimited()
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Skips a field whose payload was not wanted.
    mutating func skip(_ wire: WireType) throws {
        switch wire {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        }
    }

    /// Requires `wire` to be the length-delimited type that packed repeated fields use.
    func expectPacked(_ wire: WireType, _ what: String) throws {
        guard wire == .lengthDelimited else { throw WireError("\(what) is not a packed field") }
    }

    /// How many varints a packed field holds (counts terminating bytes; no decoding).
    func varintCount() -> Int {
        var count = 0
        var i = position
        while i < end {
            if bytes[i] < 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    private mutating func advance(_ n: Int) throws {
        guard end - position >= n else { throw WireError("fixed-width field runs past the end of its message") }
        position += n
    }
}
