import Foundation
import GemNavOSRM
import GemNavTiles
import Hummingbird

/// What the web map loads from the server: vector tiles cut from the data directory's tile
/// source, its TileJSON, the MapLibre styles, and the glyph PBFs and icon sprite
/// `scripts/setup-web.sh` writes into `web/vendor/fonts` and `web/vendor/sprite`.
public final class MapAssets: Sendable {
    /// The tile source, or why there is none (data imported before maps existed).
    let tiles: Result<TileSource, TileError>
    /// The directory holding one folder of glyph PBFs per font stack, if set up.
    let fontsDirectory: URL?
    /// The directory holding `sprite.json`, `sprite.png` and their `@2x` pair, if set up.
    let spriteDirectory: URL?
    /// Cut tiles, most recently used kept.
    let cache: TileCache

    /// Assets from a data directory's tile source (`tilesURL`) and a web directory
    /// (`web/`, whose `vendor/fonts` holds the glyphs).
    /// - Parameter cacheBytes: memory for cut tiles; 0 cuts every request afresh.
    public init(tilesURL: URL, webDirectory: URL?, cacheBytes: Int = 64 << 20) {
        do {
            tiles = .success(try TileSource(contentsOf: tilesURL))
        } catch {
            tiles = .failure(error)
        }
        fontsDirectory = webDirectory?.appendingPathComponent("vendor/fonts")
        spriteDirectory = webDirectory?.appendingPathComponent("vendor/sprite")
        cache = TileCache(capacityBytes: cacheBytes)
    }

    /// Whether tiles can be served.
    public var hasTiles: Bool {
        if case .success = tiles { return true }
        return false
    }

    /// Whether the icon sprite is set up (looked at each time, so a setup run while serving counts).
    public var hasSprite: Bool {
        spriteDirectory.map { FileManager.default.fileExists(atPath: $0.appendingPathComponent("sprite.json").path) } ?? false
    }

    /// Why tiles cannot be served (and what to do), nil when they can.
    public var tilesProblem: String? {
        if case .failure(let e) = tiles { return e.description }
        return nil
    }
}

/// Answers the map's endpoints: `/tiles/{z}/{x}/{y}.mvt`, `/tiles.json`, `/style.json`,
/// `/style-dark.json`, `/fonts/{fontstack}/{range}.pbf` and `/sprite[@2x].{json,png}`.
struct TileService: Sendable {
    let assets: MapAssets

    /// The response to a map request, or nil when the path is not one of the map's.
    func response(to request: Request) -> Response? {
        guard request.method == .get else { return nil }
        let path = request.uri.path
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        switch parts.first {
        case "tiles.json":
            return answer { try json(TileJSON.document(for: source(), baseURL: baseURL(request))) }
        case "style.json":
            return answer { try _ = source(); return json(MapStyle.document(.light, baseURL: baseURL(request), sprite: assets.hasSprite)) }
        case "style-dark.json":
            return answer { try _ = source(); return json(MapStyle.document(.dark, baseURL: baseURL(request), sprite: assets.hasSprite)) }
        case "sprite.json", "sprite.png", "sprite@2x.json", "sprite@2x.png":
            return answer { try sprite(String(parts.first!)) }
        case "tiles" where parts.count > 1:
            return answer { try tile(Array(parts.dropFirst())) }
        case "fonts" where parts.count > 1:
            return answer { try glyphs(Array(parts.dropFirst())) }
        default:
            return nil
        }
    }

    /// A failure, sent as OSRM-shaped JSON like the server's other errors.
    struct Failure: Error {
        var status: HTTPResponse.Status
        var code: String
        var message: String
    }

    private func answer(_ body: () throws -> Response) -> Response {
        do {
            return try body()
        } catch let f as Failure {
            return Self.error(f)
        } catch let e as TileError {
            return Self.error(Self.failure(e))
        } catch {
            return Self.error(Failure(status: .internalServerError, code: "InternalError", message: "\(error)"))
        }
    }

    static func failure(_ e: TileError) -> Failure {
        if e.isRequestError { return Failure(status: .notFound, code: "NotFound", message: e.description) }
        if e.isMissingSource { return Failure(status: .serviceUnavailable, code: "NoTiles", message: e.description) }
        return Failure(status: .internalServerError, code: "InternalError", message: e.description)
    }

    static func error(_ f: Failure) -> Response {
        var r = JSONBody.response(OSRMCodec.encodeError(code: f.code, message: f.message), status: f.status)
        r.headers[.accessControlAllowOrigin] = "*"
        return r
    }

