import Foundation
import GemNavCore

/// Street shapes for reverse geocoding, stored small: lines simplified to a few metres, points
/// on a 1e-5 degree grid (about a metre), each point a zig-zag varint delta from the one before.
///
/// A shape is `partCount`, then per part `pointCount` and the points, the first relative to
/// the street's own coordinate.
enum GeometryCodec {
    /// Grid step of stored points, in degrees.
    static let step = 1e-5
    /// Simplification tolerance in metres: well under a street's width.
    static let tolerance = 4.0

    /// Encodes `parts` (already simplified) relative to `origin`, appending to `out`.
    static func encode(_ parts: [[Coordinate]], origin: Coordinate, into out: inout [UInt8]) {
        putVarint(UInt64(parts.count), &out)
        var prev = (quantize(origin.latitude), quantize(origin.longitude))
        for part in parts {
            putVarint(UInt64(part.count), &out)
            for c in part {
                let q = (quantize(c.latitude), quantize(c.longitude))
                putVarint(zigzag(q.0 - prev.0), &out)
                putVarint(zigzag(q.1 - prev.1), &out)
                prev = q
            }
        }
    }

    /// Calls `segment` with each segment of the shape starting at `offset` in `bytes`.
    static func forEachSegment(_ bytes: UnsafeRawBufferPointer, at offset: Int, origin: Coordinate,
                               _ segment: (Coordinate, Coordinate) -> Void)
    {
        var i = offset
        var lat = quantize(origin.latitude), lon = quantize(origin.longitude)
        let parts = readVarint(bytes, &i)
        for _ in 0..<parts {
            let n = readVarint(bytes, &i)
            var previous: Coordinate?
            for _ in 0..<n {
                lat += unzigzag(readVarint(bytes, &i))
                lon += unzigzag(readVarint(bytes, &i))
                let c = Coordinate(latitude: Double(lat) * step, longitude: Double(lon) * step)
                if let p = previous { segment(p, c) } else if n == 1 { segment(c, c) }
                previous = c
            }
        }
    }

    /// Douglas–Peucker in a local plane, iterative so long avenues cannot overflow the stack.
    static func simplify(_ line: [Coordinate]) -> [Coordinate] {
        guard line.count > 2 else { return line }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            var worst = 0.0, index = a
            let cosLat = cos(line[a].latitude * .pi / 180)
            for i in (a + 1)..<b {
                let d = SearchIndex.planarProjection(of: line[i], onto: line[a], line[b], cosLat: cosLat).0
                if d > worst { worst = d; index = i }
            }
            if worst > tolerance {
                keep[index] = true
                stack.append((a, index))
                stack.append((index, b))
            }
        }
        return zip(line, keep).compactMap { $1 ? $0 : nil }
    }

    @inline(__always) static func quantize(_ degrees: Double) -> Int64 { Int64((degrees / step).rounded()) }
    @inline(__always) static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    @inline(__always) static func unzigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1) }

    static func putVarint(_ value: UInt64, _ out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    @inline(__always) static func readVarint(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> UInt64 {
        var v: UInt64 = 0, shift: UInt64 = 0
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        return v
    }
}
