import GemNavCore

extension JSONWriter {
    /// Writes coordinates as an encoded polyline string (Google's format, latitude first)
    /// straight into the output, without building an intermediate `String`.
    public mutating func polyline(_ coordinates: [Coordinate], precision: Int) {
        separate()
        let factor = precision == 6 ? 1e6 : 1e5
        append(UInt8(ascii: "\""))
        var lastLat = 0, lastLon = 0
        for c in coordinates {
            let lat = Int(Rounding.halfAwayFromZero(c.latitude * factor))
            let lon = Int(Rounding.halfAwayFromZero(c.longitude * factor))
            appendPolylineValue(lat - lastLat)
            appendPolylineValue(lon - lastLon)
            lastLat = lat
            lastLon = lon
        }
        append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// One zig-zag, 5-bit-chunked polyline value; its only character JSON escapes is `\\`.
    /// (A 64-bit value has at most 13 chunks, each at most two bytes once escaped.)
    @inline(__always)
    private mutating func appendPolylineValue(_ value: Int) {
        reserve(26)
        var v = value < 0 ? ~(value << 1) : value << 1
        while v >= 0x20 {
            putPolylineChar(UInt8((0x20 | (v & 0x1f)) + 63))
            v >>= 5
        }
        putPolylineChar(UInt8(v + 63))
    }

    @inline(__always)
    private mutating func putPolylineChar(_ c: UInt8) {
        if c == UInt8(ascii: "\\") {
            base[count] = c
            count += 1
        }
        base[count] = c
        count += 1
    }
}
