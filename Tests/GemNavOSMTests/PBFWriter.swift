import Foundation

/// Encodes protobuf messages and PBF framing, so tests can craft small or deliberately
/// broken `.osm.pbf` files byte by byte.
struct ProtoWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func field(_ number: UInt64, varint value: UInt64) {
        varint(number << 3)
        varint(value)
    }

    mutating func field(_ number: UInt64, sint value: Int64) {
        field(number, varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func field(_ number: UInt64, bytes payload: [UInt8]) {
        varint(number << 3 | 2)
        varint(UInt64(payload.count))
        bytes += payload
    }

    mutating func field(_ number: UInt64, string: String) {
        field(number, bytes: Array(string.utf8))
    }

    mutating func field(_ number: UInt64, packed values: [UInt64]) {
        var inner = ProtoWriter()
        for v in values { inner.varint(v) }
        field(number, bytes: inner.bytes)
    }

    /// Zigzag-encoded and delta-coded, as DenseNodes ids/lats/lons and way refs are.
    mutating func field(_ number: UInt64, deltas values: [Int64]) {
        var previous: Int64 = 0
        field(number, packed: values.map { v in
            defer { previous = v }
            let d = v - previous
            return UInt64(bitPattern: (d << 1) ^ (d >> 63))
        })
    }

    static func message(_ build: (inout ProtoWriter) -> Void) -> [UInt8] {
        var writer = ProtoWriter()
        build(&writer)
        return writer.bytes
    }
}

enum PBFWriter {
    /// A blob holding `payload` uncompressed, or with `compressionField` naming another
    /// member of `Blob` (4 = LZMA, 7 = Zstandard…).
    static func blob(_ payload: [UInt8], compressionField: UInt64 = 1) -> [UInt8] {
        ProtoWriter.message {
            $0.field(compressionField, bytes: payload)
            if compressionField != 1 { $0.field(2, varint: UInt64(payload.count)) }
        }
    }

    /// Frames blobs as a file: `[length][BlobHeader][Blob]` each.
    static func file(_ blobs: [(type: String, blob: [UInt8])]) -> Data {
        var out: [UInt8] = []
        for (type, blob) in blobs {
            let header = ProtoWriter.message {
                $0.field(1, string: type)
                $0.field(3, varint: UInt64(blob.count))
            }
            let n = UInt32(header.count)
            out += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            out += header + blob
        }
        return Data(out)
    }

    static func header(features: [String] = ["OsmSchema-V0.6", "DenseNodes"]) -> [UInt8] {
        ProtoWriter.message { h in
            h.field(1, bytes: ProtoWriter.message {
                $0.field(1, sint: 7_400_000_000)
                $0.field(2, sint: 7_500_000_000)
                $0.field(3, sint: 43_800_000_000)
                $0.field(4, sint: 43_700_000_000)
            })
            for f in features { h.field(4, string: f) }
            h.field(16, string: "GemNavTests")
        }
    }

    /// Three dense nodes (one tagged), one plain node, a way and a relation, with the
    /// non-default granularity and offsets the decoder must apply.
    static func primitiveBlock() -> [UInt8] {
        let strings = ["", "highway", "crossing", "name", "Rue", "type", "restriction", "from", "to"]
        return ProtoWriter.message { block in
            block.field(1, bytes: ProtoWriter.message { t in strings.forEach { t.field(1, string: $0) } })
            block.field(2, bytes: ProtoWriter.message { group in
                group.field(2, bytes: ProtoWriter.message {
                    $0.field(1, deltas: [1, 2, 5])
                    $0.field(8, deltas: [4_370_000, 4_371_000, 4_372_000])
                    $0.field(9, deltas: [740_000, -740_000, 740_500])
                    $0.field(10, packed: [0, 1, 2, 0, 0])
                })
            })
            block.field(2, bytes: ProtoWriter.message { group in
                group.field(1, bytes: ProtoWriter.message {
                    $0.field(1, sint: -7)
                    $0.field(8, sint: 4_373_000)
                    $0.field(9, sint: 741_000)
                })
            })
            block.field(2, bytes: ProtoWriter.message { group in
                group.field(3, bytes: ProtoWriter.message {
                    $0.field(1, varint: 10)
                    $0.field(2, packed: [3])
                    $0.field(3, packed: [4])
                    $0.field(8, deltas: [1, 2, 5, 1])
                })
                group.field(4, bytes: ProtoWriter.message {
                    $0.field(1, varint: 20)
                    $0.field(2, packed: [5])
                    $0.field(3, packed: [6])
                    $0.field(8, packed: [7, 8])
                    $0.field(9, deltas: [10, 5])
                    $0.field(10, packed: [1, 0])
                })
            })
            block.field(17, varint: 1000)
            block.field(19, varint: 100)
            block.field(20, varint: UInt64(bitPattern: -200))
        }
    }

    static func tinyFile() -> Data {
        file([("OSMHeader", blob(header())), ("OSMData", blob(primitiveBlock()))])
    }
}
