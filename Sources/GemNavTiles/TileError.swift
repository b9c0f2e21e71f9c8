/// Why a tile source could not be built or read, or a tile not cut, in words that say what
/// was wrong and what to do.
public struct TileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The precise failure; callers read the coarse `isRequestError` / `isMissingSource`.
    enum Reason: Sendable, Equatable {
        /// No tile source file at the path (data imported before maps existed).
        case missing(String)
        /// A tile source written by another format version.
        case version(String, found: UInt32, expected: UInt32)
        /// A damaged or truncated tile source file.
        case corrupt(String, String)
        /// Writing the tile source failed.
        case writeFailed(String, String)
        /// z/x/y is not a tile: zoom outside 0…maxZoom or x, y outside 0..<2^z.
        case invalidTile(z: Int, x: Int, y: Int, maxZoom: Int)
        /// A real tile, but it does not touch the data's area.
        case outsideData(z: Int, x: Int, y: Int)
    }

    let reason: Reason

    init(_ reason: Reason) { self.reason = reason }

    /// Whether the request named a tile that is not served (bad z/x/y or outside the data),
    /// as opposed to a problem with the tile source itself.
    public var isRequestError: Bool {
        switch reason {
        case .invalidTile, .outsideData: true
        default: false
        }
    }

    /// Whether the data directory has no tile source at all (it must be imported again).
    public var isMissingSource: Bool {
        if case .missing = reason { return true }
        return false
    }

    /// A sentence for the user.
    public var description: String {
        let reimport = "Run `gemnav import FILE.osm.pbf --output DIR` again to rebuild it."
        switch reason {
        case .missing(let path):
            return "No map tile source at \(path): the data was imported before maps existed. \(reimport)"
        case .version(let path, let found, let expected):
            return "The map tile source \(path) has format version \(found), this GemNav reads version \(expected). \(reimport)"
        case .corrupt(let path, let why):
            return "The map tile source \(path) is unusable: \(why). \(reimport)"
        case .writeFailed(let path, let why):
            return "Could not write the map tile source \(path): \(why)."
        case .invalidTile(let z, let x, let y, let maxZoom):
            return "\(z)/\(x)/\(y) is not a tile: zoom must be 0 to \(maxZoom) and x, y 0 to 2^zoom - 1."
        case .outsideData(let z, let x, let y):
            return "Tile \(z)/\(x)/\(y) is outside the map data's area; see /tiles.json for its bounds."
        }
    }
}
