/// The protobuf wire format, the little of it vector tiles need.
struct ProtobufWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// A field key: field number and wire type (0 varint, 1 fixed64, 2 length-delimited, 5 fixed32).
    mutating func key(_ field: Int, _ wireType: Int) { varint(UInt64(field << 3 | wireType)) }

    mutating func varintField(_ field: Int, _ v: UInt64) {
        key(field, 0)
        varint(v)
    }

    mutating func bytesField(_ field: Int, _ b: some Collection<UInt8>) {
        key(field, 2)
        varint(UInt64(b.count))
        bytes.append(contentsOf: b)
    }

    mutating func doubleField(_ field: Int, _ d: Double) {
        key(field, 1)
        withUnsafeBytes(of: d.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A packed repeated uint32 field.
    mutating func packedField(_ field: Int, _ values: [UInt32]) {
        guard !values.isEmpty else { return }
        var inner = ProtobufWriter()
        for v in values { inner.varint(UInt64(v)) }
        bytesField(field, inner.bytes)
    }

    /// Zigzag encoding of a signed integer (sint32): 0, -1, 1, -2… become 0, 1, 2, 3…
    static func zigzag(_ n: Int32) -> UInt32 { UInt32(bitPattern: (n << 1) ^ (n >> 31)) }
}
