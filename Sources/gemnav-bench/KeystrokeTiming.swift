import Foundation
import GemNavCore
import GemNavSearch

/// Search-ahead latency as a user exercises it: every prefix of every query, one keystroke
/// after another, on one thread.
struct KeystrokeTiming: Codable {
    /// Median wall-clock latency per keystroke, µs.
    var p50: Double
    /// 99th-percentile wall-clock latency per keystroke, µs.
    var p99: Double
    /// Slowest keystroke, µs.
    var max: Double
    /// Median CPU time of the searching thread per keystroke, µs: the latency on an idle core,
    /// unaffected by other processes taking the CPU.
    var cpuP50: Double
    /// 99th-percentile CPU time per keystroke, µs.
    var cpuP99: Double
    /// Share of full queries (0…1) with at least one result.
    var hitRate: Double
    /// Keystrokes timed.
    var keystrokes: Int

    /// Times `search` on each prefix of each query (biased to `near` when given).
    init(index: SearchIndex, queries: [String], near: Coordinate? = nil, limit: Int = 10) {
        var wall: [Double] = [], cpu: [Double] = []
        var hits = 0
        for query in queries {
            var prefix = ""
            for ch in query {
                prefix.append(ch)
                guard prefix.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
                let wallStart = microseconds(CLOCK_MONOTONIC), cpuStart = microseconds(CLOCK_THREAD_CPUTIME_ID)
                let found = (try? index.search(prefix, near: near, limit: limit))?.count ?? 0
                cpu.append(microseconds(CLOCK_THREAD_CPUTIME_ID) - cpuStart)
                wall.append(microseconds(CLOCK_MONOTONIC) - wallStart)
                if prefix.count == query.count, found > 0 { hits += 1 }
            }
        }
        wall.sort()
        cpu.sort()
        p50 = percentile(sorted: wall, 50)
        p99 = percentile(sorted: wall, 99)
        max = wall.last ?? 0
        cpuP50 = percentile(sorted: cpu, 50)
        cpuP99 = percentile(sorted: cpu, 99)
        hitRate = queries.isEmpty ? 0 : Double(hits) / Double(queries.count)
        keystrokes = wall.count
    }

    /// Wall-clock p50 and p99 of `reverse` at `points`, µs.
    static func reverse(index: SearchIndex, points: [Coordinate]) -> (p50: Double, p99: Double) {
        let samples = points.map { p in
            let start = microseconds(CLOCK_MONOTONIC)
            _ = index.reverse(p)
            return microseconds(CLOCK_MONOTONIC) - start
        }.sorted()
        return (percentile(sorted: samples, 50), percentile(sorted: samples, 99))
    }
}
