import Foundation
import GemNavCore
import GemNavRouting
import Testing

/// Hand-drawn maps for the truck profile: limits kept per road and barrier and checked against
/// each request's vehicle, `hgv` access, exceptions on barriers and turn restrictions, speed
/// caps, and the error that names the limit blocking a trip.
@Suite struct TruckRulesTests {
    /// "Short" straight from (0,0) to (0,4) with `tags`, "Long" round by row 2, both ends
    /// continued so either can be driven through.
    func detour(_ tags: [String: String], node: [String: String]? = nil, profile: Profile = .truck) throws -> RoutingEngine {
        var map = RoadMap()
        map.way([(0, 0), (0, 2), (0, 4)], ["highway": "residential", "name": "Short"].merging(tags) { $1 })
        map.way([(0, 0), (2, 0), (2, 4), (0, 4)], ["highway": "residential", "name": "Long"])
        map.way([(0, -2), (0, 0)], ["highway": "residential", "name": "West"])
        map.way([(0, 4), (0, 6)], ["highway": "residential", "name": "East"])
        if let node { map.tagNode(0, 2, node) }
        return try map.engine(profile)
    }

    func route(_ engine: RoutingEngine, _ vehicle: VehicleDimensions? = nil, backward: Bool = false) throws -> RoutePath {
        let (a, b) = backward ? (RoadMap.at(0, 5), RoadMap.at(0, -1)) : (RoadMap.at(0, -1), RoadMap.at(0, 5))
        return try engine.route(RouteRequest(waypoints: [a, b], vehicle: vehicle))[0]
    }

    func usesShort(_ engine: RoutingEngine, _ vehicle: VehicleDimensions? = nil, backward: Bool = false) throws -> Bool {
        try route(engine, vehicle, backward: backward).roadNames.contains("Short")
    }

    func truck(_ change: (inout VehicleDimensions) -> Void) -> VehicleDimensions {
        var v = VehicleDimensions.truck
        change(&v)
        return v
    }

    @Test func lowBridgeOnTheShortWayIsAvoidedByTallTrucksOnly() throws {
        let engine = try detour(["maxheight": "3.5", "bridge": "yes"])
        #expect(try !usesShort(engine))
        #expect(try usesShort(engine, truck { $0.height = 3.2 }))
        #expect(try !usesShort(detour(["maxheight": "11'6\""])))
        #expect(try usesShort(detour(["maxheight": "11'6\""]), truck { $0.height = 3.4 }))
        // The same tag closes nothing for the car, whose 2 m fit under it.
        #expect(try usesShort(detour(["maxheight": "3.5"], profile: .car)))
    }

    @Test func limitsApplyPerDirection() throws {
        let engine = try detour(["maxheight:forward": "3.5"])
        #expect(try !usesShort(engine))
        #expect(try usesShort(engine, backward: true))
    }

    @Test func weightLimitedBridgeReadsUnits() throws {
        for (value, weight, passes) in [("7.5", 26.0, false), ("7.5 t", 7.0, true), ("3500 kg", 3.6, false),
                                        ("3500 kg", 3.4, true), ("20000 lbs", 9.5, false)] {
            let engine = try detour(["maxweight": value, "bridge": "yes"])
            #expect(try usesShort(engine, truck { $0.weight = weight }) == passes, "maxweight=\(value), \(weight) t")
        }
        // `maxweight:hgv` applies to trucks before `maxweight`.
        #expect(try !usesShort(detour(["maxweight": "44", "maxweight:hgv": "12"])))
        #expect(try usesShort(detour(["maxweight": "44", "maxweight:hgv": "12"]), truck { $0.weight = 11 }))
    }

    @Test func widthLengthAndAxleLoadLimits() throws {
        #expect(try !usesShort(detour(["maxwidth": "2.5 m"])))
        #expect(try usesShort(detour(["maxwidth": "2.5 m"]), truck { $0.width = 2.3 }))
        #expect(try !usesShort(detour(["maxlength": "12"])))
        #expect(try usesShort(detour(["maxlength": "12"]), truck { $0.length = 10 }))
        #expect(try !usesShort(detour(["maxaxleload": "8"])))
        #expect(try usesShort(detour(["maxaxleload": "8"]), truck { $0.axleLoad = 7.5 }))
    }

    @Test func hgvAccessClosesOpensAndRestricts() throws {
        #expect(try !usesShort(detour(["hgv": "no"])))
        #expect(try usesShort(detour(["hgv": "no"], profile: .car)))
        #expect(try !usesShort(detour(["goods": "no"])))
        #expect(try usesShort(detour(["goods": "no", "hgv": "yes"])))
        #expect(try usesShort(detour(["motor_vehicle": "no", "hgv": "yes"])))
        // Destination only: not passed through, but a trip may end there.
        let destination = try detour(["hgv": "destination"])
        #expect(try !usesShort(destination))
        let ending = try destination.route(RouteRequest(waypoints: [RoadMap.at(0, -1), RoadMap.at(0, 1)]))[0]
        #expect(ending.roadNames.last == "Short")
    }

    @Test func designatedRoadsArePreferredWithoutChangingDurations() throws {
        let plain = try route(detour([:]))
        let designated = try route(detour(["hgv": "designated"]))
        #expect(designated.legs[0].weight < plain.legs[0].weight)
        #expect(abs(designated.duration - plain.duration) < 0.001)
    }

