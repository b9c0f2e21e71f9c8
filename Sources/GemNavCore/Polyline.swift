/// Google's encoded polyline format, as OSRM uses for `polyline` (precision 5) and
/// `polyline6` (precision 6). Coordinates are encoded latitude first.
public enum Polyline {
    /// Encodes coordinates with the given number of decimal digits (5 or 6).
    public static func encode(_ coordinates: [Coordinate], precision: Int = 5) -> String {
        let factor = precision == 6 ? 1e6 : 1e5
        var out = [UInt8]()
        out.reserveCapacity(coordinates.count * 8)
        var lastLat = 0, lastLon = 0
        for c in coordinates {
            let lat = Int(Rounding.halfAwayFromZero(c.latitude * factor))
            let lon = Int(Rounding.halfAwayFromZero(c.longitude * factor))
            append(lat - lastLat, to: &out)
            append(lon - lastLon, to: &out)
            lastLat = lat
            lastLon = lon
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes an encoded polyline; returns nil when the text is not a valid polyline.
    public static func decode(_ text: String, precision: Int = 5) -> [Coordinate]? {
        let factor = precision == 6 ? 1e6 : 1e5
        let bytes = Array(text.utf8)
        var i = 0, lat = 0, lon = 0
        var result = [Coordinate]()
        func next() -> Int? {
            var shift = 0, value = 0
            while i < bytes.count {
                let b = Int(bytes[i]) - 63
                i += 1
                guard b >= 0, b < 64, shift < 60 else { return nil }
                value |= (b & 0x1f) << shift
                shift += 5
                if b < 0x20 { return (value & 1) != 0 ? ~(value >> 1) : value >> 1 }
            }
            return nil
        }
        while i < bytes.count {
            guard let dLat = next(), let dLon = next() else { return nil }
            lat += dLat
            lon += dLon
            result.append(Coordinate(latitude: Double(lat) / factor, longitude: Double(lon) / factor))
        }
        return result
    }

    private static func append(_ value: Int, to out: inout [UInt8]) {
        var v = value < 0 ? ~(value << 1) : value << 1
        while v >= 0x20 {
            out.append(UInt8((0x20 | (v & 0x1f)) + 63))
            v >>= 5
        }
        out.append(UInt8(v + 63))
    }
}
