import GemNavCore
import GemNavGuidance
import GemNavOSM
import GemNavTestSupport
import Testing

/// OSM `type=maneuver` relations through import, routing and guidance, on maps after OSRM's
/// `guidance/maneuver-tag.feature`.
@Suite struct ManeuverOverrideScenarioTests {
    /// A T junction at (2,2): "West" arrives from the west, "East" goes on east, "South"
    /// turns off to the south; `relations` are added as (from, to, tags) with (2,2) as via.
    static func tJunction(_ relations: [(String, String, [String: String])] = []) -> GridMap {
        var map = GridMap()
        let ways = [
            "West": map.way([(2, 0), (2, 2)], street("West")),
            "East": map.way([(2, 2), (2, 4)], street("East")),
            "South": map.way([(2, 2), (0, 2)], street("South")),
        ]
        let via = map.node(2, 2)
        for (from, to, tags) in relations {
            map.relation([.init(type: .way, ref: ways[from]!, role: "from"), .init(type: .node, ref: via, role: "via"),
                          .init(type: .way, ref: ways[to]!, role: "to")],
                         ["type": "maneuver"].merging(tags) { $1 })
        }
        return map
    }

    @Test func relationReplacesTheManeuver() throws {
        #expect(try Self.tJunction().guide((2, 1), (1, 2)).maneuvers == ["depart", "turn right", "arrive"])
        let map = Self.tJunction([("West", "South", ["maneuver": "turn", "direction": "sharp_right"]),
                                  ("South", "East", ["manoeuvre": "fork"])])
        let turn = try map.guide((2, 1), (1, 2))
        #expect(turn.maneuvers == ["depart", "turn sharp right", "arrive"])
        #expect(turn.legs[0].steps.map(\.name) == ["West", "South", "South"])
        // A type alone keeps guidance's direction.
        #expect(try map.guide((1, 2), (2, 3)).maneuvers == ["depart", "fork right", "arrive"])
    }

    /// OSRM's "re-awakening suppressed turns": straight on onto a new name guidance would
    /// not announce is announced when the relation states a maneuver type.
    @Test func relationAnnouncesASilentTurn() throws {
        var map = GridMap()
        let a = map.way([(2, 0), (2, 2)], street("Rue Haute"))
        let b = map.way([(2, 2), (2, 4)], street("Rue Haute"))
        map.way([(2, 2), (0, 2)], street("South"))
        #expect(try map.guide((2, 1), (2, 3)).maneuvers == ["depart", "arrive"])
        map.relation([.init(type: .way, ref: a, role: "from"), .init(type: .node, ref: map.node(2, 2), role: "via"),
                      .init(type: .way, ref: b, role: "to")],
                     ["type": "maneuver", "maneuver": "turn", "direction": "slight_left"])
        #expect(try map.guide((2, 1), (2, 3)).maneuvers == ["depart", "turn slight left", "arrive"])
    }

    @Test func suppressRemovesTheStep() throws {
        let map = Self.tJunction([("South", "East", ["maneuver": "suppress"])])
        let route = try map.guide((1, 2), (2, 3))
        #expect(route.maneuvers == ["depart", "arrive"])
        // The road after the turn is part of the departure step, which keeps its name.
        #expect(route.legs[0].steps.map(\.name) == ["South", "East"])
        #expect(abs(route.legs[0].steps[0].distance - route.distance) < 0.01)
        // The other turn there is announced as ever.
        #expect(try map.guide((1, 2), (2, 1)).maneuvers == ["depart", "turn left", "arrive"])
    }

    /// OSRM's "single via-way": the relation names the turn at c off "A Street" onto
    /// "C Street", but only for routes going on to "J Street" east of i.
    ///
    ///     a --- c --- e
    ///           |
    ///           g
    ///           |
    ///     h --- i --- j
    static func viaWayMap() -> GridMap {
        var map = GridMap()
        let abc = map.way([(4, 0), (4, 2)], street("A Street"))
        map.way([(4, 2), (4, 4)], street("B Street"))
        let cgi = map.way([(4, 2), (2, 2), (0, 2)], street("C Street"))
        map.way([(0, 0), (0, 2)], street("J Street"))
        let ij = map.way([(0, 2), (0, 4)], street("J Street"))
        map.relation([.init(type: .way, ref: abc, role: "from"), .init(type: .way, ref: cgi, role: "via"),
                      .init(type: .way, ref: ij, role: "to"), .init(type: .node, ref: map.node(4, 2), role: "via")],
                     ["type": "maneuver", "maneuver": "turn", "direction": "sharp_right"])
        return map
    }

    @Test func relationWithAViaWayOverridesTheTurnAtItsViaNode() throws {
        let engine = try Self.viaWayMap().engine()
        let route = try engine.guide((4, 1), (0, 3))
        #expect(route.legs[0].steps.map(\.name) == ["A Street", "C Street", "J Street", "J Street"])
        #expect(route.maneuvers[1] == "turn sharp right")
        #expect(route.maneuvers[2] != "turn sharp right")
    }

    @Test func relationIsIgnoredWhenTheRouteLeavesItsRoads() throws {
        let engine = try Self.viaWayMap().engine()
        // Onto J Street westwards, and stopping on C Street: not the relation's way out.
        let west = try engine.guide((4, 1), (0, 1))
        #expect(west.legs[0].steps.map(\.name) == ["A Street", "C Street", "J Street", "J Street"])
        #expect(west.maneuvers[1] == "turn right")
        #expect(try engine.guide((4, 1), (1, 2)).maneuvers == ["depart", "turn right", "arrive"])
        // Coming from B Street the way in is not the relation's either.
        #expect(try engine.guide((4, 3), (0, 3)).maneuvers[1] == "turn left")
    }
}
