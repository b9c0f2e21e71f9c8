import Foundation
import Hummingbird

/// The page's files (HTML, script, styles, design tokens, and the vendored MapLibre and glyphs
/// that `scripts/setup-web.sh` puts in `vendor/`), served from one directory. Only plain names
/// under it are served: a path with `..`, a hidden name or a backslash is refused.
public struct WebFiles: Sendable {
    /// The directory served.
    public let directory: URL

    /// Files served from `directory`.
    public init(directory: URL) { self.directory = directory }

    /// Pages served without their extension.
    static let pages = ["/": "index.html", "/design": "design.html"]

    static let types = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "json": "application/json", "svg": "image/svg+xml", "png": "image/png", "pbf": "application/x-protobuf",
        "webmanifest": "application/manifest+json",
    ]

    /// The file for a request path, nil when the path is not one of the page's files.
    func file(for path: String) -> URL? {
        let name = Self.pages[path] ?? String(path.dropFirst())
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard path.hasPrefix("/"), !name.isEmpty, !name.contains("\\"),
              parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
              Self.types[(name as NSString).pathExtension] != nil
        else { return nil }
        let url = directory.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        return url
    }

    /// Whether `scripts/setup-web.sh` installed the map library.
    public var hasMapLibrary: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("vendor/maplibre-gl.js").path)
    }

    /// The response for `path`, nil when it is not one of the page's files.
    func response(for path: String) -> Response? {
        guard let url = file(for: path), let data = FileManager.default.contents(atPath: url.path) else { return nil }
        var headers = HTTPFields()
        headers[.contentType] = Self.types[url.pathExtension] ?? "application/octet-stream"
        // Vendored files never change between setups; the page's own files may change on update.
        headers[.cacheControl] = path.hasPrefix("/vendor/") ? "public, max-age=86400" : "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
