import Foundation

/// Per-fix timings of a session, for the bench executable.
public struct BenchmarkReport: Sendable, Hashable {
    /// Nanoseconds spent in `update(_:)` for each fix, in feed order.
    public var nanoseconds: [Int64]

    /// The `q` quantile (0…1) in nanoseconds.
    public func quantile(_ q: Double) -> Int64 {
        guard !nanoseconds.isEmpty else { return 0 }
        let sorted = nanoseconds.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
    }

    /// Median nanoseconds per fix.
    public var p50: Int64 { quantile(0.5) }
    /// 99th percentile nanoseconds per fix.
    public var p99: Int64 { quantile(0.99) }
    /// Slowest fix in nanoseconds.
    public var max: Int64 { nanoseconds.max() ?? 0 }
}

/// Measures how long a session takes per fix.
public enum NavigationBenchmark {
    /// Feeds `fixes` to a fresh session on `route` and times each `update(_:)`. The first fix of
    /// a leg scans the whole leg (acquisition); every later one only a window near the last match.
    /// - Throws: `NavigationError.invalidRoute` for a route the session cannot follow.
    public static func run(route: Route, fixes: [LocationFix],
                           settings: NavigationSettings = NavigationSettings()) throws -> BenchmarkReport
    {
        let clock = ManualClock(start: fixes.first?.timestamp ?? Date(timeIntervalSince1970: 0))
        let session = try NavigationSession(route: route, settings: settings, clock: clock)
        session.start()
        var timings: [Int64] = []
        timings.reserveCapacity(fixes.count)
        let timer = ContinuousClock()
        for fix in fixes {
            clock.set(to: fix.timestamp)
            let began = timer.now
            _ = session.update(fix)
            let elapsed = began.duration(to: timer.now)
            timings.append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        }
        return BenchmarkReport(nanoseconds: timings)
    }

    /// Simulated fixes along `route` (for benchmarking without a recorded track).
    /// - Throws: `NavigationError.invalidRoute` for a route without geometry.
    public static func simulatedFixes(route: Route, options: SimulationOptions = SimulationOptions(),
                                      limit: Int = 100_000) throws -> [LocationFix]
    {
        var simulator = try RouteSimulator(route: route, options: options)
        var fixes: [LocationFix] = []
        while fixes.count < limit, let fix = simulator.next() { fixes.append(fix) }
        return fixes
    }
}
