import Foundation
import Testing
@testable import GemNavNavigation

/// Invariants over seeded random routes and drives.
@Suite struct PropertyTests {
    @Test(arguments: Array(UInt64(100)..<UInt64(130)))
    func randomRoutesAreGuidedToArrival(seed: UInt64) async throws {
        var rng = SeededGenerator(seed: seed)
        let route = RouteFixture.route(RouteFixture.randomLine(seed: seed, count: Int.random(in: 3...12, using: &rng)))
        var options = SimulationOptions()
        options.seed = seed
        options.noiseMeters = Double.random(in: 0...10, using: &rng)
        options.speedFactor = Double.random(in: 0.5...2.5, using: &rng)
        var settings = NavigationSettings()
        settings.channels = .all
        let trip = try await simulateTrip(route, settings: settings, options: options)

        let events = trip.eventList
        #expect(trip.count("arrived") == 1)
        if let arrival = events.firstIndex(where: { $0.type == "arrived" }) {
            #expect(events[(arrival + 1)...].allSatisfy { $0.type == "progress" })
        }
        #expect(trip.count("offRoute") == 0)
        #expect(trip.voiceEvents.allSatisfy { $0.distanceToManeuver >= 0 })
        let texts = trip.voiceEvents.map { "\($0.stepIndex):\($0.text)" }
        #expect(Set(texts).count == texts.count, "each prompt once")
        let steps = trip.progressEvents.map(\.progress.stepIndex)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 <= $1 }, "steps only advance")
        // Every direction-changing maneuver got a final prompt and a "now" cue before it was passed.
        let turns = route.legs[0].steps.indices.dropFirst().filter {
            SimulatedPath.changesDirection(route.legs[0].steps[$0].maneuver)
        }
        for turn in turns {
            let last = trip.voiceEvents.last { $0.stepIndex == turn - 1 }
            #expect(last?.text == route.legs[0].steps[turn].maneuver.instruction, "final prompt for step \(turn)")
        }
        let nowCues = trip.hapticEvents.filter { $0.stage == .now }.count
        #expect(nowCues == turns.count)
    }

    @Test(arguments: Array(UInt64(200)..<UInt64(210)))
    func missedTurnsAlwaysRecover(seed: UInt64) async throws {
        let route = RouteFixture.route(RouteFixture.randomLine(seed: seed, count: 6))
        let turns = route.legs[0].steps.filter { SimulatedPath.changesDirection($0.maneuver) }.count
        var options = SimulationOptions()
        options.seed = seed
        options.noiseMeters = 4
        options.missedTurn = max(1, turns / 2)
        let trip = try await simulateTrip(route, options: options, reroute: StraightLineProvider().rerouter)
        #expect(trip.count("arrived") == 1)
        #expect(trip.rerouteEvents.allSatisfy { $0.succeeded })
    }
}
