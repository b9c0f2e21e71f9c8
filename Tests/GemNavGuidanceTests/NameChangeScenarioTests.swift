import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// When OSRM announces a change of road, as measured on the real-data comparison
/// (`bench/diff_osrm/diff.py`): its "new name" steps survive unless both roads carry a name
/// or ref (`haveSameName`), and fold into the maneuver before them only by its
/// `maneuverSucceededByNameChange` distances.
@Suite struct NameChangeScenarioTests {
    @Test func unnamedRoadPastADrivewayIsANewName() throws {
        // Monaco's unnamed Moyenne Corniche approach: a service road joins, and OSRM's
        // driveway handler says "new name" between two unnamed roads, which no later pass
        // removes (it keeps a name change unless both sides are named alike).
        var map = GridMap()
        map.way([(0, 0), (0, 2), (0, 5)], ["highway": "unclassified"])
        map.way([(0, 2), (-1, 2)], ["highway": "service"])
        let route = try map.guide((0, 0.2), (0, 4.5))
        #expect(route.maneuvers == ["depart", "new name straight", "arrive"])
    }

    @Test func unnamedLinkOntoAThroughLinkWithARefIsATurn() throws {
        // Porto's EN 12-1 at Rua de Rebordãos: an unnamed primary link joins the EN 12-1 link
        // where another piece of it arrives. Only motorway and trunk links are OSRM's ramps,
        // which go on silently; a primary link onto a through street with a new ref is "turn
        // straight", as osrm-routed says.
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "primary_link", "lanes": "3"])
        map.way([(0.6, 0), (0, 3)], ["highway": "primary_link", "ref": "EN 12-1", "oneway": "yes"])
        map.way([(0, 3), (0, 6)], ["highway": "primary_link", "ref": "EN 12-1", "lanes": "4"])
        #expect(try map.guide((0, 0.5), (0, 5.5)).maneuvers == ["depart", "turn straight", "arrive"])
    }

    @Test func newRefOnAnUnnamedRoadIsANewName() throws {
        // Andorra's CS-340 becoming the CS-240: two empty names count as an affix change, so
        // OSRM's `requiresNameAnnounced` names a changed ref between unnamed roads itself.
        var map = GridMap()
        map.way([(0, 0), (0, 3)], ["highway": "secondary", "ref": "CS-340"])
        map.way([(0, 3), (0, 6)], ["highway": "secondary", "ref": "CS-240"])
        let route = try map.guide((0, 0.5), (0, 5.5))
        #expect(route.maneuvers == ["depart", "new name straight", "arrive"])
        #expect(route.middleSteps.first?.ref == "CS-240")
    }

    @Test(arguments: [
        // Porto's A43 becoming the "Autoestrada Porto - Gens" tagged "A 43": an empty name is
        // a prefix of any, so only the refs decide, and OSRM's `find` sees two refs.
        (["ref": "A43"], ["ref": "A 43", "name": "Autoestrada Porto - Gens"]),
        // Porto's IP1 respelt between two unnamed pieces.
        (["ref": "IP1"], ["ref": "IP 1"]),
    ])
    func aRefSpeltAnotherWayIsANewName(before: [String: String], after: [String: String]) throws {
        // osrm-routed says "new name" at each such spelling change (its `requiresNameAnnounced`
        // compares refs byte by byte), and SDKs show the new banner there.
        var map = GridMap()
        map.way([(0, 0), (0, 3)], before.merging(["highway": "motorway", "oneway": "yes"]) { $1 })
        map.way([(0, 3), (0, 6)], after.merging(["highway": "motorway", "oneway": "yes"]) { $1 })
        let route = try map.guide((0, 0.5), (0, 5.5))
        #expect(route.maneuvers == ["depart", "new name straight", "arrive"])
        #expect(route.middleSteps.first?.ref == after["ref"])
    }

    @Test(arguments: [((1.5, 5.5), "continue right"), ((1.5, 0.5), "continue left")])
    func loneEndOfRoadOntoTheSameRefIsAContinue(to: (Double, Double), expected: String) throws {
        // Monaco's Bretelle Vistaero: a turn onto a short piece signed only by its ref, which
        // ends at once at a road of that ref. An end of road passing no intersection is
        // demoted, and OSRM's test there wants a name or ref on the road reached, not names on
        // both: "continue right", as osrm-routed says, not "turn right".
        var map = GridMap()
        map.way([(0, 0), (0, 3), (0, 6)], ["highway": "tertiary", "name": "Rue X"])
        map.way([(0, 3), (1.5, 3)], ["highway": "tertiary", "ref": "B 1"])
        map.way([(1.5, 0), (1.5, 3), (1.5, 6)], ["highway": "tertiary", "ref": "B 1"])
        #expect(try map.guide((0, 0.5), to).maneuvers == ["depart", "turn left", expected, "arrive"])
    }

    @Test func endOfRoadKeepsItsTypeWithTheNameChangeAfterIt() throws {
        // Krems: Hohensteinstraße ends at the B35, which becomes the Wachaubrücke 34 m to the
        // left. The name change folds into the end of road (OSRM's
        // `maneuverSucceededByNameChange`), which stays an "end of road" onto the bridge's name
        // (its `AdjustToCombinedTurnStrategy` changes only turns and name changes); checked
        // against osrm-routed.
        var map = GridMap()
        map.way([(-1, 2), (-0.5, 2), (0, 2)], street("Hohenstein"))
        map.way([(-0.5, 1.5), (-0.5, 2), (-0.5, 2.5)], street("Quer"))
        map.way([(0, 1.66), (0, 2), (0, 4)], ["highway": "primary", "name": "Wachaustraße"])
        map.way([(0, 0), (0, 1.66)], ["highway": "primary", "name": "Wachaubrücke", "bridge": "yes", "layer": "1"])
        let route = try map.guide((-0.8, 2), (0, 0.5))
        #expect(route.maneuvers == ["depart", "end of road left", "arrive"])
        #expect(route.middleSteps.first?.name == "Wachaubrücke")
    }

    @Test func nameChangeJustBeforeAnotherStaysAsTheSecond() throws {
        // Monaco, Avenue Général de Gaulle to Avenue de Verdun: an unnamed piece becomes
        // "Place Commandant Raynal" and 3 m on turns left into it again, under a new name by
        // OSRM's driveway rule. OSRM keeps the second name change, turned by both
        // (`maneuverPreceededByNameChange`), so the end of road 58 m on follows a step that
        // passed no intersection and is a plain "turn right"; the short name step then goes.
        // The whole route as osrm-routed gives it.
        let route = try #require(RealGraphs.monaco).guide(from: Coordinate(latitude: 43.7342548, longitude: 7.4196548),
                                                          to: Coordinate(latitude: 43.7442273, longitude: 7.4235203))
        #expect(route.maneuvers == [
            "depart", "turn right", "end of road left", "fork slight right", "new name slight left",
            "new name slight left", "turn right", "roundabout right", "exit roundabout right", "turn right",
            "turn left", "turn right", "turn right", "roundabout slight right", "exit roundabout right",
            "turn straight", "arrive",
        ])
    }

    @Test func aNameLeftAndTakenBackStraightOnIsNoManeuverAtAnyDistance() throws {
        // Andorra's Avinguda Sant Antoni (CG-3) runs through a 50 m piece tagged only with the
        // CG3i4's ref, and where it takes its name back, the CG3i4 carriageway joins as a
        // through street: "turn straight" alone, nothing on the whole way (OSRM's
        // `isNameOszillation`, which has no distance limit).
        var map = GridMap()
        let avinguda = ["highway": "primary", "name": "Avinguda Sant Antoni", "ref": "CG-3"]
        map.way([(0, 0), (0, 3)], avinguda.merging(["oneway": "yes"]) { $1 })
        map.way([(0, 3), (0, 3.5)], ["highway": "primary", "ref": "CG3i4", "oneway": "yes"])
        map.way([(0, 3.5), (0, 6)], avinguda)
        map.way([(0.2, 0), (0.2, 2.5)], ["highway": "primary", "ref": "CG3i4", "oneway": "yes"])
        map.way([(0.2, 2.5), (0, 3.5)], avinguda.merging(["ref": "CG3i4; CG-3", "oneway": "yes"]) { $1 })
        #expect(try map.guide((0, 0.5), (0, 5.5)).maneuvers == ["depart", "arrive"])
        #expect(try map.guide((0, 3.2), (0, 5.5)).maneuvers == ["depart", "turn straight", "arrive"])
    }

    @Test func aNamedTunnelBetweenUnnamedRoadsIsNoManeuver() throws {
        // Andorra's Túnel de les dos valires, entered and left on unnamed roads: where the
        // tunnel ends OSRM lists the junction (its classes change) as a silent step onto a
        // road without a name, so the name change into the tunnel oscillates back and is
        // dropped (`isNameOszillation` with a `Suppressed` step of empty name). Checked
        // against osrm-routed on the same maps.
        func map(between: [String: String], after: [String: String]) -> GridMap {
            var map = GridMap()
            map.way([(0, 0), (0, 3)], ["highway": "primary", "oneway": "yes"])
            map.way([(0, 3), (0, 30)], between.merging(["highway": "primary", "oneway": "yes"]) { $1 })
            map.way([(0, 30), (0, 32)], after.merging(["highway": "primary", "oneway": "yes"]) { $1 })
            return map
        }
        let named = ["name": "Túnel"], tunnel = named.merging(["tunnel": "yes", "layer": "-1"]) { $1 }
        #expect(try map(between: tunnel, after: [:]).guide((0, 1), (0, 31.5)).maneuvers == ["depart", "arrive"])
        // Arriving inside the tunnel, nothing takes the name back.
        #expect(try map(between: tunnel, after: [:]).guide((0, 1), (0, 29)).maneuvers
            == ["depart", "new name straight", "arrive"])
        // Without the tunnel's class the junction is no step of OSRM's, so the name is said.
        #expect(try map(between: named, after: [:]).guide((0, 1), (0, 31.5)).maneuvers
            == ["depart", "new name straight", "arrive"])
        // Out onto a road with a name of its own, both names are said.
        #expect(try map(between: tunnel, after: ["name": "Foo"]).guide((0, 1), (0, 31.5)).maneuvers
            == ["depart", "new name straight", "new name straight", "arrive"])
    }

    /// A turn right from Wachaustraße into Dreifaltigkeitsplatz, which becomes Göglstraße
    /// straight on `metres` later, where Neumanngasse leaves to the east (Krems).
    static func nameAfterTurn(_ metres: Double) -> GridMap {
        var map = GridMap()
        let change = -metres / 100
        map.way([(0, 0), (0, 3), (0, 6)], street("Wachaustraße"))
        map.way([(0, 3), (change, 3)], street("Dreifaltigkeitsplatz"))
        map.way([(change, 3), (-3, 3)], street("Göglstraße"))
        map.way([(change, 3), (change, 5)], street("Neumanngasse"))
        return map
    }

    @Test func nameChangeStraightOnFoldsWithin45Metres() throws {
        let close = try Self.nameAfterTurn(40).guide((0, 0.5), (-2.5, 3))
        #expect(close.maneuvers == ["depart", "turn right", "arrive"])
        #expect(close.middleSteps[0].name == "Göglstraße")
        let apart = try Self.nameAfterTurn(48).guide((0, 0.5), (-2.5, 3))
        #expect(apart.maneuvers == ["depart", "turn right", "new name straight", "arrive"])
    }
}

