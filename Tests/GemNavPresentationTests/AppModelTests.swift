import Clocks
import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// The app's moves between screens on the Monaco map: places feeding search, "go home" in one
/// intent, the hand-off to another maps app, and the support log following the consent.
@MainActor @Suite struct AppModelTests {
    static let casino = Coordinate(latitude: 43.7392, longitude: 7.4285)
    static let stade = Coordinate(latitude: 43.7275, longitude: 7.4156)

    func app(store: AppStore, supportLog: SupportLog? = nil, tier: Tier = .plus) throws -> AppModel {
        let data = try MonacoData.data.get()
        let index = try #require(try data.loadSearchIndex())
        var settings = AppSettings()
        settings.tier = tier
        let app = AppComposition.build(AppComposition.Environment(
            providers: [.car: EngineRouteProvider(engine: try data.loadEngine())], places: IndexPlaceSearch(index: index),
            store: store, settings: InMemorySettings(settings), clock: ManualClock(), timer: TestClock(),
            centre: index.centre, timeZone: .gmt, supportLog: supportLog))
        app.map.send(.permissionChanged(.whenInUse))
        app.send(.located(LocationFix(coordinate: Self.casino, horizontalAccuracy: 5, timestamp: Date())))
        return app
    }

    @Test func goHomeInOneIntentAndPlacesFillSearch() async throws {
        let store = try AppStore.inMemory()
        try store.setConsent(.denied)
        let app = try app(store: store)
        app.send(.goHome)
        #expect(app.message == "Home is not set: save a place as Home in Places first.")
        app.places?.send(.setHome(Place(name: "Stade Louis II", coordinate: Self.stade)))
        app.send(.open(.search))
        #expect(app.search.state.suggestions.first?.name == "Home")
        app.send(.goHome)
        await app.settled()
        #expect(app.screen == .navigation && app.navigation.state.phase == .navigating)
        #expect(app.navigation.state.destinationName == "Home")
        #expect(try store.recentDestinations().map(\.name) == ["Home"])
        app.send(.endTrip)
        #expect(app.screen == .map && app.navigation.state.phase == .idle && app.planning.state.phase == .idle)
    }

    @Test func closingAScreenGoesBackToTheOneItWasOpenedOver() async throws {
        let app = try app(store: try AppStore.inMemory())
        app.send(.open(.settings))
        app.send(.close)
        #expect(app.screen == .map)
        app.planning.send(.setDestination(Place(name: "Stade", coordinate: Self.stade)))
        app.send(.open(.planning))
        app.send(.open(.settings))
        app.send(.open(.places))
        app.send(.close)
        #expect(app.screen == .planning, "over the route card, however many screens were opened over it")
        app.send(.close)
        #expect(app.screen == .planning, "the route card is not shown over anything")
        app.planning.send(.reset)
        app.send(.open(.assistant))
        app.send(.close)
        #expect(app.screen == .map, "a route card with nothing left on it is not shown again")
    }

    @Test func freeTierHandsTheTripToAnotherMapsApp() async throws {
        let app = try app(store: try AppStore.inMemory(), tier: .free)
        #expect(!app.features.inAppMap)
        app.planning.send(.setDestination(Place(name: "Stade", coordinate: Self.stade)))
        app.send(.handOff(.appleMaps))
        #expect(app.takeEffects() == [.openURL(URL(string: "maps://?daddr=43.727500,7.415600&dirflg=d")!)])
    }

    @Test func supportLogShowsPositionsOnlyWithConsent() async throws {
        let dir = TestData.temporary("support-log-app")
        try? FileManager.default.removeItem(at: dir)
        let log = SupportLog(directory: dir)
        let store = try AppStore.inMemory()
        let app = try app(store: store, supportLog: log)
        app.places?.send(.setHome(Place(name: "Stade Louis II", coordinate: Self.stade)))
        app.send(.goHome)
        await app.settled()
        #expect(app.navigation.state.phase == .awaitingConsent)
        app.navigation.send(.consent(granted: false))
        var text = String(decoding: try log.exportedData(), as: UTF8.self)
        #expect(text.contains("Trip started") && text.contains("[position withheld]") && !text.contains("43.7275"))
        app.send(.endTrip)
        app.settings.send(.setConsent(true))
        app.send(.goHome)
        await app.settled()
        text = String(decoding: try log.exportedData(), as: UTF8.self)
        #expect(text.contains("destination=43.7275"))
    }
}
