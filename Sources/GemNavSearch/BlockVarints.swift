/// A column of 64-bit values stored as varint deltas in blocks of 16, each block starting
/// with an absolute value: OSM ids of neighbouring addresses are close, so most take one to
/// three bytes instead of five, and any value is at most 15 deltas from its block start.
enum BlockVarints {
    static let blockSize = 16

    /// Encodes `values`; returns the byte stream and each block's start offset.
    static func encode(_ values: [UInt64]) -> (bytes: [UInt8], starts: [Int]) {
        var bytes: [UInt8] = [], starts: [Int] = []
        for (i, v) in values.enumerated() {
            if i % blockSize == 0 {
                starts.append(bytes.count)
                GeometryCodec.putVarint(v, &bytes)
            } else {
                GeometryCodec.putVarint(GeometryCodec.zigzag(Int64(bitPattern: v) &- Int64(bitPattern: values[i - 1])), &bytes)
            }
        }
        return (bytes, starts)
    }

    /// Value `i` of a stream written by `encode`.
    static func value(_ i: Int, bytes: UnsafeRawBufferPointer, starts: PackedColumn) -> UInt64 {
        var offset = starts.int(i / blockSize)
        var v = GeometryCodec.readVarint(bytes, &offset)
        for _ in 0..<(i % blockSize) {
            v = UInt64(bitPattern: Int64(bitPattern: v) &+ GeometryCodec.unzigzag(GeometryCodec.readVarint(bytes, &offset)))
        }
        return v
    }
}
