import Foundation
import GemNavCore

/// Douglas-Peucker line simplification, used for OSRM's `overview=simplified`.
public enum LineSimplifier {
    /// Simplifies a line, keeping every point farther than `tolerance` metres from the chord
    /// of the part it lies in. The first and last points are always kept.
    public static func douglasPeucker(_ line: [Coordinate], tolerance: Double) -> [Coordinate] {
        guard line.count > 2, tolerance > 0 else { return line }
        // Work in a local equirectangular plane in metres: routes are small enough that the
        // distortion is far below any useful tolerance, and it avoids trigonometry per point.
        let lat0 = line[0].latitude * .pi / 180
        let kx = cos(lat0) * Geodesy.earthRadius * .pi / 180
        let ky = Geodesy.earthRadius * .pi / 180
        let xs = line.map { $0.longitude * kx }, ys = line.map { $0.latitude * ky }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        let tol2 = tolerance * tolerance
        var stack = [(0, line.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            let dx = xs[b] - xs[a], dy = ys[b] - ys[a]
            let len2 = dx * dx + dy * dy
            var worst = -1.0, worstIndex = a
            for i in (a + 1)..<b {
                let px = xs[i] - xs[a], py = ys[i] - ys[a]
                var d2: Double
                if len2 == 0 {
                    d2 = px * px + py * py
                } else {
                    let t = Swift.max(0, Swift.min(1, (px * dx + py * dy) / len2))
                    let ex = px - t * dx, ey = py - t * dy
                    d2 = ex * ex + ey * ey
                }
                if d2 > worst {
                    worst = d2
                    worstIndex = i
                }
            }
            if worst > tol2 {
                keep[worstIndex] = true
                stack.append((a, worstIndex))
                stack.append((worstIndex, b))
            }
        }
        var out = [Coordinate]()
        out.reserveCapacity(line.count / 2)
        for i in line.indices where keep[i] { out.append(line[i]) }
        return out
    }

    /// The tolerance OSRM-style overviews use for a line: about one pixel at the zoom level
    /// at which the whole line fits a 2048×1280 viewport (OSRM's fitted-zoom viewport).
    public static func overviewTolerance(for line: [Coordinate]) -> Double {
        guard let box = BoundingBox(covering: line) else { return 0 }
        let midLat = (box.min.latitude + box.max.latitude) / 2
        // Web-Mercator ground resolution at zoom 0 for 256-pixel tiles, metres per pixel.
        let base = 2 * Double.pi * 6_378_137 / 256 * cos(midLat * .pi / 180)
        let width = Geodesy.distance(Coordinate(latitude: midLat, longitude: box.min.longitude),
                                     Coordinate(latitude: midLat, longitude: box.max.longitude))
        let height = Geodesy.distance(Coordinate(latitude: box.min.latitude, longitude: box.min.longitude),
                                      Coordinate(latitude: box.max.latitude, longitude: box.min.longitude))
        var zoom = 18
        while zoom > 0 {
            let mpp = base / Double(1 << zoom)
            if width / mpp <= 2048 && height / mpp <= 1280 { break }
            zoom -= 1
        }
        return base / Double(1 << zoom)
    }

    /// The simplified overview of a line: Douglas-Peucker at `overviewTolerance(for:)`.
    public static func overview(_ line: [Coordinate]) -> [Coordinate] {
        douglasPeucker(line, tolerance: overviewTolerance(for: line))
    }
}
