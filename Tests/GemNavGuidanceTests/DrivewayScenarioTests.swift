import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// OSRM's `DrivewayHandler`: at a junction where everything but the road driven on is a
/// driveway (service road, track: classes the car profile may ignore), following the road is
/// no maneuver while its name holds, whatever its angle. Seen on the real-data comparison
/// (Avenue Pasteur and Avenue des Cyprès in Monaco: GemNav said "continue right" where
/// osrm-routed says nothing).
@Suite struct DrivewayScenarioTests {
    /// A street from the south that bends 45° right at (0,0), where a driveway runs on
    /// straight north.
    static func bendAtDriveway(_ streetTags: [String: String] = street("Avenue des Cyprès")) -> GridMap {
        var map = GridMap()
        map.way([(-2, 0), (0, 0), (2, 2)], streetTags)
        map.way([(0, 0), (2, 0)], ["highway": "service"])
        return map
    }

    @Test func roadBendingPastADrivewayIsNoManeuver() throws {
        let route = try Self.bendAtDriveway().guide((-1.5, 0), (1.5, 1.5))
        #expect(route.maneuvers == ["depart", "arrive"])
    }

    @Test func takingTheDrivewayIsATurn() throws {
        let route = try Self.bendAtDriveway().guide((-1.5, 0), (1.5, 0))
        #expect(route.maneuvers == ["depart", "turn straight", "arrive"])
    }

    @Test func drivewayBesideAStraightRoadIsASlightTurn() throws {
        // The road goes straight on and the driveway leaves within 20° of it: OSRM moves the
        // driveway's "straight" to the side it lies on.
        var map = GridMap()
        map.way([(-2, 0), (0, 0), (3, 0)], street("Rue Droite"))
        map.way([(0, 0), (3, 0.5)], ["highway": "service"])
        let route = try map.guide((-1.5, 0), (2.5, 0.42))
        #expect(route.maneuvers == ["depart", "turn slight right", "arrive"])
    }

    @Test func anotherRoadTakesTheRuleAway() throws {
        // A second street at the junction: the ordinary rules apply again, and the bend is a
        // "continue" as before.
        var map = Self.bendAtDriveway()
        map.way([(0, 0), (0, -2)], street("Rue Latérale"))
        let route = try map.guide((-1.5, 0), (1.5, 1.5))
        #expect(route.maneuvers.count == 3)
    }

    @Test func drivewayPassedOnANamedRoadIsNoIntersection() throws {
        // OSRM's driveway handler makes no turn at all there (`NoTurn`, not `Suppressed`), so
        // osrm-routed lists no intersection; a side street is listed.
        func listed(_ side: [String: String]) throws -> Int {
            var map = GridMap()
            map.way([(0, 0), (0, 3), (0, 6)], street("Chemin"))
            map.way([(0, 3), (1, 3)], side)
            return try map.guide((0, 0.5), (0, 5.5)).legs[0].steps.reduce(0) { $0 + $1.intersections.count }
        }
        #expect(try listed(["highway": "service", "service": "driveway"]) == 2)
        #expect(try listed(street("Rue")) == 3)
    }
}
