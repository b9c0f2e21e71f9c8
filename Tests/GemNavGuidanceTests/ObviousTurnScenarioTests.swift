import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// OSRM's rules for which road is obvious at a junction, and how that words a maneuver:
/// "end of road" only after intersections were passed, a plain turn where another road looks
/// as likely, "continue" on a road that turns, OSRM's direction bands, short name segments
/// left unannounced. Each map mirrors a case of OSRM's own guidance scenarios.
@Suite struct ObviousTurnScenarioTests {
    @Test func endOfRoadOnlyAfterPassingAnIntersection() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 1), (0, 2)], street("Hauptstraße"))
        map.way([(1, 2), (0, 2), (-1, 2)], street("Nebenstraße"))
        // Nothing passed since departure: the T junction is a plain turn.
        #expect(try map.guide((0, 0.5), (0.8, 2)).maneuvers == ["depart", "turn left", "arrive"])
        // A side street passed on the way: now the end of the road helps to find the turn.
        map.way([(0, 1), (-1, 1)], street("Querweg"))
        #expect(try map.guide((0, 0.5), (0.8, 2)).maneuvers == ["depart", "end of road left", "arrive"])
    }

    @Test func bendWhereAnotherRoadLooksAsLikelyIsATurn() throws {
        var map = GridMap()
        // Two one-way roads run into the junction from north and south; only the road east
        // can be taken, but the way north looks just as likely to a driver.
        map.way([(1, 0), (0, 0)], street("Nordweg", ["oneway": "yes"]))
        map.way([(-1, 0), (0, 0)], street("Südweg", ["oneway": "yes"]))
        map.way([(0, 0), (0, 2)], street("Ostweg"))
        let route = try map.guide((-0.5, 0), (0, 1.5))
        #expect(route.maneuvers == ["depart", "turn right", "arrive"])
    }

    @Test func roadTurningWhileAnotherGoesStraight() throws {
        // Main roads: from a residential street every clearly distinct road would be obvious.
        var map = GridMap()
        map.way([(0, 0), (0, 1), (1, 1)], street("Grand-Rue", ["highway": "primary"]))
        map.way([(0, 1), (0, 2)], street("Rue Droite", ["highway": "primary"]))
        #expect(try map.guide((0, 0.3), (0.8, 1)).maneuvers == ["depart", "continue left", "arrive"])
        #expect(try map.guide((0, 0.3), (0, 1.8)).maneuvers == ["depart", "turn straight", "arrive"])
    }

    @Test func shortNameSegmentIsNotAnnounced() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 3)], street("Rue Longue"))
        map.way([(0, 3), (0, 3.7)], street("Pont Court"))
        map.way([(0, 3.7), (0, 7)], street("Quai Lointain"))
        let route = try map.guide((0, 0.5), (0, 6.5))
        #expect(route.maneuvers == ["depart", "new name straight", "arrive"])
        #expect(route.legs[0].steps.map(\.name) == ["Rue Longue", "Quai Lointain", "Quai Lointain"])
        // The departure step now runs over the bridge, with both junctions as intersections.
        #expect(route.legs[0].steps[0].intersections.count == 2)
    }

    /// OSRM's "Forking into Tertiary" (answers checked against osrm-routed on the same map):
    /// four lanes split into two lanes of the same name, a lesser road straight on, and two
    /// lanes of another name 24° to the left. Sharing the lanes out makes it a split the
    /// driver must choose at ("continue straight"); untagged, the named road straight on is
    /// obvious and nothing is said.
    @Test func roadSplittingItsLanesIsNoObviousWay() throws {
        func map(lanes: Bool) -> GridMap {
            var map = GridMap()
            func tags(_ n: String, _ highway: String) -> [String: String] {
                ["highway": highway, "oneway": "yes"].merging(lanes ? ["lanes": n] : [:]) { $1 }
            }
            map.way([(0, 0), (0, 3)], street("Kennedyallee", tags("4", "primary")))
            map.way([(0, 3), (0, 3.6)], street("Kennedyallee", tags("2", "tertiary")))
            map.way([(0, 3), (0.2, 3.45)], street("Domstraße", tags("2", "primary")))
            return map
        }
        #expect(try map(lanes: true).guide((0, 1), (0, 3.55)).maneuvers == ["depart", "continue straight", "arrive"])
        #expect(try map(lanes: true).guide((0, 1), (0.18, 3.4)).maneuvers == ["depart", "turn slight left", "arrive"])
        #expect(try map(lanes: false).guide((0, 1), (0, 3.55)).maneuvers == ["depart", "arrive"])
    }

    /// A road drawn into the junction from 30° off the way it comes (its last 3 m bend in):
    /// by the bearings it is perceived at, the named road bending left and a side street
    /// right are equally likely (a "continue left"), but by the first 2 m of each road the
    /// side street turns more than twice as far, and OSRM follows the named road silently.
    @Test func roadDrawnIntoTheJunctionAtASlantKeepsItsObviousWay() throws {
        func map(slanted: Bool) -> GridMap {
            var map = GridMap()
            let main = ["highway": "tertiary", "name": "Main"]
            map.way(slanted ? [(0.6, 1), (0.026, 1 - 0.015), (0, 1)] : [(0.6, 1), (0, 1)], main)
            map.way([(0, 1), (-0.47, 1.89)], main)
            map.way([(0, 1), (-0.53, 1 - 0.86)], ["highway": "residential"])
            return map
        }
        #expect(try map(slanted: true).guide((0.5, 1), (-0.4, 1.76)).maneuvers == ["depart", "arrive"])
        #expect(try map(slanted: false).guide((0.5, 1), (-0.4, 1.76)).maneuvers == ["depart", "continue left", "arrive"])
    }

    /// A two-way road splitting into its one-way halves, all signed CG-1 and nothing else:
    /// the only half that can be taken is the obvious way (OSRM's last case of
    /// `findObviousTurn`), even at 60°. Signed otherwise, it is a turn.
    @Test func roadSplittingIntoItsOneWayHalvesIsFollowed() throws {
        func map(halfRef: String) -> GridMap {
            var map = GridMap()
            map.way([(0, 0), (0, 1)], ["highway": "primary", "ref": "CG-1"])
            map.way([(0, 1), (-0.87, 1.5)], ["highway": "primary", "ref": halfRef, "oneway": "yes"])
            map.way([(0.26, 1.97), (0, 1)], ["highway": "primary", "ref": "CG-1", "oneway": "yes"])
            return map
        }
        #expect(try map(halfRef: "CG-1").guide((0, 0.3), (-0.7, 1.4)).maneuvers == ["depart", "arrive"])
        #expect(try map(halfRef: "CG-2").guide((0, 0.3), (-0.7, 1.4)).maneuvers == ["depart", "turn right", "arrive"])
    }
}
