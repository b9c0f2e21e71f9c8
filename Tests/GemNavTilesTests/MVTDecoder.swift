import Foundation

/// A small, independent reader of Mapbox Vector Tiles for the tests: protobuf fields by
/// hand, geometry commands back to points, lines and rings in tile coordinates.
struct DecodedTile {
    struct Feature {
        var type: Int
        var properties: [String: AnyHashable]
        /// Points: one part per point; lines: one part per line; polygons: one part per
        /// ring, closed (first point repeated at the end).
        var parts: [[(x: Int, y: Int)]]
        var commands: [UInt32]

        /// A string attribute.
        func string(_ key: String) -> String? { properties[key] as? String }
        /// A boolean attribute.
        func bool(_ key: String) -> Bool? { properties[key] as? Bool }
        /// An integer attribute.
        func int(_ key: String) -> Int64? { properties[key] as? Int64 }
    }

    struct Layer {
        var name: String
        var version: Int
        var extent: Int
        var keys: [String]
        var features: [Feature]
    }

    var layers: [String: Layer] = [:]
    var layerOrder: [String] = []

    enum DecodeError: Error { case malformed(String) }

    init(_ bytes: [UInt8]) throws {
        var r = Reader(data: bytes[...])
        while !r.atEnd {
            let (field, wire) = try r.key()
            guard field == 3, wire == 2 else { try r.skip(wire); continue }
            let layer = try Self.layer(try r.bytes())
            guard layers[layer.name] == nil else { throw DecodeError.malformed("layer \(layer.name) twice") }
            layers[layer.name] = layer
            layerOrder.append(layer.name)
        }
    }

    static func layer(_ bytes: ArraySlice<UInt8>) throws -> Layer {
        var r = Reader(data: bytes)
        var name = "", version = 1, extent = 4096
        var keys: [String] = [], values: [AnyHashable] = []
        var raw: [ArraySlice<UInt8>] = []
        while !r.atEnd {
            let (field, wire) = try r.key()
            switch (field, wire) {
            case (1, 2): name = String(decoding: try r.bytes(), as: UTF8.self)
            case (2, 2): raw.append(try r.bytes())
            case (3, 2): keys.append(String(decoding: try r.bytes(), as: UTF8.self))
            case (4, 2): values.append(try value(try r.bytes()))
            case (5, 0): extent = Int(try r.varint())
            case (15, 0): version = Int(try r.varint())
            default: try r.skip(wire)
            }
        }
        let features = try raw.map { try feature($0, keys: keys, values: values) }
        return Layer(name: name, version: version, extent: extent, keys: keys, features: features)
    }

    static func value(_ bytes: ArraySlice<UInt8>) throws -> AnyHashable {
        var r = Reader(data: bytes)
        let (field, wire) = try r.key()
        switch (field, wire) {
        case (1, 2): return String(decoding: try r.bytes(), as: UTF8.self)
        case (3, 1): return Double(bitPattern: try r.fixed64())
        case (4, 0): return Int64(bitPattern: try r.varint())
        case (5, 0): return Int64(try r.varint())
        case (6, 0):
            let v = try r.varint()
            return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
        case (7, 0): return try r.varint() != 0
        default: throw DecodeError.malformed("value field \(field)")
        }
    }

    static func packed(_ bytes: ArraySlice<UInt8>) throws -> [UInt32] {
        var r = Reader(data: bytes)
        var out: [UInt32] = []
        while !r.atEnd { out.append(UInt32(try r.varint())) }
        return out
    }

    static func feature(_ bytes: ArraySlice<UInt8>, keys: [String], values: [AnyHashable]) throws -> Feature {
        var r = Reader(data: bytes)
        var tags: [UInt32] = [], type = 0, geometry: [UInt32] = []
        while !r.atEnd {
            let (field, wire) = try r.key()
            switch (field, wire) {
            case (2, 2): tags = try packed(try r.bytes())
            case (3, 0): type = Int(try r.varint())
            case (4, 2): geometry = try packed(try r.bytes())
            default: try r.skip(wire)
            }
        }
        guard tags.count % 2 == 0 else { throw DecodeError.malformed("odd tag count") }
        var properties: [String: AnyHashable] = [:]
        for i in stride(from: 0, to: tags.count, by: 2) {
            guard Int(tags[i]) < keys.count, Int(tags[i + 1]) < values.count else { throw DecodeError.malformed("tag index") }
            properties[keys[Int(tags[i])]] = values[Int(tags[i + 1])]
        }
        return Feature(type: type, properties: properties, parts: try parts(geometry, type: type), commands: geometry)
    }

