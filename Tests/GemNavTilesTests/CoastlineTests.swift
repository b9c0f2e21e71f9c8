import Foundation
import GemNavCore
import GemNavTestSupport
import Testing
@testable import GemNavTiles

/// The sea assembled from coastline ways on small hand-made maps: a box from 45.00 N, 7.00 E
/// to 45.02 N, 7.03 E, with the land on the left of each coastline's direction.
@Suite struct CoastlineTests {
    /// A map with the box and one or more coastlines through the given points; a position
    /// used twice is one node, so ways meeting there join.
    static func map(_ coastlines: [[(Double, Double)]], extra: (inout OSMXMLBuilder) -> Void = { _ in }) throws -> TileSource {
        var b = OSMXMLBuilder()
        b.bounds = (45.0, 7.0, 45.02, 7.03)
        var ids: [String: Int64] = [:]
        for (w, line) in coastlines.enumerated() {
            let refs = line.map { lat, lon in
                let key = "\(lat),\(lon)"
                if let id = ids[key] { return id }
                let id = Int64(ids.count + 1)
                ids[key] = id
                b.node(id, lat: lat, lon: lon)
                return id
            }
            b.way(Int64(100 + w), refs: refs, tags: ["natural": "coastline"])
        }
        extra(&b)
        return try TileTestSupport.source(try b.write())
    }

    static func isSea(_ source: TileSource, _ lat: Double, _ lon: Double) throws -> Bool {
        let (tile, x, y) = try TileTestSupport.tile(source, at: Coordinate(latitude: lat, longitude: lon))
        return TileTestSupport.covers(tile, "ocean", x: x, y: y)
    }

    @Test func coastlineAcrossTheBoxHasTheSeaOnItsRight() throws {
        // Running east across the whole box and beyond: land north, sea south.
        let east = try Self.map([[(45.01, 6.99), (45.011, 7.015), (45.01, 7.04)]])
        #expect(try Self.isSea(east, 45.005, 7.015))
        #expect(try Self.isSea(east, 45.001, 7.029))
        #expect(try !Self.isSea(east, 45.015, 7.015))
        #expect(try !Self.isSea(east, 45.019, 7.001))
        // The same line running west: the sea is north.
        let west = try Self.map([[(45.01, 7.04), (45.011, 7.015), (45.01, 6.99)]])
        #expect(try !Self.isSea(west, 45.005, 7.015))
        #expect(try Self.isSea(west, 45.015, 7.015))
    }

    @Test func coastlineSplitInWaysIsJoinedAndTurnsACorner() throws {
        // East to the middle, then south: the sea is the south-west quarter.
        let source = try Self.map([[(45.01, 6.99), (45.01, 7.015)], [(45.01, 7.015), (44.99, 7.015)]])
        #expect(try Self.isSea(source, 45.005, 7.005))
        #expect(try !Self.isSea(source, 45.005, 7.025))
        #expect(try !Self.isSea(source, 45.015, 7.005))
    }

    @Test func coastlineEndingInsideTheBoxIsExtendedToItsEdge() throws {
        let source = try Self.map([[(45.01, 7.008), (45.01, 7.022)]])
        #expect(try Self.isSea(source, 45.005, 7.015))
        #expect(try Self.isSea(source, 45.005, 7.002))
        #expect(try Self.isSea(source, 45.005, 7.028))
        #expect(try !Self.isSea(source, 45.015, 7.015))
    }

    @Test func islandInTheSeaIsAHole() throws {
        // Counter-clockwise on the map: the land inside, the whole box around it sea.
        let island = [(45.008, 7.012), (45.008, 7.018), (45.012, 7.018), (45.012, 7.012), (45.008, 7.012)]
        let source = try Self.map([island])
        #expect(try !Self.isSea(source, 45.01, 7.015))
        #expect(try Self.isSea(source, 45.003, 7.003))
        #expect(try Self.isSea(source, 45.014, 7.015))
        // With a mainland coast as well, the island is a hole in the mainland's sea.
        let both = try Self.map([[(45.016, 6.99), (45.016, 7.04)], island])
        #expect(try !Self.isSea(both, 45.01, 7.015))
        #expect(try Self.isSea(both, 45.005, 7.015))
        #expect(try !Self.isSea(both, 45.018, 7.015))
    }

    @Test func noCoastlineNoSea() throws {
        let source = try Self.map([]) { b in
            b.node(1, lat: 45.01, lon: 7.01)
            b.node(2, lat: 45.01, lon: 7.02)
            b.way(50, refs: [1, 2], tags: ["highway": "residential", "name": "Rue Sèche"])
        }
        let (tile, _, _) = try TileTestSupport.tile(source, at: Coordinate(latitude: 45.01, longitude: 7.015))
        #expect(tile.layers["ocean"] == nil)
        #expect(tile.layers["streets"]?.features.count == 1)
    }

    @Test func seaRingsAreWoundAsExteriorsAndHolesAsInteriors() throws {
        let island = [(45.008, 7.012), (45.008, 7.018), (45.012, 7.018), (45.012, 7.012), (45.008, 7.012)]
        let source = try Self.map([[(45.016, 6.99), (45.016, 7.04)], island])
        let (tile, _, _) = try TileTestSupport.tile(source, at: Coordinate(latitude: 45.01, longitude: 7.015))
        let sea = try #require(tile.layers["ocean"]?.features.first)
        #expect(sea.parts.count == 2)
        #expect(DecodedTile.doubleArea(sea.parts[0]) > 0)
        #expect(DecodedTile.doubleArea(sea.parts[1]) < 0)
    }
}
