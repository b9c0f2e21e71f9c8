import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// Motorway ramps, merges and forks on hand-drawn maps, routed by the real engine.
@Suite struct HighwayScenarioTests {
    /// The A8 runs east along row 0. A primary road coming north along column 1 has an
    /// on-ramp leaving to the right and merging at (0,3); an off-ramp signposted "Nice"
    /// leaves at (0,7) and ends at a T junction on Avenue de Nice (row -2).
    static let motorway: RoutingEngine? = {
        var map = GridMap()
        map.way([(0, 0), (0, 3), (0, 7), (0, 12)],
                ["highway": "motorway", "ref": "A8", "name": "La Provençale", "oneway": "yes"])
        map.way([(-4, 1), (-2, 1), (-1, 1), (-1, -2)], ["highway": "primary", "name": "Route de la Turbie"])
        map.way([(-2, 1), (-1.5, 2), (0, 3)], ["highway": "motorway_link", "oneway": "yes"])
        map.way([(0, 7), (-1, 8), (-2, 8)], ["highway": "motorway_link", "oneway": "yes", "destination": "Nice"])
        map.way([(-2, 6), (-2, 8), (-2, 10)], ["highway": "primary", "name": "Avenue de Nice"])
        return try? map.engine()
    }()

    @Test func onRampMergeAndOffRamp() throws {
        let route = try #require(Self.motorway).guide((-3.5, 1), (-2, 9.5))
        // OSRM's bands: the ramp leaves at more than 40°, so "right"; the T junction right after
        // the ramp, with no intersection passed on it, is a plain turn.
        #expect(route.maneuvers == ["depart", "on ramp right", "merge slight left", "off ramp right",
                                    "turn left", "arrive"])
        #expect(route.instructions == [
            "Head north on Route de la Turbie",
            "Take the ramp on the right",
            "Merge left onto La Provençale (A8)",
            "Take the ramp on the right towards Nice",
            "Turn left onto Avenue de Nice",
            "You have arrived at your destination",
        ])
        let offRamp = route.middleSteps[2]
        #expect(offRamp.destinations == "Nice")
        #expect(offRamp.intersections.first?.classes == ["motorway"])
    }

    /// A primary road going on north while an unnamed motorway link leaves 15° to its right:
    /// both are straight on by angle, so OSRM words the ramp as the slight turn beside the road
    /// that goes on ("on ramp slight right", not "on ramp straight"). Checked against
    /// osrm-routed on the same map.
    @Test func rampBesideARoadGoingOnIsASlightTurn() throws {
        var map = GridMap()
        map.way([(0, 0), (1, 0), (3, 0)], ["highway": "primary", "oneway": "yes", "name": "Estrada"])
        map.way([(1, 0), (2, 0.27), (3, 0.6)], ["highway": "motorway_link", "oneway": "yes"])
        map.way([(3, 0.6), (5, 0.6)], ["highway": "motorway", "oneway": "yes", "ref": "A 28"])
        #expect(try map.guide((0.3, 0), (4.5, 0.6)).maneuvers
            == ["depart", "on ramp slight right", "new name straight", "arrive"])
        #expect(try map.guide((0.3, 0), (2.8, 0)).maneuvers == ["depart", "arrive"])
    }

    @Test func forkKeepsLeftOrRight() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 2)], ["highway": "primary", "name": "Route Haute"])
        map.way([(0, 2), (1, 4), (1, 6)], ["highway": "primary", "name": "Chemin du Nord"])
        map.way([(0, 2), (-1, 4), (-1, 6)], ["highway": "primary", "name": "Chemin du Sud"])
        let left = try map.guide((0, 0.5), (1, 5.5))
        #expect(left.maneuvers == ["depart", "fork slight left", "arrive"])
        #expect(left.instructions[1] == "Keep left at the fork onto Chemin du Nord")
        let right = try map.guide((0, 0.5), (-1, 5.5))
        #expect(right.instructions[1] == "Keep right at the fork onto Chemin du Sud")
    }

    @Test func motorwaySplitIsAForkWithDestinations() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "motorway", "ref": "A8", "oneway": "yes"])
        map.way([(0, 3), (0.6, 6), (1, 9)], ["highway": "motorway", "ref": "A8", "oneway": "yes",
                                              "destination": "Italia"])
        map.way([(0, 3), (-0.6, 6), (-1, 9)], ["highway": "motorway", "ref": "A500", "oneway": "yes",
                                                "destination": "Monaco"])
        let route = try map.guide((0, 0.5), (-1, 8.5))
        #expect(route.maneuvers.dropLast() == ["depart", "fork slight right"])
        #expect(route.instructions[1] == "Keep right at the fork towards Monaco")
    }

    @Test func motorwayEndingInTwoRampsIsAFork() throws {
        // Porto's A 32 ends in two A 32 ramps: no motorway goes on, so OSRM's motorway handler
        // words the split as a fork, not as an off ramp (checked against osrm-routed).
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "motorway", "ref": "A 32", "oneway": "yes"])
        map.way([(0, 3), (-0.3, 5), (-0.3, 7)], ["highway": "motorway_link", "ref": "A 32", "oneway": "yes"])
        map.way([(0, 3), (0.3, 5), (0.3, 7)], ["highway": "motorway_link", "ref": "A 32", "oneway": "yes"])
        #expect(try map.guide((0, 0.5), (-0.3, 6.5)).maneuvers == ["depart", "fork slight right", "arrive"])
        #expect(try map.guide((0, 0.5), (0.3, 6.5)).maneuvers == ["depart", "fork slight left", "arrive"])
    }

    @Test func rampOntoAnUnnamedTrunkIsNoMerge() throws {
        // OSRM's `MotorwayHandler::fromRamp`: a merge only where the road joined carries the
        // same name before and after the ramp; an unnamed trunk is followed without a word
        // (Krems, the S5's unnamed approach).
        var map = GridMap()
        map.way([(0, 0), (0, 3), (0, 8)], ["highway": "trunk", "oneway": "yes"])
        map.way([(-3, 1), (-2, 1), (-3, 3)], ["highway": "primary", "name": "Landstraße"])
        map.way([(-2, 1), (-1, 2), (0, 3)], ["highway": "trunk_link", "oneway": "yes"])
        let route = try map.guide((-2.5, 1), (0, 7))
        #expect(!route.maneuvers.contains { $0.hasPrefix("merge") })
        #expect(route.maneuvers.count == 3)
    }

    @Test func twoTrunkLinksSplittingAreAFork() throws {
        // Krems, the S5's approach: a trunk link splits into two. OSRM's motorway handler takes
        // only junctions where a motorway or trunk meets; ramps alone go to the turn handler,
        // where links splitting are a fork (checked against osrm-routed).
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "trunk_link", "oneway": "yes"])
        map.way([(0, 3), (0.3, 5), (0.3, 7)], ["highway": "trunk_link", "oneway": "yes"])
        map.way([(0, 3), (-0.3, 5), (-0.3, 7)], ["highway": "trunk_link", "oneway": "yes"])
        #expect(try map.guide((0, 0.5), (-0.3, 6.5)).maneuvers == ["depart", "fork slight right", "arrive"])
        #expect(try map.guide((0, 0.5), (0.3, 6.5)).maneuvers == ["depart", "fork slight left", "arrive"])
    }

    @Test func motorwayGoingOnAsATrunkUnderItsRefSaysNothing() throws {
        // Porto's A 44 becoming the trunk "Via de Cintura Interna", still signed A 44, where a
        // ramp leaves 11° to the left: OSRM's motorway handler follows the road keeping the
        // name (`getContinueAngle`) without a word, however close the ramp (checked against
        // osrm-routed); taking the ramp is an off ramp.
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "motorway", "ref": "A 44", "oneway": "yes", "lanes": "3"])
        map.way([(0, 3), (-0.1, 6)], ["highway": "trunk", "name": "Via de Cintura Interna", "ref": "A 44", "oneway": "yes"])
        map.way([(0, 3), (0.6, 6)], ["highway": "motorway_link", "oneway": "yes"])
        #expect(try map.guide((0, 0.5), (-0.09, 5.6)).maneuvers == ["depart", "arrive"])
        #expect(try map.guide((0, 0.5), (0.55, 5.6)).maneuvers.dropLast() == ["depart", "off ramp slight left"])
    }

    @Test func unnamedTrunkGoingOnPastARampSaysNothing() throws {
        // Porto's old IC 24, an unnamed trunk, past the A 29 ramp that leaves 16° off straight
        // while the trunk bends 30° the other way. No road keeps a name, so OSRM follows the
        // only trunk that may be taken (`getMostLikelyContinue`): nothing is said, as
        // osrm-routed gives it, not "turn slight left".
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "trunk", "oneway": "yes"])
        map.way([(0, 3), (-0.9, 5.5)], ["highway": "trunk", "oneway": "yes"])
        map.way([(0, 3), (0.4, 6)], ["highway": "motorway_link", "ref": "A 29", "oneway": "yes"])
        #expect(try map.guide((0, 0.5), (-0.8, 5.2)).maneuvers == ["depart", "arrive"])
    }

    @Test func motorwayBecomingItsOwnRampSaysNothing() throws {
        // Porto's A 1 at Vila Nova de Gaia: the motorway turns into a link of the same ref with
        // no other road. OSRM: "do not announce ramps at the end of a highway" (checked against
        // osrm-routed); the split after it is a fork.
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "motorway", "ref": "A 1", "oneway": "yes"])
        map.way([(0, 3), (0, 5)], ["highway": "motorway_link", "ref": "A 1", "oneway": "yes"])
        map.way([(0, 5), (0.3, 7), (0.3, 9)], ["highway": "motorway_link", "ref": "A 1", "oneway": "yes"])
        map.way([(0, 5), (-0.3, 7), (-0.3, 9)], ["highway": "motorway_link", "oneway": "yes"])
        #expect(try map.guide((0, 0.5), (0.3, 8.5)).maneuvers == ["depart", "fork slight left", "arrive"])
        #expect(try map.guide((0, 0.5), (0, 4.5)).maneuvers == ["depart", "arrive"])
    }

    @Test func motorwayEndingInANamedRampIsAnOffRampByItsOwnDirection() throws {
        // Porto's A 7 ending in Avenida do Atlântico, a two-way motorway link; only the other
        // carriageway, coming the other way, meets it there. A U-turn onto that carriageway
        // keeps OSRM's motorway handler out, and its one-way turn words the ramp by the turn's
        // direction: "off ramp straight", as osrm-routed says, not a side it leaves towards.
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "motorway", "ref": "A 7", "oneway": "yes"])
        map.way([(0, 3), (0.15, 0)], ["highway": "motorway", "ref": "A 7", "oneway": "yes"])
        map.way([(0, 3), (0.3, 6)], ["highway": "motorway_link", "name": "Avenida do Atlântico"])
        #expect(try map.guide((0, 0.5), (0.25, 5.5)).maneuvers == ["depart", "off ramp straight", "arrive"])
    }

    @Test func rampDoublingBackFromAnEndingTrunkIsSharp() throws {
        // Krems, where the two-way S5 ends in a ramp that doubles back: a U-turn is possible
        // there, so OSRM's turn handler, not its motorway handler, words the ramp, by the
        // turn's own direction (checked against osrm-routed).
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "trunk", "name": "Schnellstraße", "ref": "S5"])
        map.way([(0, 3), (0.15, 2), (0.3, 0.5)], ["highway": "trunk_link", "oneway": "yes"])
        #expect(try map.guide((0, 0.5), (0.25, 0.8)).maneuvers.dropLast() == ["depart", "off ramp sharp left"])
    }
}
