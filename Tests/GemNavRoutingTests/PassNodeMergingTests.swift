import GemNavCore
import GemNavRouting
import Testing

/// Ways split where nothing happens become one edge; every split that matters stays.
@Suite struct PassNodeMergingTests {
    let street = ["highway": "residential", "name": "Rue Basse"]

    @Test func splitWayBecomesOneEdge() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 1), (0, 2)], street)
        map.way([(0, 2), (0, 3), (0, 4)], street)
        let engine = try map.engine()
        #expect(engine.graph.edgeCount == 1)
        let path = try engine.route((0, 0.5), (0, 3.5))
        #expect(path.legs[0].roads.count == 1)
        #expect(path.legs[0].junctions.isEmpty)
        #expect(abs(path.distance - Geodesy.distance(RoadMap.at(0, 0.5), RoadMap.at(0, 3.5))) < 1)
        #expect(try engine.route((0, 3.5), (0, 0.5)).roadNames == ["Rue Basse"])
    }

    @Test func twoWayHalvesDrawnTowardsEachOtherAreJoined() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 2)], street)
        map.way([(0, 4), (0, 2)], street)
        let engine = try map.engine()
        #expect(engine.graph.edgeCount == 1)
        #expect(try engine.route((0, 0.5), (0, 3.5)).roadNames == ["Rue Basse"])
        #expect(try engine.route((0, 3.5), (0, 0.5)).roadNames == ["Rue Basse"])
    }

    @Test func onewayHalvesKeepTheirDirection() throws {
        var map = RoadMap()
        let oneway = street.merging(["oneway": "yes"]) { $1 }
        map.way([(0, 0), (0, 2)], oneway)
        map.way([(0, 2), (0, 4)], oneway)
        let engine = try map.engine()
        #expect(engine.graph.edgeCount == 1)
        #expect(try engine.route((0, 0.5), (0, 3.5)).roadNames == ["Rue Basse"])
        #expect(throws: RoutingError.self) { try engine.route((0, 3.5), (0, 0.5)) }
    }

    @Test func onewayHalvesFacingEachOtherStaySplit() throws {
        var map = RoadMap()
        let oneway = street.merging(["oneway": "yes"]) { $1 }
        map.way([(0, 0), (0, 2)], oneway)
        map.way([(0, 4), (0, 2)], oneway)
        #expect(try map.engine().graph.edgeCount == 2)
    }

    @Test func splitsThatMatterStay() throws {
        var renamed = RoadMap()
        renamed.way([(0, 0), (0, 2)], street)
        renamed.way([(0, 2), (0, 4)], ["highway": "residential", "name": "Rue Haute"])
        #expect(try renamed.engine().graph.edgeCount == 2)

        var signal = RoadMap()
        signal.way([(0, 0), (0, 2)], street)
        signal.way([(0, 2), (0, 4)], street)
        signal.tagNode(0, 2, ["highway": "traffic_signals"])
        #expect(try signal.engine().graph.edgeCount == 2)

        var restricted = RoadMap()
        let a = restricted.way([(0, 0), (0, 2)], street)
        let b = restricted.way([(0, 2), (0, 4)], street)
        restricted.restriction("no_straight_on", from: a, via: (0, 2), to: b)
        let engine = try restricted.engine()
        #expect(engine.graph.edgeCount == 2)
        // Straight on is forbidden and the map has no big component to move the end onto
        // (OSRM's rule), so there is no route.
        #expect(throws: RoutingError.self) { try engine.route((0, 0.5), (0, 3.5)) }
    }

    @Test func ringOfPassNodesKeepsItsEdges() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 2), (2, 2)], street)
        map.way([(2, 2), (2, 0), (0, 0)], street)
        let engine = try map.engine()
        #expect(engine.graph.edgeCount == 2)
        #expect(try engine.route((0, 1), (2, 1)).roadNames == ["Rue Basse"])
    }
}
