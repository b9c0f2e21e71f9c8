import Foundation
import GemNavCore
import GemNavRouting
import Testing

/// Which turn restriction relations OSRM applies, on maps after its `restrictions.feature`.
@Suite struct RestrictionValidityTests {
    /// A one-way arm from the south (0,1) into a junction at (1,1), and one-way arms out of
    /// it to the north, west and east.
    func junction(_ relation: (inout RoadMap, _ south: Int64, _ west: Int64, _ east: Int64) -> Void) throws -> RoutingEngine {
        var map = RoadMap()
        let south = map.way([(0, 1), (1, 1)], ["highway": "primary", "name": "cj", "oneway": "yes"])
        map.way([(1, 1), (2, 1)], ["highway": "primary", "name": "aj", "oneway": "yes"])
        let west = map.way([(1, 1), (1, 0)], ["highway": "primary", "name": "dj", "oneway": "yes"])
        let east = map.way([(1, 1), (1, 2)], ["highway": "primary", "name": "bj", "oneway": "yes"])
        relation(&map, south, west, east)
        return try map.engine()
    }

    @Test func onRedRestrictionsAreIgnored() throws {
        let engine = try junction { map, south, west, east in
            map.restriction("no_turn_on_red", from: south, via: (1, 1), to: west)
            map.restriction("no_right_turn_on_red", from: south, via: (1, 1), to: east)
        }
        #expect(try engine.route((0, 1), (1, 0)).roadNames == ["cj", "dj"])
        #expect(try engine.route((0, 1), (1, 2)).roadNames == ["cj", "bj"])
    }

    @Test func onlyTurnOntoAWayNotThereIsIgnored() throws {
        let engine = try junction { map, south, _, _ in
            map.restriction("only_right_turn", from: south, via: (1, 1), to: 99_999)
        }
        #expect(try engine.route((0, 1), (2, 1)).roadNames == ["cj", "aj"])
    }

    /// OSRM's "Ambiguous ways": the way out passes through the via node, so which half is
    /// forbidden is unclear and the restriction is dropped.
    @Test func wayPassingThroughTheViaNodeIsAmbiguous() throws {
        var map = RoadMap()
        let main = map.way([(1, 1), (1, 2), (1, 3)], ["highway": "primary", "name": "abc"])
        map.way([(1, 0), (1, 1)], ["highway": "primary", "name": "xa"])
        map.way([(1, 3), (1, 4)], ["highway": "primary", "name": "cz"])
        let side = map.way([(0, 2), (1, 2)], ["highway": "primary", "name": "bd"])
        map.restriction("no_left_turn", from: side, via: (1, 2), to: main)
        let engine = try map.engine()
        #expect(try engine.route((0, 2), (1, 0)).roadNames == ["bd", "abc", "xa"])
        #expect(try engine.route((0, 2), (1, 4)).roadNames == ["bd", "abc", "cz"])
    }

    /// OSRM's "Multiple restricted entrances": a `no_entry` names two ways in.
    @Test func noEntryFromSeveralWays() throws {
        var map = RoadMap()
        let west = map.way([(1, 0), (1, 1)], ["highway": "primary", "name": "ae"])
        let north = map.way([(2, 1), (1, 1)], ["highway": "primary", "name": "be"])
        map.way([(1, 2), (1, 1)], ["highway": "primary", "name": "ce"])
        let south = map.way([(1, 1), (0, 1)], ["highway": "primary", "name": "ed"])
        map.relation(ways: [("from", west), ("from", north), ("to", south)], via: (1, 1),
                     tags: ["type": "restriction", "restriction": "no_entry"])
        let engine = try map.engine()
        #expect(try !engine.route((1, 0), (0, 1)).roadNames.starts(with: ["ae", "ed"]))
        #expect(try !engine.route((2, 1), (0, 1)).roadNames.starts(with: ["be", "ed"]))
        #expect(try engine.route((1, 2), (0, 1)).roadNames == ["ce", "ed"])
    }
}
