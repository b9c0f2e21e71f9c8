import Foundation
import GemNavCore
import GemNavTestSupport
@testable import GemNavTiles

/// Builds tile sources from test maps and reads their tiles back.
enum TileTestSupport {
    /// The tile source of an OSM file, built into a temporary directory.
    static func source(_ osm: URL) throws -> TileSource {
        let url = TestData.temporary(TileSource.fileName)
        try TileSourceBuilder().build(from: osm, to: url)
        return try TileSource(contentsOf: url)
    }

    /// The zoom-`z` tile holding a coordinate, and the coordinate in that tile's units.
    static func locate(_ c: Coordinate, z: Int = 14) -> (TileID, x: Double, y: Double) {
        let p = WebMercator.project(c)
        let tile = TileID.containing(p, z: z)
        let size = Double(WebMercator.worldSize >> z)
        return (tile, (Double(p.x) - Double(tile.x) * size) / size * 4096, (Double(p.y) - Double(tile.y) * size) / size * 4096)
    }

    /// The decoded tile holding `c` at zoom `z`, and `c` in its units.
    static func tile(_ source: TileSource, at c: Coordinate, z: Int = 14) throws -> (DecodedTile, x: Double, y: Double) {
        let (id, x, y) = locate(c, z: z)
        return (try DecodedTile(try source.tile(id)), x, y)
    }

    /// Whether any polygon of `layer` covers the point.
    static func covers(_ tile: DecodedTile, _ layer: String, x: Double, y: Double) -> Bool {
        tile.layers[layer]?.features.contains { $0.type == 3 && DecodedTile.contains($0, x: x, y: y) } ?? false
    }
}
