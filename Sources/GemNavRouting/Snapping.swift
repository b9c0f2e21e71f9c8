import Foundation
import GemNavCore

/// A coordinate placed on the nearest road: the edge, where along it, and which directions
/// of travel may start or end there.
struct Snap: Sendable {
    var edge: Int
    /// Distance in metres from the edge's first geometry point to the snapped point.
    var offset: Double
    /// Index of the geometry segment (within the edge) the point lies on.
    var segment: Int
    var location: Coordinate
    /// Metres from the input coordinate.
    var distance: Double
    var forwardAllowed: Bool
    var backwardAllowed: Bool
    var isBigComponent: Bool
    var input: Coordinate
}

/// A bearing filter from the client: travel direction and allowed deviation, degrees.
public struct BearingFilter: Sendable, Hashable {
    /// Direction of travel, 0…359.
    public var bearing: Double
    /// Allowed deviation either side, 0…180.
    public var range: Double

    /// Creates a filter.
    public init(bearing: Double, range: Double) {
        self.bearing = bearing
        self.range = range
    }
}

extension RoutingGraph {
    /// The nearest routable point within `radius` metres, and the nearest on a big
    /// component within `bigRadius` (they are the same when the nearest is already on one).
    func snap(_ c: Coordinate, radius: Double, bigRadius: Double, bearing: BearingFilter? = nil,
              excluded: UInt8 = 0) -> (nearest: Snap?, big: Snap?)
    {
        var r = min(radius, 60)
        var nearest: Snap?
        while true {
            let (any, big) = scan(c, radius: r, bearing: bearing, excluded: excluded)
            nearest = nearest ?? any
            if big != nil { return (nearest, big) }
            if r >= radius && nearest == nil { return (nil, nil) }
            if r >= max(radius, bigRadius) { return (nearest, nil) }
            r = r < radius ? min(radius, r * 4) : min(max(radius, bigRadius), r * 4)
        }
    }

    /// Up to `count` nearest distinct edges within `radius`, nearest first.
    func nearestSnaps(_ c: Coordinate, radius: Double, count: Int) -> [Snap] {
        var found: [Int: Snap] = [:]
        visitSegments(near: c, radius: radius) { s in
            if s.distance <= radius, found[s.edge].map({ s.distance < $0.distance }) ?? true { found[s.edge] = s }
        }
        return found.values.sorted { $0.distance < $1.distance }.prefix(count).map(measured)
    }

    /// Turns a snap's within-segment offset into metres from the edge's start and measures
    /// its distance exactly (done only for the chosen candidates, not every segment scanned).
    private func measured(_ s: Snap) -> Snap {
        var s = s
        let base = Int(edgeGeometry[s.edge])
        for i in 0..<s.segment { s.offset += Double(segmentMetres[base + i]) }
        s.distance = Geodesy.distance(s.input, s.location)
        return s
    }

    private func scan(_ c: Coordinate, radius: Double, bearing: BearingFilter?, excluded: UInt8) -> (Snap?, Snap?) {
        var any: Snap?, big: Snap?
        visitSegments(near: c, radius: radius) { candidate in
            var s = candidate
            guard s.distance <= radius, edgeFlags[s.edge] & excluded == 0 else { return }
            if let filter = bearing {
                let segmentBearing = Geodesy.bearing(point(Int(edgeGeometry[s.edge]) + s.segment),
                                                     point(Int(edgeGeometry[s.edge]) + s.segment + 1))
                s.forwardAllowed = s.forwardAllowed && Geodesy.angleDifference(segmentBearing, filter.bearing) <= filter.range
                s.backwardAllowed = s.backwardAllowed
                    && Geodesy.angleDifference((segmentBearing + 180).truncatingRemainder(dividingBy: 360), filter.bearing) <= filter.range
                guard s.forwardAllowed || s.backwardAllowed else { return }
            }
            if any.map({ s.distance < $0.distance }) ?? true { any = s }
            if s.isBigComponent, big.map({ s.distance < $0.distance }) ?? true { big = s }
        }
        return (any.map(measured), big.map(measured))
    }

    /// Calls `visit` with the projection of `c` onto every segment in grid cells within `radius`.
    /// Candidates are compared in a local plane (no trigonometry per segment); within the few
    /// hundred metres a snap spans it agrees with the great-circle distance to well under a
    /// millimetre per metre.
    private func visitSegments(near c: Coordinate, radius: Double, _ visit: (Snap) -> Void) {
        let grid = meta.grid
        let k = cos(c.latitude * .pi / 180)
        let metresPerDegree = Geodesy.earthRadius * .pi / 180
        let dLat = radius / 111_320, dLon = dLat / max(0.05, k)
        let (r0, c0) = grid.cell(c.latitude - dLat, c.longitude - dLon)
        let (r1, c1) = grid.cell(c.latitude + dLat, c.longitude + dLon)
        let rowLow = max(0, r0), rowHigh = min(grid.rows - 1, r1)
        let colLow = max(0, c0), colHigh = min(grid.cols - 1, c1)
        guard rowLow <= rowHigh, colLow <= colHigh else { return }
        let px = c.longitude * k, py = c.latitude
        for row in rowLow...rowHigh {
            for col in colLow...colHigh {
                let cell = row * grid.cols + col
                for entry in Int(cellOffset[cell])..<Int(cellOffset[cell + 1]) {
                    let e = Int(cellEntries[2 * entry]), seg = Int(cellEntries[2 * entry + 1])
                    let base = Int(edgeGeometry[e])
                    let a = point(base + seg), b = point(base + seg + 1)
                    let ax = a.longitude * k, ay = a.latitude
                    let dx = b.longitude * k - ax, dy = b.latitude - ay
                    let len2 = dx * dx + dy * dy
                    let t = len2 > 0 ? max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0
                    let ex = ax + t * dx - px, ey = ay + t * dy - py
                    visit(Snap(edge: e, offset: t * Double(segmentMetres[base + seg]), segment: seg,
                               location: Geodesy.interpolate(a, b, fraction: t),
                               distance: (ex * ex + ey * ey).squareRoot() * metresPerDegree,
                               forwardAllowed: isOpen(2 * e), backwardAllowed: isOpen(2 * e + 1),
                               isBigComponent: edgeFlags[e] & EdgeFlags.bigComponent != 0, input: c))
                }
            }
        }
    }
}
