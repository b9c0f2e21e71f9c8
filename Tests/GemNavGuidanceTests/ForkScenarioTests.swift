import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// OSRM's fork rules for ordinary roads (`TurnHandler::findFork`, `assignFork`), seen on the
/// real-data comparison: in Monaco, Route de Beausoleil (tertiary) bends 13° left where an
/// unnamed residential street leaves 26° right, and osrm-routed says "fork slight right"
/// where GemNav said "turn straight" (its own fork rule wanted classes within one rank).
@Suite struct ForkScenarioTests {
    static func beausoleil() -> GridMap {
        var map = GridMap()
        // Rows are 100 m, columns 71 m: (3, -1.13) lies 15° left of north, (3, 1.45) 19° right:
        // neither branch turns 1.4 times as far as the other.
        map.way([(-2, 0), (0, 0), (3, -1.13)], ["highway": "tertiary", "name": "Route de Beausoleil"])
        map.way([(0, 0), (3, 1.45)], ["highway": "residential"])
        return map
    }

    @Test func branchesOfDifferentClassesNeitherObviousAreAFork() throws {
        let engine = try Self.beausoleil().engine()
        #expect(try engine.guide((-1.5, 0), (2.5, 1.21)).maneuvers == ["depart", "fork slight right", "arrive"])
        #expect(try engine.guide((-1.5, 0), (2.5, -0.94)).maneuvers == ["depart", "fork slight left", "arrive"])
    }

    @Test func aDrivewayBesideTheRoadIsNoFork() throws {
        // A service road in the branch's place: the road is obvious by class, no fork.
        var map = GridMap()
        map.way([(-2, 0), (0, 0), (3, -1.13)], ["highway": "tertiary", "name": "Route de Beausoleil"])
        map.way([(0, 0), (3, 1.45)], ["highway": "service"])
        #expect(try map.guide((-1.5, 0), (2.5, -0.94)).maneuvers == ["depart", "arrive"])
    }
}
