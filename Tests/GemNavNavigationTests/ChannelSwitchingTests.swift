import Foundation
import Testing
@testable import GemNavNavigation

@Suite struct ChannelSwitchingTests {
    @Test func switchingChannelsKeepsTheTripAndNeverReplaysPrompts() async throws {
        let route = RouteFixture.route(RouteFixture.line([(0, 0), (500, 0), (500, 500), (900, 500)]))
        var settings = NavigationSettings()
        settings.channels = .all
        let reference = try await simulateTrip(route, settings: settings)

        let player = try TripPlayer(route: route, settings: settings, source: .simulator(RouteSimulator(route: route)))
        var updates: [NavigationUpdate] = []
        var n = 0
        while true {
            n += 1
            if n == 20 { player.channels = [.haptic] }    // pocket mode
            if n == 60 { player.channels = [.visual, .voice] }  // back to the screen
            guard let (_, fed) = await player.step() else { break }
            updates += fed
        }
        // The trip itself is unchanged: identical progress on every fix.
        let progress = updates.flatMap(\.events).filter { $0.type == "progress" }
        #expect(progress == reference.eventList.filter { $0.type == "progress" })
        // Guidance respects the channel of the moment and is never repeated.
        let voice = updates.flatMap(\.events).compactMap { if case .voice(let v) = $0 { v.text } else { nil } }
        #expect(Set(voice).count == voice.count)
        #expect(voice.count < reference.voiceEvents.count)
        let haptic = updates.flatMap(\.events).filter { $0.type == "haptic" }
        #expect(!haptic.isEmpty)
        for (i, u) in updates.enumerated() where i < 19 {
            #expect(!u.has("haptic"))
        }
    }
}
