import Foundation
import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// Slip lanes (OSRM's `SliproadHandler` and `handleSliproad`) and the collapse rules that end
/// in a ramp, on hand-drawn maps and Porto; every expectation is what osrm-routed 26.10 says
/// on the same map.
@Suite struct SliproadScenarioTests {
    /// Rua Principal runs east along row 0 and meets Avenida Norte at (0,6); an unnamed one-way
    /// lane leaves it 100 m before the crossing and joins Avenida Norte south of it.
    /// `southEnd` is where the lane joins (4 for a triangle too large to be a slip lane),
    /// `bend` the column of its midpoint, towards the corner.
    static func corner(southEnd: Double, bend: Double) -> GridMap {
        var map = GridMap()
        map.way([(0, 0), (0, 5), (0, 6), (0, 10)], ["highway": "tertiary", "name": "Rua Principal"])
        map.way([(3, 6), (0, 6), (-southEnd, 6), (-southEnd - 2, 6)], ["highway": "tertiary", "name": "Avenida Norte"])
        map.way([(0, 5), (-southEnd / 2, bend), (-southEnd, 6)], ["highway": "tertiary", "oneway": "yes"])
        return map
    }

    @Test func slipLaneAndTheJunctionAfterItAreOneTurn() throws {
        let engine = try Self.corner(southEnd: 1, bend: 5.6).engine()
        let slip = try engine.guide((0, 1), (-2.5, 6))
        #expect(slip.maneuvers == ["depart", "turn right", "arrive"])
        #expect(slip.middleSteps.first?.name == "Avenida Norte")
        // Announced where the lane leaves, not where it ends.
        let at = try #require(slip.middleSteps.first?.maneuver.location)
        #expect(Geodesy.distance(at, GridMap.at(0, 5)) < 1)
        #expect(try engine.guide((0, 1), (0, 9)).maneuvers == ["depart", "arrive"])
        #expect(try engine.guide((0, 1), (2.5, 6)).maneuvers == ["depart", "turn left", "arrive"])
    }

    /// OSRM's "Sliproad converted from a fork": a one-way road splits at `a` into a branch
    /// north and an unnamed sliproad south, both onto a one-way road running south. GemNav also
    /// reads the sliproad as a piece inside a crossing and merges the junction where it ends
    /// into its step; that junction still turns the sliproad: "turn right", not the sliproad's
    /// own "slight right".
    @Test func aSliproadWhoseEndIsMergedIntoItsStepIsStillTurnedByIt() throws {
        // OSRM's drawing: a character is 2.5 m across and 5 m down.
        func at(_ row: Double, _ col: Double) -> (Double, Double) { (row * 0.05, col * 0.025) }
        var map = GridMap()
        map.way([at(0, 2), at(0, 6)], ["highway": "tertiary", "ref": "D 60A", "oneway": "yes"])
        map.way([at(0, 6), at(1, 9)], ["highway": "tertiary", "name": "ab", "ref": "D 60A", "oneway": "yes"])
        map.way([at(0, 6), at(-1, 9)], ["highway": "tertiary", "ref": "D 60A", "oneway": "yes"])
        map.way([at(3, 9), at(1, 9), at(-1, 9), at(-3, 9)],
                ["highway": "tertiary", "name": "dbcf", "ref": "D 543", "oneway": "yes"])
        let route = try map.engine().guide(at(0, 2), at(-3, 9))
        #expect(route.maneuvers == ["depart", "turn right", "arrive"])
        #expect(route.middleSteps.first?.name == "dbcf")
    }

    @Test func laneCuttingTooLargeACornerIsAPlainRoad() throws {
        // 100 m along Rua Principal by 400 m down Avenida Norte: 20,000 m², more than a
        // tertiary road's slip lane may span (125 m squared).
        let route = try Self.corner(southEnd: 4, bend: 5.8).guide((0, 1), (-5.5, 6))
        #expect(route.maneuvers == ["depart", "turn right", "turn straight", "arrive"])
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestData.shared("porto_portugal.osm.pbf").path)))
    func changesJustBeforeAnOnRampGoIntoIt() throws {
        let porto = try #require(RealGraphs.porto)
        func maneuvers(_ from: Coordinate, _ to: Coordinate) throws -> [String] { try porto.guide(from: from, to: to).maneuvers }
        // Rua da Boavista to the A 41 at Nó da Feiteira: a "turn straight" 8 m before the ramp
        // turns it and says nothing itself (`maneuverPreceededByNameChange`).
        #expect(try maneuvers(Coordinate(latitude: 41.04562, longitude: -8.5667),
                              Coordinate(latitude: 41.045206, longitude: -8.57031))
            == ["depart right", "on ramp right", "arrive"])
        // A sharp right onto a 13 m piece that leads only onto the ramp is the ramp
        // (`closeChoicelessTurnAfterTurn` carries it).
        #expect(try maneuvers(Coordinate(latitude: 41.23846, longitude: -8.563185),
                              Coordinate(latitude: 41.23745, longitude: -8.56476))
            == ["depart", "on ramp sharp right", "arrive"])
    }

    @Test func followingTheMainRoadPastASliproadIsNoFork() throws {
        // Porto's Rua dos Fontiscos: Rua Alto da Cruz leaves it as a slip lane 16 m before the
        // junction where the road meets the trunk link. Going on along the road is no "fork
        // slight left" (OSRM's sliproad handler makes the main road obvious again): the next
        // word is the on-ramp, as osrm-routed says.
        let route = try #require(RealGraphs.porto).guide(from: Coordinate(latitude: 41.339482, longitude: -8.501116),
                                                         to: Coordinate(latitude: 41.339143, longitude: -8.503433))
        #expect(route.maneuvers == ["depart", "on ramp straight", "arrive"])
    }
}
