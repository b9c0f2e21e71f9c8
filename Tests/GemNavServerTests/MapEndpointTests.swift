import Foundation
import GemNavServer
import GemNavServices
import GemNavTiles
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// The web map's endpoints: tiles, TileJSON, styles, glyphs and the icon sprite.
@Suite struct MapEndpointTests {
    /// The town's data with its tile source, and a web folder with one glyph file and a sprite.
    static let town = Result { () -> (ServerData, MapAssets, web: URL) in
        let data = try TestMaps.town.get()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-map-tests-\(UUID().uuidString)")
        let osm = dir.appendingPathComponent("town.osm")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(TestMaps.townXML.utf8).write(to: osm)
        let tiles = dir.appendingPathComponent(TileSource.fileName)
        try TileSourceBuilder().build(from: osm, to: tiles)
        let fonts = dir.appendingPathComponent("web/vendor/fonts/DejaVu Sans Book")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try Data([0x0A, 0x00]).write(to: fonts.appendingPathComponent("0-255.pbf"))
        let sprite = dir.appendingPathComponent("web/vendor/sprite")
        try FileManager.default.createDirectory(at: sprite, withIntermediateDirectories: true)
        for name in ["sprite.json", "sprite@2x.json"] { try Data("{}".utf8).write(to: sprite.appendingPathComponent(name)) }
        for name in ["sprite.png", "sprite@2x.png"] { try Data([0x89, 0x50, 0x4E, 0x47]).write(to: sprite.appendingPathComponent(name)) }
        let web = dir.appendingPathComponent("web")
        return (data, MapAssets(tilesURL: tiles, webDirectory: web), web)
    }

    /// Rue Alpha's zoom-14 tile.
    static let townTile = "/tiles/14/8299/5637.mvt"

    static func withMap(_ mode: Mode, _ assets: MapAssets? = nil,
                        _ body: @Sendable (ServerClient) async throws -> Void) async throws
    {
        let (data, town, _) = try town.get()
        try await withServer(mode, data, map: assets ?? town, body)
    }

