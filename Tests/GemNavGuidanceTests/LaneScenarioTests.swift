import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// Turn lanes as OSRM announces them, on maps after OSRM's own lane scenarios: lanes
/// matched to the junction's roads, lanes drawn a little before the junction, lanes of a
/// divided road's second crossing split off, and lanes narrowed for the turn that follows.
@Suite struct LaneScenarioTests {
    /// A primary road between grid positions, named, with extra tags.
    private func road(_ name: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["highway": "primary", "name": name].merging(extra) { $1 }
    }

    @Test func lanesNarrowedForTheTurnThatFollows() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 1)], road("ab", ["turn:lanes:forward": "through|right|right|right"]))
        map.way([(0, 1), (0, 2)], road("bx"))
        map.way([(0, 1), (-1, 1)], road("bc", ["turn:lanes:forward": "left|left|through"]))
        map.way([(-1, 1), (-1, 2)], road("cd", ["turn:lanes:forward": "through|right"]))
        map.way([(-1, 1), (-2, 1)], road("cy"))
        map.way([(-1, 2), (-1, 3)], road("dz"))
        map.way([(-1, 2), (-2, 2)], road("de"))
        let engine = try map.engine()
        let twoHops = try engine.guide((0, 0.2), (-1, 1.8))
        #expect(twoHops.maneuvers == ["depart", "turn right", "turn left", "arrive"])
        // Three right lanes, but the left turn right after needs the two left ones of them.
        #expect(twoHops.lanesColumn
            == ",straight:false right:true right:true right:false,left:true left:true straight:false,")
        let threeHops = try engine.guide((0, 0.2), (-1.8, 2))
        #expect(threeHops.lanesColumn
            == ",straight:false right:false right:true right:false,left:false left:true straight:false,straight:false right:true,")
    }

    @Test func lanesDrawnBeforeTheJunctionCountAtIt() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 1)], road("road", ["turn:lanes:forward": "|right"]))
        map.way([(0, 1), (0, 1.2)], road("road"))
        map.way([(0, 1.2), (0, 2)], road("road"))
        map.way([(0, 1.2), (-1, 1.2)], road("turn"))
        let engine = try map.engine()
        let right = try engine.guide((0, 0.2), (-0.8, 1.2))
        #expect(right.maneuvers == ["depart", "turn right", "arrive"])
        #expect(right.lanesColumn == ",none:false right:true,")
        let ahead = try engine.guide((0, 0.2), (0, 1.8))
        #expect(ahead.maneuvers == ["depart", "arrive"])
        #expect(ahead.lanesColumn == ";none:true right:false,")
    }

    @Test func lanesForTheSecondCarriagewaySplitOff() throws {
        var map = GridMap()
        let oneway = ["oneway": "yes"]
        map.way([(0, 0), (0, 1)], road("road", oneway.merging(["turn:lanes:forward": "left|through|right"]) { $1 }))
        map.way([(0, 1), (0, 1.2)], road("road", oneway))
        map.way([(0, 1.2), (0, 2)], road("road", oneway))
        map.way([(1, 1), (0, 1)], road("cross", oneway))
        map.way([(0, 1), (-1, 1)], road("cross", oneway))
        map.way([(-1, 1.2), (0, 1.2)], road("cross", oneway))
        map.way([(0, 1.2), (1, 1.2)], road("cross", oneway))
        let route = try map.guide((0, 0.2), (-0.8, 1))
        #expect(route.maneuvers == ["depart", "turn right", "arrive"])
        #expect(route.lanesColumn == ",left:false straight:false right:true,")
    }

    @Test func passingAOneWayStreetLanesLeadToTheNextTurn() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 1)], road("road", ["turn:lanes:forward": "left|through;right"]))
        map.way([(0, 1), (0, 1.1), (0, 2)], road("road"))
        map.way([(1, 0), (0, 1)], road("owi", ["oneway": "yes"]))
        map.way([(0, 1.1), (1, 1.1)], road("turn"))
        map.way([(0, 1), (-1, 1)], road("right"))
        let engine = try map.engine()
        let left = try engine.guide((0, 0.2), (0.8, 1.1))
        #expect(left.maneuvers == ["depart", "turn left", "arrive"])
        #expect(left.lanesColumn == ";left:true straight;right:false,left:true straight;right:false,")
        let ahead = try engine.guide((0, 0.2), (0, 1.8))
        #expect(ahead.lanesColumn == ";left:false straight;right:true;left:false straight;right:true,")
        let right = try engine.guide((0, 0.2), (-0.8, 1))
        #expect(right.lanesColumn == ",left:false straight;right:true,")
    }

    @Test func uTurnLaneOnTheLeft() throws {
        var map = GridMap()
        map.way([(0, -1), (0, 0)], road("uturn-avoider"))
        map.way([(0, 0), (0, 1)], road("in", ["turn:lanes:forward": "reverse;left|through;right"]))
        map.way([(0, 1), (0, 2)], road("straight"))
        map.way([(0, 1), (-1, 1)], road("right"))
        map.way([(0, 1), (1, 1)], road("left"))
        let engine = try map.engine()
        #expect(try engine.guide((0, 0.2), (0.8, 1)).lanesColumn == ",left;uturn:true straight;right:false,")
        #expect(try engine.guide((0, 0.2), (-0.8, 1)).lanesColumn == ",left;uturn:false straight;right:true,")
    }
}

extension Route {
    /// Lanes as OSRM's scenario tables write them: per step, each intersection's lanes
    /// (`indications:valid`, space-separated) joined by ";", steps joined by ",".
    var lanesColumn: String {
        legs.flatMap(\.steps).map { step in
            step.intersections.map { i in
                (i.lanes ?? []).map { "\($0.indications.joined(separator: ";")):\($0.valid)" }.joined(separator: " ")
            }.joined(separator: ";")
        }.joined(separator: ",")
    }
}
