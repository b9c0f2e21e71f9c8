extension TileSource {
    /// The Mapbox Vector Tile (v2.1, extent 4096, 64-pixel buffer) of `tile`: the features
    /// of every layer shown at its zoom, clipped to the buffered tile, simplified for the
    /// zoom, polygons wound as the spec requires. Empty (no bytes) when nothing is there.
    /// - Throws: `TileError` when z/x/y is not a tile or the tile lies outside the data.
    public func tile(_ id: TileID) throws -> [UInt8] {
        guard id.isValid(maxZoom: Self.maxZoom) else {
            throw TileError(.invalidTile(z: id.z, x: id.x, y: id.y, maxZoom: Self.maxZoom))
        }
        guard id.box().intersects(box) else { throw TileError(.outsideData(z: id.z, x: id.x, y: id.y)) }
        var cutter = TileCutter(source: self, tile: id)
        for n in candidates(id) { cutter.add(feature: n) }
        return cutter.encoded()
    }

    /// The features that may show in a tile, in drawing order, each once.
    func candidates(_ id: TileID) -> [UInt32] {
        var ids: [UInt32] = []
        if id.z >= grid.level {
            let shift = id.z - grid.level
            let cx = (id.x >> shift) - Int(grid.x0), cy = (id.y >> shift) - Int(grid.y0)
            guard (0..<grid.cols).contains(cx), (0..<grid.rows).contains(cy) else { return [] }
            appendFeatures(cell: cy * grid.cols + cx, upTo: id.z, into: &ids)
            ids.sort()
            return ids
        }
        guard let (xs, ys) = grid.cells(id.box(buffer: TileSourceFormat.bufferFraction)) else { return [] }
        for cy in ys {
            for cx in xs { appendFeatures(cell: cy * grid.cols + cx, upTo: id.z, into: &ids) }
        }
        ids.sort()
        var unique: [UInt32] = []
        unique.reserveCapacity(ids.count)
        for n in ids where unique.last != n { unique.append(n) }
        return unique
    }
}

/// Cuts one tile: reads feature records, transforms them to tile coordinates, simplifies,
/// clips, and hands them to the layer writers.
struct TileCutter {
    let source: TileSource
    let tile: TileID
    let bufferedBox: WorldBox
    /// Tile units per world unit.
    let scale: Double
    let originX: Double
    let originY: Double
    /// The buffered tile in tile units.
    let clipRect: PlaneRect
    /// Douglas–Peucker tolerance in tile units: none at the deepest zoom, which clients
    /// scale beyond, about a quarter pixel of a 1024-pixel-wide rendering below it.
    let tolerance: Double
    var layers: [MVTLayerWriter?] = Array(repeating: nil, count: TileLayer.allCases.count)

    init(source: TileSource, tile: TileID) {
        self.source = source
        self.tile = tile
        bufferedBox = tile.box(buffer: TileSourceFormat.bufferFraction)
        let size = Double(tile.size)
        scale = Double(MVTLayerWriter.extent) / size
        originX = Double(tile.x) * size
        originY = Double(tile.y) * size
        let b = Double(MVTLayerWriter.extent) * TileSourceFormat.bufferFraction
        clipRect = PlaneRect(minX: -b, minY: -b, maxX: Double(MVTLayerWriter.extent) + b, maxY: Double(MVTLayerWriter.extent) + b)
        tolerance = tile.z >= TileSource.maxZoom ? 0 : 1
    }

