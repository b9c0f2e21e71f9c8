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
