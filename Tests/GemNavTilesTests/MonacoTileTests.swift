import Foundation
import GemNavCore
import GemNavTestSupport
import Testing
@testable import GemNavTiles

/// Tiles cut from the embedded Monaco extract.
@Suite struct MonacoTileTests {
    /// Monaco's tile source, built once per test run.
    static let monaco = Result { try TileTestSupport.source(TestData.embeddedMonaco) }
    static let casino = Coordinate(latitude: 43.7394, longitude: 7.4283)
    /// Open sea south-east of Port Hercule and Monte-Carlo.
    static let sea = Coordinate(latitude: 43.7340, longitude: 7.4400)

    @Test func casinoTileHasNamedStreetsAndBuildings() throws {
        let source = try Self.monaco.get()
        let (tile, x, y) = try TileTestSupport.tile(source, at: Self.casino)
        let streets = try #require(tile.layers["streets"])
        #expect(streets.features.count > 50)
        #expect(streets.features.allSatisfy { $0.type == 2 && $0.properties["kind"] is String })
        let names = Set(tile.layers["street_labels"]?.features.compactMap { $0.properties["name"] as? String } ?? [])
        #expect(names.contains("Avenue de Monte-Carlo") || names.contains("Boulevard des Moulins"), "\(names.sorted())")
        #expect((tile.layers["buildings"]?.features.count ?? 0) > 50)
        #expect(tile.layers["pois"]?.features.contains { $0.properties["name"] as? String != nil } == true)
        #expect(!TileTestSupport.covers(tile, "ocean", x: x, y: y))
    }

    @Test func monacoIsNamedAndItsHousesNumbered() throws {
        let source = try Self.monaco.get()
        let (z8, _, _) = try TileTestSupport.tile(source, at: Self.casino, z: 8)
        let countries = try #require(z8.layers["boundary_labels"]?.features)
        #expect(countries.contains { $0.string("name") == "Monaco" && $0.int("admin_level") == 2 })
        var numbers = 0, squares = 0
        for id in source.tiles(atZoom: 14) {
            let tile = try DecodedTile(try source.tile(id))
            numbers += tile.layers["addresses"]?.features.filter { $0.string("housenumber") != nil }.count ?? 0
            squares += tile.layers["streets_polygons_labels"]?.features.filter { $0.string("name") != nil }.count ?? 0
        }
        #expect(numbers > 50 && squares > 0, "\(numbers) house numbers, \(squares) named squares")
    }

    @Test func seaTileIsOcean() throws {
        let source = try Self.monaco.get()
        let (tile, x, y) = try TileTestSupport.tile(source, at: Self.sea)
        #expect(TileTestSupport.covers(tile, "ocean", x: x, y: y))
        #expect(!TileTestSupport.covers(tile, "buildings", x: x, y: y))
        // The sea also shows at low zoom, the land does not drown.
        let (z10, x10, y10) = try TileTestSupport.tile(source, at: Self.sea, z: 10)
        #expect(TileTestSupport.covers(z10, "ocean", x: x10, y: y10))
        let (land, lx, ly) = try TileTestSupport.tile(source, at: Self.casino, z: 10)
        #expect(!TileTestSupport.covers(land, "ocean", x: lx, y: ly))
    }

