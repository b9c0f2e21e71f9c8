import Foundation
import GemNavCore
import GemNavNavigation
import GemNavRouting
import GemNavServices
import GemNavTestSupport
import Testing

/// A missed motorway exit on a hand-drawn map, routed by the real engine: the driver stays on
/// the motorway at 30 m/s (fixes every second) while the route takes a slip road leaving at a
/// shallow angle. Off route must be declared within 150 m of the gore point, which at 30 m/s
/// is also within 5 s; a driver who follows the route, taking the exit or staying on the
/// motorway past it, must never be declared off it.
@Suite struct MotorwayExitTests {
    /// Grid columns (about 100 m each) of motorway before the exit.
    static let exitColumn = 15.0

    /// The A8 runs east along row 0 for 3 km; at column 15 a slip road leaves to the right at
    /// `angle` degrees, runs straight for 300 m, then bends down to a T junction with a primary
    /// road along row -2.
    static func map(angle: Double) throws -> EngineRouteProvider {
        var map = GridMap()
        let e = exitColumn
        map.way([(0, 0), (0, e), (0, 30)], ["highway": "motorway", "ref": "A8", "oneway": "yes"])
        let drop = -3 * tan(angle * .pi / 180)
        map.way([(0, e), (drop, e + 3), (-1.5, e + 4), (-2, e + 4)],
                ["highway": "motorway_link", "oneway": "yes", "destination": "Nice"])
        map.way([(-2, e + 2), (-2, e + 4), (-2, e + 7)], ["highway": "primary", "name": "Avenue de Nice"])
        let engine = RoutingEngine(graph: try GraphImporter(profile: .car).buildGraph(from: try map.write()))
        return EngineRouteProvider(engine: engine)
    }

    static func route(_ provider: EngineRouteProvider, to: (Double, Double)) throws -> Route {
        let query = RouteQuery(waypoints: [GridMap.at(0, 0.5), GridMap.at(to.0, to.1)])
        return try #require(try provider.plan(query).first).route
    }

    /// Options that drive the motorway at 30 m/s, 1 fix per second.
    static func options(_ route: Route, noise: Double, seed: UInt64) -> SimulationOptions {
        var options = SimulationOptions()
        let first = route.legs[0].steps[0]
        options.speedFactor = 30 / (first.distance / first.duration)
        options.noiseMeters = noise
        options.seed = seed
        return options
    }

    @Test(arguments: [10.0, 12, 15], [0.0, 3, 5, 8])
    func missedExitIsDeclaredWithin150Metres(angle: Double, noise: Double) async throws {
        for seed in UInt64(1)...5 { try await missExit(angle: angle, noise: noise, seed: seed) }
    }

    func missExit(angle: Double, noise: Double, seed: UInt64) async throws {
        let provider = try Self.map(angle: angle)
        let route = try Self.route(provider, to: (-2, Self.exitColumn + 6))
        #expect(route.legs[0].steps[1].maneuver.type == .offRamp)
        var options = Self.options(route, noise: noise, seed: seed)
        options.missedTurn = 1
        let player = try TripPlayer(route: route, source: .simulator(RouteSimulator(route: route, options: options)))
        let trip = await player.record()
        let gore = GridMap.at(0, Self.exitColumn)
        var fixIndex = -1
        var declared: LocationFix?
        for update in trip.updates {
            if case .progress? = update.events.first { fixIndex += 1 }
            if update.events.contains(where: { $0.type == "offRoute" }) {
                declared = trip.fixes[fixIndex]
                break
            }
        }
        let fix = try #require(declared, "never declared off route")
        let truth = try #require(fix.truth)
        // Past the gore means east of it; at 30 m/s, 150 m is 5 s.
        let past = Geodesy.distance(truth, gore) * (truth.longitude >= gore.longitude ? 1 : -1)
        #expect(past > 0 && past <= 150, "declared \(Int(past)) m past the gore at \(angle)° with \(noise) m noise (seed \(seed))")
    }

    @Test(arguments: [10.0, 15], Array(UInt64(1)...8))
    func followingTheRouteRaisesNoAlarm(angle: Double, seed: UInt64) async throws {
        let provider = try Self.map(angle: angle)
        // Taking the exit (the motorway is the road not taken), then staying on the motorway
        // past it (the exit is).
        for destination: (Double, Double) in [(-2, Self.exitColumn + 6), (0, 29)] {
            let route = try Self.route(provider, to: destination)
            let options = Self.options(route, noise: 10, seed: seed)
            let player = try TripPlayer(route: route, source: .simulator(RouteSimulator(route: route, options: options)))
            let trip = await player.record()
            #expect(!trip.events.contains { $0.event.type == "offRoute" }, "to \(destination) at \(angle)°")
            #expect(trip.events.contains { $0.event.type == "arrived" })
        }
    }
}
