import Foundation
import GemNavCore

/// The two uniform grids reverse geocoding reads: street records by the cells their shape
/// crosses, and addresses by the cell they lie in. The address grid divides each street cell
/// into `addressDivisions`² cells where addresses are dense (a city centre would otherwise
/// put a thousand addresses in the nine cells a lookup reads) and stays coarse where they
/// are few, so its cell table never outweighs the addresses themselves.
struct ReverseGrid {
    let originLat: Double
    let originLon: Double
    let cellLat: Double
    let cellLon: Double
    let columns: Int
    let rows: Int
    let addressDivisions: Int
    let centre: Coordinate
    private(set) var streetCells: [[Int]]
    private(set) var addressCells: [[Int]]

    init(records: [BuildRecord], addresses: [BuildAddress]) {
        var points = records.map(\.coordinate) + addresses.map(\.coordinate)
        for r in records { for part in r.geometry { points.append(contentsOf: part) } }
        let box = BoundingBox(covering: points)
            ?? BoundingBox(min: Coordinate(latitude: 0, longitude: 0), max: Coordinate(latitude: 0, longitude: 0))
        let midLat = (box.min.latitude + box.max.latitude) / 2
        var cell = IndexEncoder.cellDegrees
        var cols = 1, rows = 1
        // Coarser cells for very large extracts keep the cell table small.
        while true {
            let lonCell = cell / max(0.2, cos(midLat * .pi / 180))
            cols = Int((box.max.longitude - box.min.longitude) / lonCell) + 1
            rows = Int((box.max.latitude - box.min.latitude) / cell) + 1
            if cols * rows <= 1 << 20 { break }
            cell *= 2
        }
        originLat = box.min.latitude
        originLon = box.min.longitude
        cellLat = cell
        cellLon = cell / max(0.2, cos(midLat * .pi / 180))
        columns = cols
        self.rows = rows
        centre = Coordinate(latitude: midLat, longitude: (box.min.longitude + box.max.longitude) / 2)
        var divisions = 1
        while divisions < 8, cols * rows * divisions * divisions * 4 <= max(4 * addresses.count, 1) {
            divisions *= 2
        }
        addressDivisions = divisions
        streetCells = Array(repeating: [], count: cols * rows)
        addressCells = Array(repeating: [], count: cols * rows * divisions * divisions)
        for (i, r) in records.enumerated() {
            for part in r.geometry {
                for (a, b) in zip(part, part.count == 1 ? part : Array(part.dropFirst())) {
                    let y0 = row(min(a.latitude, b.latitude)), y1 = row(max(a.latitude, b.latitude))
                    let x0 = column(min(a.longitude, b.longitude)), x1 = column(max(a.longitude, b.longitude))
                    for y in y0...y1 {
                        for x in x0...x1 where streetCells[y * cols + x].last != i {
                            streetCells[y * cols + x].append(i)
                        }
                    }
                }
            }
        }
        let addressColumns = cols * divisions
        for (i, a) in addresses.enumerated() {
            let y = min(rows * divisions - 1, max(0, Int((a.coordinate.latitude - originLat) / cellLat * Double(divisions))))
            let x = min(addressColumns - 1, max(0, Int((a.coordinate.longitude - originLon) / cellLon * Double(divisions))))
            addressCells[y * addressColumns + x].append(i)
        }
    }

    func row(_ lat: Double) -> Int { min(rows - 1, max(0, Int((lat - originLat) / cellLat))) }
    func column(_ lon: Double) -> Int { min(columns - 1, max(0, Int((lon - originLon) / cellLon))) }

    /// The `meta` section.
    func meta(placeCount: Int) -> [UInt64] {
        var values = [UInt64](repeating: 0, count: MetaField.allCases.count)
        values[MetaField.gridLat.rawValue] = E7.encode(originLat)
        values[MetaField.gridLon.rawValue] = E7.encode(originLon)
        values[MetaField.cellLat.rawValue] = UInt64((cellLat * 1e7).rounded())
        values[MetaField.cellLon.rawValue] = UInt64((cellLon * 1e7).rounded())
        values[MetaField.columns.rawValue] = UInt64(columns)
        values[MetaField.rows.rawValue] = UInt64(rows)
        values[MetaField.centreLat.rawValue] = E7.encode(centre.latitude)
        values[MetaField.centreLon.rawValue] = E7.encode(centre.longitude)
        values[MetaField.placeCount.rawValue] = UInt64(placeCount)
        values[MetaField.addressDivisions.rawValue] = UInt64(addressDivisions)
        return values
    }

    func write(into w: inout IndexFileWriter) {
        w.column(.streetCellStarts, streetCells.reduce(into: [0]) { $0.append($0.last! + $1.count) })
        w.column(.streetCellRecords, Array(streetCells.joined()))
        w.column(.addressCellStarts, addressCells.reduce(into: [0]) { $0.append($0.last! + $1.count) })
        w.column(.addressCellItems, Array(addressCells.joined()))
    }
}