    @Test func barriersAndTheirHgvExceptions() throws {
        #expect(try !usesShort(detour([:], node: ["barrier": "bollard"])))
        #expect(try usesShort(detour([:], node: ["barrier": "bollard", "hgv": "yes"])))
        // A height restrictor is a limit, not a wall: low trucks pass it.
        let restrictor = try detour([:], node: ["barrier": "height_restrictor", "maxheight": "3.0"])
        #expect(try !usesShort(restrictor))
        #expect(try !usesShort(restrictor, backward: true))
        #expect(try usesShort(restrictor, truck { $0.height = 2.9 }))
        // A node's physical limit holds even where its access tag lets trucks through.
        #expect(try !usesShort(detour([:], node: ["maxweight": "10", "access": "yes"])))
    }

    /// "From" east to a junction at (0,2) where "North" turns left; the way round is Ahead,
    /// Side and Back, so a forbidden left turn shows as a detour.
    func leftTurn(_ tags: [String: String], profile: Profile) throws -> [String] {
        var map = RoadMap()
        let from = map.way([(0, 0), (0, 2)], ["highway": "residential", "name": "From"])
        let north = map.way([(0, 2), (2, 2)], ["highway": "residential", "name": "North"])
        map.way([(0, 2), (0, 4)], ["highway": "residential", "name": "Ahead"])
        map.way([(0, 4), (2, 4)], ["highway": "residential", "name": "Side"])
        map.way([(2, 4), (2, 2)], ["highway": "residential", "name": "Back"])
        map.restriction("no_left_turn", from: from, via: (0, 2), to: north, tags: tags)
        return try map.engine(profile).route((0, 0.5), (1, 2)).roadNames
    }

    @Test func turnRestrictionsWithHgvExceptions() throws {
        #expect(try leftTurn([:], profile: .truck).contains("Ahead"))
        #expect(try leftTurn(["except": "hgv"], profile: .truck) == ["From", "North"])
        #expect(try leftTurn(["except": "hgv"], profile: .car).contains("Ahead"))
        // A restriction for trucks alone.
        let trucksOnly = ["restriction": "", "restriction:hgv": "no_left_turn"]
        #expect(try leftTurn(trucksOnly, profile: .truck).contains("Ahead"))
        #expect(try leftTurn(trucksOnly, profile: .car) == ["From", "North"])
    }

    @Test func motorwaySpeedIsCappedForTrucks() throws {
        func duration(_ profile: Profile) throws -> Double {
            var map = RoadMap()
            map.way([(0, 0), (0, 10)], ["highway": "motorway", "maxspeed": "120", "name": "A1"])
            return try map.engine(profile).route((0, 1), (0, 9)).duration
        }
        let car = try duration(.car), truck = try duration(.truck)
        // 96 km/h (80 % of the limit) for the car, the truck's 80 km/h cap.
        #expect(abs(truck / car - 96.0 / 80) < 0.01)
    }

    @Test func aTripNoTruckOfThatSizeCanMakeNamesTheLimit() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 2)], ["highway": "residential", "name": "Rua A"])
        map.way([(0, 2), (0, 4)], ["highway": "residential", "name": "Rua X", "maxheight": "3.5"])
        map.way([(0, 4), (0, 6)], ["highway": "residential", "name": "Rua B"])
        let engine = try map.engine(.truck)
        let request = RouteRequest(waypoints: [RoadMap.at(0, 0.5), RoadMap.at(0, 5.5)])
        let error = #expect(throws: RoutingError.self) { try engine.route(request) }
        #expect(error?.description.contains("blocked by maxheight 3.5 m on Rua X") == true, "\(String(describing: error))")
        var low = request
        low.vehicle = truck { $0.height = 3.0 }
        #expect(try engine.route(low)[0].roadNames == ["Rua A", "Rua X", "Rua B"])
    }

    @Test func theGraphListsItsLimits() throws {
        let graph = try detour(["maxheight": "3.5", "maxweight:backward": "7.5"], node: nil).graph
        let values = graph.distinctLimitValues()
        #expect(values[.height] == [3.5])
        #expect(values[.weight] == [7.5])
        let limited = graph.limitedEdges
        #expect(limited.count == 2)
        #expect(limited.allSatisfy { $0.roadName == "Short" })
        let backward = limited.first { $0.limits.weight != nil }
        #expect(backward.flatMap { graph.limits(ofDirectedEdge: $0.directedEdge)?.height } == 3.5)
    }

    @Test func vehicleDimensionsOnACarGraphAreRefused() throws {
        let engine = try detour([:], profile: .car)
        #expect(throws: RoutingError.self) { try route(engine, .truck) }
    }

    @Test func vehicleListsParseOrSayWhatIsWrong() throws {
        let v = try VehicleDimensions(parsing: "height=4.2,weight=26,width=2.55,length=12")
        #expect(v == VehicleDimensions(height: 4.2, weight: 26, width: 2.55, length: 12, axleLoad: 10))
        #expect(try VehicleDimensions(parsing: "") == .truck)
        for bad in ["height=tall", "height=-1", "colour=red", "height", "weight=500"] {
            #expect(throws: RoutingError.self, "\(bad)") { try VehicleDimensions(parsing: bad) }
        }
    }
}
