import Foundation
import GemNavCore

/// Measures search-ahead latency the way a user exercises it: every prefix of every query,
/// one keystroke after another, on one thread.
public enum SearchBenchmark {
    /// Latency figures of one run.
    public struct Report: Sendable, Hashable, Codable {
        /// Median wall-clock latency per keystroke, in microseconds.
        public var p50: Double
        /// 99th-percentile wall-clock latency per keystroke, in microseconds.
        public var p99: Double
        /// Slowest keystroke (wall clock), in microseconds.
        public var max: Double
        /// Median CPU time of the searching thread per keystroke, in microseconds: the
        /// latency on an idle core, unaffected by other processes taking the CPU.
        public var cpuP50: Double
        /// 99th-percentile CPU time per keystroke, in microseconds.
        public var cpuP99: Double
        /// Share of full queries (0…1) with at least one result.
        public var hitRate: Double
        /// Keystrokes timed.
        public var keystrokes: Int
    }

    /// Times `search` on each prefix of each query (biased to `near` when given).
    public static func run(index: SearchIndex, queries: [String], near: Coordinate? = nil, limit: Int = 10) -> Report {
        var wall: [Double] = [], cpu: [Double] = []
        var hits = 0
        for query in queries {
            var prefix = ""
            for ch in query {
                prefix.append(ch)
                guard prefix.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
                let wallStart = now(CLOCK_MONOTONIC), cpuStart = now(CLOCK_THREAD_CPUTIME_ID)
                let found = (try? index.search(prefix, near: near, limit: limit))?.count ?? 0
                cpu.append(now(CLOCK_THREAD_CPUTIME_ID) - cpuStart)
                wall.append(now(CLOCK_MONOTONIC) - wallStart)
                if prefix.count == query.count, found > 0 { hits += 1 }
            }
        }
        wall.sort()
        cpu.sort()
        return Report(p50: percentile(wall, 0.5), p99: percentile(wall, 0.99), max: wall.last ?? 0,
                      cpuP50: percentile(cpu, 0.5), cpuP99: percentile(cpu, 0.99),
                      hitRate: queries.isEmpty ? 0 : Double(hits) / Double(queries.count), keystrokes: wall.count)
    }

    /// The `p` quantile of sorted samples.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    /// Microseconds on `clock`.
    static func now(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) * 1e6 + Double(ts.tv_nsec) / 1e3
    }

    /// Times `reverse` at `points`; returns wall-clock p50 and p99 in microseconds.
    public static func reverse(index: SearchIndex, points: [Coordinate]) -> (p50: Double, p99: Double) {
        let samples = points.map { p in
            let start = now(CLOCK_MONOTONIC)
            _ = index.reverse(p)
            return now(CLOCK_MONOTONIC) - start
        }.sorted()
        return (percentile(samples, 0.5), percentile(samples, 0.99))
    }
}