    @Test func everyTileDecodesWithValidGeometry() throws {
        let source = try Self.monaco.get()
        var cut = 0
        for z in [0, 5, 8, 10, 12, 13, 14] {
            for id in source.tiles(atZoom: z) {
                let bytes = try source.tile(id)
                let tile = try DecodedTile(bytes)
                cut += 1
                for layer in tile.layers.values {
                    #expect(TileLayer(rawValue: layer.name) != nil)
                    for f in layer.features {
                        switch f.type {
                        case 1: #expect(f.parts.allSatisfy { $0.count == 1 && (0..<4096).contains($0[0].x) })
                        case 2: #expect(f.parts.allSatisfy { $0.count >= 2 })
                        default:
                            #expect(f.parts.allSatisfy { $0.count >= 4 && $0.allSatisfy { (-64...4160).contains($0.x) } })
                            #expect(DecodedTile.doubleArea(f.parts[0]) > 0, "\(layer.name) at \(id)")
                        }
                    }
                }
                // Minimum zooms hold: no buildings or POIs before zoom 14.
                if z < 14 { #expect(tile.layers["buildings"] == nil && tile.layers["pois"] == nil) }
            }
        }
        #expect(cut > 20)
    }

    @Test func tileJSONAndStyleDescribeTheData() throws {
        let source = try Self.monaco.get()
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(TileJSON.document(for: source, baseURL: "http://h:1")))
            as? [String: Any])
        #expect(doc["tilejson"] as? String == "3.0.0")
        #expect(doc["tiles"] as? [String] == ["http://h:1/tiles/{z}/{x}/{y}.mvt"])
        #expect(doc["maxzoom"] as? Int == 14)
        let bounds = try #require(doc["bounds"] as? [Double])
        #expect(bounds[0] < Self.casino.longitude && Self.casino.longitude < bounds[2])
        #expect(bounds[1] < Self.casino.latitude && Self.casino.latitude < bounds[3])
        #expect((doc["vector_layers"] as? [[String: Any]])?.count == TileLayer.allCases.count)
        for variant in MapStyle.Variant.allCases {
            let style = try #require(try JSONSerialization.jsonObject(with: Data(MapStyle.document(variant, baseURL: "http://h:1")))
                as? [String: Any])
            #expect(style["version"] as? Int == 8)
            #expect(style["glyphs"] as? String == "http://h:1/fonts/{fontstack}/{range}.pbf")
            let layers = try #require(style["layers"] as? [[String: Any]])
            let used = Set(layers.compactMap { $0["source-layer"] as? String })
            #expect(used.isSubset(of: Set(TileLayer.allCases.map(\.rawValue))))
            #expect(used.isSuperset(of: ["ocean", "land", "buildings", "streets", "street_labels", "place_labels", "pois"]))
        }
    }

    @Test func requestsOutsideTheTileGridOrTheDataAreRefused() throws {
        let source = try Self.monaco.get()
        for id in [TileID(z: 15, x: 0, y: 0), TileID(z: 3, x: 8, y: 0), TileID(z: -1, x: 0, y: 0)] {
            let error = try #require(throws: TileError.self) { try source.tile(id) }
            #expect(error.isRequestError)
            #expect(error.description.contains("is not a tile"))
        }
        let outside = try #require(throws: TileError.self) { try source.tile(TileID(z: 14, x: 0, y: 0)) }
        #expect(outside.isRequestError)
        #expect(outside.description.contains("outside the map data"))
    }

    @Test func missingOrForeignFilesSayToImportAgain() throws {
        let missing = TestData.temporary("tiles.gemnav")
        let error = try #require(throws: TileError.self) { try TileSource(contentsOf: missing) }
        #expect(error.isMissingSource)
        #expect(error.description.contains("gemnav import"))
        let foreign = try TestData.write(Data("not a tile source at all, but long enough to read a header from it ....... "
            .utf8 + [UInt8](repeating: 0, count: 200)), name: "tiles.gemnav")
        let damaged = try #require(throws: TileError.self) { try TileSource(contentsOf: foreign) }
        #expect(!damaged.isMissingSource && damaged.description.contains("not a GemNav tile source"))
        var older = try Data(contentsOf: try Self.monaco.get().url)
        older[8] = 1  // the format version, little-endian
        let oldFile = try TestData.write(older, name: "tiles.gemnav")
        let version = try #require(throws: TileError.self) { try TileSource(contentsOf: oldFile) }
        #expect(version.description.contains("format version 1") && version.description.contains("gemnav import"))
    }
}
