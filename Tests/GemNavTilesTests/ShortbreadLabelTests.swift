import Foundation
import GemNavCore
import GemNavTestSupport
import Testing
@testable import GemNavTiles

/// House numbers, the names of street areas and of boundaries, on a hand-made map inside one
/// zoom-14 tile.
@Suite struct ShortbreadLabelTests {
    static let source = Result { () throws -> TileSource in
        var b = OSMXMLBuilder()
        let points: [Int64: (Double, Double)] = [
            // A building with an address.
            1: (45.0040, 7.0160), 2: (45.0040, 7.0170), 3: (45.0046, 7.0170), 4: (45.0046, 7.0160),
            // A pedestrian square.
            10: (45.0050, 7.0200), 11: (45.0050, 7.0220), 12: (45.0060, 7.0220), 13: (45.0060, 7.0200),
            // A state's boundary in two ways, and a country's with a way missing from the extract.
            20: (44.9990, 7.0110), 21: (44.9990, 7.0310), 22: (45.0090, 7.0310), 23: (45.0090, 7.0110),
        ]
        for (id, p) in points.sorted(by: { $0.key < $1.key }) { b.node(id, lat: p.0, lon: p.1) }
        b.node(30, lat: 45.0030, lon: 7.0250, tags: ["addr:housenumber": "12", "addr:street": "Rue Haute"])
        b.node(31, lat: 45.0080, lon: 7.0280)
        b.way(100, refs: [1, 2, 3, 4, 1], tags: ["building": "yes", "addr:housenumber": "7", "addr:housename": "Villa Rosa"])
        b.way(101, refs: [10, 11, 12, 13, 10], tags: ["highway": "pedestrian", "area": "yes", "name": "Place d'Armes"])
        b.way(102, refs: [20, 21, 22], tags: [:])
        b.way(103, refs: [22, 23, 20], tags: [:])
        b.relation(200, members: [.init(type: .way, ref: 102, role: "outer"), .init(type: .way, ref: 103, role: "outer")],
                   tags: ["type": "boundary", "boundary": "administrative", "admin_level": "4", "name": "Région",
                          "name:en": "Region"])
        b.relation(201, members: [.init(type: .way, ref: 102, role: "outer"), .init(type: .way, ref: 999, role: "outer"),
                                  .init(type: .node, ref: 31, role: "label")],
                   tags: ["type": "boundary", "boundary": "administrative", "admin_level": "2", "name": "Pays"])
        b.relation(202, members: [.init(type: .way, ref: 102, role: "outer"), .init(type: .way, ref: 999, role: "outer")],
                   tags: ["type": "boundary", "boundary": "administrative", "admin_level": "4", "name": "Ailleurs"])
        return try TileTestSupport.source(try b.write())
    }

    static func tile(z: Int = 14) throws -> DecodedTile {
        try TileTestSupport.tile(try source.get(), at: Coordinate(latitude: 45.004, longitude: 7.021), z: z).0
    }

    @Test func addressesComeFromNodesAndBuildingOutlines() throws {
        let addresses = try #require(try Self.tile().layers["addresses"]?.features)
        #expect(addresses.allSatisfy { $0.type == 1 })
        #expect(Set(addresses.compactMap { $0.string("housenumber") }) == ["12", "7"])
        let villa = try #require(addresses.first { $0.string("housename") == "Villa Rosa" })
        // At the building's centroid, which lies inside its outline.
        let (_, x, y) = TileTestSupport.locate(Coordinate(latitude: 45.0043, longitude: 7.0165))
        #expect(abs(Double(villa.parts[0][0].x) - x) < 2 && abs(Double(villa.parts[0][0].y) - y) < 2)
        #expect(try Self.tile().layers["buildings"]?.features.count == 1)
        #expect(try Self.tile(z: 13).layers["addresses"] == nil, "house numbers from zoom 14")
    }

    @Test func namedStreetAreasAreLabelledAtTheirCentroid() throws {
        let labels = try #require(try Self.tile().layers["streets_polygons_labels"]?.features)
        #expect(labels.count == 1 && labels[0].type == 1)
        #expect(labels[0].string("kind") == "pedestrian" && labels[0].string("name") == "Place d'Armes")
        #expect(try Self.tile().layers["street_polygons"]?.features.count == 1)
    }

    @Test func boundaryRelationsAreLabelledAtTheirLabelNodeOrCentroidWithTheirAreaWhenWhole() throws {
        let labels = try #require(try Self.tile(z: 5).layers["boundary_labels"]?.features)
        #expect(Set(labels.compactMap { $0.string("name") }) == ["Région", "Pays"],
                "a boundary cut by the extract with no label node gets no label")
        let country = try #require(labels.first { $0.string("name") == "Pays" })
        #expect(country.int("admin_level") == 2 && country.properties["way_area"] == nil, "its area is not known")
        let (_, x, y) = TileTestSupport.locate(Coordinate(latitude: 45.0080, longitude: 7.0280), z: 5)
        #expect(abs(Double(country.parts[0][0].x) - x) < 1 && abs(Double(country.parts[0][0].y) - y) < 1, "at its label node")
        let region = try #require(labels.first { $0.string("name") == "Région" })
        #expect(region.string("name") == "Région" && region.string("name_en") == "Region" && region.int("admin_level") == 4)
        // 0.02° × 0.01° at 45° N, in Mercator hectares (about 1,570 m × 1,110 m on the ground, doubled by the projection).
        let hectares = try #require(region.properties["way_area"] as? Double)
        #expect((300...400).contains(hectares), "\(hectares)")
        #expect(try Self.tile(z: 4).layers["boundary_labels"] == nil, "a small state is named from zoom 5")
    }

    @Test func largerBoundariesAreNamedEarlier() {
        let country = Shortbread.Spec(layer: .boundary_labels, geometry: .point, minZoom: 5, attributes: [("admin_level", .int(2))])
        let state = Shortbread.Spec(layer: .boundary_labels, geometry: .point, minZoom: 5, attributes: [("admin_level", .int(4))])
        func zoom(_ spec: Shortbread.Spec, km2: Double) -> Int { Shortbread.boundaryLabel(spec, area: km2 * 1e6).minZoom }
        #expect([3e6, 1e6, 2e5, 5e4].map { zoom(country, km2: $0) } == [2, 3, 4, 5])
        #expect([3e6, 1e6, 2e5, 5e4].map { zoom(state, km2: $0) } == [3, 3, 4, 5])
        let larger = Shortbread.boundaryLabel(country, area: 2e11), smaller = Shortbread.boundaryLabel(country, area: 1e9)
        #expect(larger.sortKey < smaller.sortKey, "larger areas come first")
    }
}
