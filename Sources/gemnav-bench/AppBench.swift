import ArgumentParser
import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavRouting
import GemNavServices
import GemNavStorage

/// Times the app core on a data set: building the whole app (open the store, map the graph and
/// the search index, assemble the screens), one GPS fix through the navigation screen (session
/// update plus view state), and one keystroke of search-ahead to new results (debounce excluded).
struct AppBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app", abstract: "Benchmark the app core: startup, per-fix screen updates, search-ahead.")

    @Option(help: "Data directory made by `gemnav import` (graph and search index), e.g. Porto.")
    var data: String

    @Option(help: "Where to write the results JSON.")
    var out: String

    @Option(help: "Queries typed one keystroke at a time.")
    var queries: String = "bench/search/porto_queries.txt"

    @Option(help: "Long routes driven (straight line over --long-km).")
    var routes: Int = 5

    @Option(help: "Straight-line km above which a pair is long.")
    var longKm: Double = 8

    @Option(help: "Seed of the route picks and the GPS noise.")
    var seed: UInt64 = 1

    struct Output: Codable {
        var engine = "gemnav"
        var build_app_ms: [Double]
        var fix_update: Latency
        var keystroke_to_results: Latency
        var routes_km: [Double]
    }

    func run() async throws {
        let mapData = MapData(directory: URL(fileURLWithPath: data))
        let output = try await Self.measure(mapData, queries: try readQueries(), routes: routes, longKm: longKm, seed: seed)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(output).write(to: URL(fileURLWithPath: out))
        print(String(format: "build the app: %@ ms", output.build_app_ms.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
        print(String(format: "per fix (session + screen): p50 %.2f µs, p99 %.2f µs over %d fixes on %d routes",
                     output.fix_update.p50_us, output.fix_update.p99_us, output.fix_update.queries, output.routes_km.count))
        print(String(format: "keystroke to results: p50 %.0f µs, p99 %.0f µs over %d keystrokes",
                     output.keystroke_to_results.p50_us, output.keystroke_to_results.p99_us,
                     output.keystroke_to_results.queries))
    }

    private func readQueries() throws -> [String] {
        try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    @MainActor
    static func measure(_ data: MapData, queries: [String], routes count: Int, longKm: Double, seed: UInt64) async throws
        -> Output
    {
        let storeURL = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-app-bench-\(getpid()).sqlite")
        defer { try? FileManager.default.removeItem(at: storeURL) }
        var builds: [Double] = []
        var app: AppModel?
        for _ in 0..<5 {
            let began = nowNanoseconds()
            let store = try AppStore(path: storeURL.path)
            app = AppComposition.build(try .live(data: data, store: store, settings: InMemorySettings()))
            builds.append(Double(nowNanoseconds() - began) / 1e6)
        }
        guard let app else { throw ValidationError("no app was built") }

        let engine = EngineRouteProvider(engine: try data.loadEngine())
        var rng = SeededGenerator(seed: seed)
        let box = engine.engine.graph.boundingBox
        var picked: [Route] = []
        var attempts = 0
        while picked.count < count, attempts < count * 400 {
            attempts += 1
            let a = box.randomPoint(&rng), b = box.randomPoint(&rng)
            guard Geodesy.distance(a, b) / 1000 > longKm,
                  let route = try? engine.plan(RouteQuery(waypoints: [a, b])).first?.route else { continue }
            picked.append(route)
        }
        var fixTimes: [Double] = []
        for route in picked {
            let clock = ManualClock()
            let model = NavigationModel(provider: engine, store: nil, clock: clock)
            model.start(TripPlan(places: [], route: route, avoid: []))
            var options = SimulationOptions()
            options.noiseMeters = 10
            options.seed = rng.next()
            var simulator = try RouteSimulator(route: route, options: options)
            var first = true
            while let fix = simulator.next() {
                clock.set(to: fix.timestamp)
                let began = nowNanoseconds()
                model.send(.fix(fix))
                let took = Double(nowNanoseconds() - began) / 1000
                // The first fix acquires the route (a scan of the whole leg), as the session bench.
                if !first { fixTimes.append(took) }
                first = false
                _ = model.takeEffects()
            }
        }

        let search = app.search
        search.debounce = .zero
        var keystrokes: [Double] = []
        for query in queries {
            var prefix = ""
            for ch in query {
                prefix.append(ch)
                let began = nowNanoseconds()
                search.send(.typed(prefix))
                await search.settled()
                keystrokes.append(Double(nowNanoseconds() - began) / 1000)
            }
        }
        // The wall time is the time spent in the measured calls, so `qps` is their rate.
        return Output(build_app_ms: builds,
                      fix_update: Latency(samples: fixTimes, ok: fixTimes.count, wall: fixTimes.reduce(0, +) / 1e6),
                      keystroke_to_results: Latency(samples: keystrokes, ok: keystrokes.count,
                                                    wall: keystrokes.reduce(0, +) / 1e6),
                      routes_km: picked.map { $0.distance / 1000 })
    }
}
