import Foundation
import GemNavServices
import GemNavCore
import GemNavNavigation
import Testing

/// Whole trips on the embedded Monaco map whose complete event streams (JSON lines, the
/// `--events` contract) are kept as reviewed golden files: any change to matching, guidance,
/// cues or rerouting shows up as a diff of these files. Set `GEMNAV_RECORD_GOLDEN=1` to
/// rewrite them after a deliberate change, and review the diff before committing it.
@Suite struct GoldenTripTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    @Test func casinoToStadeWithNoise() async throws {
        let provider = try Fixtures.provider(Fixtures.monacoEngine)
        let route = try #require(try provider.plan(RouteQuery(waypoints: [WholeTripTests.monteCarlo, WholeTripTests.fontvieille])).first).route
        try await check("casino-stade", Trip.simulate(route, provider: provider, noise: 8, seed: 3))
    }

    @Test func missedTurnRerouteInPocketMode() async throws {
        let provider = try Fixtures.provider(Fixtures.monacoEngine)
        let route = try #require(try provider.plan(RouteQuery(waypoints: [WholeTripTests.monteCarlo, WholeTripTests.fontvieille])).first).route
        var settings = NavigationSettings()
        settings.channels = .all
        try await check("missed-turn-haptic", Trip.simulate(route, provider: provider, noise: 5, seed: 11, missedTurn: 2,
                                                       settings: settings))
    }

    @Test func twoStopsImperial() async throws {
        let provider = try Fixtures.provider(Fixtures.monacoEngine)
        let route = try #require(try provider.plan(RouteQuery(
            waypoints: [WholeTripTests.monteCarlo, WholeTripTests.larvotto, WholeTripTests.condamine])).first).route
        var settings = NavigationSettings()
        settings.units = .imperial
        try await check("two-stops-imperial", Trip.simulate(route, provider: provider, noise: 0, settings: settings),
                  units: .imperial)
    }

    func check(_ name: String, _ trip: Trip, units: DistanceUnits = .metric,
               sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let encoder = NavigationEventEncoder(units: units)
        let text = trip.updates.flatMap(encoder.jsonLines).joined(separator: "\n") + "\n"
        let url = Self.goldenDirectory.appendingPathComponent("\(name).jsonl")
        if ProcessInfo.processInfo.environment["GEMNAV_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let want = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = (0..<min(got.count, want.count)).first { got[$0] != want[$0] }
        if let i = firstDifference ?? (got.count == want.count ? nil : min(got.count, want.count)) {
            Issue.record("""
                \(name): event \(i + 1) differs from the golden file (GEMNAV_RECORD_GOLDEN=1 rewrites it):
                  golden: \(i < want.count ? String(want[i]) : "<end>")
                  got:    \(i < got.count ? String(got[i]) : "<end>")
                """, sourceLocation: sourceLocation)
        }
    }
}
