import Foundation
import GemNavCore

/// A uniform grid over the graph's area; each cell lists the geometry segments (edge and
/// segment index) that cross it, so snapping looks only at nearby roads.
struct SpatialGridLayout: Codable, Sendable {
    var minLat: Double, minLon: Double
    var cellLat: Double, cellLon: Double
    var rows: Int, cols: Int

    func cell(_ lat: Double, _ lon: Double) -> (Int, Int) {
        (Int(((lat - minLat) / cellLat).rounded(.down)), Int(((lon - minLon) / cellLon).rounded(.down)))
    }
}

enum SpatialGridBuilder {
    /// About 250 m cells.
    static let cellMetres = 250.0

    static func build(_ net: RoadNetwork) -> (SpatialGridLayout, [Int32], [Int32]) {
        var minLat = Int32.max, minLon = Int32.max, maxLat = Int32.min, maxLon = Int32.min
        for i in 0..<net.geometryLat.count {
            minLat = min(minLat, net.geometryLat[i]); maxLat = max(maxLat, net.geometryLat[i])
            minLon = min(minLon, net.geometryLon[i]); maxLon = max(maxLon, net.geometryLon[i])
        }
        if minLat > maxLat { minLat = 0; maxLat = 0; minLon = 0; maxLon = 0 }
        let midLat = Fixed.decode(minLat / 2 + maxLat / 2)
        let cellLat = cellMetres / 111_320
        let cellLon = cellLat / max(0.05, cos(midLat * .pi / 180))
        let rows = Int((Fixed.decode(maxLat) - Fixed.decode(minLat)) / cellLat) + 1
        let cols = Int((Fixed.decode(maxLon) - Fixed.decode(minLon)) / cellLon) + 1
        let layout = SpatialGridLayout(minLat: Fixed.decode(minLat), minLon: Fixed.decode(minLon),
                                       cellLat: cellLat, cellLon: cellLon, rows: rows, cols: cols)
        var entries: [(cell: Int32, edge: Int32, segment: Int32)] = []
        for e in 0..<net.edgeCount {
            let a = Int(net.edgeGeometryOffset[e]), b = Int(net.edgeGeometryOffset[e + 1])
            for k in a..<(b - 1) {
                let (r0, c0) = layout.cell(Fixed.decode(net.geometryLat[k]), Fixed.decode(net.geometryLon[k]))
                let (r1, c1) = layout.cell(Fixed.decode(net.geometryLat[k + 1]), Fixed.decode(net.geometryLon[k + 1]))
                for r in min(r0, r1)...max(r0, r1) {
                    for c in min(c0, c1)...max(c0, c1) {
                        entries.append((Int32(r * cols + c), Int32(e), Int32(k - a)))
                    }
                }
            }
        }
        entries.sort { $0.cell < $1.cell }
        var offsets = [Int32](repeating: 0, count: rows * cols + 1)
        for entry in entries { offsets[Int(entry.cell) + 1] += 1 }
        for i in 0..<(rows * cols) { offsets[i + 1] += offsets[i] }
        var packed = [Int32]()
        packed.reserveCapacity(entries.count * 2)
        for entry in entries { packed.append(entry.edge); packed.append(entry.segment) }
        return (layout, offsets, packed)
    }
}
