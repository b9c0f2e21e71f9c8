/// Sea polygons from `natural=coastline` ways, the only way OSM maps the sea.
///
/// A coastline runs with the land on its left and the water on its right. Ways are joined
/// into chains; a closed chain running counter-clockwise on the map is an island, one
/// running clockwise a sea enclosed by land. Open chains are cut to the extract's box, and
/// where one ends inside it is extended straight on to the box's edge. Each stretch then
/// runs from one point of the box's edge to another, with the sea on its right; walking
/// on from a stretch's end clockwise along the edge, keeping the inside of the box on the
/// right, reaches the start of the next stretch bounding the same sea, so following
/// stretches and edges closes each sea polygon. Islands become holes of the sea around them.
/// With islands but no open chain the whole box is sea; with no coastline there is none.
enum Coastline {
    /// A polygon as rings in world units: the first is the outer ring, any others holes.
    typealias Polygon = [[PlanePoint]]

    /// The sea polygons inside `box` bounded by `chains` (coastline points in order, land
    /// on the left).
    static func seaPolygons(chains: [[PlanePoint]], box: PlaneRect) -> [Polygon] {
        var islands: [[PlanePoint]] = []
        var seas: [[PlanePoint]] = []
        var stretches: [[PlanePoint]] = []
        for chain in chains where chain.count >= 2 {
            if chain.count >= 4, chain.first == chain.last {
                let ring = Array(chain.dropLast())
                let area = Ring.doubleSignedArea(ring)
                guard area != 0 else { continue }
                let clipped = Clipping.clipRing(ring, to: box)
                guard clipped.count >= 3 else { continue }
                if area < 0 { islands.append(clipped) } else { seas.append(clipped) }
            } else {
                stretches += stretchesInside(chain, box)
            }
        }
        if stretches.isEmpty, seas.isEmpty, !islands.isEmpty {
            seas.append([PlanePoint(x: box.minX, y: box.minY), PlanePoint(x: box.maxX, y: box.minY),
                         PlanePoint(x: box.maxX, y: box.maxY), PlanePoint(x: box.minX, y: box.maxY)])
        }
        seas += closeAlongEdge(stretches, box)
        var polygons = seas.map { [$0] }
        for island in islands {
            let probe = island[0]
            if let i = polygons.firstIndex(where: { Ring.contains($0[0], probe) }) { polygons[i].append(island) }
        }
        return polygons
    }

    /// The stretches of an open chain inside the box, each from the edge to the edge: ends
    /// inside the box are extended along their last segment until they reach it.
    static func stretchesInside(_ chain: [PlanePoint], _ box: PlaneRect) -> [[PlanePoint]] {
        var points = chain
        if box.contains(points[0]) {
            points.insert(exit(from: points[0], away: points[1], box), at: 0)
        }
        if box.contains(points[points.count - 1]) {
            points.append(exit(from: points[points.count - 1], away: points[points.count - 2], box))
        }
        return Clipping.clipLine(points, to: box).filter { $0.count >= 2 }
    }

    /// Where a ray from `p`, continuing the segment `away`→`p`, leaves the box; the nearest
    /// point of the edge when the segment has no length.
    static func exit(from p: PlanePoint, away q: PlanePoint, _ box: PlaneRect) -> PlanePoint {
        let dx = p.x - q.x, dy = p.y - q.y
        var best = Double.infinity
        if dx > 0 { best = min(best, (box.maxX - p.x) / dx) }
        if dx < 0 { best = min(best, (box.minX - p.x) / dx) }
        if dy > 0 { best = min(best, (box.maxY - p.y) / dy) }
        if dy < 0 { best = min(best, (box.minY - p.y) / dy) }
        if best.isFinite {
            return PlanePoint(x: min(box.maxX, max(box.minX, p.x + best * dx)),
                              y: min(box.maxY, max(box.minY, p.y + best * dy)))
        }
        let distances = [p.x - box.minX, box.maxX - p.x, p.y - box.minY, box.maxY - p.y]
        switch distances.firstIndex(of: distances.min()!)! {
        case 0: return PlanePoint(x: box.minX, y: p.y)
        case 1: return PlanePoint(x: box.maxX, y: p.y)
        case 2: return PlanePoint(x: p.x, y: box.minY)
        default: return PlanePoint(x: p.x, y: box.maxY)
        }
    }

    /// Position of an edge point clockwise around the box from its north-west corner: 0…1
    /// along the north edge, 1…2 down the east, 2…3 along the south, 3…4 up the west.
    static func perimeter(_ p: PlanePoint, _ box: PlaneRect) -> Double {
        let w = max(box.maxX - box.minX, 1e-9), h = max(box.maxY - box.minY, 1e-9)
        let distances = [p.y - box.minY, box.maxX - p.x, box.maxY - p.y, p.x - box.minX].map(abs)
        switch distances.firstIndex(of: distances.min()!)! {
        case 0: return (p.x - box.minX) / w
        case 1: return 1 + (p.y - box.minY) / h
        case 2: return 2 + (box.maxX - p.x) / w
        default: return 3 + (box.maxY - p.y) / h
        }
    }

    /// Sea rings made of the stretches and the box's edge between them.
    static func closeAlongEdge(_ stretches: [[PlanePoint]], _ box: PlaneRect) -> [[PlanePoint]] {
        let corners = [PlanePoint(x: box.minX, y: box.minY), PlanePoint(x: box.maxX, y: box.minY),
                       PlanePoint(x: box.maxX, y: box.maxY), PlanePoint(x: box.minX, y: box.maxY)]
        let entries = stretches.map { perimeter($0[0], box) }
        let exits = stretches.map { perimeter($0[$0.count - 1], box) }
        var used = [Bool](repeating: false, count: stretches.count)
        var rings: [[PlanePoint]] = []
        for start in stretches.indices where !used[start] {
            used[start] = true
            var ring = stretches[start]
            var at = exits[start]
            // Each step adds one stretch, so the walk ends within `stretches.count` steps.
            for _ in 0...stretches.count {
                // The next stretch starts first clockwise from here; the start itself may be it.
                var best = -1, bestGap = Double.infinity
                for i in stretches.indices where !used[i] || i == start {
                    var gap = entries[i] - at
                    if gap < 0 { gap += 4 }
                    if gap < bestGap {
                        bestGap = gap
                        best = i
                    }
                }
                // Corners passed on the way, in order.
                for k in 1...4 {
                    let c = (Double(Int(at.rounded(.down)) + k))
                    if c - at > 0, c - at < bestGap { ring.append(corners[Int(c) % 4]) } else { break }
                }
                if best == start { break }
                used[best] = true
                ring += stretches[best]
                at = exits[best]
            }
            if ring.count >= 3 { rings.append(ring) }
        }
        return rings
    }
}
