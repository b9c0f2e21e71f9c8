import Foundation

/// Distances, bearings and projections on the WGS84 sphere approximation that routing uses.
public enum Geodesy {
    /// Mean Earth radius in metres (the value OSRM uses).
    public static let earthRadius = 6_372_797.560856

    /// Great-circle distance in metres (haversine).
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(Swift.min(1, h.squareRoot()))
    }

    /// Initial bearing from `a` to `b` in degrees, 0…360, clockwise from north.
    public static func bearing(_ a: Coordinate, _ b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        let deg = atan2(y, x) * 180 / .pi
        return deg < 0 ? deg + 360 : deg
    }

    /// The smallest absolute difference between two bearings, 0…180.
    public static func angleDifference(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return d > 180 ? 360 - d : d
    }

    /// Signed turn from heading `from` to heading `to`, -180…180 (positive = right).
    public static func turnAngle(from: Double, to: Double) -> Double {
        var d = (to - from).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }

    /// The point at `fraction` (0…1) of the way from `a` to `b`, interpolated linearly.
    public static func interpolate(_ a: Coordinate, _ b: Coordinate, fraction: Double) -> Coordinate {
        Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                   longitude: a.longitude + (b.longitude - a.longitude) * fraction)
    }

    /// Projects `p` onto the segment `a`–`b` in a local equirectangular plane.
    /// - Returns: the fraction along the segment (clamped to 0…1), the projected point and
    ///   the distance in metres from `p` to it.
    public static func project(_ p: Coordinate, onto a: Coordinate, _ b: Coordinate)
        -> (fraction: Double, point: Coordinate, distance: Double)
    {
        let k = cos(p.latitude * .pi / 180)
        let ax = a.longitude * k, ay = a.latitude
        let bx = b.longitude * k, by = b.latitude
        let px = p.longitude * k, py = p.latitude
        let dx = bx - ax, dy = by - ay
        let len2 = dx * dx + dy * dy
        var t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0
        t = Swift.max(0, Swift.min(1, t))
        let q = interpolate(a, b, fraction: t)
        return (t, q, distance(p, q))
    }

    /// Total length of a polyline in metres.
    public static func length(of line: [Coordinate]) -> Double {
        guard line.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<line.count { total += distance(line[i - 1], line[i]) }
        return total
    }

    /// The point `meters` along a polyline (clamped to its ends).
    public static func point(along line: [Coordinate], meters: Double) -> Coordinate? {
        guard var prev = line.first else { return nil }
        var left = meters
        for c in line.dropFirst() {
            let d = distance(prev, c)
            if left <= d, d > 0 { return interpolate(prev, c, fraction: left / d) }
            left -= d
            prev = c
        }
        return prev
    }
}
