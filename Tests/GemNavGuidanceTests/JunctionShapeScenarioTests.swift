import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// The shape of a junction as OSRM perceives it, on maps after OSRM's guidance scenarios
/// (turn-angles, merge-segregated-roads): bearings taken along the road rather than from its
/// first metres, and a divided road's two carriageways told as one road.
@Suite struct JunctionShapeScenarioTests {
    private func road(_ name: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["highway": "primary", "name": name].merging(extra) { $1 }
    }

    /// OSRM's "Offset Turn": the side road is drawn with a short stub straight down to the
    /// junction, then runs off at a slant. The turn is told by where the road goes (slight
    /// right), not by the stub (right).
    @Test func offsetStubDoesNotDecideTheModifier() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 1), (0, 2)], road("main"))
        // 6 m south, then 200 m on a bearing of 120° (30° right of straight on).
        map.way([(0, 1), (-0.06, 1), (-1.06, 1 + 1.73 / 1.4)], road("side"))
        let route = try map.guide((0, 0.2), (-1.0, 1 + 1.6 / 1.4))
        #expect(Array(route.maneuvers.prefix(2)) == ["depart", "turn slight right"])
    }

    /// A road drawn straight into the junction keeps its plain bearing.
    @Test func straightRoadKeepsItsBearing() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 1), (0, 2)], road("main"))
        map.way([(0, 1), (-1, 1)], road("side"))
        let route = try map.guide((0, 0.2), (-0.8, 1))
        #expect(route.maneuvers == ["depart", "turn right", "arrive"])
        let turn = try #require(route.middleSteps.first)
        #expect(turn.intersections[0].bearings.sorted() == [90, 180, 270])
    }

    /// OSRM lists a junction's bearings in 15° steps when no two neighbouring roads share a
    /// step, and in whole degrees otherwise (its bearing classes); a road rounding to north is
    /// listed first. Its post-processing measures turns on these listed bearings.
    @Test func bearingsAreListedInFifteenDegreeSteps() throws {
        // Grid units are about 100 m both ways.
        var map = GridMap()
        map.way([(0, 0), (0, 1), (0, 2)], road("main"))
        // Leaving at 124°: listed as 120°.
        map.way([(0, 1), (-1, 2.5)], road("side"))
        let turn = try #require(map.guide((0, 0.2), (-0.9, 2.35)).middleSteps.first)
        #expect(turn.intersections[0].bearings == [90, 120, 270])
        #expect(turn.intersections[0].inIndex == 2)
        #expect(turn.intersections[0].outIndex == 1)

        // Roads at 356° and 3° both round to north: whole degrees.
        var close = GridMap()
        close.way([(-2, 1), (0, 1)], road("south"))
        close.way([(0, 1), (2, 0.85)], road("left"))
        close.way([(0, 1), (2, 1.1)], road("right"))
        let route = try close.guide((-1.8, 1), (1.8, 1.09))
        let split = try #require(route.legs[0].steps.flatMap(\.intersections).first { $0.bearings.count == 3 })
        #expect(split.bearings == [3, 180, 356])

        // A last road at 355° rounds to north and is listed first.
        var wrap = GridMap()
        wrap.way([(-2, 1), (0, 1)], road("south"))
        wrap.way([(0, 1), (2, 0.825)], road("north"))
        wrap.way([(0, 1), (0, 2)], road("east"))
        let east = try #require(wrap.guide((-1.8, 1), (0, 1.8)).middleSteps.first)
        #expect(east.intersections[0].bearings == [0, 90, 180])
        #expect(east.intersections[0].inIndex == 2)
        #expect(east.intersections[0].outIndex == 1)
    }

    /// OSRM's "Middle Island Over Bridge": a two-way road splits into two one-way
    /// carriageways 10 m apart and joins again. At the split and at the join the carriageways
    /// are one road, so two roads meet and the road goes on under its name: OSRM's `NoTurn`,
    /// no step and no listed intersection (osrm-routed lists only the departure on this map).
    /// Also with a lane more on one carriageway than on the other (a turn lane before the
    /// junction): OSRM 26.10's `EdgeDataSupportsMerge` compares road classes without their
    /// lane counts (its turn-lanes scenario "U-Turn Road at Intersection" rests on it).
    @Test(arguments: [([:], [:]), (["lanes": "2"], ["lanes": "3"])] as [([String: String], [String: String])])
    func dividedRoadIsOneRoadAtTheSplit(carriageway: [String: String], twin: [String: String]) throws {
        var map = GridMap()
        let way = carriageway.merging(["oneway": "yes"]) { $1 }, twin = twin.merging(["oneway": "yes"]) { $1 }
        map.way([(2, 1), (1, 1)], road("road"))
        map.way([(1, 1), (0.8, 0.95), (-1, 0.95)], road("road", way))
        map.way([(-1, 1.05), (0.8, 1.05), (1, 1)], road("road", twin))
        map.way([(-1, 0.95), (-1.2, 1)], road("road", way))
        map.way([(-1.2, 1), (-1, 1.05)], road("road", twin))
        map.way([(-1.2, 1), (-2, 1)], road("road"))
        let south = try map.guide((1.8, 1), (-1.8, 1))
        #expect(south.maneuvers == ["depart", "arrive"])
        let depart = try #require(south.legs.first?.steps.first)
        #expect(depart.intersections.count == 1)
    }

    /// A side road drawn with a 5 m stub to a traffic signal, then running south: its bearing
    /// is taken along the road past the signal (OSRM compresses the signal into the road and
    /// takes its representative point there), so it is listed at 180°, as osrm-routed lists
    /// it on the same map, not at the stub's 105°.
    @Test func signalJustPastAJunctionDoesNotCutTheBearingShort() throws {
        var map = GridMap()
        map.way([(0, -1), (0, 0), (0, 1)], road("Main"))
        map.way([(0, 0), (-0.02, 0.05), (-0.6, 0.06)], road("Side"))
        map.tagNode(-0.02, 0.05, ["highway": "traffic_signals"])
        let route = try map.guide((0, -0.8), (0, 0.8))
        let depart = try #require(route.legs.first?.steps.first)
        #expect(depart.intersections.count == 2)
        #expect(depart.intersections.last?.bearings == [90, 180, 270])
    }

    /// Turn costs are paid by the angle between the roads' perceived bearings, as OSRM pays
    /// them by its intersection view: the side road's 5 m stub points east-south-east, but the
    /// road runs south, so turning into it is a 90° right turn costing about 1.9 s, not a
    /// slight bend costing nothing. osrm-routed on the same map: 9.5 s.
    @Test func turnCostIsPaidByThePerceivedAngle() throws {
        var map = GridMap()
        map.way([(0, -1), (0, 0), (0, 1)], road("Main"))
        map.way([(0, 0), (-0.02, 0.05), (-0.6, 0.06)], road("Side"))
        let route = try map.guide((0, -0.8), (-0.55, 0.06))
        #expect(route.maneuvers == ["depart", "turn right", "arrive"])
        #expect(abs(route.duration - 9.5) < 0.05)
    }

    @Test func turnFollowedBySilentBendToTheSameSideIsOneTurn() throws {
        // Porto's EN 105 off its two-way ring: a left turn, and 20 m on a junction where the
        // road bends 45° further left past a side road, is one "turn sharp left" (OSRM's
        // `maneuverSucceededBySuppressedDirection`, checked against osrm-routed). Turning right
        // into it, the bend is to the other side and the turn stays as it was.
        var map = GridMap()
        map.way([(0, 0), (0, 2), (0, 4)], ["highway": "primary", "name": "Main"])
        map.way([(0, 2), (0.2, 2), (0.766, 1.434)], ["highway": "secondary", "name": "Side"])
        map.way([(0.2, 2), (0.1, 2.6)], ["highway": "residential", "name": "Spur"])
        #expect(try map.guide((0, 0.5), (0.7, 1.5)).maneuvers == ["depart", "turn sharp left", "arrive"])
        #expect(try map.guide((0, 3.5), (0.7, 1.5)).maneuvers == ["depart", "turn right", "arrive"])
    }

    @Test func turnJustAfterASilentBendToTheSameSideTakesInTheBend() throws {
        // Main bends 35° left past a side road, then 20 m on Cross leaves 105° to the left:
        // one "turn sharp left" where Cross leaves, turned by both (OSRM's
        // `maneuverPreceededBySuppressedDirection`, checked against osrm-routed).
        var map = GridMap()
        map.way([(0, 0), (0, 2), (0.115, 2.165), (1, 3.4)], ["highway": "primary", "name": "Main"])
        map.way([(0, 2), (-1, 2)], ["highway": "residential", "name": "Spur"])
        map.way([(0.115, 2.165), (0.629, 1.552)], ["highway": "secondary", "name": "Cross"])
        let route = try map.guide((0, 0.5), (0.55, 1.65))
        #expect(route.maneuvers == ["depart", "turn sharp left", "arrive"])
        #expect(route.middleSteps.first?.maneuver.location.latitude ?? 0 > GridMap.at(0.1, 0).latitude)
    }

    @Test func silentBendIntoAChoicelessTurnIsOneTurnAtTheBend() throws {
        // Andorra's Avinguda d'Enclar: the road bends 45° left where a one-way joins (a junction
        // OSRM lists without a word), and 28 m on it can only turn right. OSRM's
        // `closeChoicelessTurnAfterTurn` makes that one "turn right" at the bend, not an
        // "end of road" at the second junction. Checked against osrm-routed on the same map.
        var map = GridMap()
        map.way([(0, 0), (0, 3), (0.2, 3.2)], street("Main"))
        map.way([(-1, 2.5), (0, 3)], street("Side").merging(["oneway": "yes"]) { $1 })
        map.way([(1, 2.4), (0.2, 3.2)], street("Cross").merging(["oneway": "yes"]) { $1 })
        map.way([(0.2, 3.2), (-0.6, 4)], street("Cross"))
        let route = try map.guide((0, 0.5), (-0.5, 3.9))
        #expect(route.maneuvers == ["depart", "turn right", "arrive"])
        #expect(route.middleSteps.first?.maneuver.location == GridMap.at(0, 3))
    }

    /// OSRM's turn handler at four roads or more (`assignRightTurns`, `handleDistinctConflict`):
    /// two side streets leaving on one side at 70° and 100°, both "right" by angle, are told
    /// apart as "turn slight right" and "turn right" (and mirrored on the left). Checked
    /// against osrm-routed on the same maps.
    @Test func twoSideStreetsInOneDirectionBandAreToldApart() throws {
        for side in [1.0, -1.0] {
            var map = GridMap()
            map.way([(-1, 0), (0, 0), (1, 0)], street("Main"))
            map.way([(0, 0), (0.34, 0.94 * side)], street("Near"))
            map.way([(0, 0), (-0.17, 0.98 * side)], street("Far"))
            let near = side > 0 ? "turn slight right" : "turn slight left", far = side > 0 ? "turn right" : "turn left"
            #expect(try map.guide((-0.8, 0), (0.3, 0.85 * side)).maneuvers == ["depart", near, "arrive"])
            #expect(try map.guide((-0.8, 0), (-0.15, 0.9 * side)).maneuvers == ["depart", far, "arrive"])
        }
    }

    @Test func uTurnFoundOnceTheRoadBackIsNamed() throws {
        // Monaco's Moyenne Corniche: a 5 m service road and a link that becomes the Moyenne
        // Corniche again. The link's name is known only once the name change is folded into
        // the second turn, and OSRM looks for the U-turn again then: "continue uturn", as
        // osrm-routed says, not "turn sharp left" and "turn left".
        let route = try #require(RealGraphs.monaco).guide(from: Coordinate(latitude: 43.7316, longitude: 7.390339),
                                                          to: Coordinate(latitude: 43.73232, longitude: 7.39060))
        #expect(route.maneuvers == ["depart", "continue uturn", "arrive"])
        #expect(route.middleSteps.first?.name == "Moyenne Corniche")
    }

    @Test func turnAndSilentTurnBackOntoTheRoadAreOneUTurn() throws {
        // Monaco's Avenue Princesse Grace: a right turn and, 12 m on, a junction OSRM lists
        // without a word where the road turns right again, back along the avenue. OSRM's
        // `isUTurn` takes a silent step second too: "continue uturn", as osrm-routed says, not
        // "continue sharp right".
        let route = try #require(RealGraphs.monaco).guide(from: Coordinate(latitude: 43.7515, longitude: 7.4395),
                                                          to: Coordinate(latitude: 43.750895, longitude: 7.441075))
        #expect(route.maneuvers == ["depart right", "continue uturn", "arrive"])
    }

    @Test func turnOntoAChoicelessPieceAndTwoMoreIsOneSharpTurn() throws {
        // Porto's Rua Padre Avis de Brito: off Avenida Dom Afonso Henriques left onto a 9 m
        // piece of the avenue, right at its end, then left onto the street. The first turn
        // comes back to the avenue's heading, but OSRM combines a turn with a choiceless one
        // after it (`closeChoicelessTurnAfterTurn`) and then with the next (`doubleChoiceless`):
        // one "turn sharp left" where it begins, as osrm-routed says, not a turn 9 m on.
        let route = try #require(RealGraphs.porto).guide(from: Coordinate(latitude: 41.38770, longitude: -8.52855),
                                                         to: Coordinate(latitude: 41.388257, longitude: -8.529223))
        #expect(route.maneuvers == ["depart right", "turn sharp left", "arrive"])
        let turn = try #require(route.middleSteps.first)
        #expect(turn.name == "Rua Padre Avis de Brito")
        #expect(abs(turn.maneuver.location.longitude - -8.52822) < 1e-5)
    }

    /// Krems's Winzergasse: the street ends in two one-way carriageways, a narrow triangle
    /// onto Wachaustraße. Read as one divided road at the split, the turn from one
    /// carriageway into the other is a U-turn to OSRM by its angle, and costs its 20 s
    /// U-turn penalty on top of the turn (osrm-routed: 33.9 s, not 13.8 s).
    @Test func turnBetweenTheCarriagewaysOfADividedRoadPaysTheUTurnPenalty() throws {
        var map = GridMap()
        let (a, b, c, d) = ((-0.2, -0.8), (0.27, -0.256), (0.361, -0.144), (0.8, 0.4))
        let split = (0.0, 0.0), south = (-0.832, 0.074)
        map.way([a, b, c, d], road("Wachaustraße"))
        map.way([south, (-0.308, 0.04), split], street("Winzergasse"))
        map.way([split, (0.172, 0), (0.289, -0.058), c], street("Winzergasse", ["oneway": "yes"]))
        map.way([b, (0.193, -0.163), (0.114, -0.08), split], street("Winzergasse", ["oneway": "yes"]))
        map.way([(-0.832, -0.8), south, (-0.832, 0.8)], street("Hohensteinstraße"))
        let route = try map.guide((0.15, -0.12), (0.25, -0.03))
        #expect(route.maneuvers == ["depart", "continue uturn", "arrive"])
        #expect(abs(route.duration - 33.9) < 0.2)
    }

    /// Porto's A 43 and the slip road that leaves it and rejoins it 140 m on: OSRM's graph
    /// compression cannot make both one edge between the same two junctions, and the slip
    /// road, whose last node to go has the higher OSM id, keeps it. Its bearing at the merge
    /// is then measured on its first 50 m only: 149°, not the 127° of its first metres, and
    /// the merge is "slight right", as osrm-routed says.
    @Test func aRoadBesideAnotherBetweenTheSameJunctionsIsMeasuredAsOSRMKeepsIt() throws {
        let route = try #require(RealGraphs.porto).guide(from: Coordinate(latitude: 41.097226, longitude: -8.474523),
                                                         to: Coordinate(latitude: 41.0997, longitude: -8.4765))
        let merge = try #require(route.middleSteps.first { $0.maneuver.type == .merge })
        #expect(merge.maneuver.modifier == .slightRight)
        #expect(abs(merge.maneuver.location.longitude - -8.475659) < 1e-6)
        #expect(merge.intersections[0].bearings == [149, 150, 328, 355])
    }

    /// Porto's EN 15 into the roundabout at Gandra: 40 m before the ring the road goes from
    /// one lane to two, which OSRM's graph compression does not stop at (it compares what a
    /// road is, not its lanes or speed). The bearing into the ring is taken along both
    /// pieces, 96° rather than the 82° of the last 40 m, and the entry is "roundabout
    /// straight", as osrm-routed says.
    @Test func aLaneCountChangeDoesNotCutABearingShort() throws {
        let route = try #require(RealGraphs.porto).guide(from: Coordinate(latitude: 41.18530, longitude: -8.4492),
                                                         to: Coordinate(latitude: 41.18537, longitude: -8.4522))
        #expect(route.maneuvers == ["depart right", "roundabout straight", "exit roundabout straight", "arrive"])
        #expect(route.middleSteps.first?.intersections[0].bearings == [90, 135, 300])
    }

    /// Krems: east on the B3, which becomes the S5 for 12 m, left off it onto a connector and
    /// left again onto the S5 the other way, which becomes the B3. The name change just
    /// before the U-turn is folded into it and is no step of its own afterwards, so the road
    /// one came on is the B3 and the U-turn leads back onto it: "continue uturn", as
    /// osrm-routed says, not "turn uturn".
    @Test func aNameChangeFoldedIntoAUTurnLeavesTheRoadOneCameOn() throws {
        let route = try #require(RealGraphs.krems).guide(from: Coordinate(latitude: 48.4065875, longitude: 15.6111541),
                                                         to: Coordinate(latitude: 48.4067019, longitude: 15.6093384))
        #expect(route.maneuvers == ["depart", "merge slight left", "continue uturn", "off ramp slight right", "arrive"])
    }
}
