import Foundation
import Testing
@testable import GemNavTiles

/// The vector tile encoding: command integers, zigzag, layers with shared keys and values.
@Suite struct MVTEncodingTests {
    @Test func geometryCommandsMatchTheSpecExamples() {
        // The examples of the Mapbox Vector Tile specification 2.1, section 4.3.5.
        var point = GeometryEncoder()
        point.addPoint(25, 17)
        #expect(point.commands == [9, 50, 34])
        var line = GeometryEncoder()
        line.addLine([(2, 2), (2, 10), (10, 10)])
        #expect(line.commands == [9, 4, 4, 18, 0, 16, 16, 0])
        var polygon = GeometryEncoder()
        polygon.addRing([(3, 6), (8, 12), (20, 34)])
        #expect(polygon.commands == [9, 6, 12, 18, 10, 12, 24, 44, 15])
    }

    @Test func cursorRunsOnAcrossParts() {
        // Multi-point and multi-line examples of the spec: the second part starts relative
        // to where the first ended.
        var points = GeometryEncoder()
        points.addPoint(5, 7)
        points.addPoint(3, 2)
        #expect(points.commands == [9, 10, 14, 9, 3, 9])
        var lines = GeometryEncoder()
        lines.addLine([(2, 2), (2, 10), (10, 10)])
        lines.addLine([(1, 1), (3, 5)])
        #expect(lines.commands == [9, 4, 4, 18, 0, 16, 16, 0, 9, 17, 17, 10, 4, 8])
    }

    @Test func zigzag() {
        #expect([0, -1, 1, -2, 2, 2047, -2048].map(ProtobufWriter.zigzag) == [0, 1, 2, 3, 4, 4094, 4095])
    }

    @Test func layerStoresEachKeyAndValueOnceAndDecodesBack() throws {
        var layer = MVTLayerWriter(name: "pois")
        for (name, amenity) in [("A", "cafe"), ("B", "cafe"), ("A", "bar")] {
            let tags = [layer.keyIndex(Array("name".utf8)), layer.valueIndex(.string(Array(name.utf8))),
                        layer.keyIndex(Array("amenity".utf8)), layer.valueIndex(.string(Array(amenity.utf8)))]
            var g = GeometryEncoder()
            g.addPoint(10, 20)
            layer.addFeature(type: .point, tags: tags, geometry: g.commands)
        }
        let big = layer.valueIndex(.int(-5)), flag = layer.valueIndex(.bool(true)), area = layer.valueIndex(.double(2.5))
        var g = GeometryEncoder()
        g.addPoint(1, 1)
        layer.addFeature(type: .point, tags: [layer.keyIndex(Array("n".utf8)), big, layer.keyIndex(Array("f".utf8)), flag,
                                              layer.keyIndex(Array("a".utf8)), area], geometry: g.commands)
        var tile = ProtobufWriter()
        tile.bytesField(3, layer.encoded())
        let decoded = try DecodedTile(tile.bytes)
        let pois = try #require(decoded.layers["pois"])
        #expect(pois.version == 2)
        #expect(pois.extent == 4096)
        #expect(pois.keys == ["name", "amenity", "n", "f", "a"])
        #expect(pois.features.count == 4)
        #expect(pois.features[1].properties == ["name": "B", "amenity": "cafe"])
        #expect(pois.features[3].properties == ["n": Int64(-5) as AnyHashable, "f": true, "a": 2.5])
        #expect(pois.features[0].parts.first?.first.map { [$0.x, $0.y] } == [10, 20])
    }
}
