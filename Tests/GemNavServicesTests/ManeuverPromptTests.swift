import Foundation
import GemNavCore
import GemNavNavigation
import GemNavRouting
import GemNavServices
import Testing

/// Property: on long random trips over real maps, driven with GPS noise, speeds above and below
/// the planned ones, short fix dropouts and missed turns (then reroutes), every non-trivial
/// maneuver the driver reaches was announced before (see `PromptCoverage` for what counts),
/// and a driver who follows the route is never declared off it.
@Suite struct ManeuverPromptTests {
    @Test func monacoTripsAnnounceEveryManeuver() async throws {
        try await check(Fixtures.monacoEngine, trips: 24, minimumMetres: 2_000, seed: 2026)
    }

    @Test(.enabled(if: Fixtures.portoAvailable, "porto_portugal.osm.pbf is not in ../shared/data/osm"))
    func portoTripsAnnounceEveryManeuver() async throws {
        try await check(Fixtures.portoEngine, trips: 12, minimumMetres: 6_000, seed: 11)
    }

    func check(_ engine: Result<RoutingEngine, any Error>, trips: Int, minimumMetres: Double, seed: UInt64,
               sourceLocation: SourceLocation = #_sourceLocation) async throws
    {
        let engine = try engine.get()
        let provider = EngineRouteProvider(engine: engine)
        var rng = SeededGenerator(seed: seed)
        let box = engine.graph.boundingBox
        var reachedInAll = 0
        var driven = 0
        for attempt in 0..<trips * 50 where driven < trips {
            let a = Coordinate(latitude: .random(in: box.min.latitude...box.max.latitude, using: &rng),
                               longitude: .random(in: box.min.longitude...box.max.longitude, using: &rng))
            let b = Coordinate(latitude: .random(in: box.min.latitude...box.max.latitude, using: &rng),
                               longitude: .random(in: box.min.longitude...box.max.longitude, using: &rng))
            guard Geodesy.distance(a, b) > minimumMetres / 2,
                  let planned = try? provider.plan(RouteQuery(waypoints: [a, b])).first?.route,
                  planned.distance >= minimumMetres
            else { continue }
            driven += 1
            var options = SimulationOptions()
            options.seed = rng.next()
            options.noiseMeters = .random(in: 0...10, using: &rng)
            options.speedFactor = .random(in: 0.8...1.4, using: &rng)
            // Two short dropouts somewhere along the trip (tunnels, urban canyons).
            options.dropouts = (0..<2).map { _ in
                let start = Double.random(in: 10...max(11, planned.duration), using: &rng).rounded()
                return start..<(start + Double(Int.random(in: 2...3, using: &rng)))
            }
            // Every third trip misses a turn and is rerouted.
            let turns = planned.legs[0].steps.filter { !PromptCoverage.isTrivial($0.maneuver) }.count
            let missing = driven % 3 == 0 && turns >= 2
            if missing { options.missedTurn = Int.random(in: 1...turns, using: &rng) }
            let routes = RerouteLog(provider.rerouter)
            let player = try TripPlayer(route: planned, source: .simulator(RouteSimulator(route: planned, options: options)),
                                        reroute: routes.rerouter)
            let recording = await player.record()
            let label = "trip \(attempt) (\(Int(planned.distance)) m, noise \(Int(options.noiseMeters)) m, "
                + "speed × \(String(format: "%.2f", options.speedFactor))\(missing ? ", missed turn \(options.missedTurn!)" : ""))"
            let (misses, reached) = PromptCoverage.check(recording.updates, planned: planned, reroutes: routes.routes)
            reachedInAll += reached
            #expect(misses.isEmpty, "\(label): reached unannounced: \(misses)", sourceLocation: sourceLocation)
            #expect(recording.count("arrived") == 1, "\(label) did not arrive", sourceLocation: sourceLocation)
            if !missing {
                #expect(recording.count("offRoute") == 0, "\(label): off route while following it",
                        sourceLocation: sourceLocation)
            }
        }
        #expect(driven == trips, sourceLocation: sourceLocation)
        // The property is about something: long trips have many maneuvers.
        #expect(reachedInAll >= trips * 5, sourceLocation: sourceLocation)
    }
}

/// A rerouter that keeps every route it answered, by request id.
final class RerouteLog: @unchecked Sendable {
    // @unchecked: `answered` is only touched under `lock`.
    private let lock = NSLock()
    private var answered: [Int: Route] = [:]
    private let inner: Rerouter

    init(_ inner: @escaping Rerouter) { self.inner = inner }

    var routes: [Int: Route] { lock.withLock { answered } }

    var rerouter: Rerouter {
        { request in
            let route = try await self.inner(request)
            self.lock.withLock { self.answered[request.id] = route }
            return route
        }
    }
}

extension TripRecording {
    func count(_ type: String) -> Int { events.filter { $0.event.type == type }.count }
}
