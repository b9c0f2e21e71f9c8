import Foundation
import GemNavCore

/// Road lengths as OSRM measures them: a flat-earth ("cheap ruler") distance on the WGS84
/// ellipsoid. Over road segments it is within millimetres of the geodesic, and the
/// great-circle formula on a sphere (`Geodesy.distance`) is up to 0.5 % off it, enough to
/// move durations by tenths of a second and speeds by 1 km/h.
///
/// Like OSRM, the ruler is not made for the segment's own latitude but taken from 1,800
/// bands of 0.05° (each ruled at its middle), chosen by the mean of the two latitudes in
/// whole microdegrees: centimetres that decide which tenth of a second a segment rounds to.
enum RoadMetric {
    private struct Ruler {
        let kx: Double
        let ky: Double
    }

    private static let bandWidth = 50_000    // microdegrees
    private static let rulers: [Ruler] = (0..<1800).map { band in
        let metresPerDegree = .pi / 180 * 6_378_137.0
        let f = 1 / 298.257223563
        let e2 = f * (2 - f)
        let cosLat = cos(Double(band * bandWidth + bandWidth / 2) * 1e-6 * .pi / 180)
        let w2 = 1 / (1 - e2 * (1 - cosLat * cosLat))
        let w = w2.squareRoot()
        return Ruler(kx: metresPerDegree * w * cosLat, ky: metresPerDegree * w * w2 * (1 - e2))
    }

    /// Metres between two points.
    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let (dx, dy) = offset(a, b)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The bearing from `a` to `b`, degrees 0..<360, on the same flat earth: OSRM's
    /// `coordinate_calculation::bearing`, a few tenths of a degree from the great-circle
    /// bearing (`Geodesy.bearing`) at mid latitudes, which decides turn modifiers at their
    /// thresholds.
    static func bearing(_ a: Coordinate, _ b: Coordinate) -> Double {
        let (dx, dy) = offset(a, b)
        let degrees = atan2(dx, dy) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The angle at `second` between the roads to `first` and to `third`, degrees 0..<360
    /// (180 straight on, below it to the right): OSRM's `computeAngle`, measured in Web
    /// Mercator and with its arctangent table, which truncates to about a hundredth of a
    /// degree. OSRM decides whether a short piece lies inside a divided road's crossing on
    /// this angle against 150° and 210°, and a road 210.04° off by it is 209.96° off by the
    /// ruler's bearings.
    static func angle(_ first: Coordinate, _ second: Coordinate, _ third: Coordinate) -> Double {
        let (a, b, c) = (Micro(first), Micro(second), Micro(third))
        if a == b || b == c { return 180 }
        let v1x = Double(a.lon - b.lon) * 1e-6, v1y = mercatorY(a.lat) - mercatorY(b.lat)
        let v2x = Double(c.lon - b.lon) * 1e-6, v2y = mercatorY(c.lat) - mercatorY(b.lat)
        var degrees = (tableArcTangent(v2y, v2x) - tableArcTangent(v1y, v1x)) * 180 / .pi
        while degrees < 0 { degrees += 360 }
        return degrees
    }

    /// A point in OSRM's whole microdegrees.
    private struct Micro: Equatable {
        let lon: Int
        let lat: Int
        init(_ c: Coordinate) {
            lon = Int((c.longitude * 1e6).rounded())
            lat = Int((c.latitude * 1e6).rounded())
        }
    }

    /// Web Mercator's y for a latitude in microdegrees, in degrees (`web_mercator::latToY`).
    private static func mercatorY(_ microLat: Int) -> Double {
        let latitude = Swift.max(Swift.min(Double(microLat) * 1e-6, 85.051_128_779_806_59), -85.051_128_779_806_59)
        let f = sin(latitude * .pi / 180)
        return 180 / .pi * 0.5 * log((1 + f) / (1 - f))
    }

    /// OSRM's arctangent table: atan(i / 4095) scaled to 0...65535 over 0...π/4, cut down.
    private static let arcTangents: [Double] = (0..<4096).map {
        (atan(Double($0) / 4095) * 4 / .pi * 65535).rounded(.down)
    }

    /// `atan2_lookup`: the angle of (x, y) through the table, by octant.
    private static func tableArcTangent(_ y: Double, _ x: Double) -> Double {
        let halfPi = Double.pi / 2
        if abs(x) < Double.ulpOfOne { return y >= 0 ? halfPi : -halfPi }
        var octant = 0, x = x, y = y
        if x < 0 { octant = 1; x = -x }
        if y < 0 { octant |= 2; y = -y }
        var t = y / x
        if t > 1 { octant |= 4; t = 1 / t }
        let angle = arcTangents[Int(t * 4095)] / (4 / .pi * 65535)
        switch octant {
        case 1: return .pi - angle
        case 2: return -angle
        case 3: return -.pi + angle
        case 4: return halfPi - angle
        case 5: return halfPi + angle
        case 6: return -halfPi + angle
        case 7: return -halfPi - angle
        default: return angle
        }
    }

    /// Metres east and north from `a` to `b`, by the ruler of their band.
    private static func offset(_ a: Coordinate, _ b: Coordinate) -> (Double, Double) {
        let micro = (Int((a.latitude * 1e6).rounded()) + Int((b.latitude * 1e6).rounded())) / 2
        let band = Swift.min((abs(micro) - 1) / bandWidth, rulers.count - 1)
        let ruler = rulers[Swift.max(band, 0)]
        var dLon = b.longitude - a.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        return (dLon * ruler.kx, (b.latitude - a.latitude) * ruler.ky)
    }
}
