import Foundation
import GemNavCore

extension SearchIndex {
    /// Addresses within this many metres of the point win over the street.
    static let addressReach = 40.0
    /// Streets further than this are not named.
    static let streetReach = 300.0

    /// The address or street at `c`, with its locality; nil when nothing is within 300 m.
    ///
    /// Looks in the grid cell of `c` and its eight neighbours (street cells are about 550 m,
    /// address cells at least 69 m, so anything within reach is found): the nearest address
    /// within 40 m if any, else the street whose shape passes closest.
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
        let k = grid.addressDivisions
        let ay = Int(((c.latitude - grid.originLat) / grid.cellLat * Double(k)).rounded(.down))
        let ax = Int(((c.longitude - grid.originLon) / grid.cellLon * Double(k)).rounded(.down))
        let addressColumns = grid.columns * k
        // Strides, not ranges: near the grid's edge the window can be empty.
        for row in stride(from: max(0, ay - 1), through: min(grid.rows * k - 1, ay + 1), by: 1) {
            for col in stride(from: max(0, ax - 1), through: min(addressColumns - 1, ax + 1), by: 1) {
                let cell = row * addressColumns + col
                for i in addressCellStarts.int(cell)..<addressCellStarts.int(cell + 1) {
                    let a = addressCellItems.int(i)
                    let d = Self.fastDistance(c, coordinate(ofAddress: a, street: street(ofAddress: a)), cosLat: cosLat)
                    if d < addressDistance {
                        addressDistance = d
                        bestAddress = a
                    }
                }
            }
        }
        if bestAddress == nil {
            nearestStreet(to: c, row: y, column: x, cosLat: cosLat, best: &bestStreet, distance: &streetDistance,
                          point: &streetPoint)
        }
        if let a = bestAddress {
            var hit = result(Candidate(record: street(ofAddress: a), address: a, tier: .exact, score: 0), near: c)
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

    /// The street passing closest to `c` in the 3×3 street cells around (`row`, `column`),
    /// nearer than `distance`. Cells are visited nearest first and skipped once their edge
    /// is further than the best street so far, which usually spares the eight neighbours.
    private func nearestStreet(to c: Coordinate, row y: Int, column x: Int, cosLat: Double, best: inout Int?,
                               distance: inout Double, point: inout Coordinate)
    {
        var cells: [(cell: Int, gap: Double)] = []
        for row in stride(from: max(0, y - 1), through: min(grid.rows - 1, y + 1), by: 1) {
            for col in stride(from: max(0, x - 1), through: min(grid.columns - 1, x + 1), by: 1) {
                let south = grid.originLat + Double(row) * grid.cellLat
                let west = grid.originLon + Double(col) * grid.cellLon
                let dy = max(0, south - c.latitude, c.latitude - south - grid.cellLat) * 111_195
                let dx = max(0, west - c.longitude, c.longitude - west - grid.cellLon) * 111_195 * cosLat
                cells.append((row * grid.columns + col, (dx * dx + dy * dy).squareRoot()))
            }
        }
        cells.sort { $0.gap < $1.gap }
        let bytes = geometry.bytes(0, geometry.count)
        var measured: [Int] = []
        for (cell, gap) in cells where gap < distance {
            for i in streetCellStarts.int(cell)..<streetCellStarts.int(cell + 1) {
                let r = streetCellRecords.int(i)
                // A long street spans many cells; measure it once.
                if measured.contains(r) { continue }
                measured.append(r)
                GeometryCodec.forEachSegment(bytes, at: geometryStarts.int(r), origin: coordinate(ofRecord: r)) { a, b in
                    let (d, p) = Self.planarProjection(of: c, onto: a, b, cosLat: cosLat)
                    if d < distance {
                        distance = d
                        best = r
                        point = p
                    }
                }
            }
        }
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
