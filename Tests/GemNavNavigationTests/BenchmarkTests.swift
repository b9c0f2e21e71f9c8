import Foundation
import Testing
@testable import GemNavNavigation

@Suite struct BenchmarkTests {
    @Test func perFixCostDoesNotGrowWithRouteLength() throws {
        func report(pieces: Int) throws -> BenchmarkReport {
            let route = RouteFixture.route(RouteFixture.randomLine(seed: 7, count: pieces))
            var options = SimulationOptions()
            options.noiseMeters = 5
            let fixes = try NavigationBenchmark.simulatedFixes(route: route, options: options, limit: 3_000)
            let result = try NavigationBenchmark.run(route: route, fixes: fixes)
            #expect(result.nanoseconds.count == fixes.count)
            return result
        }
        let short = try report(pieces: 8)
        let long = try report(pieces: 600)
        // Medians are robust to scheduler noise; a scan of the whole long route would be ~75× slower.
        #expect(Double(long.p50) < Double(short.p50) * 3 + 2_000, "short p50 \(short.p50) ns, long p50 \(long.p50) ns")
        #expect(long.p50 <= long.p99 && long.p99 <= long.max)
    }
}
