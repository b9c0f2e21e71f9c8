import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// Crossing a divided road, on maps after OSRM's collapse and staggered-intersection
/// scenarios: the two junctions of a dual carriageway's crossing are one maneuver, placed
/// where the route enters the crossing; close turns that are not one stay two.
@Suite struct SegregatedCrossingScenarioTests {
    /// OSRM's "Segregated Intersection, Cross Belonging to Correct Street" on a 20 m grid:
    /// `first` is a pair of one-way carriageways (west on top, east below), `second` crosses
    /// it as another pair (south on the left, north on the right).
    ///
    ///         i l
    ///
    ///     d   c b   a
    ///     e   f g   h
    ///
    ///         j k
    ///
    /// With `splitPiece`, the piece from c to f is two ways joined at m, halfway, the second
    /// named by a turn restriction (no U-turn at f), so the import keeps m as a junction:
    /// OSRM's graph compression still makes one edge of them, and the crossing is the same.
    private static func crossing(splitPiece: Bool = false) -> GridMap {
        var map = GridMap()
        let nodes: [Character: (Double, Double)] = [
            "i": (0, 2), "l": (0, 3), "d": (2, 0), "c": (2, 2), "b": (2, 3), "a": (2, 5),
            "e": (3, 0), "f": (3, 2), "g": (3, 3), "h": (3, 5), "j": (5, 2), "k": (5, 3), "m": (2.5, 2),
        ]
        let piece = splitPiece ? [("cm", "second"), ("mf", "second")] : [("cf", "second")]
        var ids = [String: Int64]()
        for (way, name) in [("ab", "first"), ("bc", "first"), ("cd", "first"), ("ef", "first"), ("fg", "first"),
                            ("gh", "first"), ("ic", "second"), ("bl", "second"), ("kg", "second"),
                            ("fj", "second"), ("gb", "second")] + piece
        {
            ids[way] = map.way(way.map { p in Self.at(nodes[p]!) }, ["highway": "primary", "name": name, "oneway": "yes"])
        }
        if splitPiece, let mf = ids["mf"] {
            let f = Self.at(nodes["f"]!)
            map.relation([.init(type: .way, ref: mf, role: "from"), .init(type: .node, ref: map.node(f.0, f.1), role: "via"),
                          .init(type: .way, ref: mf, role: "to")],
                         ["type": "restriction", "restriction": "no_u_turn"])
        }
        return map
    }

    private static func at(_ p: (Double, Double)) -> (Double, Double) { (-0.2 * p.0, 0.2 * p.1) }

    private func guide(_ from: (Double, Double), _ to: (Double, Double)) throws -> Route {
        try Self.crossing().engine().guide(Self.at(from), Self.at(to))
    }

