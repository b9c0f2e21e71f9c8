import Foundation

/// Writes features and their spatial index in the tile source format.
enum TileSourceWriter {
    /// Writes `features` (already in drawing order) to `url` atomically.
    /// - Returns: the file's size.
    /// - Throws: `TileError` when the file cannot be written.
    static func write(_ features: [SourceFeature], box: WorldBox, to url: URL,
                      progress: (Double) -> Void) throws -> Int
    {
        var strings = StringTable()
        var out = ByteWriter()
        out.bytes = [UInt8](repeating: 0, count: TileSourceFormat.headerSize)

        // Intern every string first so the string section can precede the features.
        for f in features {
            for (key, value) in f.attributes {
                _ = strings.id(key)
                if case .string(let s) = value { _ = strings.id(s) }
            }
        }
        let stringsOffset = out.bytes.count
        var offset: UInt32 = 0
        for s in strings.all {
            out.u32(offset)
            offset += UInt32(s.utf8.count)
        }
        out.u32(offset)
        for s in strings.all { out.bytes += Array(s.utf8) }
        out.align(8)

        let featuresOffset = out.bytes.count
        var recordOffsets: [UInt64] = []
        recordOffsets.reserveCapacity(features.count)
        for (n, f) in features.enumerated() {
            recordOffsets.append(UInt64(out.bytes.count))
            let box = f.box ?? WorldBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
            out.bytes += [f.layer.code, f.geometry.rawValue, UInt8(f.minZoom), UInt8(min(255, f.attributes.count))]
            out.i32(box.minX); out.i32(box.minY); out.i32(box.maxX); out.i32(box.maxY)
            out.u32(UInt32(f.parts.count))
            for (key, value) in f.attributes.prefix(255) {
                out.u32(strings.id(key))
                switch value {
                case .string(let s): out.value(TileSourceFormat.stringValue, UInt64(strings.id(s)))
                case .double(let d): out.value(TileSourceFormat.doubleValue, d.bitPattern)
                case .int(let i): out.value(TileSourceFormat.intValue, UInt64(bitPattern: i))
                case .bool(let b): out.value(TileSourceFormat.boolValue, b ? 1 : 0)
                }
            }
            for (part, isOuter) in zip(f.parts, f.outer) {
                out.u32(UInt32(part.count) | (isOuter ? 1 << 31 : 0))
            }
            // Varint deltas: most steps between neighbouring points fit one or two bytes.
            for part in f.parts {
                var px = Int64(box.minX), py = Int64(box.minY)
                for p in part {
                    out.signedVarint(Int64(p.x) - px)
                    out.signedVarint(Int64(p.y) - py)
                    px = Int64(p.x)
                    py = Int64(p.y)
                }
            }
            out.align(4)
            if n % 4096 == 0 { progress(0.8 * Double(n) / Double(max(1, features.count))) }
        }
        out.align(8)
        let indexOffset = out.bytes.count
        for o in recordOffsets { out.u64(o) }

        let grid = Grid(box: box)
        let (starts, entries) = grid.index(features)
        let cellStartsOffset = out.bytes.count
        for s in starts { out.u32(s) }
        let cellEntriesOffset = out.bytes.count
        for e in entries { out.u32(e) }

        var header = ByteWriter()
        header.bytes = TileSourceFormat.magic
        header.u32(TileSourceFormat.version)
        header.u32(UInt32(features.count))
        header.u32(UInt32(strings.all.count))
        header.u32(UInt32(grid.level))
        header.i32(grid.x0); header.i32(grid.y0); header.u32(UInt32(grid.cols)); header.u32(UInt32(grid.rows))
        header.i32(box.minX); header.i32(box.minY); header.i32(box.maxX); header.i32(box.maxY)
        for o in [stringsOffset, featuresOffset, indexOffset, cellStartsOffset, cellEntriesOffset, out.bytes.count] {
            header.u64(UInt64(o))
        }
        out.bytes.replaceSubrange(0..<header.bytes.count, with: header.bytes)
        progress(0.9)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(out.bytes).write(to: url, options: .atomic)
        } catch {
            throw TileError(.writeFailed(url.path, error.localizedDescription))
        }
        progress(1)
        return out.bytes.count
    }
}

