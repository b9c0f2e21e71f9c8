import Foundation
import GemNavCore

/// Measures search-ahead latency the way a user exercises it: every prefix of every query,
/// one keystroke after another, on one thread.
public enum SearchBenchmark {
    /// Latency figures of one run.
    public struct Report: Sendable, Hashable, Codable {
        /// Median latency per keystroke, in microseconds.
        public var p50: Double
        /// 99th-percentile latency per keystroke, in microseconds.
        public var p99: Double
        /// Slowest keystroke, in microseconds.
        public var max: Double
        /// Share of full queries (0…1) with at least one result.
        public var hitRate: Double
        /// Keystrokes timed.
        public var keystrokes: Int
    }

    /// Times `search` on each prefix of each query (biased to `near` when given).
    public static func run(index: SearchIndex, queries: [String], near: Coordinate? = nil, limit: Int = 10) -> Report {
        var samples: [Double] = []
        var hits = 0
        let clock = ContinuousClock()
        for query in queries {
            var prefix = ""
            for ch in query {
                prefix.append(ch)
                guard prefix.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
                var found = 0
                let elapsed = clock.measure { found = (try? index.search(prefix, near: near, limit: limit))?.count ?? 0 }
                samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
                if prefix.count == query.count, found > 0 { hits += 1 }
            }
        }
        samples.sort()
        func percentile(_ p: Double) -> Double {
            samples.isEmpty ? 0 : samples[min(samples.count - 1, Int(Double(samples.count) * p))]
        }
        return Report(p50: percentile(0.5), p99: percentile(0.99), max: samples.last ?? 0,
                      hitRate: queries.isEmpty ? 0 : Double(hits) / Double(queries.count), keystrokes: samples.count)
    }

    /// Times `reverse` at `points`; returns p50 and p99 in microseconds.
    public static func reverse(index: SearchIndex, points: [Coordinate]) -> (p50: Double, p99: Double) {
        let clock = ContinuousClock()
        var samples = points.map { p in
            let e = clock.measure { _ = index.reverse(p) }
            return Double(e.components.attoseconds) / 1e12 + Double(e.components.seconds) * 1e6
        }
        samples.sort()
        guard !samples.isEmpty else { return (0, 0) }
        return (samples[samples.count / 2], samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))])
    }
}
