import GemNavCore
import GemNavGuidance
import GemNavTestSupport
import Testing

/// Rules ported from OSRM's roundabout handling, step trimming and `classes`, each on a map
/// after the OSRM cucumber scenario it comes from.
@Suite struct OSRMRuleScenarioTests {
    /// OSRM's "Mixed Entry and Exit - segregated roads": a one-way road touches a
    /// counter-clockwise ring at its top node (2,3), arriving from the north-west and leaving
    /// to the north-east. Turning from one to the other there would cut across the ring's
    /// traffic, which OSRM forbids (`isTurnAllowed`): the way on goes once round the ring.
    static func segregatedRing() -> GridMap {
        var map = GridMap()
        map.way([(2, 3), (1, 2), (0, 3), (1, 4), (2, 3)], ["highway": "primary", "junction": "roundabout", "oneway": "yes"])
        map.way([(4, 1.5), (2, 3), (4, 4.5)], ["highway": "primary", "name": "abc", "oneway": "yes"])
        map.way([(1, 0), (1, 2)], ["highway": "primary", "name": "West Road"])
        return map
    }

    @Test func noTurnAcrossTheRingAgainstItsFlow() throws {
        let route = try Self.segregatedRing().guide((4, 1.5), (4, 4.5))
        #expect(route.maneuvers == ["depart", "roundabout right", "exit roundabout right", "arrive"])
        // The exit at West Road counts, then the way back out at the entry.
        #expect(route.middleSteps.map(\.maneuver.exit) == [2, 2])
        #expect(route.middleSteps.map(\.name) == ["abc", "abc"])
    }

    /// OSRM's "Use a ferry route": a waypoint on the quay where the ferry and the road meet
    /// starts on the ferry, not with a turn of no length from the road onto it.
    static func ferryMap() -> GridMap {
        var map = GridMap()
        map.way([(2, 0), (2, 1), (2, 2)], ["highway": "primary", "name": "abc"])
        map.way([(2, 2), (1, 2), (0, 2)], ["route": "ferry", "name": "cde"])
        map.way([(0, 2), (0, 3), (0, 4)], ["highway": "primary", "name": "efg"])
        return map
    }

    @Test func zeroLengthStepsAtTheEndsAreTrimmed() throws {
        let map = Self.ferryMap()
        let across = try map.guide((0, 2), (2, 2))
        #expect(across.maneuvers == ["depart", "arrive"])
        #expect(across.legs[0].steps.map(\.name) == ["cde", "cde"])
        #expect(across.legs[0].steps.map(\.mode) == [.ferry, .ferry])
        #expect(across.legs[0].steps[0].intersections[0].classes == ["ferry"])
        let onward = try map.guide((0, 2), (2, 0.5))
        #expect(onward.legs[0].steps.map(\.name) == ["cde", "abc", "abc"])
        #expect(onward.legs[0].steps.map(\.mode) == [.ferry, .driving, .driving])
    }

    /// OSRM's "We tag classes without intersections": a tunnel on a straight road is listed
    /// as an intersection where the class changes, with its class.
    @Test func classChangesAreListedIntersections() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 2)], ["highway": "primary", "name": "road"])
        map.way([(0, 2), (0, 4)], ["highway": "primary", "name": "road", "tunnel": "yes"])
        map.way([(0, 4), (0, 6)], ["highway": "primary", "name": "road"])
        let route = try map.guide((0, 0.5), (0, 5.5))
        #expect(route.maneuvers == ["depart", "arrive"])
        #expect(route.legs[0].steps[0].intersections.map(\.classes) == [[], ["tunnel"], []])
    }

    /// OSRM's "We tag restricted with a class": access for some only is `restricted`, a
    /// motorway `motorway`, in car.lua's order.
    @Test func restrictedAndMotorwayClasses() throws {
        var map = GridMap()
        map.way([(2, 0), (2, 2)], ["highway": "primary", "name": "ab", "access": "private"])
        map.way([(2, 2), (0, 2)], ["highway": "motorway", "name": "bc", "access": "private"])
        map.way([(0, 2), (0, 4)], ["highway": "primary", "name": "cd"])
        let route = try map.guide((2, 0), (0, 4))
        let classes = route.legs[0].steps.flatMap(\.intersections).map(\.classes)
        #expect(classes.first == ["restricted"])
        #expect(classes.contains(["motorway", "restricted"]))
    }

    /// OSRM's "A named street with pronunciation": `name:pronunciation` is each step's
    /// `pronunciation`, the arrival's from the road it ends on.
    @Test func stepsCarryPronunciations() throws {
        var map = GridMap()
        map.way([(2, 0), (2, 1)], ["highway": "primary", "name": "My Way"])
        map.way([(2, 1), (2, 2)], ["highway": "primary", "name": "My Way", "name:pronunciation": "meyeway", "ref": "A1"])
        map.way([(0, 2), (2, 2)], ["highway": "primary", "name": "Your Way", "name:pronunciation": "yourewaye"])
        let route = try map.guide((2, 0), (2, 2))
        #expect(route.legs[0].steps.map(\.pronunciation) == ["", "meyeway"])
        let other = try map.guide((0, 2), (1.5, 2))
        #expect(other.legs[0].steps.map(\.pronunciation) == ["yourewaye", "yourewaye"])
    }
}
