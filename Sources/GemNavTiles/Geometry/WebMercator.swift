import Foundation
import GemNavCore

/// A point in world coordinates: spherical Web Mercator scaled to `0..<WebMercator.worldSize`,
/// x growing east and y growing south, as tiles are laid out. At zoom 14 a tile is 2^14 units
/// wide, four units per pixel of a 4096-extent tile: finer than any tile needs.
public struct WorldPoint: Hashable, Sendable {
    /// East, 0 at 180° W.
    public var x: Int32
    /// South, 0 at about 85.05° N.
    public var y: Int32

    /// Creates a point.
    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }
}

/// The Web Mercator projection tiles use (EPSG:3857), on the integer world grid.
public enum WebMercator {
    /// log2 of the world's width in units.
    public static let worldBits = 28
    /// The world's width and height in units.
    public static let worldSize = 1 << worldBits
    /// The latitude limit of the square world.
    static let maxLatitude = 85.05112877980659
    /// Metres per unit at the equator, for areas in Mercator square metres (Shortbread's `way_area`).
    static let metresPerUnit = 40_075_016.685578488 / Double(worldSize)

    /// The world point of a coordinate, latitudes clamped to the square world.
    public static func project(_ c: Coordinate) -> WorldPoint {
        let (x, y) = fraction(c)
        let size = Double(worldSize)
        return WorldPoint(x: Int32(min(size - 1, max(0, (x * size).rounded()))),
                          y: Int32(min(size - 1, max(0, (y * size).rounded()))))
    }

    /// The coordinate of a world point (fractional units allowed).
    public static func unproject(x: Double, y: Double) -> Coordinate {
        let size = Double(worldSize)
        let lon = x / size * 360 - 180
        let n = Double.pi * (1 - 2 * y / size)
        return Coordinate(latitude: atan(sinh(n)) * 180 / .pi, longitude: lon)
    }

    /// x and y as fractions of the world's width.
    static func fraction(_ c: Coordinate) -> (Double, Double) {
        let lat = min(maxLatitude, max(-maxLatitude, c.latitude)) * .pi / 180
        let x = (c.longitude + 180) / 360
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2
        return (x, y)
    }
}

/// A box of world points, edges included.
public struct WorldBox: Hashable, Sendable {
    /// Smallest x.
    public var minX: Int32
    /// Smallest y (northmost).
    public var minY: Int32
    /// Largest x.
    public var maxX: Int32
    /// Largest y (southmost).
    public var maxY: Int32

    /// Creates a box.
    public init(minX: Int32, minY: Int32, maxX: Int32, maxY: Int32) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box of a geographic bounding box.
    public init(_ box: BoundingBox) {
        let a = WebMercator.project(box.min), b = WebMercator.project(box.max)
        self.init(minX: a.x, minY: b.y, maxX: b.x, maxY: a.y)
    }

    /// The smallest box holding every point, or nil for none.
    init?<S: Sequence>(covering points: S) where S.Element == WorldPoint {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var box = WorldBox(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        while let p = it.next() { box.include(p) }
        self = box
    }

    /// Grows the box to hold `p`.
    mutating func include(_ p: WorldPoint) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    /// Grows the box to hold `other`.
    mutating func include(_ other: WorldBox) {
        minX = min(minX, other.minX)
        minY = min(minY, other.minY)
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
    }

    /// Whether the boxes share a point.
    func intersects(_ o: WorldBox) -> Bool {
        minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY
    }

    /// The geographic box.
    public var boundingBox: BoundingBox {
        let nw = WebMercator.unproject(x: Double(minX), y: Double(minY))
        let se = WebMercator.unproject(x: Double(maxX), y: Double(maxY))
        return BoundingBox(min: Coordinate(latitude: se.latitude, longitude: nw.longitude),
                           max: Coordinate(latitude: nw.latitude, longitude: se.longitude))
    }
}

/// One tile of the z/x/y scheme (x east, y south from the north-west corner).
public struct TileID: Hashable, Sendable, CustomStringConvertible {
    /// Zoom level.
    public var z: Int
    /// Column.
    public var x: Int
    /// Row.
    public var y: Int

    /// Creates a tile id; use `isValid` to check it.
    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// Whether the zoom is 0…`maxZoom` and x, y lie inside its grid.
    public func isValid(maxZoom: Int) -> Bool {
        (0...maxZoom).contains(z) && (0..<(1 << z)).contains(x) && (0..<(1 << z)).contains(y)
    }

    /// `z/x/y`.
    public var description: String { "\(z)/\(x)/\(y)" }

    /// The tile's width in world units.
    var size: Int { WebMercator.worldSize >> z }

    /// The tile's box in world units; `buffer` widens it on every side by that fraction of
    /// its width.
    func box(buffer: Double = 0) -> WorldBox {
        let s = size, b = Int((Double(s) * buffer).rounded(.up))
        let limit = Int(Int32.max)
        return WorldBox(minX: Int32(max(-limit, x * s - b)), minY: Int32(max(-limit, y * s - b)),
                        maxX: Int32(min(limit, (x + 1) * s + b)), maxY: Int32(min(limit, (y + 1) * s + b)))
    }

    /// The zoom-`z` tile holding a world point.
    static func containing(_ p: WorldPoint, z: Int) -> TileID {
        let shift = WebMercator.worldBits - z
        let last = (1 << z) - 1
        return TileID(z: z, x: min(last, max(0, Int(p.x) >> shift)), y: min(last, max(0, Int(p.y) >> shift)))
    }
}
