import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// The navigation screen intent by intent, each step stating the whole view state: the
/// disclosure, the first banner, mute, the guidance modes, pause, resume and the end.
extension NavigationModelTests {
    func at(_ place: Place, speed: Double = 10, after seconds: Double = 0) -> LocationFix {
        clock.advance(by: seconds)
        return LocationFix(coordinate: place.coordinate, horizontalAccuracy: 5, speed: speed, course: 90, timestamp: clock.now)
    }

    @Test func theScreenStepByStep() async throws {
        let appStore = try AppStore.inMemory()
        let plan = try await plan([Self.start, Self.end])
        let store = ScreenStore(model(store: appStore))
        let format = DisplayFormatter()
        let clockTime = TimeOfDayFormat()
        await store.run({ store.model.start(plan) }) {
            $0.phase = .awaitingConsent
            $0.disclosure = NavigationModel.Disclosure()
            $0.destinationName = "La Fin"
        }
        store.send(.fix(at(Self.start)))                       // nothing is guided before the answer
        store.send(.consent(granted: false)) {                 // guidance starts; the first fix places the user
            $0.disclosure = nil
            $0.phase = .navigating
            $0.screen.tripState = "navigating"
        }
        #expect(try appStore.consent == .denied)

        store.send(.fix(at(Self.start, after: 1))) {
            $0.screen.elapsed = 1
            $0.screen.banner = .init(icon: TurnIcon(type: .turn, modifier: .left), instruction: "Rue Haute",
                                     distanceText: "570 m", next: "You have arrived at your destination",
                                     nextIcon: TurnIcon(type: .arrive, modifier: nil))
            $0.screen.street = "Rue Basse"
            $0.screen.speedText = "36 km/h"
            $0.screen.remainingDistanceText = format.distance(plan.route.distance)
            $0.screen.remainingTimeText = format.duration(plan.route.duration)
            $0.screen.arrivalText = clockTime.time(clock.now.addingTimeInterval(plan.route.duration))
            $0.screen.lastPrompt = "Head east on Rue Basse"
        }
        store.receive(.speak("Head east on Rue Basse"))
        #expect(store.state.screen.remainingDistanceText == "1.1 km" && store.state.screen.arrivalText == "08:01")
        store.send(.toggleMute) { $0.isMuted = true }
        store.send(.setMode(.haptic)) { $0.mode = .haptic }
        store.send(.setMode(.voice)) { $0.mode = .voice }
        store.send(.pause) {
            $0.phase = .paused
        }
        store.send(.resume) { $0.phase = .navigating }
        store.send(.cancel) { $0.phase = .idle }
        store.send(.fix(at(Self.start, after: 1)))            // fixes after the end guide nothing
        store.finish()
    }
}
