import ArgumentParser
import Foundation
import GemNavCore

/// Valhalla's truck routes for the pairs `gemnav-bench truck` drew (written by
/// bench/truck_vs_valhalla.py), checked against the same OSM limits as GemNav's and compared
/// with GemNav's answers pair by pair.
struct ValhallaComparison: Codable {
    /// What bench/truck_vs_valhalla.py writes.
    struct Results: Decodable {
        struct Pair: Decodable {
            var origin: [Double], destination: [Double]
            var ok: Bool
            var error: String?
            var distance_m: Double?
            var duration_s: Double?
            /// [latitude, longitude] points of the route, polyline6 precision.
            var shape: [[Double]]?
        }

        struct Latency: Decodable { var p50_us: Double, p99_us: Double }

        var version: String
        var latency: Latency
        var pairs: [Pair]
    }

    var version: String
    var pairs: Int
    var valhallaRouted: Int
    var bothRouted: Int
    /// Pairs GemNav routes and Valhalla does not.
    var gemnavOnly: Int
    /// Pairs GemNav refuses (a limit blocks every way) and Valhalla routes anyway.
    var valhallaOnly: Int
    /// Of those, Valhalla routes that pass a way or node the truck exceeds as the OSM tags say.
    var valhallaOnlyViolating: Int
    /// Valhalla routes (any) passing a way or node the truck exceeds.
    var valhallaViolations: Int
    var medianDurationRatio: Double?
    var medianDistanceRatio: Double?
    var valhallaP50Ms: Double, valhallaP99Ms: Double
    var examples: [String]

    /// Reads Valhalla's results for `ours` (the same pairs, in order) and checks them.
    /// - Throws: when the file cannot be read or holds other pairs.
    init(_ url: URL, ours: [TruckBench.DrawnPair], checker: OSMLimitChecker) throws {
        let results = try JSONDecoder().decode(Results.self, from: Data(contentsOf: url))
        guard results.pairs.count == ours.count,
              zip(results.pairs, ours).allSatisfy({ $0.origin == $1.origin && $0.destination == $1.destination })
        else {
            throw ValidationError("\(url.path) answers other pairs; run bench/truck_vs_valhalla.py on this run's --pairs-out file.")
        }
        version = results.version
        pairs = ours.count
        (valhallaP50Ms, valhallaP99Ms) = (results.latency.p50_us / 1000, results.latency.p99_us / 1000)
        (valhallaRouted, bothRouted, gemnavOnly, valhallaOnly, valhallaOnlyViolating, valhallaViolations) = (0, 0, 0, 0, 0, 0)
        examples = []
        var durations: [Double] = [], distances: [Double] = []
        for (theirs, mine) in zip(results.pairs, ours) {
            guard theirs.ok, let shape = theirs.shape else {
                if mine.routed { gemnavOnly += 1 }
                continue
            }
            valhallaRouted += 1
            let points = shape.map { Coordinate(latitude: $0[0], longitude: $0[1]) }
            let violations = checker.check(points).violations
            if !violations.isEmpty {
                valhallaViolations += 1
                if examples.count < 10 { examples.append("Valhalla: \(violations[0])") }
            }
            if mine.routed, let d = mine.duration_s, let l = mine.distance_m,
               let vd = theirs.duration_s, let vl = theirs.distance_m, vd > 0, vl > 0
            {
                bothRouted += 1
                durations.append(d / vd)
                distances.append(l / vl)
            } else if mine.blocked != nil {
                valhallaOnly += 1
                if !violations.isEmpty { valhallaOnlyViolating += 1 }
            }
        }
        medianDurationRatio = durations.isEmpty ? nil : percentile(sorted: durations.sorted(), 50)
        medianDistanceRatio = distances.isEmpty ? nil : percentile(sorted: distances.sorted(), 50)
    }

    /// Prints the comparison.
    func report() {
        func ratio(_ r: Double?) -> String { r.map { String(format: "%.3f", $0) } ?? "n/a" }
        print("""
            Valhalla \(version) truck costing on the same \(pairs) pairs: \(valhallaRouted) routed, \(bothRouted) by both, \
            \(gemnavOnly) by GemNav only, \(valhallaOnly) by Valhalla only where GemNav names a blocking limit \
            (\(valhallaOnlyViolating) of them pass it)
            \(valhallaViolations) Valhalla routes pass a way or node the truck exceeds as the OSM tags say
            median GemNav/Valhalla ratio: duration \(ratio(medianDurationRatio)), distance \(ratio(medianDistanceRatio)); \
            Valhalla query p50 \(String(format: "%.2f", valhallaP50Ms)) ms, p99 \(String(format: "%.2f", valhallaP99Ms)) ms
            """)
        for example in examples.prefix(5) { print("  e.g. \(example)") }
    }
}