    /// Turning left across the divided road is one left turn at the first carriageway (b),
    /// not a left turn at the second one.
    @Test func pieceLeftThirtyDegreesOffByOSRMsAngleIsInsideACrossing() throws {
        // Monaco's Boulevard du Jardin Exotique, which turns into the 27 m Square Lamark and
        // back onto its own name: the road out of the piece leaves 30.05° off straight by
        // OSRM's Mercator angle (29.997° by the ruler), so the piece lies inside a crossing
        // and both name changes are one "turn slight left", as osrm-routed says.
        let route = try #require(RealGraphs.monaco).guide(from: Coordinate(latitude: 43.73716, longitude: 7.41710),
                                                          to: Coordinate(latitude: 43.737207, longitude: 7.417784))
        #expect(route.maneuvers == ["depart", "turn slight left", "arrive"])
    }

    @Test func aPieceMadeOfTwoWaysIsStillInsideTheCrossing() throws {
        let engine = try Self.crossing(splitPiece: true).engine()
        #expect(try engine.guide(Self.at((2, 5)), Self.at((5, 2))).maneuvers == ["depart", "turn left", "arrive"])
        #expect(try engine.guide(Self.at((2, 5)), Self.at((3, 5))).maneuvers == ["depart", "continue uturn", "arrive"])
    }

    @Test func aPieceWhoseStreetChangesWayIsInsideTheCrossing() throws {
        // Monaco's Avenue des Spélugues changes way 5 m into the 15 m piece between the
        // carriageways of Avenue des Citronniers, to a way named in a turn restriction, whose
        // end the import keeps as a junction: OSRM's compressed graph sees one piece, and the
        // crossing is one "turn right", as osrm-routed says.
        let route = try #require(RealGraphs.monaco).guide(from: Coordinate(latitude: 43.740796, longitude: 7.42841),
                                                          to: Coordinate(latitude: 43.740706, longitude: 7.42914))
        #expect(route.maneuvers == ["depart", "turn right", "arrive"])
    }

    @Test func leftAcrossIsOneTurnAtTheFirstCarriageway() throws {
        let route = try guide((2, 5), (5, 2))
        #expect(route.maneuvers == ["depart", "turn left", "arrive"])
        let turn = try #require(route.middleSteps.first)
        #expect(Geodesy.distance(turn.maneuver.location, GridMap.at(-0.4, 0.6)) < 1)
        #expect(turn.name == "second")
    }

    /// Turning back through the crossing is one U-turn where it starts.
    @Test func turningBackIsOneUTurn() throws {
        let route = try guide((2, 5), (3, 5))
        #expect(route.maneuvers == ["depart", "continue uturn", "arrive"])
        let turn = try #require(route.middleSteps.first)
        #expect(Geodesy.distance(turn.maneuver.location, GridMap.at(-0.4, 0.6)) < 1)
    }

    /// Straight across on the same road needs no step; both junctions are still listed as
    /// intersections passed.
    @Test func straightAcrossIsSilent() throws {
        let route = try guide((2, 5), (2, 0))
        #expect(route.maneuvers == ["depart", "arrive"])
        #expect(route.legs[0].steps[0].intersections.count == 3)
    }

    /// The right turn off the near carriageway never enters the crossing and stays as it was.
    @Test func rightTurnOffTheNearCarriageway() throws {
        let route = try guide((2, 5), (0, 3))
        #expect(route.maneuvers == ["depart", "turn right", "arrive"])
    }

    /// OSRM's "Close Turns - Don't Collapse": two-way roads, a right turn and a left turn
    /// 20 m apart are two maneuvers (no divided road, no zig-zag of a few metres).
    @Test func closeTurnsOnTwoWayRoadsStayTwo() throws {
        var map = GridMap()
        // g d / e-b-c-f / a h on a 20 m grid.
        let p: [Character: (Double, Double)] = [
            "g": (0, 1), "d": (0, 2), "e": (1, 0), "b": (1, 1), "c": (1, 2), "f": (1, 3), "a": (2, 1), "h": (2, 2),
        ]
        for (way, name) in [("ab", "in"), ("ebcf", "cross"), ("cd", "out"), ("bg", "straight"), ("ch", "reverse")] {
            map.way(way.map { Self.at(p[$0]!) }, ["highway": "primary", "name": name])
        }
        let engine = try map.engine()
        let out = try engine.guide(Self.at(p["a"]!), Self.at(p["d"]!))
        #expect(out.maneuvers == ["depart", "turn right", "turn left", "arrive"])
        let back = try engine.guide(Self.at(p["a"]!), Self.at(p["h"]!))
        #expect(back.maneuvers == ["depart", "turn right", "turn right", "arrive"])
    }

    /// Monaco's Bretelle Vistaero: the avenue bends 23° right where a one-way joins (a silent
    /// junction), then crosses a divided road onto the unnamed Bretelle. OSRM merges the
    /// crossing into one maneuver, and that choiceless maneuver into the bend
    /// (`closeChoicelessTurnAfterTurn`), named after the Bretelle: a "turn right", not a
    /// "continue right" judged on the avenue's own piece inside the crossing.
    @Test func bendIntoACrossingIsNamedAfterTheRoadBeyond() {
        let avenue = RoadInfo(name: "Avenue Prince Rainier III", ref: "D 6007", roadClass: .primary)
        let bretelle = RoadInfo(name: "", ref: "Bretelle Vistaero", roadClass: .primary)
        let oneway = PathBuilder.OtherArm(angle: 2, road: avenue, canEnter: false)
        var b = PathBuilder(heading: 60)
        b.drive(avenue, 40)
        b.turn(23, others: [oneway])
        b.drive(avenue, 16)
        b.turn(17, others: [PathBuilder.OtherArm(angle: -61, road: avenue, canEnter: false)], insideCrossing: true)
        b.drive(avenue, 9)
        b.turn(-53, others: [PathBuilder.OtherArm(angle: 0, road: avenue)])
        b.drive(bretelle, 300)
        let steps = b.steps()
        #expect(steps.map { [$0.maneuver.type.rawValue, $0.maneuver.modifier?.rawValue].compactMap { $0 } }
            == [["depart"], ["turn", "right"], ["arrive"]])
        #expect(steps[1].name == "" && steps[1].ref == "Bretelle Vistaero")
    }

    /// Porto, Gondomar: an unnamed one-way road goes straight on across the 15 m piece of a
    /// divided road into another unnamed one. OSRM folds the two junctions into one step, a
    /// "new name" (its `haveSameName` wants names), and that step is then no name change
    /// undone at a silent junction: the second junction is inside it, no step of its own.
    @Test func straightOnAcrossACrossingBetweenUnnamedRoadsIsANewName() throws {
        let route = try #require(RealGraphs.porto).guide(from: Coordinate(latitude: 41.1367438, longitude: -8.5181239),
                                                         to: Coordinate(latitude: 41.14150, longitude: -8.52395))
        #expect(route.maneuvers == ["depart", "fork slight left", "fork slight right", "new name straight",
                                    "new name straight", "arrive"])
        let crossing = route.middleSteps[2]
        #expect(abs(crossing.maneuver.location.longitude - -8.52272) < 1e-6)
        #expect(crossing.intersections.count == 2)
    }

    /// Porto, near Rua Padre José de Oliveira Mendes: an unnamed secondary road's name change
    /// is undone at the silent junction after it, and a crossing's piece follows. OSRM merges
    /// both into the step before (`isNameOszillation`, `suppressStep`), so the bend at that
    /// silent junction is no turn to fold into the crossing's step: osrm-routed says nothing
    /// until arrival, where GemNav had said "turn slight right".
    @Test func aNameChangeUndoneAtASilentJunctionLeavesNoBendBehind() throws {
        let route = try #require(RealGraphs.porto).guide(from: Coordinate(latitude: 41.2150, longitude: -8.4150),
                                                         to: Coordinate(latitude: 41.22479, longitude: -8.40903))
        #expect(route.maneuvers == ["depart right", "turn left", "end of road right", "arrive"])
    }
}
