/// A point on a plane, in tile or world units, y down.
struct PlanePoint: Hashable, Sendable {
    var x: Double
    var y: Double
}

/// An axis-aligned rectangle on the plane, edges included.
struct PlaneRect: Sendable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    func contains(_ p: PlanePoint) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }
}

/// Ring measures shared by coastline assembly, multipolygons and tile cutting.
enum Ring {
    /// Twice the signed area by the surveyor's formula, y down: positive for rings that run
    /// clockwise on a north-up map (MVT's exterior rings), negative for counter-clockwise
    /// ones. The closing point may be repeated or not.
    static func doubleSignedArea(_ ring: [PlanePoint]) -> Double {
        guard ring.count >= 3 else { return 0 }
        var sum = 0.0
        var prev = ring[ring.count - 1]
        for p in ring {
            sum += prev.x * p.y - p.x * prev.y
            prev = p
        }
        return sum
    }

    /// `doubleSignedArea` for world points, exact in 64-bit integers.
    static func doubleSignedArea(_ ring: [WorldPoint]) -> Int64 {
        guard ring.count >= 3 else { return 0 }
        var sum: Int64 = 0
        var prev = ring[ring.count - 1]
        for p in ring {
            sum += Int64(prev.x) * Int64(p.y) - Int64(p.x) * Int64(prev.y)
            prev = p
        }
        return sum
    }

    /// Whether `p` lies inside the ring (even-odd rule; points on an edge may go either way).
    static func contains(_ ring: [PlanePoint], _ p: PlanePoint) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                inside.toggle()
            }
            j = i
        }
        return inside
    }

    /// The area-weighted centroid of a ring, or the mean of its points when it has no area.
    static func centroid(_ ring: [PlanePoint]) -> PlanePoint {
        var a = 0.0, cx = 0.0, cy = 0.0
        guard let origin = ring.first else { return PlanePoint(x: 0, y: 0) }
        // Relative to the first point, so large world coordinates lose no precision.
        var prev = PlanePoint(x: ring[ring.count - 1].x - origin.x, y: ring[ring.count - 1].y - origin.y)
        for q in ring {
            let p = PlanePoint(x: q.x - origin.x, y: q.y - origin.y)
            let cross = prev.x * p.y - p.x * prev.y
            a += cross
            cx += (prev.x + p.x) * cross
            cy += (prev.y + p.y) * cross
            prev = p
        }
        if abs(a) < 1e-9 {
            let n = Double(ring.count)
            return PlanePoint(x: ring.reduce(0) { $0 + $1.x } / n, y: ring.reduce(0) { $0 + $1.y } / n)
        }
        return PlanePoint(x: origin.x + cx / (3 * a), y: origin.y + cy / (3 * a))
    }
}

extension WorldPoint {
    var plane: PlanePoint { PlanePoint(x: Double(x), y: Double(y)) }
}
