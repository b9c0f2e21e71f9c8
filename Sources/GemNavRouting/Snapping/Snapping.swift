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

/// Where a waypoint may be placed, as OSRM chooses: every road through the nearest point
/// (several when the point is a junction, so the search picks the road the route leaves on),
/// and, when those all lie on small components, every big-component road through the nearest
/// point on a big component.
struct SnapCandidates: Sendable {
    var nearest: [Snap]
    var big: [Snap]
}

extension RoutingGraph {
    /// The candidates within `radius` metres; the big-component alternative is looked for up
    /// to `bigRadius`. Roads no trip starts or ends on are left out unless `anyRoad`.
    func snap(_ c: Coordinate, radius: Double, bigRadius: Double, bearing: BearingFilter? = nil,
              excluded: UInt8 = 0, anyRoad: Bool = false) -> SnapCandidates
    {
        let unusable = excluded | (anyRoad ? 0 : EdgeFlags.notStartpoint)
        var r = min(radius, 60)
        var nearest: [Snap] = []
        while true {
            let found = scan(c, radius: r, bearing: bearing, unusable: unusable)
            if nearest.isEmpty { nearest = found.nearest }
            if nearest.contains(where: \.isBigComponent) { return SnapCandidates(nearest: nearest, big: []) }
            if !found.big.isEmpty { return SnapCandidates(nearest: nearest, big: found.big) }
            if r >= radius && nearest.isEmpty { return SnapCandidates(nearest: [], big: []) }
            if r >= max(radius, bigRadius) { return SnapCandidates(nearest: nearest, big: []) }
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
        s.distance = RoadMetric.distance(s.input, s.location)
        return s
    }

    /// Every usable segment through the nearest point, and every big-component segment
    /// through the nearest big-component point, one snap per edge.
    private func scan(_ c: Coordinate, radius: Double, bearing: BearingFilter?, unusable: UInt8) -> SnapCandidates {
        var any: [Snap] = [], big: [Snap] = []
        visitSegments(near: c, radius: radius) { candidate in
            var s = candidate
            guard s.distance <= radius, edgeFlags[s.edge] & unusable == 0 else { return }
            if let filter = bearing {
                let segmentBearing = Geodesy.bearing(point(Int(edgeGeometry[s.edge]) + s.segment),
                                                     point(Int(edgeGeometry[s.edge]) + s.segment + 1))
                s.forwardAllowed = s.forwardAllowed && Geodesy.angleDifference(segmentBearing, filter.bearing) <= filter.range
                s.backwardAllowed = s.backwardAllowed
                    && Geodesy.angleDifference((segmentBearing + 180).truncatingRemainder(dividingBy: 360), filter.bearing) <= filter.range
            }
            guard s.forwardAllowed || s.backwardAllowed else { return }
            Self.keepNearest(s, in: &any)
            if s.isBigComponent { Self.keepNearest(s, in: &big) }
        }
        return SnapCandidates(nearest: any.map(measured), big: big.map(measured))
    }

    /// Keeps in `list` the snaps at the nearest point seen so far: a closer point replaces
    /// them, the same point (another road through it) joins them, one snap per edge.
    private static func keepNearest(_ s: Snap, in list: inout [Snap]) {
        guard let first = list.first else { list.append(s); return }
        let samePoint = abs(s.location.latitude - first.location.latitude) < 1e-7
            && abs(s.location.longitude - first.location.longitude) < 1e-7
        if samePoint {
            if !list.contains(where: { $0.edge == s.edge }) { list.append(s) }
        } else if s.distance < first.distance {
            list.removeAll(keepingCapacity: true)
            list.append(s)
        }
    }

    /// Calls `visit` with the projection of `c` onto every segment in grid cells within `radius`.
    /// Candidates are compared in a local plane (no trigonometry per segment); within the few
    /// hundred metres a snap spans it agrees with the great-circle distance to well under a
    /// millimetre per metre.
    private func visitSegments(near input: Coordinate, radius: Double, _ visit: (Snap) -> Void) {
        // OSRM reads request coordinates to the microdegree, as the graph's nodes are kept:
        // where on a segment a waypoint lands then matches OSRM's to the centimetre.
        let c = Coordinate(latitude: (input.latitude * 1e6).rounded() / 1e6,
                           longitude: (input.longitude * 1e6).rounded() / 1e6)
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
