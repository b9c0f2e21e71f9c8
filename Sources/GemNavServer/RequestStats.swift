import Foundation
import GemNavCore

/// Request counts and latencies over an interval, for the server's periodic summary line:
/// per-request lines are debug output, and under load the summary is what an operator reads.
final class RequestStats: @unchecked Sendable {
    /// What one interval saw.
    struct Summary: Equatable {
        var requests: Int
        /// Answers with a 4xx or 5xx status.
        var errors: Int
        /// Latency percentiles in microseconds.
        var p50: Int
        var p99: Int
        /// Seconds the interval lasted.
        var seconds: Double

        /// The line logged at info.
        var line: String {
            "\(requests) requests (\(errors) errors) in \(Int(seconds.rounded())) s; latency p50 \(p50) µs, p99 \(p99) µs"
        }
    }

    /// At most this many latencies are kept per interval; later ones overwrite earlier ones
    /// in turn, so memory stays bounded under any load and the percentiles stay representative.
    static let sampleLimit = 65_536

    private let lock = NSLock()
    private let interval: Duration
    private var started: ContinuousClock.Instant
    private var requests = 0, errors = 0
    private var micros: [UInt32] = []

    /// Stats summarised every `interval`.
    init(interval: Duration, now: ContinuousClock.Instant = .now) {
        self.interval = interval
        started = now
        micros.reserveCapacity(Self.sampleLimit)
    }

    /// Records one answered request; returns the finished interval's summary when this
    /// request closes it (an idle server has nothing to report, so no timer is needed).
    func record(micros latency: Int, isError: Bool, now: ContinuousClock.Instant = .now) -> Summary? {
        lock.lock()
        defer { lock.unlock() }
        let sample = UInt32(clamping: latency)
        if micros.count < Self.sampleLimit { micros.append(sample) } else { micros[requests % Self.sampleLimit] = sample }
        requests += 1
        if isError { errors += 1 }
        guard now - started >= interval else { return nil }
        micros.sort()
        func percentile(_ q: Double) -> Int { Int(nearestRankPercentile(sorted: micros, q) ?? 0) }
        let elapsed = now - started
        let summary = Summary(requests: requests, errors: errors, p50: percentile(50), p99: percentile(99),
                              seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        started = now
        requests = 0
        errors = 0
        micros.removeAll(keepingCapacity: true)
        return summary
    }
}
