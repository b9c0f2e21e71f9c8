import Foundation
import GemNavCore
import GemNavTestSupport
import Testing
@testable import GemNavTiles

/// OSM objects into Shortbread layers and attributes, on a hand-made map inside one tile.
@Suite struct ShortbreadTests {
    static let source = Result { () throws -> TileSource in
        var b = OSMXMLBuilder()
        let points: [Int64: (Double, Double)] = [
            1: (45.0040, 7.0160), 2: (45.0040, 7.0260),
            // A roundabout: a closed way that is a line.
            3: (45.0060, 7.0180), 4: (45.0060, 7.0190), 5: (45.0070, 7.0190),
            // A forest of two outer ways around a clearing.
            10: (44.9990, 7.0110), 11: (44.9990, 7.0310), 12: (45.0090, 7.0310), 13: (45.0090, 7.0110),
            20: (45.0020, 7.0140), 21: (45.0020, 7.0160), 22: (45.0030, 7.0160),
            // A park.
            30: (45.0045, 7.0210), 31: (45.0045, 7.0220), 32: (45.0055, 7.0220), 33: (45.0055, 7.0210),
        ]
        for (id, p) in points.sorted(by: { $0.key < $1.key }) { b.node(id, lat: p.0, lon: p.1) }
        b.node(40, lat: 45.0050, lon: 7.0240, tags: ["amenity": "pharmacy", "name": "Pharmacie du Pont", "name:de": "Apotheke"])
        b.node(41, lat: 45.0052, lon: 7.0172, tags: ["place": "town", "name": "Bourg"])
        b.node(42, lat: 45.0053, lon: 7.0173, tags: ["amenity": "bench"])
        b.way(100, refs: [1, 2], tags: ["highway": "motorway_link", "oneway": "yes", "bridge": "yes", "ref": "A8;E80",
                                        "surface": "asphalt"])
        b.way(101, refs: [3, 4, 5, 3], tags: ["highway": "residential", "junction": "roundabout", "name": "Rond-point"])
        b.way(102, refs: [10, 11, 12], tags: [:])
        b.way(103, refs: [12, 13, 10], tags: [:])
        b.way(104, refs: [20, 21, 22, 20], tags: [:])
        b.way(105, refs: [30, 31, 32, 33, 30], tags: ["leisure": "park", "name": "Parc"])
        b.relation(200, members: [.init(type: .way, ref: 102, role: "outer"), .init(type: .way, ref: 103, role: "outer"),
                                  .init(type: .way, ref: 104, role: "inner")],
                   tags: ["type": "multipolygon", "landuse": "forest"])
        return try TileTestSupport.source(try b.write())
    }

    /// The zoom-14 tile all the map lies in.
    static func tile() throws -> DecodedTile {
        try TileTestSupport.tile(try source.get(), at: Coordinate(latitude: 45.005, longitude: 7.021)).0
    }

    @Test func streetsCarryShortbreadAttributesAndLabelsTheirRefs() throws {
        let tile = try Self.tile()
        let streets = try #require(tile.layers["streets"]?.features)
        let link = try #require(streets.first { $0.bool("link") == true })
        #expect(link.string("kind") == "motorway")
        #expect(link.bool("oneway") == true && link.bool("bridge") == true && link.bool("tunnel") == false)
        #expect(link.string("surface") == "asphalt")
        let roundabout = try #require(streets.first { $0.string("kind") == "residential" })
        #expect(roundabout.type == 2, "a closed road is a line")
        let labels = try #require(tile.layers["street_labels"]?.features)
        let label = try #require(labels.first { $0.string("kind") == "motorway_link" })
        #expect(label.string("ref") == "A8\nE80")
        #expect(label.int("ref_rows") == 2 && label.int("ref_cols") == 3)
        #expect(labels.contains { $0.string("name") == "Rond-point" })
    }

    @Test func areasAndMultipolygonsAreLandWithHoles() throws {
        let tile = try Self.tile()
        let land = try #require(tile.layers["land"]?.features)
        let forest = try #require(land.first { $0.string("kind") == "forest" })
        #expect(forest.parts.count == 2)
        #expect(DecodedTile.doubleArea(forest.parts[0]) > 0 && DecodedTile.doubleArea(forest.parts[1]) < 0)
        #expect(land.contains { $0.string("kind") == "park" && $0.type == 3 })
    }

    @Test func pointsArePoisAndPlaces() throws {
        let tile = try Self.tile()
        let pois = try #require(tile.layers["pois"]?.features)
        let pharmacy = try #require(pois.first { $0.string("amenity") == "pharmacy" })
        #expect(pharmacy.string("name") == "Pharmacie du Pont" && pharmacy.string("name_de") == "Apotheke")
        #expect(pois.contains { $0.string("amenity") == "bench" })
        let place = try #require(tile.layers["place_labels"]?.features.first)
        #expect(place.string("kind") == "town" && place.int("population") == 5000)
        // Below zoom 14 there are no POIs, but the town is labelled.
        let z12 = try TileTestSupport.tile(try Self.source.get(), at: Coordinate(latitude: 45.005, longitude: 7.021), z: 12).0
        #expect(z12.layers["pois"] == nil && z12.layers["place_labels"] != nil)
    }
}
