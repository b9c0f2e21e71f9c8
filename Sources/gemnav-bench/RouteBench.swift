import ArgumentParser
import Foundation
import GemNavCore
import GemNavOSRM
import GemNavGuidance
import GemNavRouting

/// Times route queries as a navigation app makes them: snapping, search, guidance with
/// voice and banner instructions, full geometry, encoded as OSRM JSON; one thread. With
/// `--same-as-osrm`, the request bench_osrm.py makes of OSRM, which has no voice or banners.
struct RouteBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route", abstract: "Benchmark route queries on the pairs file of bench_osrm.py.")

    @Option(help: "Graph directory made by `gemnav import`.")
    var data: String

    @Option(help: "Pairs JSON written by shared/peers/osrm/bench_osrm.py (pairs[].origin/destination as [lon, lat]).")
    var pairs: String

    @Option(help: "Where to write the results JSON.")
    var out: String

    @Option(help: "Untimed warm-up queries.")
    var warmup: Int = 100

    @Flag(help: "Also print the mean time of routing, guidance and JSON encoding separately.")
    var phases = false

    @Flag(help: "Ask exactly what bench_osrm.py asks OSRM (steps, full geometry, polyline): no voice or banner instructions.")
    var sameAsOSRM = false

    struct PairsFile: Decodable {
        struct Pair: Decodable { var origin: [Double]; var destination: [Double] }
        var pairs: [Pair]
    }

    struct PairResult: Codable {
        var id: Int
        var distance_m: Double?
        var duration_s: Double?
        var steps: Int?
        /// Intersections listed over all steps: with `steps`, what the query's cost grows with.
        var intersections: Int?
        var error: String?
        /// This pair's query time, to find which routes make the slow tail.
        var latency_us: Double?
    }

    struct Output: Codable {
        var engine = "gemnav"
        var query: String
        var graph_load_ms: Double
        var latency: Latency
        var peak_memory_kib: Int?
        var pairs: [PairResult]
    }

    func run() throws {
        let file = try JSONDecoder().decode(PairsFile.self, from: Data(contentsOf: URL(fileURLWithPath: pairs)))
        let requests = file.pairs.map {
            RouteRequest(waypoints: [Coordinate(latitude: $0.origin[1], longitude: $0.origin[0]),
                                     Coordinate(latitude: $0.destination[1], longitude: $0.destination[0])])
        }
        let t0 = nowNanoseconds()
        let engine = try RoutingEngine(directory: URL(fileURLWithPath: data))
        // Speeds installed by `gemnav traffic` count, as in `gemnav route` (bench/traffic_vs_osrm.sh).
        engine.traffic = try TrafficFile.load(from: URL(fileURLWithPath: data), graph: engine.graph)
        let loadMs = Double(nowNanoseconds() - t0) / 1e6
        let options = OSRMEncodingOptions(geometries: .polyline, overview: .full, steps: true,
                                          voiceInstructions: !sameAsOSRM, bannerInstructions: !sameAsOSRM)
        // What the server computes for the same request: no annotations were asked for.
        let guidance = GuidanceOptions(voice: !sameAsOSRM, banners: !sameAsOSRM, annotations: false)
        func query(_ r: RouteRequest) -> (Int, PairResult) {
            do {
                let paths = try engine.route(r)
                let routes = paths.map { Guidance.route(from: $0, options: guidance) }
                let body = OSRMCodec.encodeResponse(routes: routes, waypoints: paths[0].waypoints, options: options)
                let route = routes[0]
                return (body.count, PairResult(id: 0, distance_m: route.distance, duration_s: route.duration,
                                               steps: route.legs.reduce(0) { $0 + $1.steps.count },
                                               intersections: route.legs.reduce(0) { total, leg in
                                                   leg.steps.reduce(total) { $0 + $1.intersections.count }
                                               }))
            } catch {
                return (0, PairResult(id: 0, error: "\(error)"))
            }
        }
        for r in requests.prefix(warmup) { _ = query(r) }
        if phases {
            var tr = 0.0, tg = 0.0, te = 0.0
            for r in requests {
                let a = nowNanoseconds()
                guard let paths = try? engine.route(r) else { continue }
                let b = nowNanoseconds()
                let routes = paths.map { Guidance.route(from: $0, options: guidance) }
                let c = nowNanoseconds()
                _ = OSRMCodec.encodeResponse(routes: routes, waypoints: paths[0].waypoints, options: options)
                let d = nowNanoseconds()
                tr += Double(b - a); tg += Double(c - b); te += Double(d - c)
            }
            let n = Double(requests.count) * 1000
            print(String(format: "per query: routing %.0f µs, guidance %.0f µs, OSRM JSON %.0f µs", tr / n, tg / n, te / n))
        }
        var samples: [Double] = []
        var results: [PairResult] = []
        var ok = 0
        let start = nowNanoseconds()
        for (i, r) in requests.enumerated() {
            let a = nowNanoseconds()
            var (_, result) = query(r)
            samples.append(Double(nowNanoseconds() - a) / 1000)
            result.id = i
            result.latency_us = samples[i]
            if result.error == nil { ok += 1 }
            results.append(result)
        }
        let wall = Double(nowNanoseconds() - start) / 1e9
        let query = "overview=full, steps=true, geometries=polyline" + (sameAsOSRM ? "" : ", voice and banner instructions")
        let output = Output(query: query, graph_load_ms: loadMs, latency: Latency(samples: samples, ok: ok, wall: wall),
                            peak_memory_kib: peakMemoryKiB(), pairs: results)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(output).write(to: URL(fileURLWithPath: out))
        let l = output.latency
        // Under traffic, which search answered: the overlay's own hierarchy or the A*.
        let traffic = engine.traffic == nil ? "" : engine.trafficHierarchyIsReady ? ", traffic hierarchy" : ", traffic by A*"
        print(String(format: "gemnav  n=%d ok=%d  p50 %.0f µs  p90 %.0f µs  p99 %.0f µs  max %.0f µs  %.1f q/s  (graph load %.1f ms",
                     l.queries, l.ok, l.p50_us, l.p90_us, l.p99_us, l.max_us, l.qps, loadMs) + traffic + ")")
    }
}