    @Test(arguments: Mode.allCases)
    func tileIsAVectorTileWithTheTownsStreets(mode: Mode) async throws {
        try await Self.withMap(mode) { client in
            let response = try await client.execute(uri: Self.townTile, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/vnd.mapbox-vector-tile")
            let bytes = [UInt8](response.body.readableBytesView)
            // Layer "streets" is in the tile, with Rue Alpha's name in street_labels.
            #expect(bytes.count > 100)
            #expect(String(decoding: bytes, as: UTF8.self).contains("street_labels"))
            #expect(String(decoding: bytes, as: UTF8.self).contains("Rue Alpha"))
            // The second request comes from the cache, the same bytes.
            let again = try await client.execute(uri: Self.townTile, method: .get)
            #expect([UInt8](again.body.readableBytesView) == bytes)
        }
    }

    @Test(arguments: Mode.allCases)
    func badOrOutsideTilesAreNotFoundWithAReason(mode: Mode) async throws {
        try await Self.withMap(mode) { client in
            for uri in ["/tiles/14/0/0.mvt", "/tiles/15/1/1.mvt", "/tiles/3/9/1.mvt", "/tiles/a/b/c.mvt",
                        "/tiles/14/8299/5637.png", "/tiles/14/8299"] {
                let reply = try await client.json(uri)
                #expect(reply.status == .notFound, "\(uri)")
                #expect(reply.code == "NotFound", "\(uri)")
                #expect((reply.body["message"] as? String)?.isEmpty == false)
            }
        }
    }

    @Test(arguments: Mode.allCases)
    func tileJSONAndStylesUseTheRequestsHost(mode: Mode) async throws {
        try await Self.withMap(mode) { client in
            let headers: HTTPFields = [.init("X-Forwarded-Host")!: "maps.example:8080"]
            let response = try await client.execute(uri: "/tiles.json", method: .get, headers: headers)
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            #expect(doc["tiles"] as? [String] == ["http://maps.example:8080/tiles/{z}/{x}/{y}.mvt"])
            #expect(doc["maxzoom"] as? Int == 14)
            let bounds = try #require(doc["bounds"] as? [Double])
            #expect(bounds[0] < 2.351 && bounds[2] > 2.371 && bounds[1] < 48.846 && bounds[3] > 48.855)
            for path in ["/style.json", "/style-dark.json"] {
                let style = try await client.json(path)
                #expect(style.status == .ok)
                let glyphs = try #require(style.body["glyphs"] as? String)
                #expect(glyphs.hasSuffix("/fonts/{fontstack}/{range}.pbf"))
                let source = (style.body["sources"] as? [String: Any])?["gemnav"] as? [String: Any]
                #expect((source?["url"] as? String)?.hasSuffix("/tiles.json") == true)
                #expect((style.body["sprite"] as? String)?.hasSuffix("/sprite") == true, "the sprite is set up")
                // Live requests carry a Host header, which makes the URLs absolute.
                if mode == .live { #expect(glyphs.hasPrefix("http://localhost")) }
            }
        }
    }

    @Test(arguments: Mode.allCases)
    func glyphsComeFromTheWebFolder(mode: Mode) async throws {
        try await Self.withMap(mode) { client in
            let found = try await client.execute(uri: "/fonts/DejaVu%20Sans%20Book/0-255.pbf", method: .get)
            #expect(found.status == .ok)
            #expect(found.headers[.contentType] == "application/x-protobuf")
            #expect([UInt8](found.body.readableBytesView) == [0x0A, 0x00])
            let fallback = try await client.execute(uri: "/fonts/Nope,DejaVu%20Sans%20Book/0-255.pbf", method: .get)
            #expect(fallback.status == .ok)
            for uri in ["/fonts/DejaVu%20Sans%20Book/9999999-9999999.pbf", "/fonts/..%2F..%2Fetc/0-255.pbf",
                        "/fonts/DejaVu%20Sans%20Book/passwd"] {
                #expect(try await client.json(uri).status == .notFound, "\(uri)")
            }
        }
    }

    @Test(arguments: Mode.allCases)
    func theSpriteComesFromTheWebFolderAndOnlyASetUpOneIsNamed(mode: Mode) async throws {
        try await Self.withMap(mode) { client in
            let index = try await client.execute(uri: "/sprite@2x.json", method: .get)
            #expect(index.status == .ok && index.headers[.contentType] == "application/json")
            let image = try await client.execute(uri: "/sprite.png", method: .get)
            #expect(image.status == .ok && image.headers[.contentType] == "image/png")
            #expect([UInt8](image.body.readableBytesView) == [0x89, 0x50, 0x4E, 0x47])
        }
        let web = try Self.town.get().web
        let bare = MapAssets(tilesURL: web.deletingLastPathComponent().appendingPathComponent(TileSource.fileName),
                             webDirectory: nil)
        #expect(!bare.hasSprite)
        try await Self.withMap(mode, bare) { client in
            let missing = try await client.json("/sprite.json")
            #expect(missing.status == .notFound && missing.code == "NoSprite")
            #expect((missing.body["message"] as? String)?.contains("setup-web.sh") == true)
            let style = try await client.json("/style.json")
            #expect(style.status == .ok && style.body["sprite"] == nil, "a style naming a missing sprite would not load")
        }
    }

    @Test(arguments: Mode.allCases)
    func dataImportedBeforeMapsSaysToImportAgain(mode: Mode) async throws {
        let assets = MapAssets(tilesURL: URL(fileURLWithPath: "/nonexistent/tiles.gemnav"), webDirectory: nil)
        #expect(!assets.hasTiles)
        try await Self.withMap(mode, assets) { client in
            for uri in [Self.townTile, "/tiles.json", "/style.json"] {
                let reply = try await client.json(uri)
                #expect(reply.status == .serviceUnavailable)
                #expect(reply.code == "NoTiles")
                #expect((reply.body["message"] as? String)?.contains("gemnav import") == true)
            }
            let glyphs = try await client.json("/fonts/DejaVu%20Sans%20Book/0-255.pbf")
            #expect((glyphs.body["message"] as? String)?.contains("setup-web.sh") == true)
            // The rest of the server is unaffected.
            #expect(try await client.json("/health").status == .ok)
        }
    }
}
