import GemNavCore
import GemNavRouting
import Testing

/// Hand-drawn maps, one rule each: oneways, roundabouts, access, barriers, ferries, avoid
/// options, islands and points off the map.
@Suite struct ScenarioTests {
    /// Two ways from (0,0) to (0,4): "Short" straight along row 0, "Long" round by row 2,
    /// with "West End" and "East End" leading in from (0,-2) and out to (0,6).
    func twoWays(short: [String: String], shortReversed: Bool = false) throws -> RoutingEngine {
        var map = RoadMap()
        let shortPoints = [(0, 0), (0, 2), (0, 4)]
        map.way(shortReversed ? shortPoints.reversed() : shortPoints, ["highway": "residential", "name": "Short"].merging(short) { $1 })
        map.way([(0, 0), (2, 0), (2, 4), (0, 4)], ["highway": "residential", "name": "Long"])
        map.way([(0, -2), (0, 0)], ["highway": "residential", "name": "West End"])
        map.way([(0, 4), (0, 6)], ["highway": "residential", "name": "East End"])
        return try map.engine()
    }

    @Test func onewayIsDrivenOnlyForward() throws {
        let engine = try twoWays(short: ["oneway": "yes"], shortReversed: true)
        #expect(try engine.route((0, 0.5), (0, 3.5)).roadNames == ["Short", "Long", "Short"])
        #expect(try engine.route((0, 3.5), (0, 0.5)).roadNames == ["Short"])
    }

    @Test func alternatingTrafficOnARoadThatImpliesOnewayStaysOneWay() throws {
        // car.lua lifts a motorway's or ring's implied oneway only for oneway=no:
        // oneway=alternating there is still one way (OSRM's "scaled speeds for
        // oneway=alternating"), while on other roads it is two-way.
        let motorway = try twoWays(short: ["highway": "motorway", "oneway": "alternating"])
        #expect(try motorway.route((0, 3.5), (0, 0.5)).roadNames.contains("Long"))
        let street = try twoWays(short: ["oneway": "alternating"])
        #expect(try street.route((0, 3.5), (0, 0.5)).roadNames == ["Short"])
    }

    @Test func reverseOnewayIsDrivenAgainstTheWay() throws {
        let engine = try twoWays(short: ["oneway": "-1"])
        #expect(try engine.route((0, 3.5), (0, 0.5)).roadNames == ["Short"])
        #expect(try engine.route((0, 0.5), (0, 3.5)).roadNames.contains("Long"))
    }

    @Test func walkersIgnoreOneways() throws {
        var map = RoadMap()
        map.way([(0, 4), (0, 2), (0, 0)], ["highway": "residential", "name": "Short", "oneway": "yes"])
        map.way([(0, 0), (2, 0), (2, 4), (0, 4)], ["highway": "residential", "name": "Long"])
        #expect(try map.engine(.foot).route((0, 0.5), (0, 3.5)).roadNames == ["Short"])
    }

    @Test func bicyclesMayUseOnewayBicycleNo() throws {
        var map = RoadMap()
        map.way([(0, 4), (0, 2), (0, 0)], ["highway": "residential", "name": "Short", "oneway": "yes", "oneway:bicycle": "no"])
        map.way([(0, 0), (2, 0), (2, 4), (0, 4)], ["highway": "residential", "name": "Long"])
        #expect(try map.engine(.bicycle).route((0, 0.5), (0, 3.5)).roadNames == ["Short"])
        #expect(try map.engine(.car).route((0, 0.5), (0, 3.5)).roadNames != ["Short"])
    }

    @Test func roundaboutIsOnewayCounterClockwise() throws {
        var map = RoadMap()
        // Ring through (2,3) south, (3,4) east, (4,3) north, (3,2) west, drawn counter-clockwise.
        map.way([(2, 3), (3, 4), (4, 3), (3, 2), (2, 3)], ["highway": "primary", "junction": "roundabout", "name": "Ring"])
        map.way([(0, 3), (2, 3)], ["highway": "primary", "name": "South Road"])
        map.way([(3, 4), (3, 6)], ["highway": "primary", "name": "East Road"])
        map.way([(4, 3), (6, 3)], ["highway": "primary", "name": "North Road"])
        map.way([(3, 2), (3, 0)], ["highway": "primary", "name": "West Road"])
        let engine = try map.engine()
        let southToEast = try engine.route((0.5, 3), (3, 5.5))
        let eastToSouth = try engine.route((3, 5.5), (0.5, 3))
        #expect(southToEast.roadNames == ["South Road", "Ring", "East Road"])
        #expect(eastToSouth.roadNames == ["East Road", "Ring", "South Road"])
        // The way back goes three quarters round.
        #expect(eastToSouth.distance > southToEast.distance + 200)
    }

