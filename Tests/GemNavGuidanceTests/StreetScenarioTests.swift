import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// Ordinary streets on hand-drawn maps, routed by the real engine: turns, names changing,
/// roads bending, T junctions, lanes and the side of the street at arrival.
@Suite struct StreetScenarioTests {
    /// A star junction at (0,0) reached from the south on "Approach", with one road for
    /// every turn modifier.
    static let star: RoutingEngine? = {
        var map = GridMap()
        map.way([(-3, 0), (0, 0)], street("Approach"))
        let arms: [(String, (Double, Double))] = [
            ("Straight Street", (3, 0)), ("Slight Left Street", (3, -1.5)), ("Left Street", (0, -3)),
            ("Sharp Left Street", (-3, -1.5)), ("Slight Right Street", (3, 1.5)), ("Right Street", (0, 3)),
            ("Sharp Right Street", (-3, 1.5)),
        ]
        for (name, end) in arms { map.way([(0, 0), end], street(name)) }
        return try? map.engine()
    }()

    @Test(arguments: [
        ((2.5, -1.25), "Make a slight left onto Slight Left Street", "turn slight left"),
        ((0, -2.5), "Turn left onto Left Street", "turn left"),
        ((-2.5, -1.25), "Make a sharp left onto Sharp Left Street", "turn sharp left"),
        ((2.5, 1.25), "Make a slight right onto Slight Right Street", "turn slight right"),
        ((0, 2.5), "Turn right onto Right Street", "turn right"),
        ((-2.5, 1.25), "Make a sharp right onto Sharp Right Street", "turn sharp right"),
        ((2.5, 0), "Continue onto Straight Street", "new name straight"),
    ])
    func turnModifiers(to: (Double, Double), instruction: String, maneuver: String) throws {
        let route = try #require(Self.star).guide((-2.5, 0), to)
        #expect(route.instructions.count == 3)
        #expect(route.instructions[1] == instruction)
        #expect(route.maneuvers[1] == maneuver)
        #expect(route.instructions.first == "Head north on Approach")
    }