    /// Geometry commands back to parts, checking the spec's rules on the way.
    static func parts(_ g: [UInt32], type: Int) throws -> [[(x: Int, y: Int)]] {
        var parts: [[(x: Int, y: Int)]] = []
        var x = 0, y = 0, i = 0
        func zz(_ v: UInt32) -> Int { Int(Int32(bitPattern: (v >> 1) ^ (0 &- (v & 1)))) }
        while i < g.count {
            let id = g[i] & 7, count = Int(g[i] >> 3)
            i += 1
            switch id {
            case 1:
                for _ in 0..<count {
                    x += zz(g[i]); y += zz(g[i + 1]); i += 2
                    parts.append([(x, y)])
                }
            case 2:
                guard !parts.isEmpty else { throw DecodeError.malformed("LineTo before MoveTo") }
                for _ in 0..<count {
                    let dx = zz(g[i]), dy = zz(g[i + 1]); i += 2
                    if type == 2, dx == 0, dy == 0 { throw DecodeError.malformed("zero-length LineTo") }
                    x += dx; y += dy
                    parts[parts.count - 1].append((x, y))
                }
            case 7:
                guard type == 3, count == 1, let first = parts.last?.first else { throw DecodeError.malformed("ClosePath") }
                parts[parts.count - 1].append(first)
            default:
                throw DecodeError.malformed("command \(id)")
            }
        }
        return parts
    }

    /// Twice a ring's signed area, y down: positive for exterior rings.
    static func doubleArea(_ ring: [(x: Int, y: Int)]) -> Int {
        var sum = 0
        for k in 0..<(ring.count - 1) { sum += ring[k].x * ring[k + 1].y - ring[k + 1].x * ring[k].y }
        return sum
    }

    /// Whether a point lies inside a polygon feature (even-odd over all its rings).
    static func contains(_ f: Feature, x: Double, y: Double) -> Bool {
        var inside = false
        for ring in f.parts {
            for k in 0..<(ring.count - 1) {
                let a = ring[k], b = ring[k + 1]
                if (Double(a.y) > y) != (Double(b.y) > y),
                   x < Double(b.x - a.x) * (y - Double(a.y)) / Double(b.y - a.y) + Double(a.x) { inside.toggle() }
            }
        }
        return inside
    }

    struct Reader {
        var data: ArraySlice<UInt8>
        var atEnd: Bool { data.isEmpty }

        mutating func varint() throws -> UInt64 {
            var v: UInt64 = 0, shift: UInt64 = 0
            while let b = data.popFirst() {
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
            }
            throw DecodeError.malformed("truncated varint")
        }

        mutating func key() throws -> (Int, Int) {
            let k = try varint()
            return (Int(k >> 3), Int(k & 7))
        }

        mutating func bytes() throws -> ArraySlice<UInt8> {
            let n = Int(try varint())
            guard data.count >= n else { throw DecodeError.malformed("truncated field") }
            defer { data = data.dropFirst(n) }
            return data.prefix(n)
        }

        mutating func fixed64() throws -> UInt64 {
            guard data.count >= 8 else { throw DecodeError.malformed("truncated fixed64") }
            var v: UInt64 = 0
            for (k, b) in data.prefix(8).enumerated() { v |= UInt64(b) << (8 * UInt64(k)) }
            data = data.dropFirst(8)
            return v
        }

        mutating func skip(_ wire: Int) throws {
            switch wire {
            case 0: _ = try varint()
            case 1: data = data.dropFirst(8)
            case 2: _ = try self.bytes()
            case 5: data = data.dropFirst(4)
            default: throw DecodeError.malformed("wire type \(wire)")
            }
        }
    }
}
