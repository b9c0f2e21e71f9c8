import Foundation
import GemNavCore

/// Road lengths as OSRM measures them: a flat-earth ("cheap ruler") distance on the WGS84
/// ellipsoid at the segment's latitude. Over road segments it is within millimetres of the
/// geodesic, and the great-circle formula on a sphere (`Geodesy.distance`) is up to 0.5 %
/// off it, enough to move durations by tenths of a second and speeds by 1 km/h.
enum RoadMetric {
    private static let metresPerDegree = .pi / 180 * 6_378_137.0
    private static let e2: Double = {
        let f = 1 / 298.257223563
        return f * (2 - f)
    }()

    /// Metres between two points.
    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let lat = (a.latitude + b.latitude) / 2 * .pi / 180
        let cosLat = cos(lat)
        let w2 = 1 / (1 - e2 * (1 - cosLat * cosLat))
        let w = w2.squareRoot()
        let kx = metresPerDegree * w * cosLat
        let ky = metresPerDegree * w * w2 * (1 - e2)
        var dLon = b.longitude - a.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let dx = dLon * kx, dy = (b.latitude - a.latitude) * ky
        return (dx * dx + dy * dy).squareRoot()
    }
}