    private func source() throws -> TileSource {
        try assets.tiles.get()
    }

    /// `http://host:port` from the request's Host (or X-Forwarded-Host and -Proto, behind a
    /// proxy): a style's URLs must be absolute, and the host the browser used is the one
    /// that reaches this server. Empty (relative URLs) when the request names no host.
    func baseURL(_ request: Request) -> String {
        let forwardedHost = header("x-forwarded-host", request)
        guard let host = forwardedHost ?? request.head.authority,
              !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:[]_".contains($0) })
        else { return "" }
        let proto = header("x-forwarded-proto", request)
        return "\(proto == "https" ? "https" : "http")://\(host)"
    }

    /// The first value of a header, by its lower-case name.
    private func header(_ name: String, _ request: Request) -> String? {
        request.headers.first { $0.name.canonicalName == name }?.value
    }

    private func json(_ bytes: [UInt8]) -> Response {
        var r = JSONBody.response(bytes, status: .ok)
        r.headers[.accessControlAllowOrigin] = "*"
        return r
    }

    /// `{z}/{x}/{y}.mvt`: the tile, 204 where it holds nothing, 404 outside the data.
    private func tile(_ parts: [Substring]) throws -> Response {
        let source = try source()
        guard parts.count == 3, parts[2].hasSuffix(".mvt"),
              let z = Int(parts[0]), let x = Int(parts[1]), let y = Int(parts[2].dropLast(4))
        else {
            throw Failure(status: .notFound, code: "NotFound",
                          message: "Tiles are at /tiles/{z}/{x}/{y}.mvt with whole numbers, e.g. /tiles/14/8529/5975.mvt")
        }
        let id = TileID(z: z, x: x, y: y)
        let bytes = try assets.cache.tile(id) { try source.tile(id) }
        var headers: HTTPFields = [.accessControlAllowOrigin: "*", .cacheControl: "public, max-age=3600"]
        guard !bytes.isEmpty else { return Response(status: .noContent, headers: headers) }
        headers[.contentType] = "application/vnd.mapbox-vector-tile"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// One of the sprite's four files, from the sprite directory.
    private func sprite(_ name: String) throws -> Response {
        guard let file = assets.spriteDirectory?.appendingPathComponent(name),
              let data = FileManager.default.contents(atPath: file.path)
        else {
            throw Failure(status: .notFound, code: "NoSprite",
                          message: "No icon sprite is set up: run scripts/setup-web.sh, or pass gemnav serve --web DIR with DIR/vendor/sprite")
        }
        return Response(status: .ok,
                        headers: [.contentType: name.hasSuffix(".png") ? "image/png" : "application/json",
                                  .accessControlAllowOrigin: "*", .cacheControl: "public, max-age=86400"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `{fontstack}/{start}-{end}.pbf` from the glyph directory; for a list of fonts
    /// (`A,B`) the first one present.
    private func glyphs(_ parts: [Substring]) throws -> Response {
        guard parts.count == 2, let stacks = String(parts[0]).removingPercentEncoding,
              let range = String(parts[1]).removingPercentEncoding,
              range.hasSuffix(".pbf"), range.dropLast(4).split(separator: "-").count == 2,
              range.dropLast(4).allSatisfy({ $0.isNumber || $0 == "-" })
        else {
            throw Failure(status: .notFound, code: "NotFound",
                          message: "Glyphs are at /fonts/{fontstack}/{start}-{end}.pbf, e.g. /fonts/DejaVu%20Sans%20Book/0-255.pbf")
        }
        guard let directory = assets.fontsDirectory,
              FileManager.default.fileExists(atPath: directory.path)
        else {
            throw Failure(status: .notFound, code: "NoGlyphs",
                          message: "No glyphs are set up: run scripts/setup-web.sh, or pass gemnav serve --web DIR with DIR/vendor/fonts")
        }
        for stack in stacks.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
        where !stack.isEmpty && !stack.contains("/") && !stack.hasPrefix(".") {
            let file = directory.appendingPathComponent(stack).appendingPathComponent(range)
            if let data = FileManager.default.contents(atPath: file.path) {
                return Response(status: .ok,
                                headers: [.contentType: "application/x-protobuf", .accessControlAllowOrigin: "*",
                                          .cacheControl: "public, max-age=86400"],
                                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            }
        }
        throw Failure(status: .notFound, code: "NotFound",
                      message: "No glyphs for font stack '\(stacks)' range \(range); the styles use '\(MapStyle.regularFont)' and '\(MapStyle.boldFont)'")
    }
}
