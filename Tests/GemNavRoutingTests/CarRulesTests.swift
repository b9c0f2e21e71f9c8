import Foundation
import GemNavCore
import GemNavRouting
import Testing

/// Hand-drawn maps for the car rules ported from OSRM's car.lua: access per direction and on
/// nodes, restricted access, physical limits with units, and signs and signals by direction.
@Suite struct CarRulesTests {
    /// "Short" straight from (0,0) to (0,4) with `tags`, "Long" round by row 2, both ends
    /// continued so either can be driven through.
    func detour(_ tags: [String: String], node: [String: String]? = nil) throws -> RoutingEngine {
        var map = RoadMap()
        map.way([(0, 0), (0, 2), (0, 4)], ["highway": "residential", "name": "Short"].merging(tags) { $1 })
        map.way([(0, 0), (2, 0), (2, 4), (0, 4)], ["highway": "residential", "name": "Long"])
        map.way([(0, -2), (0, 0)], ["highway": "residential", "name": "West"])
        map.way([(0, 4), (0, 6)], ["highway": "residential", "name": "East"])
        if let node { map.tagNode(0, 2, node) }
        return try map.engine()
    }

    func usesShort(_ engine: RoutingEngine, backward: Bool = false) throws -> Bool {
        let route = backward ? try engine.route((0, -1), (0, 5)) : try engine.route((0, 5), (0, -1))
        return route.roadNames.contains("Short")
    }

    @Test func directionalAccessClosesOneDirection() throws {
        let engine = try detour(["access": "yes", "motorcar:forward": "no"])
        #expect(try usesShort(engine))
        #expect(try !usesShort(engine, backward: true))
        // A more specific tag opens what a general one closed.
        #expect(try usesShort(detour(["access:forward": "no", "motor_vehicle": "yes"]), backward: true))
    }

    @Test func semicolonListsTakeTheMostPermissiveValue() throws {
        #expect(try usesShort(detour(["access": "agricultural;forestry"])) == false)
        #expect(try usesShort(detour(["access": "no;yes"])))
    }

    @Test func restrictedAccessIsRoutableButNotPassedThrough() throws {
        let engine = try detour(["access": "private"])
        #expect(try !usesShort(engine))
        // Ending on it is fine.
        #expect(try engine.route((0, -1), (0, 1)).roadNames.last == "Short")
    }

    @Test func physicalLimitsReadUnits() throws {
        for (key, value, closes) in [("maxheight", "1.8", true), ("maxheight", "6'", true), ("maxheight", "11'6\"", false),
                                     ("maxweight", "1.5 t", true), ("maxweight", "3500 kg", false),
                                     ("maxwidth", "1.8 m", true), ("maxlength", "4", true), ("maxheight", "none", false)] {
            #expect(try usesShort(detour([key: value])) == !closes, "\(key)=\(value)")
        }
    }

    @Test func barriersBlockUnlessWhitelistedOrAllowed() throws {
        #expect(try !usesShort(detour([:], node: ["barrier": "wall"])))
        #expect(try usesShort(detour([:], node: ["barrier": "cattle_grid"])))
        #expect(try usesShort(detour([:], node: ["barrier": "wall", "access": "yes"])))
        #expect(try !usesShort(detour([:], node: ["access": "no"])))
        #expect(try usesShort(detour([:], node: ["barrier": "kerb", "highway": "crossing"])))
    }

    @Test func signsCostTimeInTheDirectionTheyFace() throws {
        func seconds(_ node: [String: String]?, backward: Bool) throws -> Double {
            var map = RoadMap()
            map.way([(0, 0), (0, 2), (0, 4)], ["highway": "primary", "name": "Main"])
            if let node { map.tagNode(0, 2, node) }
            let engine = try map.engine()
            return (backward ? try engine.route((0, 3.5), (0, 0.5)) : try engine.route((0, 0.5), (0, 3.5))).duration
        }
        let free = try seconds(nil, backward: false)
        #expect(try seconds(["highway": "give_way"], backward: true) == free + 1)
        #expect(try seconds(["highway": "stop", "direction": "forward"], backward: false) == free + 2)
        #expect(try seconds(["highway": "stop", "direction": "forward"], backward: true) == free)
        #expect(try seconds(["highway": "traffic_signals", "traffic_signals:direction": "backward"], backward: true) == free + 2)
        #expect(try seconds(["highway": "traffic_signals", "traffic_signals:direction": "backward"], backward: false) == free)
    }

    @Test func turningAcrossOncomingTrafficWaitsForAGap() throws {
        // A T junction at (0,2): from the south, right to (0,4) or left to (0,0), each arm
        // the same length, so the two routes differ only in the turn.
        var map = RoadMap()
        map.way([(0, 0), (0, 2), (0, 4)], ["highway": "primary", "name": "Top"])
        map.way([(-2, 2), (0, 2)], ["highway": "primary", "name": "Stem"])
        var calm = Profile.car
        calm.oncomingTurnPenalty = 0
        let engine = try map.engine(), without = try map.engine(calm)
        // Left across oncoming traffic: 2 s × 0.963 more at 90°; right turns are unchanged.
        let extra = 2 / (1 + exp(-(13 * 90.0 / 180 - 3.25)))
        #expect(abs(try engine.route((-2, 2), (0, 0)).duration - without.route((-2, 2), (0, 0)).duration - extra) < 0.15)
        #expect(try engine.route((-2, 2), (0, 4)).duration == without.route((-2, 2), (0, 4)).duration)
    }

    @Test func ratePenaltiesRaiseWeightNotDuration() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 4)], ["highway": "primary", "name": "Narrow", "width": "3"])
        let route = try map.engine().route((0, 0.5), (0, 3.5))
        // width=3 on a two-way road: rate 0.5, so twice the weight for the same duration.
        #expect(abs(route.weight - 2 * route.duration) < 0.2)
    }
}
