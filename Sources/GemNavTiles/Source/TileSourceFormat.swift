/// The layout of a tile source file (`tiles.gemnav`), little-endian throughout:
///
/// - a 112-byte header: magic, version, counts, the spatial grid, the data's box and the
///   offsets of the sections below;
/// - strings: `count + 1` UInt32 offsets, then the UTF-8 bytes of every attribute key and
///   string value, each stored once;
/// - features, one record each, 4-byte aligned: layer, geometry type, minimum zoom and
///   attribute count (one byte each), the box (4 × Int32), the part count (UInt32), the
///   attributes (16 bytes each: key string, value type, payload), the parts' point counts
///   (UInt32, top bit set for outer rings) and the points in world units, x and y as zigzag
///   varint deltas, each part's first from the box's north-west corner;
/// - the features' offsets (UInt64 each);
/// - the grid: for each cell, the features whose box (widened by a tile buffer) touches it,
///   sorted by minimum zoom then feature number, as `cells + 1` UInt32 starts and the
///   UInt32 feature numbers.
///
/// Features are numbered in drawing order (layer, then the layer's own order).
enum TileSourceFormat {
    static let magic: [UInt8] = Array("GNTILES1".utf8)
    static let version: UInt32 = 3
    static let headerSize = 112
    static let recordHeaderSize = 24
    static let attributeSize = 16

    /// Value types of stored attributes.
    static let stringValue: UInt8 = 1
    static let doubleValue: UInt8 = 2
    static let intValue: UInt8 = 3
    static let boolValue: UInt8 = 4

    /// The finest grid level: one cell per zoom-14 tile.
    static let maxGridLevel = 14
    /// Most grid cells; a larger extract gets a coarser grid.
    static let maxCells = 1 << 22
    /// Tile buffer as a fraction of the tile's width: 64 of 4096 pixels.
    static let bufferFraction = 64.0 / 4096.0
}
