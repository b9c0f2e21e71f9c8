import Foundation
import GemNavCore
import GemNavNavigation

/// Latency figures in microseconds, nearest-rank percentiles as the OSRM peer script uses.
struct Latency: Codable {
    var queries: Int
    var ok: Int
    var min_us: Double
    var p50_us: Double
    var p90_us: Double
    var p99_us: Double
    var max_us: Double
    var mean_us: Double
    var qps: Double
    var wall_s: Double

    init(samples: [Double], ok: Int, wall: Double) {
        let s = samples.sorted()
        func pct(_ q: Double) -> Double { percentile(sorted: s, q) }
        queries = s.count
        self.ok = ok
        min_us = s.first ?? .nan
        p50_us = pct(50)
        p90_us = pct(90)
        p99_us = pct(99)
        max_us = s.last ?? .nan
        mean_us = s.isEmpty ? .nan : s.reduce(0, +) / Double(s.count)
        qps = wall > 0 ? Double(s.count) / wall : .nan
        wall_s = wall
    }
}

/// `nearestRankPercentile`, NaN when there are no samples (JSON figures stay numbers).
func percentile(sorted s: [Double], _ q: Double) -> Double {
    nearestRankPercentile(sorted: s, q) ?? .nan
}

/// Microseconds on a POSIX clock (`CLOCK_MONOTONIC` for wall time, `CLOCK_THREAD_CPUTIME_ID`
/// for the calling thread's CPU time).
func microseconds(_ clock: clockid_t) -> Double {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Double(ts.tv_sec) * 1e6 + Double(ts.tv_nsec) / 1e3
}

/// Wall-clock time in nanoseconds from a monotonic clock.
@inline(__always) func nowNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Peak resident memory of this process in KiB (Linux `VmHWM`), nil where unknown.
func peakMemoryKiB() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
    return nil
}

extension BoundingBox {
    /// A uniformly drawn point inside the box, for seeded random routes.
    func randomPoint(_ rng: inout SeededGenerator) -> Coordinate {
        Coordinate(latitude: Double.random(in: min.latitude...max.latitude, using: &rng),
                   longitude: Double.random(in: min.longitude...max.longitude, using: &rng))
    }
}
