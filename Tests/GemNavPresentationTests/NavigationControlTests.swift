import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavTestSupport
import Testing

/// The navigation screen's controls and the device's abilities over whole trips: pause,
/// resume and end; voice off in Settings; a device that cannot speak or cannot vibrate.
extension NavigationModelTests {
    @Test func pauseHoldsGuidanceResumeGoesOnCancelEndsTheTrip() async throws {
        let plan = try await plan([Self.start, Self.end])
        let model = model(store: nil)
        model.start(plan)
        var paused: [NavigationModel.Effect] = []
        var screenWhilePaused: NavigationViewState?
        let (_, phases) = try await drive(model, route: plan.route) { n in
            if n == 5 {
                _ = model.takeEffects()
                model.send(.pause)
            }
            if (6...15).contains(n) {
                paused += model.takeEffects()
                screenWhilePaused = screenWhilePaused ?? model.state.screen
            }
            if n == 15 {
                #expect(model.state.screen.remainingDistanceText == screenWhilePaused?.remainingDistanceText,
                        "a paused trip does not count down")
                model.send(.resume)
            }
            return true
        }
        #expect(phases.contains(.paused) && phases.last == .arrived)
        #expect(paused.isEmpty, "no prompt while paused")

        model.start(plan)
        model.send(.cancel)
        #expect(model.state.phase == .idle && model.route == nil)
        model.send(.fix(LocationFix(coordinate: Self.start.coordinate, horizontalAccuracy: 5, timestamp: clock.now)))
        #expect(model.state.phase == .idle && model.takeEffects().isEmpty, "fixes after the end guide nothing")
    }

    @Test func voiceOffInSettingsSpeaksNothingInAnyMode() async throws {
        let plan = try await plan([Self.start, Self.end])
        for mode in NavigationModel.GuidanceMode.allCases {
            let model = NavigationModel(provider: provider, store: nil, clock: clock, mode: mode)
            model.voiceOn = false
            model.start(plan)
            let (effects, phases) = try await drive(model, route: plan.route)
            let count = GuidanceModeCount(mode: mode, effects: effects + model.takeEffects())
            #expect(count.speech == 0 && phases.last == .arrived, "\(mode)")
            #expect(count.vibrations == (mode == .haptic ? count.vibrations : 0))
        }
    }

    @Test func aDeviceThatCannotSpeakFeelsTheVoiceModeAndOneThatCannotVibrateHearsThePocketMode() async throws {
        let plan = try await plan([Self.start, Self.end])
        let silent = NavigationModel(provider: provider, store: nil, clock: clock, mode: .voice)
        silent.device = DeviceCapabilities(canVibrate: true, canSpeak: false)
        silent.start(plan)
        let (felt, _) = try await drive(silent, route: plan.route)
        let voice = GuidanceModeCount(mode: .voice, effects: felt)
        #expect(voice.speech == 0 && voice.patterns.contains(.left) && voice.patterns.last == .arrival)

        let still = NavigationModel(provider: provider, store: nil, clock: clock, mode: .haptic)
        still.device = DeviceCapabilities(canVibrate: false, canSpeak: true)
        still.start(plan)
        let (heard, _) = try await drive(still, route: plan.route)
        let pocket = GuidanceModeCount(mode: .haptic, effects: heard)
        #expect(pocket.vibrations == 0 && pocket.speech > 0)
    }
}
