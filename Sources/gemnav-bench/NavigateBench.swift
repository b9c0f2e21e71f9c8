import ArgumentParser
import Foundation
import GemNavServices
import GemNavCore
import GemNavNavigation
import GemNavRouting

/// Times the navigation session's per-fix update on simulated drives of short and long routes,
/// to show that a fix costs the same whatever the route's length (the matcher only looks at a
/// window around the last match).
struct NavigateBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigate", abstract: "Benchmark per-fix navigation updates on short vs long routes.")

    @Option(help: "Graph directory made by `gemnav import` (e.g. Porto).")
    var data: String

    @Option(help: "Where to write the results JSON.")
    var out: String

    @Option(help: "Routes per length class.")
    var routes: Int = 5

    @Option(help: "Straight-line km below which a pair is short.")
    var shortKm: Double = 3

    @Option(help: "Straight-line km above which a pair is long.")
    var longKm: Double = 15

    @Option(help: "GPS noise of the simulated drives, metres.")
    var noise: Double = 10

    @Option(help: "Seed of the route picks and the noise.")
    var seed: UInt64 = 1

    struct RouteResult: Codable {
        var kind: String
        var distance_km: Double
        var fixes: Int
        var acquisition_us: Double
        var p50_us: Double
        var p99_us: Double
        var max_us: Double
    }

    struct ClassResult: Codable {
        var routes: Int
        var mean_distance_km: Double
        var fixes: Int
        var p50_us: Double
        var p99_us: Double
        var max_us: Double
    }

    struct Output: Codable {
        var engine = "gemnav"
        var measure = "NavigationSession.update per fix, simulated 1 Hz drive; first fix (acquisition) excluded from the percentiles"
        var noise_m: Double
        var short: ClassResult
        var long: ClassResult
        var p50_long_over_short: Double
        var p99_long_over_short: Double
        var routes: [RouteResult]
    }

    func run() throws {
        let engine = try RoutingEngine(directory: URL(fileURLWithPath: data))
        let provider = EngineRouteProvider(engine: engine)
        var rng = SeededGenerator(seed: seed)
        let box = engine.graph.boundingBox
        var picked: [String: [Route]] = ["short": [], "long": []]
        var attempts = 0
        while (picked["short"]!.count < routes || picked["long"]!.count < routes) && attempts < routes * 400 {
            attempts += 1
            let a = box.randomPoint(&rng), b = box.randomPoint(&rng)
            let km = Geodesy.distance(a, b) / 1000
            let kind = km < shortKm ? "short" : km > longKm ? "long" : nil
            guard let kind, picked[kind]!.count < routes,
                  let route = try? provider.plan(RouteQuery(waypoints: [a, b])).first?.route,
                  route.distance > 500
            else { continue }
            picked[kind]!.append(route)
        }
        var results: [RouteResult] = []
        var samples: [String: [Double]] = ["short": [], "long": []]
        for kind in ["short", "long"] {
            for route in picked[kind]! {
                var options = SimulationOptions()
                options.noiseMeters = noise
                options.seed = rng.next()
                var simulator = try RouteSimulator(route: route, options: options)
                var fixes: [LocationFix] = []
                while let fix = simulator.next() { fixes.append(fix) }
                let timings = try Self.updateMicroseconds(route: route, fixes: fixes)
                let steady = Array(timings.dropFirst())
                samples[kind]! += steady
                let latency = Latency(samples: steady, ok: steady.count, wall: 0)
                results.append(RouteResult(kind: kind, distance_km: route.distance / 1000, fixes: fixes.count,
                                           acquisition_us: timings.first ?? 0,
                                           p50_us: latency.p50_us, p99_us: latency.p99_us, max_us: latency.max_us))
            }
        }
        func summary(_ kind: String) -> ClassResult {
            let l = Latency(samples: samples[kind]!, ok: samples[kind]!.count, wall: 0)
            let r = results.filter { $0.kind == kind }
            return ClassResult(routes: r.count, mean_distance_km: r.isEmpty ? 0 : r.map(\.distance_km).reduce(0, +) / Double(r.count),
                               fixes: l.queries, p50_us: l.p50_us, p99_us: l.p99_us, max_us: l.max_us)
        }
        let short = summary("short"), long = summary("long")
        let output = Output(noise_m: noise, short: short, long: long, p50_long_over_short: long.p50_us / short.p50_us,
                            p99_long_over_short: long.p99_us / short.p99_us, routes: results)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(output).write(to: URL(fileURLWithPath: out))
        for (name, c) in [("short", short), ("long", long)] {
            print(String(format: "%-5@ %d routes, mean %.1f km, %d fixes: p50 %.2f µs  p99 %.2f µs  max %.1f µs",
                         name as NSString, c.routes, c.mean_distance_km, c.fixes, c.p50_us, c.p99_us, c.max_us))
        }
        print(String(format: "long/short: p50 ×%.2f, p99 ×%.2f", output.p50_long_over_short, output.p99_long_over_short))
    }

    /// Microseconds of each `update(_:)` of a fresh session on `route` fed `fixes`. The first
    /// fix of a leg scans the whole leg (acquisition); every later one only a window near the
    /// last match.
    static func updateMicroseconds(route: Route, fixes: [LocationFix]) throws -> [Double] {
        let clock = ManualClock(start: fixes.first?.timestamp ?? Date(timeIntervalSince1970: 0))
        var session = try NavigationSession(route: route, clock: clock)
        session.start()
        var timings: [Double] = []
        timings.reserveCapacity(fixes.count)
        for fix in fixes {
            clock.set(to: fix.timestamp)
            let began = nowNanoseconds()
            _ = session.update(fix)
            timings.append(Double(nowNanoseconds() - began) / 1000)
        }
        return timings
    }
}
