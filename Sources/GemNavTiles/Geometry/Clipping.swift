/// Clipping of lines and polygon rings to a rectangle (the buffered tile, or the extract's
/// box for coastlines).
enum Clipping {
    /// The parts of a line inside `rect`: one part per stretch inside, each of at least two
    /// points. Segments are cut where they cross the edges (Liang–Barsky).
    static func clipLine(_ line: [PlanePoint], to rect: PlaneRect) -> [[PlanePoint]] {
        var parts: [[PlanePoint]] = []
        var current: [PlanePoint] = []
        guard line.count >= 2 else { return [] }
        for i in 1..<line.count {
            guard let (a, b, cutStart, cutEnd) = clipSegment(line[i - 1], line[i], rect) else {
                if current.count >= 2 { parts.append(current) }
                current = []
                continue
            }
            if current.isEmpty || cutStart {
                if current.count >= 2 { parts.append(current) }
                current = [a]
            }
            current.append(b)
            if cutEnd {
                parts.append(current)
                current = []
            }
        }
        if current.count >= 2 { parts.append(current) }
        return parts
    }

    /// The stretch of segment a→b inside `rect`, and whether each end was cut; nil when the
    /// segment misses the rectangle.
    static func clipSegment(_ a: PlanePoint, _ b: PlanePoint, _ r: PlaneRect)
        -> (PlanePoint, PlanePoint, Bool, Bool)?
    {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - r.minX), (dx, r.maxX - a.x), (-dy, a.y - r.minY), (dy, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 {
                    if t > t1 { return nil }
                    if t > t0 { t0 = t }
                } else {
                    if t < t0 { return nil }
                    if t < t1 { t1 = t }
                }
            }
        }
        let start = t0 > 0 ? PlanePoint(x: a.x + t0 * dx, y: a.y + t0 * dy) : a
        let end = t1 < 1 ? PlanePoint(x: a.x + t1 * dx, y: a.y + t1 * dy) : b
        return (start, end, t0 > 0, t1 < 1)
    }

    /// A ring clipped to `rect` (Sutherland–Hodgman): still one ring, whose stretches along
    /// the edges may fold onto themselves where the original left and came back, which
    /// fills correctly. The result is open (no repeated closing point); empty when nothing
    /// of the ring is inside.
    static func clipRing(_ ring: [PlanePoint], to r: PlaneRect) -> [PlanePoint] {
        var points = ring
        if let first = points.first, first == points.last, points.count > 1 { points.removeLast() }
        // Rings wholly inside, the common case at high zoom, are returned as they are.
        if points.allSatisfy(r.contains) { return points }
        for edge in 0..<4 {
            guard !points.isEmpty else { return [] }
            var out: [PlanePoint] = []
            out.reserveCapacity(points.count + 4)
            var prev = points[points.count - 1]
            var prevIn = inside(prev, edge, r)
            for p in points {
                let pIn = inside(p, edge, r)
                if pIn != prevIn { out.append(intersection(prev, p, edge, r)) }
                if pIn { out.append(p) }
                prev = p
                prevIn = pIn
            }
            points = out
        }
        return points
    }

    private static func inside(_ p: PlanePoint, _ edge: Int, _ r: PlaneRect) -> Bool {
        switch edge {
        case 0: p.x >= r.minX
        case 1: p.x <= r.maxX
        case 2: p.y >= r.minY
        default: p.y <= r.maxY
        }
    }

    private static func intersection(_ a: PlanePoint, _ b: PlanePoint, _ edge: Int, _ r: PlaneRect) -> PlanePoint {
        switch edge {
        case 0, 1:
            let x = edge == 0 ? r.minX : r.maxX
            let t = (x - a.x) / (b.x - a.x)
            return PlanePoint(x: x, y: a.y + t * (b.y - a.y))
        default:
            let y = edge == 2 ? r.minY : r.maxY
            let t = (y - a.y) / (b.y - a.y)
            return PlanePoint(x: a.x + t * (b.x - a.x), y: y)
        }
    }
}