    @Test func noStepStraightThroughAnOrdinaryIntersection() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 2), (0, 4), (0, 6)], street("Main Street"))
        map.way([(-2, 2), (0, 2), (2, 2)], street("Cross Street"))
        map.way([(-2, 4), (0, 4)], street("Stub Street"))
        let route = try map.guide((0, 0.5), (0, 5.5))
        #expect(route.maneuvers == ["depart", "arrive"])
        // The junctions passed still appear as intersections of the departure step.
        #expect(route.legs[0].steps[0].intersections.count == 3)
    }

    @Test func newNameWhereTheNameChangesAtAJunction() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 2)], street("Rue Basse"))
        map.way([(0, 2), (0, 4)], street("Rue Haute"))
        map.way([(0, 2), (2, 2)], street("Side Street"))
        let route = try map.guide((0, 0.5), (0, 3.5))
        #expect(route.maneuvers == ["depart", "new name straight", "arrive"])
        #expect(route.instructions[1] == "Continue onto Rue Haute")
    }

    /// OSRM's name-change rules: a bridge named after its street, a compass suffix changing.
    @Test(arguments: [("Hauptstraße", "Hauptstraßenbrücke", "Hauptstraße"), ("42 North", "42 South", "42 South"),
                      ("Main Street", "Main Street", "Other Street")])
    func noNewNameWhereOSRMSeesTheSameRoad(first: String, middle: String, last: String) throws {
        var map = GridMap()
        map.way([(0, 0), (0, 2)], street(first))
        map.way([(0, 2), (0, 4)], street(middle).merging(["bridge": "yes"]) { $1 })
        map.way([(0, 4), (0, 6)], street(last))
        map.way([(0, 2), (2, 2)], street("Side Street"))
        map.way([(0, 4), (2, 4)], street("Other Side Street"))
        let expected = last == "Other Street" ? ["depart", "new name straight", "arrive"] : ["depart", "arrive"]
        #expect(try map.guide((0, 0.5), (0, 5.5)).maneuvers == expected)
    }

    @Test func noNewNameWhereOnlyTheRefContinues() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 2)], ["highway": "primary", "name": "Route de Nice", "ref": "N7"])
        map.way([(0, 2), (0, 4)], ["highway": "primary", "ref": "N7"])
        map.way([(0, 4), (0, 6)], ["highway": "primary", "name": "Route de Nice", "ref": "N7"])
        map.way([(0, 2), (2, 2)], street("Side Street"))
        #expect(try map.guide((0, 0.5), (0, 5.5)).maneuvers == ["depart", "arrive"])
    }

    @Test func continueWhereTheRoadBendsAtAJunction() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 2), (2, 2)], street("Main Street"))
        map.way([(0, 2), (0, 4)], street("Other Street"))
        let route = try map.guide((0, 0.5), (1.5, 2))
        #expect(route.maneuvers == ["depart", "continue left", "arrive"])
        #expect(route.instructions[1] == "Continue left onto Main Street")
    }

    @Test func bendWithoutAlternativesIsSilent() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 2), (2, 2)], street("Main Street"))
        #expect(try map.guide((0, 0.5), (1.5, 2)).maneuvers == ["depart", "arrive"])
    }

    @Test func endOfRoadAtATJunction() throws {
        var map = GridMap()
        map.way([(-3, 0), (0, 0)], street("Stem Street"))
        map.way([(0, -3), (0, 0), (0, 3)], street("Cross Street"))
        // Nothing passed on the way there: as in OSRM, a plain turn.
        let right = try map.guide((-2.5, 0), (0, 2.5))
        #expect(right.maneuvers == ["depart", "turn right", "arrive"])
        #expect(right.instructions[1] == "Turn right onto Cross Street")
        // With a side street passed first, the end of the road is told.
        var passing = GridMap()
        passing.way([(-3, 0), (-1.5, 0), (0, 0)], street("Stem Street"))
        passing.way([(-1.5, 0), (-1.5, -2)], street("Side Street"))
        passing.way([(0, -3), (0, 0), (0, 3)], street("Cross Street"))
        #expect(try passing.guide((-2.5, 0), (0, -2.5)).instructions[1]
            == "Turn left at the end of the road onto Cross Street")
    }

    @Test func sideOfTheStreetAtDepartureAndArrival() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 4)], street("Main Street"))
        // Travelling east, north of the road is on the left.
        let left = try map.guide((0, 0.5), (0.2, 3))
        #expect(left.instructions.last == "You have arrived at your destination, on the left")
        #expect(left.maneuvers.last == "arrive left")
        let right = try map.guide((0, 0.5), (-0.2, 3))
        #expect(right.instructions.last == "You have arrived at your destination, on the right")
        // Leaving from south of the road, eastbound, is a right turn onto it (OSRM's depart modifier).
        #expect(try map.guide((-0.2, 0.5), (0, 3.5)).maneuvers.first == "depart right")
        #expect(left.maneuvers.first == "depart")
    }

    @Test func lanesMarkTheOnesToUse() throws {
        var map = GridMap()
        map.way([(-3, 0), (0, 0)], street("Approach", ["turn:lanes:forward": "left|through|through;right"]))
        map.way([(0, -3), (0, 0), (0, 3)], street("Cross Street"))
        map.way([(0, 0), (3, 0)], street("Ahead Street"))
        let route = try map.guide((-2.5, 0), (0, -2.5))
        let lanes = try #require(route.legs[0].steps[1].intersections.first?.lanes)
        #expect(lanes.map(\.indications) == [["left"], ["straight"], ["straight", "right"]])
        #expect(lanes.map(\.valid) == [true, false, false])
        let rightTurn = try map.guide((-2.5, 0), (0, 2.5))
        #expect(rightTurn.legs[0].steps[1].intersections.first?.lanes?.map(\.valid) == [false, false, true])
        // The banner before the turn shows the lanes.
        let sub = route.legs[0].steps[0].bannerInstructions.first?.sub
        #expect(sub?.components.map(\.active) == [true, false, false])
    }
}
