import Foundation
import GemNavCore

/// A tile source file (`tiles.gemnav`) mapped into memory, from which vector tiles are cut
/// on demand. Opening it takes milliseconds whatever its size: pages are read on first use.
/// Immutable and safe to share between threads.
public final class TileSource: Sendable {
    /// The tile source's file name inside a data directory made by `gemnav import`.
    public static let fileName = "tiles.gemnav"
    /// The deepest zoom tiles are cut at; clients zoom further by scaling zoom-14 tiles.
    public static let maxZoom = 14

    /// The file.
    public let url: URL
    /// How many features the source holds.
    public let featureCount: Int
    /// The data's box in world units.
    public let box: WorldBox

    let file: MappedTileFile
    let grid: Grid
    let stringCount: Int
    let stringsOffset: Int
    let featuresOffset: Int
    let indexOffset: Int
    let cellStartsOffset: Int
    let cellEntriesOffset: Int

    /// Maps and checks the file at `url`.
    /// - Throws: `TileError` when it is missing, from another format version, or damaged.
    public init(contentsOf url: URL) throws(TileError) {
        self.url = url
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { throw TileError(.missing(path)) }
        file = try MappedTileFile(url: url)
        let b = file.bytes
        guard b.count >= TileSourceFormat.headerSize, Array(b[0..<8]) == TileSourceFormat.magic else {
            throw TileError(.corrupt(path, "it is not a GemNav tile source"))
        }
        let version = b.u32(8)
        guard version == TileSourceFormat.version else {
            throw TileError(.version(path, found: version, expected: TileSourceFormat.version))
        }
        featureCount = Int(b.u32(12))
        stringCount = Int(b.u32(16))
        grid = Grid(level: Int(b.u32(20)), x0: b.i32(24), y0: b.i32(28), cols: Int(b.u32(32)), rows: Int(b.u32(36)))
        box = WorldBox(minX: b.i32(40), minY: b.i32(44), maxX: b.i32(48), maxY: b.i32(52))
        stringsOffset = Int(b.u64(56))
        featuresOffset = Int(b.u64(64))
        indexOffset = Int(b.u64(72))
        cellStartsOffset = Int(b.u64(80))
        cellEntriesOffset = Int(b.u64(88))
        let size = Int(b.u64(96))
        guard size == b.count, indexOffset + featureCount * 8 <= cellStartsOffset,
              cellStartsOffset + (grid.cols * grid.rows + 1) * 4 <= cellEntriesOffset,
              stringsOffset + (stringCount + 1) * 4 <= featuresOffset
        else {
            throw TileError(.corrupt(path, "its sections do not fit its size (\(b.count) bytes); it may be truncated"))
        }
        let entries = Int(b.u32(cellEntriesOffset - 4))
        guard cellEntriesOffset + entries * 4 == size else {
            throw TileError(.corrupt(path, "its spatial index does not match its size"))
        }
    }

    /// The data's geographic bounds.
    public var bounds: BoundingBox { box.boundingBox }

    /// The zoom at which the whole data set fits about 1,000 pixels, for a map's first view.
    public var overviewZoom: Int {
        let span = Double(max(box.maxX - box.minX, box.maxY - box.minY, 1)) / Double(WebMercator.worldSize)
        return max(0, min(Self.maxZoom, Int(log2(4 / span).rounded(.down))))
    }

    /// Every tile of zoom `z` (0…`maxZoom`) touching the data's box, row by row.
    public func tiles(atZoom z: Int) -> [TileID] {
        guard (0...Self.maxZoom).contains(z) else { return [] }
        let a = TileID.containing(WorldPoint(x: box.minX, y: box.minY), z: z)
        let b = TileID.containing(WorldPoint(x: box.maxX, y: box.maxY), z: z)
        return (a.y...b.y).flatMap { y in (a.x...b.x).map { TileID(z: z, x: $0, y: y) } }
    }

    /// Whether a valid tile touches the data's box.
    public func covers(_ tile: TileID) -> Bool {
        tile.isValid(maxZoom: Self.maxZoom) && tile.box().intersects(box)
    }

    /// The UTF-8 bytes of string `id`.
    func stringBytes(_ id: UInt32) -> UnsafeRawBufferPointer {
        let b = file.bytes
        let start = Int(b.u32(stringsOffset + Int(id) * 4)), end = Int(b.u32(stringsOffset + Int(id) * 4 + 4))
        let base = stringsOffset + (stringCount + 1) * 4
        return UnsafeRawBufferPointer(rebasing: b[(base + start)..<(base + end)])
    }

    /// Feature `n`'s record offset.
    func recordOffset(_ n: UInt32) -> Int { Int(file.bytes.u64(indexOffset + Int(n) * 8)) }

    /// Feature numbers from grid cell `cell` with a minimum zoom at most `zoom`, appended.
    func appendFeatures(cell: Int, upTo zoom: Int, into out: inout [UInt32]) {
        let b = file.bytes
        let start = Int(b.u32(cellStartsOffset + cell * 4)), end = Int(b.u32(cellStartsOffset + cell * 4 + 4))
        for i in start..<end {
            let n = b.u32(cellEntriesOffset + i * 4)
            // Each cell's list is sorted by minimum zoom: the rest are for deeper zooms.
            if Int(b[recordOffset(n) + 2]) > zoom { break }
            out.append(n)
        }
    }
}

/// Read-only bytes of a mapped file.
final class MappedTileFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    init(url: URL) throws(TileError) {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { throw TileError(.missing(url.path)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { throw TileError(.corrupt(url.path, "the file is empty")) }
        let size = Int(info.st_size)
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            throw TileError(.corrupt(url.path, "it could not be mapped into memory"))
        }
        bytes = UnsafeRawBufferPointer(start: p, count: size)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}

extension UnsafeRawBufferPointer {
    @inline(__always) func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
    @inline(__always) func i32(_ at: Int) -> Int32 { Int32(littleEndian: loadUnaligned(fromByteOffset: at, as: Int32.self)) }
    @inline(__always) func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
}
