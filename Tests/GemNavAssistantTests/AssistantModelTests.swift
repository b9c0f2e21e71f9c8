import Clocks
import Foundation
import GemNavAssistant
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// The chat screen acting on the whole app on Monaco: a trip planned and started from words,
/// the mode and mute switched, a question answered from the navigation screen, the trip ended.
@MainActor @Suite struct AssistantModelTests {
    static let casino = Coordinate(latitude: 43.7392, longitude: 7.4285)

    func app() throws -> (AppModel, AssistantModel) {
        let environment = try MonacoData.appEnvironment(clock: ManualClock(), timer: TestClock())
        let app = AppComposition.build(environment)
        app.map.send(.permissionChanged(.whenInUse))
        app.send(.located(LocationFix(coordinate: Self.casino, horizontalAccuracy: 5, timestamp: Date())))
        return (app, AppComposition.assistant(for: app, in: environment))
    }

    @Test func wordsDriveTheApp() async throws {
        let (app, chat) = try app()
        chat.send(.ask("take me to the stade louis II avoiding tolls"))
        #expect(chat.state.isThinking)
        await chat.settled()
        #expect(!chat.state.isThinking)
        #expect(chat.state.messages.map(\.author) == [.user, .assistant])
        #expect(chat.state.messages[1].text.hasPrefix("Taking you to Stade Louis II, avoiding tolls: "))
        #expect(app.planning.state.destination?.name == "Stade Louis II" && app.planning.state.avoid == [.tolls])
        #expect(app.screen == .navigation && app.navigation.state.phase == .awaitingConsent)
        app.navigation.send(.consent(granted: false))

        chat.send(.ask("passe en mode poche"))
        chat.send(.ask("mute"))
        await chat.settled()
        #expect(app.navigation.state.mode == .haptic && app.navigation.state.isMuted)

        app.send(.located(LocationFix(coordinate: Self.casino, horizontalAccuracy: 5, timestamp: Date())))
        let screen = app.navigation.state.screen
        try #require(!screen.remainingTimeText.isEmpty)
        chat.send(.ask("how long?"))
        await chat.settled()
        #expect(chat.state.messages.last?.text
            == "\(screen.remainingTimeText) to Stade Louis II (\(screen.remainingDistanceText)), arriving at \(screen.arrivalText).")

        chat.send(.ask("save it as a favourite called stadium"))
        chat.send(.ask("cancel the trip"))
        await chat.settled()
        #expect(app.screen == .map && app.navigation.state.phase == .idle)
        #expect(app.places?.state.favourites.contains { $0.name == "Stadium" } == true)
        chat.send(.clear)
        #expect(chat.state.messages.isEmpty)
    }

    @Test func wordsControlTheTripUnderWay() async throws {
        let (app, chat) = try app()
        chat.send(.ask("take me to the stade louis II via place du palais"))
        await chat.settled()
        app.navigation.send(.consent(granted: false))
        app.send(.located(LocationFix(coordinate: Self.casino, horizontalAccuracy: 5, timestamp: Date())))
        #expect(app.navigation.state.phase == .navigating && app.planning.state.stops.map(\.name) == ["Place du Palais"])

        chat.send(.ask("pause navigation"))
        await chat.settled()
        #expect(app.navigation.state.phase == .paused)
        chat.send(.ask("resume"))
        await chat.settled()
        #expect(app.navigation.state.phase == .navigating)
        #expect(chat.state.messages.last?.text == "Guiding you to Stade Louis II again.")

        chat.send(.ask("is there a faster route?"))
        await chat.settled()
        #expect(chat.state.messages.last?.turn?.actions == [.checkRoute])

        chat.send(.ask("turn off vibrations"))
        await chat.settled()
        #expect(!app.settings.state.settings.haptics && !app.navigation.hapticsOn)
        chat.send(.ask("switch to pocket mode"))
        await chat.settled()
        #expect(app.settings.state.settings.haptics && app.navigation.state.mode == .haptic)

        // The stop is dropped and the trip re-planned from here to the destination.
        chat.send(.ask("skip the next stop"))
        await chat.settled()
        #expect(chat.state.messages.last?.text == "Skipping Place du Palais: on to Stade Louis II.")
        #expect(app.planning.state.stops.isEmpty && app.planning.state.destination?.name == "Stade Louis II")
        chat.send(.ask("skip the next stop"))
        await chat.settled()
        #expect(chat.state.messages.last?.text == "There is no stop to skip.")
    }

    @Test func askedForFrenchTheAppSpeaksFrench() async throws {
        let (app, chat) = try app()
        chat.send(.ask("speak french please"))
        await chat.settled()
        #expect(chat.state.messages.last?.text == "Je parle français désormais.")
        #expect(app.settings.state.settings.language == "fr" && chat.language == .fr)
        chat.send(.ask("find a pharmacy"))
        await chat.settled()
        #expect(chat.state.messages.last?.turn?.language == .fr)
    }

    @Test func placesNearbyShowInSearch() async throws {
        let (app, chat) = try app()
        chat.send(.ask("find a pharmacy"))
        await chat.settled()
        #expect(app.screen == .search && app.search.state.category == .pharmacy)
    }
}
