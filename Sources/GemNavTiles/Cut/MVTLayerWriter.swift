/// One layer of a Mapbox Vector Tile (spec 2.1) being written: features with their
/// attributes as indices into the layer's key and value tables, each key and value stored
/// once, and geometry as command integers.
struct MVTLayerWriter {
    /// A value as the tile stores it; strings are compared by their bytes.
    enum Value: Hashable {
        case string([UInt8])
        case double(Double)
        case int(Int64)
        case bool(Bool)
    }

    static let extent: UInt32 = 4096

    let name: String
    private var keys: [[UInt8]] = []
    private var keyIndex: [[UInt8]: UInt32] = [:]
    private var values: [Value] = []
    private var valueIndex: [Value: UInt32] = [:]
    private var features = ProtobufWriter()
    private(set) var featureCount = 0

    init(name: String) { self.name = name }

    /// The index of a key, adding it on first use.
    mutating func keyIndex(_ key: [UInt8]) -> UInt32 {
        if let i = keyIndex[key] { return i }
        let i = UInt32(keys.count)
        keys.append(key)
        keyIndex[key] = i
        return i
    }

    /// The index of a value, adding it on first use.
    mutating func valueIndex(_ value: Value) -> UInt32 {
        if let i = valueIndex[value] { return i }
        let i = UInt32(values.count)
        values.append(value)
        valueIndex[value] = i
        return i
    }

    /// Adds a feature: `tags` are key and value indices in pairs, `geometry` the command
    /// integers from `GeometryEncoder`.
    mutating func addFeature(type: GeometryKind, tags: [UInt32], geometry: [UInt32]) {
        var f = ProtobufWriter()
        f.packedField(2, tags)
        f.varintField(3, UInt64(type.rawValue))
        f.packedField(4, geometry)
        features.bytesField(2, f.bytes)
        featureCount += 1
    }

    /// The Layer message.
    func encoded() -> [UInt8] {
        var w = ProtobufWriter()
        w.varintField(15, 2)
        w.bytesField(1, Array(name.utf8))
        w.bytes += features.bytes
        for k in keys { w.bytesField(3, k) }
        for v in values {
            var m = ProtobufWriter()
            switch v {
            case .string(let s): m.bytesField(1, s)
            case .double(let d): m.doubleField(3, d)
            case .int(let i):
                // Non-negative integers as uint_value, negative ones as sint_value (zigzag).
                if i >= 0 { m.varintField(5, UInt64(i)) } else { m.varintField(6, UInt64(bitPattern: (i << 1) ^ (i >> 63))) }
            case .bool(let b): m.varintField(7, b ? 1 : 0)
            }
            w.bytesField(4, m.bytes)
        }
        w.varintField(5, UInt64(Self.extent))
        return w.bytes
    }
}

/// Geometry command integers of one feature: MoveTo, LineTo and ClosePath with zigzag
/// deltas from a cursor that runs on across the feature's parts.
struct GeometryEncoder {
    private(set) var commands: [UInt32] = []
    private var cx: Int32 = 0
    private var cy: Int32 = 0

    static func command(_ id: UInt32, _ count: Int) -> UInt32 { (id & 7) | (UInt32(count) << 3) }

    private mutating func point(_ x: Int32, _ y: Int32) {
        commands.append(ProtobufWriter.zigzag(x &- cx))
        commands.append(ProtobufWriter.zigzag(y &- cy))
        cx = x
        cy = y
    }

    /// One point (MoveTo 1).
    mutating func addPoint(_ x: Int32, _ y: Int32) {
        commands.append(Self.command(1, 1))
        point(x, y)
    }

    /// One line of at least two points, no two consecutive ones equal.
    mutating func addLine(_ pts: [(Int32, Int32)]) {
        commands.append(Self.command(1, 1))
        point(pts[0].0, pts[0].1)
        commands.append(Self.command(2, pts.count - 1))
        for p in pts.dropFirst() { point(p.0, p.1) }
    }

    /// One ring of at least three points, open (the first is not repeated), already wound.
    mutating func addRing(_ pts: [(Int32, Int32)]) {
        addLine(pts)
        commands.append(Self.command(7, 1))
    }
}