    /// Adds feature `n` if it shows in the tile.
    mutating func add(feature n: UInt32) {
        let b = source.file.bytes
        let at = source.recordOffset(n)
        guard let layer = TileLayer.decode(b[at]), let kind = GeometryKind(rawValue: b[at + 1]) else { return }
        let fbox = WorldBox(minX: b.i32(at + 4), minY: b.i32(at + 8), maxX: b.i32(at + 12), maxY: b.i32(at + 16))
        guard fbox.intersects(bufferedBox) else { return }
        // Below the deepest zoom, features under one tile unit both ways are left out (the sea never).
        if tile.z < TileSource.maxZoom, kind != .point, layer != .ocean {
            let w = Double(fbox.maxX - fbox.minX) * scale, h = Double(fbox.maxY - fbox.minY) * scale
            if w < 1, h < 1 { return }
        }
        let attributeCount = Int(b[at + 3])
        let partCount = Int(b.u32(at + 20))
        let attributesAt = at + TileSourceFormat.recordHeaderSize
        let partsAt = attributesAt + attributeCount * TileSourceFormat.attributeSize
        var pointsAt = partsAt + partCount * 4

        var geometry = GeometryEncoder()
        var keptOuter = false
        for part in 0..<partCount {
            let header = b.u32(partsAt + part * 4)
            let count = Int(header & 0x7FFF_FFFF), isOuter = header >> 31 == 1
            let points = planePoints(&pointsAt, count, from: fbox)
            switch kind {
            case .point:
                guard let (x, y) = points.first.map({ ($0.x, $0.y) }) else { continue }
                // Points only in the tile proper, so a label is not drawn twice at tile edges.
                guard x >= 0, y >= 0, x < Double(MVTLayerWriter.extent), y < Double(MVTLayerWriter.extent) else { continue }
                geometry.addPoint(Int32(x.rounded(.down)), Int32(y.rounded(.down)))
            case .line:
                let line = Simplification.simplify(points, tolerance: tolerance)
                for piece in Clipping.clipLine(line, to: clipRect) {
                    let pts = Self.rounded(piece)
                    if pts.count >= 2 { geometry.addLine(pts) }
                }
            case .polygon:
                if !isOuter, !keptOuter { continue }
                var ring = Clipping.clipRing(Simplification.simplify(points, tolerance: tolerance),
                                             to: clipRect).map { (Int32($0.x.rounded()), Int32($0.y.rounded())) }
                ring = Self.deduplicated(ring)
                if ring.count > 1, ring[0] == ring[ring.count - 1] { ring.removeLast() }
                let area = Self.doubleArea(ring)
                guard ring.count >= 3, area != 0 else {
                    if isOuter { keptOuter = false }
                    continue
                }
                // Exterior rings clockwise in tile coordinates (positive area, y down),
                // holes counter-clockwise.
                if (area > 0) != isOuter { ring.reverse() }
                geometry.addRing(ring)
                if isOuter { keptOuter = true }
            }
        }
        guard !geometry.commands.isEmpty else { return }
        let index = Int(layer.code)
        if layers[index] == nil { layers[index] = MVTLayerWriter(name: layer.rawValue) }
        var tags: [UInt32] = []
        tags.reserveCapacity(attributeCount * 2)
        for i in 0..<attributeCount {
            let a = attributesAt + i * TileSourceFormat.attributeSize
            let key = Array(source.stringBytes(b.u32(a)))
            let payload = b.u64(a + 8)
            let value: MVTLayerWriter.Value
            switch b[a + 4] {
            case TileSourceFormat.stringValue: value = .string(Array(source.stringBytes(UInt32(payload))))
            case TileSourceFormat.doubleValue: value = .double(Double(bitPattern: payload))
            case TileSourceFormat.intValue: value = .int(Int64(bitPattern: payload))
            default: value = .bool(payload != 0)
            }
            tags.append(layers[index]!.keyIndex(key))
            tags.append(layers[index]!.valueIndex(value))
        }
        layers[index]!.addFeature(type: kind, tags: tags, geometry: geometry.commands)
    }

    /// `count` stored points from byte `at` (moved past them), in tile units: zigzag varint
    /// deltas, the first from the feature box's north-west corner.
    func planePoints(_ at: inout Int, _ count: Int, from box: WorldBox) -> [PlanePoint] {
        let b = source.file.bytes
        var out: [PlanePoint] = []
        out.reserveCapacity(count)
        var x = Int64(box.minX), y = Int64(box.minY)
        for _ in 0..<count {
            x += Self.signedVarint(b, &at)
            y += Self.signedVarint(b, &at)
            out.append(PlanePoint(x: (Double(x) - originX) * scale, y: (Double(y) - originY) * scale))
        }
        return out
    }

    /// A zigzag varint at `at`, which moves past it.
    @inline(__always) static func signedVarint(_ b: UnsafeRawBufferPointer, _ at: inout Int) -> Int64 {
        var v: UInt64 = 0, shift: UInt64 = 0
        while true {
            let byte = b[at]
            at += 1
            v |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
    }

    /// Integer tile coordinates without consecutive repeats.
    static func rounded(_ points: [PlanePoint]) -> [(Int32, Int32)] {
        deduplicated(points.map { (Int32($0.x.rounded()), Int32($0.y.rounded())) })
    }

    static func deduplicated(_ points: [(Int32, Int32)]) -> [(Int32, Int32)] {
        var out: [(Int32, Int32)] = []
        out.reserveCapacity(points.count)
        for p in points where out.last.map({ $0 != p }) ?? true { out.append(p) }
        return out
    }

    /// Twice the signed area (surveyor's formula, y down).
    static func doubleArea(_ ring: [(Int32, Int32)]) -> Int64 {
        guard ring.count >= 3 else { return 0 }
        var sum: Int64 = 0
        var prev = ring[ring.count - 1]
        for p in ring {
            sum += Int64(prev.0) * Int64(p.1) - Int64(p.0) * Int64(prev.1)
            prev = p
        }
        return sum
    }

    /// The Tile message: the non-empty layers in `TileLayer` order.
    func encoded() -> [UInt8] {
        var w = ProtobufWriter()
        for layer in layers {
            guard let layer, layer.featureCount > 0 else { continue }
            w.bytesField(3, layer.encoded())
        }
        return w.bytes
    }
}