    @Test func privateRoadsAreNotUsedButDestinationRoadsAreAtTheEnds() throws {
        let privateEngine = try twoWays(short: ["access": "private"])
        #expect(try privateEngine.route((0, -1), (0, 5)).roadNames == ["West End", "Long", "East End"])
        let destination = try twoWays(short: ["access": "destination"])
        // Passing through costs the restricted penalty, so the long way wins…
        #expect(try destination.route((0, -1), (0, 5)).roadNames == ["West End", "Long", "East End"])
        // …but a trip that ends on it arrives there.
        #expect(try destination.route((2, 2), (0, 2)).roadNames.last == "Short")
    }

    @Test func barriersBlockCarsButNotWalkers() throws {
        var map = RoadMap()
        map.tagNode(0, 2, ["barrier": "bollard"])
        map.way([(0, 0), (0, 2), (0, 4)], ["highway": "residential", "name": "Short"])
        map.way([(0, 0), (2, 0), (2, 4), (0, 4)], ["highway": "residential", "name": "Long"])
        #expect(try map.engine(.car).route((0, 0.5), (0, 3.5)).roadNames.contains("Long"))
        #expect(try map.engine(.foot).route((0, 0.5), (0, 3.5)).roadNames == ["Short"])
    }

    @Test func gatesCostTime() throws {
        var open = RoadMap(), gated = RoadMap()
        gated.tagNode(0, 2, ["barrier": "gate"])
        for i in 0..<2 {
            if i == 0 { open.way([(0, 0), (0, 2), (0, 4)], ["highway": "residential", "name": "Lane"]) }
            else { gated.way([(0, 0), (0, 2), (0, 4)], ["highway": "residential", "name": "Lane"]) }
        }
        let a = try open.engine().route((0, 0), (0, 4)).duration
        let b = try gated.engine().route((0, 0), (0, 4)).duration
        #expect(b - a > 50)
    }

