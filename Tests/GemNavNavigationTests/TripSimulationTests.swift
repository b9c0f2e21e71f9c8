import Foundation
import Testing
@testable import GemNavNavigation

/// Whole simulated trips: the guidance a driver gets from start to arrival.
@Suite struct TripSimulationTests {
    static let lTurn = RouteFixture.route(RouteFixture.line([(0, 0), (600, 0), (600, 500)]))

    /// Checks what every trip must satisfy: arrival exactly once and last (only progress after
    /// it), event time never decreasing, prompts never after their maneuver.
    func checkInvariants(_ trip: TripRecording, sourceLocation: SourceLocation = #_sourceLocation) {
        let events = trip.eventList
        #expect(trip.count("arrived") == 1, sourceLocation: sourceLocation)
        if let arrival = events.firstIndex(where: { $0.type == "arrived" }) {
            #expect(events[(arrival + 1)...].allSatisfy { $0.type == "progress" }, sourceLocation: sourceLocation)
        }
        let times = trip.updates.map(\.t)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, sourceLocation: sourceLocation)
        #expect(trip.voiceEvents.allSatisfy { $0.distanceToManeuver >= 0 }, sourceLocation: sourceLocation)
        #expect(trip.count("progress") == trip.fixes.count, sourceLocation: sourceLocation)
    }

    @Test func straightRoadArrivesExactlyOnce() async throws {
        let route = RouteFixture.route(RouteFixture.line([(0, 0), (1500, 0)]))
        let trip = try await simulateTrip(route)
        checkInvariants(trip)
        #expect(trip.count("offRoute") == 0)
        guard case .complete = trip.updates.last?.state else { Issue.record("trip did not complete"); return }
    }

    @Test func everyManeuverIsAnnouncedBeforeItAndNeverAfter() async throws {
        let trip = try await simulateTrip(Self.lTurn)
        checkInvariants(trip)
        let voice = trip.voiceEvents
        // Step 0 has prompts at its start, at 300 m and at 40 m: all three, in that order.
        let turnPrompts = voice.filter { $0.stepIndex == 0 }
        #expect(turnPrompts.map(\.text) == ["Continue, then Turn left onto Road 2", "In 300 m, Turn left onto Road 2",
                                            "Turn left onto Road 2"])
        #expect(zip(turnPrompts, turnPrompts.dropFirst()).allSatisfy { $0.distanceToManeuver > $1.distanceToManeuver })
        #expect(turnPrompts.last.map { $0.distanceToManeuver > 0 && $0.distanceToManeuver < 80 } == true)
        // Each prompt is spoken before the progress that first shows the next step.
        let events = trip.eventList
        let lastTurnPrompt = try #require(events.lastIndex { if case .voice(let v) = $0 { v.stepIndex == 0 } else { false } })
        let firstOnStep1 = try #require(events.firstIndex {
            if case .progress(let p) = $0 { p.progress.stepIndex == 1 } else { false }
        })
        #expect(lastTurnPrompt < firstOnStep1)
        #expect(Set(voice.map(\.text)).count == voice.count, "each prompt once")
    }

    @Test func bannersShowManeuverDistanceRoadAndPreview() async throws {
        let route = RouteFixture.route(RouteFixture.line([(0, 0), (400, 0), (400, 400), (800, 400)]))
        let trip = try await simulateTrip(route)
        let banners = trip.eventList.compactMap { if case .banner(let b) = $0 { b } else { nil } }
        #expect(banners.count == 3)
        let first = try #require(banners.first)
        #expect(first.primaryText == "Turn left onto Road 2")
        #expect(first.maneuverType == .turn && first.modifier == .left)
        #expect(first.roadName == "Road 1")
        #expect(first.distanceText == "400 m")
        #expect(first.next?.modifier == .right)
        #expect(banners.last?.maneuverType == .arrive)
    }

    @Test func hapticCuesPrepareThenNowForEachTurn() async throws {
        var settings = NavigationSettings()
        settings.channels = [.haptic]
        let trip = try await simulateTrip(RouteFixture.route(RouteFixture.line([(0, 0), (400, 0), (400, 400), (800, 400)])),
                                    settings: settings)
        let cues = trip.hapticEvents.map { "\($0.pattern.kind.rawValue):\($0.stage.rawValue)" }
        #expect(cues == ["left:prepare", "left:now", "right:prepare", "right:now", "arrival:alert"])
        #expect(trip.hapticEvents.allSatisfy { $0.delivery == .haptic })
        #expect(trip.count("voice") == 0 && trip.count("banner") == 0)
    }

    @Test func deviceWithoutHapticsFallsBack() async throws {
        var settings = NavigationSettings()
        settings.channels = [.haptic]
        settings.deviceHasHaptics = false
        let audio = try await simulateTrip(Self.lTurn, settings: settings)
        #expect(!audio.hapticEvents.isEmpty && audio.hapticEvents.allSatisfy { $0.delivery == .audio })
        settings.hapticFallback = .visual
        let visual = try await simulateTrip(Self.lTurn, settings: settings)
        #expect(visual.hapticEvents.allSatisfy { $0.delivery == .visual })
        #expect(visual.hapticEvents.map(\.text).contains("Turn left onto Road 2"))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func noOffRouteWhileFollowingWithTenMetreNoise(seed: UInt64) async throws {
        var options = SimulationOptions()
        options.noiseMeters = 10
        options.seed = seed
        let route = RouteFixture.route(RouteFixture.line([(0, 0), (600, 0), (600, 500), (200, 500), (200, 900)]))
        let trip = try await simulateTrip(route, options: options)
        checkInvariants(trip)
        #expect(trip.count("offRoute") == 0)
    }

    @Test func fastDriversHearPromptsEarlier() async throws {
        var fast = SimulationOptions()
        fast.speedFactor = 3
        let slowTrip = try await simulateTrip(Self.lTurn)
        let fastTrip = try await simulateTrip(Self.lTurn, options: fast)
        let slowLast = try #require(slowTrip.voiceEvents.last { $0.stepIndex == 0 })
        let fastLast = try #require(fastTrip.voiceEvents.last { $0.stepIndex == 0 })
        #expect(fastLast.distanceToManeuver > slowLast.distanceToManeuver * 2)
        checkInvariants(fastTrip)
    }

    @Test func gpsDropoutDoesNotLoseTheRoute() async throws {
        var options = SimulationOptions()
        options.dropouts = [20..<35]
        let trip = try await simulateTrip(RouteFixture.route(RouteFixture.line([(0, 0), (300, 0), (300, 600)])),
                                    options: options)
        checkInvariants(trip)
        #expect(trip.count("offRoute") == 0)
        #expect(trip.fixes.allSatisfy { !(20..<35).contains($0.timestamp.timeIntervalSince(options.start)) })
    }
}
