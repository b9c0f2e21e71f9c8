import Foundation
import GemNavCore

extension SearchIndex {
    /// Addresses within this many metres of the point win over the street.
    static let addressReach = 40.0
    /// Streets further than this are not named.
    static let streetReach = 300.0

    /// The address or street at `c`, with its locality; nil when nothing is within 300 m.
    ///
    /// Looks in the grid cell of `c` and its eight neighbours (cells are about 550 m, so
    /// anything within reach is found): the nearest address within 40 m if any, else the
    /// street whose shape passes closest.
    public func reverse(_ c: Coordinate) -> SearchResult? {
        guard c.isValid, grid.columns > 0 else { return nil }
        let y = Int(((c.latitude - grid.originLat) / grid.cellLat).rounded(.down))
        let x = Int(((c.longitude - grid.originLon) / grid.cellLon).rounded(.down))
        guard y >= -1, y <= grid.rows, x >= -1, x <= grid.columns else { return nil }
        let cosLat = cos(c.latitude * .pi / 180)
        var bestAddress: Int?
        var addressDistance = Self.addressReach
        var bestStreet: Int?
        var streetDistance = Self.streetReach
        var streetPoint = c
        var measured: [Int] = []
        let bytes = geometry.bytes(0, geometry.count)
        for row in max(0, y - 1)...min(grid.rows - 1, y + 1) {
            for col in max(0, x - 1)...min(grid.columns - 1, x + 1) {
                let cell = row * grid.columns + col
                for i in addressCellStarts.int(cell)..<addressCellStarts.int(cell + 1) {
                    let a = addressCellItems.int(i)
                    let d = Self.fastDistance(c, coordinate(ofAddress: a), cosLat: cosLat)
                    if d < addressDistance {
                        addressDistance = d
                        bestAddress = a
                    }
                }
                for i in streetCellStarts.int(cell)..<streetCellStarts.int(cell + 1) {
                    let r = streetCellRecords.int(i)
                    // A long street spans many cells; measure it once.
                    if measured.contains(r) { continue }
                    measured.append(r)
                    GeometryCodec.forEachSegment(bytes, at: geometryStarts.int(r), origin: coordinate(ofRecord: r)) { a, b in
                        let (d, p) = Self.planarProjection(of: c, onto: a, b, cosLat: cosLat)
                        if d < streetDistance {
                            streetDistance = d
                            bestStreet = r
                            streetPoint = p
                        }
                    }
                }
            }
        }
        if let a = bestAddress {
            var hit = result(Candidate(record: addressStreet.int(a), address: a, tier: .exact, score: 0), near: c)
            hit.city = hit.city ?? settlement(near: c)
            hit.subtitle = hit.city ?? ""
            return hit
        }
        if let r = bestStreet {
            var hit = result(Candidate(record: r, address: nil, tier: .exact, score: 0), near: c)
            hit.coordinate = streetPoint
            hit.distance = Geodesy.distance(c, streetPoint)
            hit.city = hit.city ?? settlement(near: c)
            hit.subtitle = hit.city ?? ""
            return hit
        }
        return nil
    }

    /// Distance in metres from `c` to segment `a`–`b` and the nearest point on it, in a local
    /// equirectangular plane: no trigonometry per segment, unlike `Geodesy.project`.
    @inline(__always) static func planarProjection(of c: Coordinate, onto a: Coordinate, _ b: Coordinate,
                                                   cosLat: Double) -> (Double, Coordinate)
    {
        let ax = (a.longitude - c.longitude) * cosLat, ay = a.latitude - c.latitude
        let bx = (b.longitude - c.longitude) * cosLat, by = b.latitude - c.latitude
        let dx = bx - ax, dy = by - ay
        let len2 = dx * dx + dy * dy
        let t = len2 > 0 ? min(1, max(0, -(ax * dx + ay * dy) / len2)) : 0
        let px = ax + t * dx, py = ay + t * dy
        let point = Coordinate(latitude: a.latitude + t * (b.latitude - a.latitude),
                               longitude: a.longitude + t * (b.longitude - a.longitude))
        return ((px * px + py * py).squareRoot() * 111_195, point)
    }

    /// The settlement whose reach best covers `c`, by the builder's rule.
    func settlement(near c: Coordinate) -> String? {
        var best: String?
        var bestScore = 1.0
        for r in 0..<placeCount {
            let kind = self.kind(ofRecord: r)
            guard kind.isSettlement else { continue }
            let score = Geodesy.distance(c, coordinate(ofRecord: r)) / Settlements.reach(kind)
            if score < bestScore {
                bestScore = score
                best = string(recordName.int(r))
            }
        }
        return best
    }
}