    @Test func ferryUsesItsDuration() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 1)], ["highway": "residential", "name": "Quay Road"])
        map.way([(0, 1), (0, 5)], ["route": "ferry", "name": "Harbour Ferry", "duration": "00:20"])
        map.way([(0, 5), (0, 6)], ["highway": "residential", "name": "Pier Road"])
        let route = try map.engine().route((0, 0), (0, 6))
        #expect(route.roadNames == ["Quay Road", "Harbour Ferry", "Pier Road"])
        #expect(route.legs[0].roads.contains { $0.road.mode == .ferry })
        #expect(route.duration > 20 * 60 && route.duration < 22 * 60)
        #expect(throws: RoutingError.self) { try map.engine().route((0, 0), (0, 6), avoid: .ferries) }
    }

    @Test func avoidTollsTakesTheFreeRoadOrSaysItCannot() throws {
        let engine = try twoWays(short: ["toll": "yes"])
        #expect(try engine.route((0, -1), (0, 5)).roadNames == ["West End", "Short", "East End"])
        #expect(try engine.route((0, -1), (0, 5), avoid: .tolls).roadNames == ["West End", "Long", "East End"])
        var only = RoadMap()
        only.way([(0, 0), (0, 2), (0, 4)], ["highway": "primary", "name": "Toll Bridge", "toll": "yes"])
        only.way([(0, 4), (0, 6)], ["highway": "primary", "name": "Far Side"])
        only.way([(0, -2), (0, 0)], ["highway": "primary", "name": "Near Side"])
        let error = #expect(throws: RoutingError.self) { try only.engine().route((0, -1.5), (0, 5.5), avoid: .tolls) }
        #expect(error?.description.contains("avoids tolls") == true)
    }

    @Test func islandsHaveNoRouteBetweenThem() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 1), (0, 2)], ["highway": "residential", "name": "West Island Road"])
        map.way([(0, 60), (0, 61), (0, 62)], ["highway": "residential", "name": "East Island Road"])
        let engine = try map.engine()
        let error = #expect(throws: RoutingError.self) { try engine.route((0, 0), (0, 62)) }
        #expect(error?.description.contains("not connected") == true)
        #expect(try engine.route((0, 0), (0, 2)).roadNames == ["West Island Road"])
    }

    @Test func aPointFarFromAnyRoadIsReported() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 2)], ["highway": "residential", "name": "Only Road"])
        let engine = try map.engine()
        let error = #expect(throws: RoutingError.self) { try engine.route((0, 0), (40, 40)) }
        #expect(error?.description.hasPrefix("No road within 1000 m of") == true)
    }

    @Test func maxspeedCapsAndSurfaceSlowsDown() throws {
        func duration(_ tags: [String: String]) throws -> Double {
            var map = RoadMap()
            map.way([(0, 0), (0, 10)], ["highway": "primary", "name": "Road"].merging(tags) { $1 })
            return try map.engine().route((0, 0), (0, 10)).duration
        }
        let plain = try duration([:]), slow = try duration(["maxspeed": "30"])
        let mph = try duration(["maxspeed": "20 mph"]), cobbles = try duration(["surface": "cobblestone"])
        #expect(slow > plain * 2)
        #expect(abs(mph - slow * 30 / 32.19) < 2)
        #expect(cobbles > plain * 1.9)
    }

    @Test func aSpeedLimitMakesNoRoadOfAWayCarsDoNotUse() throws {
        // car.lua drops a way with no speed of its own before reading maxspeed: a runway or
        // a railway signed 100 km/h is no road (OSRM's "Maxspeed should not allow routing on
        // unroutable ways"; in Krems such ways drew routes and snapped starts onto them).
        for tags in [["highway": "runway", "maxspeed": "100"], ["railway": "train", "maxspeed:forward": "100"]] {
            var map = RoadMap()
            map.way([(0, 0), (3, 5), (0, 10)], ["highway": "primary", "name": "Detour"])
            map.way([(0, 0), (0, 10)], tags)
            let route = try map.engine().route((0, 0), (0, 10))
            #expect(route.distance > Geodesy.distance(RoadMap.at(0, 0), RoadMap.at(0, 10)) * 1.1, "\(tags)")
        }
    }

    @Test func bearingFilterSetsTheStartingDirection() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 2), (0, 4)], ["highway": "residential", "name": "Dead End Road"])
        let engine = try map.engine()
        let start = RoadMap.at(0, 2.5), end = RoadMap.at(0, 1)
        let free = try engine.route(RouteRequest(waypoints: [start, end]))[0]
        let east = BearingFilter(bearing: 90, range: 20)
        let turned = try engine.route(RouteRequest(waypoints: [start, end], bearings: [east, nil]))[0]
        // Heading east first means driving to the dead end and back.
        #expect(turned.distance > free.distance + 200)
        let west = BearingFilter(bearing: 270, range: 20)
        #expect(try engine.route(RouteRequest(waypoints: [start, end], bearings: [west, nil]))[0].distance == free.distance)
    }

    /// OSRM's `isTurnAllowed` for U-turns: at a designated turning place on a through road
    /// (turning circle, turning loop, mini-roundabout: OSRM's "Car - Must turn around at the
    /// first good opportunity"), and where the road arrived on is the only one to arrive by;
    /// not across an ordinary junction, where the car drives on to the dead end.
    @Test func uTurnsWhereOSRMAllowsThem() throws {
        let east = BearingFilter(bearing: 90, range: 20)
        func distance(_ map: RoadMap) throws -> Double {
            try map.engine().route(RouteRequest(waypoints: [RoadMap.at(0, 3), RoadMap.at(0, 1)], bearings: [east, nil]))[0]
                .distance
        }
        var plain = RoadMap()
        plain.way([(0, 0), (0, 2), (0, 4), (0, 8)], ["highway": "primary", "name": "Road"])
        plain.way([(0, 4), (2, 4)], ["highway": "residential", "name": "Side"])
        // Across the junction with Side to the dead end and back: about 12 grid steps.
        let viaDeadEnd = try distance(plain)
        #expect(viaDeadEnd > 1_100)
        for place in ["turning_circle", "turning_loop", "mini_roundabout"] {
            var map = plain
            map.tagNode(0, 4, ["highway": place])
            #expect(try distance(map) < 450, "\(place)")
        }
        // Every other road leaves the junction one way: the way back is a U-turn there.
        var oneways = RoadMap()
        oneways.way([(0, 0), (0, 2), (0, 4)], ["highway": "primary", "name": "Road"])
        oneways.way([(0, 4), (0, 8)], ["highway": "primary", "name": "Road", "oneway": "yes"])
        oneways.way([(0, 4), (2, 4)], ["highway": "residential", "name": "Side", "oneway": "yes"])
        #expect(try distance(oneways) < 450)
    }
}