/// The spatial grid over the data's box: cells are tiles of `level`.
struct Grid {
    let level: Int
    let x0: Int32
    let y0: Int32
    let cols: Int
    let rows: Int

    init(level: Int, x0: Int32, y0: Int32, cols: Int, rows: Int) {
        self.level = level
        self.x0 = x0
        self.y0 = y0
        self.cols = cols
        self.rows = rows
    }

    /// The finest grid (at most zoom 14) with at most `TileSourceFormat.maxCells` cells.
    init(box: WorldBox) {
        var level = TileSourceFormat.maxGridLevel
        while true {
            let a = TileID.containing(WorldPoint(x: box.minX, y: box.minY), z: level)
            let b = TileID.containing(WorldPoint(x: box.maxX, y: box.maxY), z: level)
            let cols = b.x - a.x + 1, rows = b.y - a.y + 1
            if cols * rows <= TileSourceFormat.maxCells || level == 0 {
                self.init(level: level, x0: Int32(a.x), y0: Int32(a.y), cols: cols, rows: rows)
                return
            }
            level -= 1
        }
    }

    /// The cell columns and rows a world box touches, clamped to the grid; nil when none.
    func cells(_ box: WorldBox) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        let shift = WebMercator.worldBits - level
        let cx0 = max(0, (Int(box.minX) >> shift) - Int(x0)), cx1 = min(cols - 1, (Int(box.maxX) >> shift) - Int(x0))
        let cy0 = max(0, (Int(box.minY) >> shift) - Int(y0)), cy1 = min(rows - 1, (Int(box.maxY) >> shift) - Int(y0))
        guard cx0 <= cx1, cy0 <= cy1 else { return nil }
        return (cx0...cx1, cy0...cy1)
    }

    /// Per-cell feature lists (widened by a zoom-`level` tile buffer, so a tile of that zoom
    /// or finer finds every feature reaching into its buffer in its own cell).
    func index(_ features: [SourceFeature]) -> ([UInt32], [UInt32]) {
        let margin = Int32((Double(WebMercator.worldSize >> level) * TileSourceFormat.bufferFraction).rounded(.up))
        var pairs: [(cell: Int, zoom: UInt8, id: UInt32)] = []
        for (n, f) in features.enumerated() {
            guard var box = f.box else { continue }
            box = WorldBox(minX: box.minX &- margin, minY: box.minY &- margin, maxX: box.maxX &+ margin, maxY: box.maxY &+ margin)
            guard let (xs, ys) = cells(box) else { continue }
            for cy in ys {
                for cx in xs { pairs.append((cy * cols + cx, UInt8(f.minZoom), UInt32(n))) }
            }
        }
        pairs.sort { ($0.cell, $0.zoom, $0.id) < ($1.cell, $1.zoom, $1.id) }
        var starts = [UInt32](repeating: 0, count: cols * rows + 1)
        for p in pairs { starts[p.cell + 1] += 1 }
        for i in 1..<starts.count { starts[i] += starts[i - 1] }
        return (starts, pairs.map(\.id))
    }
}

/// Interned strings, numbered in first-use order.
struct StringTable {
    private var ids: [String: UInt32] = [:]
    private(set) var all: [String] = []

    mutating func id(_ s: String) -> UInt32 {
        if let id = ids[s] { return id }
        let id = UInt32(all.count)
        ids[s] = id
        all.append(s)
        return id
    }
}

/// Little-endian output.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
    mutating func i32(_ v: Int32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
    mutating func value(_ type: UInt8, _ payload: UInt64) {
        bytes += [type, 0, 0, 0]
        u64(payload)
    }
    /// A zigzag varint: 0, -1, 1, -2… as 0, 1, 2, 3…, seven bits a byte.
    mutating func signedVarint(_ v: Int64) {
        var u = UInt64(bitPattern: (v << 1) ^ (v >> 63))
        while u >= 0x80 {
            bytes.append(UInt8(u & 0x7F) | 0x80)
            u >>= 7
        }
        bytes.append(UInt8(u))
    }
    mutating func align(_ n: Int) {
        while bytes.count % n != 0 { bytes.append(0) }
    }
}