/// A named loop at the end of a divided avenue, as Rond-Point Sainte-Dévote in Monaco: the
/// carriageways of the avenue change name onto the loop 27 m before its tip, where the
/// loop's two sides meet. osrm-routed tells the way round as two sharp turns, "turn sharp
/// left onto Rond-Point", "turn sharp left onto Avenue d'Ostende": the U-turn at the tip
/// takes in the name changes on either side of it (OSRM's `maneuverPreceededByNameChange`
/// and `maneuverSucceededByNameChange`), and is no "continue uturn" since the road left
/// and the road joined are named differently (`isUTurn`).
@Suite struct NamedLoopScenarioTests {
    @Test func goingRoundTheLoopIsTwoSharpTurns() throws {
        var map = GridMap()
        map.way([(1, 3), (0.1, 1)], street("Avenue d'Ostende", ["oneway": "yes"]))
        map.way([(-0.1, 1), (-1, 3)], street("Avenue d'Ostende", ["oneway": "yes"]))
        map.way([(0.1, 1), (0, 0.75), (-0.1, 1)], street("Rond-Point", ["oneway": "yes"]))
        map.way([(0, 0.75), (0, -2)], street("Rue Grimaldi"))
        let route = try map.guide((0.8, 2.56), (-0.8, 2.56))
        #expect(!route.maneuvers.contains { $0.hasSuffix("uturn") })
        #expect(route.maneuvers.filter { $0 != "depart" && $0 != "arrive" }.allSatisfy { $0 == "turn sharp left" })
    }
}
