import ArgumentParser
import Foundation
import GemNavCore
import GemNavRouting

/// Times routes with avoid options against the same routes without, on the same pairs, and
/// checks every avoid route against a plain Dijkstra with the same roads excluded.
struct AvoidBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "avoid",
        abstract: "Benchmark avoid options (tolls, motorways, ferries) against plain queries, and check them exact.")

    @Option(help: "Graph directory made by `gemnav import`.")
    var data: String

    @Option(help: "Random road points drawn in the map (seeded), paired in order.")
    var pairs: Int = 1000

    @Option(help: "Seed of the random points.")
    var seed: UInt64 = 42

    @Option(help: "Rounds; each round times the plain queries, then every avoid set, in turn.")
    var rounds: Int = 3

    @Option(help: "Where to write the results JSON.")
    var out: String

    struct SetResult: Codable {
        var avoid: String
        /// Latency of each round.
        var rounds: [Latency]
        /// p50 and p99 of each round over the plain queries' of the same round.
        var p50_ratio: [Double]
        var p99_ratio: [Double]
        /// Routes whose weight differs from the plain Dijkstra's with the same exclusions.
        var mismatches: Int
        /// Routes the exclusions made different from the unrestricted route.
        var changed: Int
        /// Pairs with no route avoiding those roads.
        var unroutable: Int
    }

    struct Output: Codable {
        var engine = "gemnav"
        var query = "routing only (snapping, search, path assembly), one thread"
        var pairs: Int
        var plain: [Latency]
        var sets: [SetResult]
    }

    func run() throws {
        let engine = try RoutingEngine(directory: URL(fileURLWithPath: data))
        var rng = SplitMix(seed: seed)
        let box = engine.graph.boundingBox
        var points: [Coordinate] = []
        while points.count < 2 * pairs {
            let c = Coordinate(latitude: rng.uniform(box.min.latitude, box.max.latitude),
                               longitude: rng.uniform(box.min.longitude, box.max.longitude))
            if let road = try? engine.nearest(c, radius: 300).first { points.append(road.location) }
        }
        let plainRequests = (0..<pairs).map { RouteRequest(waypoints: [points[2 * $0], points[2 * $0 + 1]]) }
        let sets: [AvoidOptions] = [.tolls, .motorways, .ferries, [.tolls, .motorways], [.tolls, .motorways, .ferries]]
        func timed(_ requests: [RouteRequest]) -> (Latency, [Double?]) {
            var samples: [Double] = [], weights: [Double?] = []
            var ok = 0
            let start = nowNanoseconds()
            for r in requests {
                let a = nowNanoseconds()
                let w = (try? engine.route(r))?.first?.weight
                samples.append(Double(nowNanoseconds() - a) / 1000)
                if w != nil { ok += 1 }
                weights.append(w)
            }
            return (Latency(samples: samples, ok: ok, wall: Double(nowNanoseconds() - start) / 1e9), weights)
        }
        for r in plainRequests.prefix(100) { _ = try? engine.route(r) }
        var plain: [Latency] = []
        var results = sets.map { SetResult(avoid: $0.words, rounds: [], p50_ratio: [], p99_ratio: [], mismatches: 0,
                                           changed: 0, unroutable: 0) }
        var plainWeights: [Double?] = []
        for round in 0..<rounds {
            let (base, weights) = timed(plainRequests)
            plain.append(base)
            plainWeights = weights
            for (k, avoid) in sets.enumerated() {
                let requests = plainRequests.map { RouteRequest(waypoints: $0.waypoints, avoid: avoid) }
                let (latency, found) = timed(requests)
                results[k].rounds.append(latency)
                results[k].p50_ratio.append(latency.p50_us / base.p50_us)
                results[k].p99_ratio.append(latency.p99_us / base.p99_us)
                guard round == 0 else { continue }
                for (i, r) in requests.enumerated() {
                    let reference = (try? engine.referenceRoute(r))?.weight
                    if reference == nil { results[k].unroutable += 1 }
                    if let a = found[i], let b = reference, abs(a - b) > 1e-6 { results[k].mismatches += 1 }
                    if (found[i] == nil) != (reference == nil) { results[k].mismatches += 1 }
                    if let a = found[i], let b = plainWeights[i], abs(a - b) > 1e-6 { results[k].changed += 1 }
                }
                print("checked \(avoid.words): \(results[k].mismatches) mismatches, \(results[k].changed) routes changed, \(results[k].unroutable) unroutable")
            }
            print(String(format: "round %d: plain p50 %.0f µs p99 %.0f µs", round + 1, base.p50_us, base.p99_us))
            for r in results {
                print(String(format: "  avoid %@: p50 %.0f µs (%.2f×)  p99 %.0f µs (%.2f×)", r.avoid,
                             r.rounds[round].p50_us, r.p50_ratio[round], r.rounds[round].p99_us, r.p99_ratio[round]))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(Output(pairs: pairs, plain: plain, sets: results)).write(to: URL(fileURLWithPath: out))
    }
}
