import GemNavCore
import GemNavRouting
import Testing

/// A crossroads at (2,2) with arms "North", "East", "South", "West" reaching two cells out,
/// their ends joined by a "Ring" road so every forbidden turn has a way round.
@Suite struct RestrictionTests {
    struct Crossroads {
        var map = RoadMap()
        var north: Int64 = 0, east: Int64 = 0, south: Int64 = 0, west: Int64 = 0

        init() {
            let tags = ["highway": "secondary"]
            north = map.way([(2, 2), (4, 2)], tags.merging(["name": "North"]) { $1 })
            east = map.way([(2, 2), (2, 4)], tags.merging(["name": "East"]) { $1 })
            south = map.way([(2, 2), (0, 2)], tags.merging(["name": "South"]) { $1 })
            west = map.way([(2, 2), (2, 0)], tags.merging(["name": "West"]) { $1 })
            map.way([(4, 2), (4, 4), (2, 4), (0, 4), (0, 2), (0, 0), (2, 0), (4, 0), (4, 2)],
                    ["highway": "residential", "name": "Ring"])
        }
    }

    /// Road names from the middle of the south arm to the middle of `arm`.
    func drive(_ c: Crossroads, to arm: (Double, Double)) throws -> [String] {
        try c.map.engine().route((1, 2), arm).roadNames
    }

    static let northEnd = (3.0, 2.0), eastEnd = (2.0, 3.0), westEnd = (2.0, 1.0)

    @Test func unrestrictedCrossroadsTurnsDirectly() throws {
        let c = Crossroads()
        #expect(try drive(c, to: Self.westEnd) == ["South", "West"])
        #expect(try drive(c, to: Self.eastEnd) == ["South", "East"])
        #expect(try drive(c, to: Self.northEnd) == ["South", "North"])
    }

    @Test(arguments: [("no_left_turn", westEnd), ("no_right_turn", eastEnd), ("no_straight_on", northEnd)])
    func forbiddenTurnIsAvoided(kind: String, target: (Double, Double)) throws {
        var c = Crossroads()
        let to = kind == "no_left_turn" ? c.west : kind == "no_right_turn" ? c.east : c.north
        c.map.restriction(kind, from: c.south, via: (2, 2), to: to)
        let names = try drive(c, to: target)
        #expect(names.contains("Ring"), "\(kind): \(names)")
    }

    @Test func onlyStraightOnForbidsTheTurns() throws {
        var c = Crossroads()
        c.map.restriction("only_straight_on", from: c.south, via: (2, 2), to: c.north)
        #expect(try drive(c, to: Self.northEnd) == ["South", "North"])
        #expect(try drive(c, to: Self.westEnd).contains("Ring"))
        #expect(try drive(c, to: Self.eastEnd).contains("Ring"))
    }

    @Test func onlyLeftTurnAllowsJustTheLeft() throws {
        var c = Crossroads()
        c.map.restriction("only_left_turn", from: c.south, via: (2, 2), to: c.west)
        #expect(try drive(c, to: Self.westEnd) == ["South", "West"])
        #expect(try drive(c, to: Self.northEnd).contains("Ring"))
    }

    @Test func noUTurnAtADeadEnd() throws {
        // A dead end is the only place a car may turn round; forbidding it leaves no route.
        var map = RoadMap()
        let lane = map.way([(0, 0), (0, 2)], ["highway": "residential", "name": "Lane"])
        let stub = map.way([(0, 2), (0, 3)], ["highway": "residential", "name": "Stub"])
        let free = try map.engine().route((0, 2.5), (0, 1.5))
        #expect(free.roadNames == ["Stub", "Lane"])
        map.restriction("no_u_turn", from: stub, via: (0, 3), to: stub)
        _ = lane
        let engine = try map.engine()
        #expect(try engine.route((0, 2.5), (0, 1.5)).roadNames == ["Stub", "Lane"])
        // Heading east with the U-turn forbidden, the car cannot come back west.
        let east = BearingFilter(bearing: 90, range: 30)
        #expect(throws: RoutingError.self) {
            try engine.route(RouteRequest(waypoints: [RoadMap.at(0, 2.2), RoadMap.at(0, 1.5)], bearings: [east, nil]))
        }
    }

    @Test func viaWayRestrictionForbidsTheSequenceOnly() throws {
        // A dual carriageway: "Main East" (row 0, eastbound) and "Main West" (row 1, westbound)
        // joined by the "Gap" at column 3. No U-turn from Main East through the Gap onto Main West.
        // The ways in and out end at the gap: OSRM drops a restriction whose way passes
        // through the point where it meets the via way (which half would be meant?).
        var map = RoadMap()
        let eastbound = map.way([(0, 0), (0, 3)], ["highway": "primary", "name": "Main East", "oneway": "yes"])
        map.way([(0, 3), (0, 6)], ["highway": "primary", "name": "Main East", "oneway": "yes"])
        map.way([(1, 6), (1, 3)], ["highway": "primary", "name": "Main West", "oneway": "yes"])
        let westbound = map.way([(1, 3), (1, 0)], ["highway": "primary", "name": "Main West", "oneway": "yes"])
        let gap = map.way([(0, 3), (1, 3)], ["highway": "primary", "name": "Gap"])
        map.way([(0, 6), (1, 6)], ["highway": "primary", "name": "Far Turn"])
        map.way([(1, 0), (0, 0)], ["highway": "primary", "name": "Near Turn"])
        map.way([(-2, 3), (0, 3)], ["highway": "residential", "name": "Side Street"])
        let free = try map.engine().route((0, 1), (1, 1))
        #expect(free.roadNames == ["Main East", "Gap", "Main West"])
        map.restriction("no_u_turn", from: eastbound, viaWays: [gap], to: westbound)
        let engine = try map.engine()
        #expect(try engine.route((0, 1), (1, 1)).roadNames == ["Main East", "Far Turn", "Main West"])
        // The gap itself stays usable from the side street.
        #expect(try engine.route((-1, 3), (1, 1)).roadNames == ["Side Street", "Gap", "Main West"])
    }
}
