import Clocks
import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// Settings take effect the moment they change, in the whole app on Monaco: voice, units,
/// language, the route providers; arrival times in the user's zone and locale; the support
/// log exported and deleted from Settings; places deleted one by one.
@MainActor @Suite struct SettingsInForceTests {
    static let casino = Coordinate(latitude: 43.7392, longitude: 7.4285)
    static let stade = Place(name: "Stade Louis II", coordinate: Coordinate(latitude: 43.7275, longitude: 7.4156))
    /// 2027-01-15 08:00 UTC: 09:00 in Paris.
    static let morning = Date(timeIntervalSince1970: 1_800_000_000)

    /// The app on Monaco at the casino, with routing by `providers` rebuilt for each change
    /// of settings and counted in `builds`.
    func app(timeZone: TimeZone = .gmt, locale: Locale? = nil, supportLog: SupportLog? = nil,
             builds: Counter = Counter()) throws -> AppModel
    {
        var environment = try MonacoData.appEnvironment(clock: ManualClock(start: Self.morning), timer: TestClock())
        let engine = try #require((environment.providers[.car] as? EngineRouteProvider)?.engine)
        environment.timeZone = timeZone
        environment.locale = locale
        environment.supportLog = supportLog
        environment.providersForSettings = { settings in
            builds.add()
            return [.car: EngineRouteProvider(engine: engine,
                                              guidance: GuidanceOptions(language: settings.language, units: settings.units))]
        }
        try environment.store?.setConsent(.denied)
        let app = AppComposition.build(environment)
        app.map.send(.permissionChanged(.whenInUse))
        app.send(.located(LocationFix(coordinate: Self.casino, horizontalAccuracy: 5, timestamp: Self.morning)))
        return app
    }

    func planToTheStade(_ app: AppModel) async throws -> RouteSummary {
        app.planning.send(.setDestination(Self.stade))
        await app.planning.settled()
        return try #require(app.planning.state.selectedRoute)
    }

    func spoken(_ effects: [NavigationModel.Effect]) -> [String] {
        effects.compactMap { if case .speak(let text) = $0 { text } else { nil } }
    }

    /// Starts the planned trip and drives its first fix, which the departure prompt follows.
    func startAtTheCasino(_ app: AppModel) {
        app.send(.startNavigation)
        app.send(.located(LocationFix(coordinate: Self.casino, horizontalAccuracy: 5, timestamp: Self.morning)))
    }

    @Test func voiceOffSilencesTheNextPromptAndOnSpeaksAgain() async throws {
        let app = try app()
        app.settings.send(.setVoice(false))
        _ = try await planToTheStade(app)
        startAtTheCasino(app)
        #expect(app.navigation.state.phase == .navigating)
        #expect(spoken(app.navigation.takeEffects()).isEmpty, "the departure prompt is not spoken")
        app.send(.endTrip)
        app.settings.send(.setVoice(true))
        _ = try await planToTheStade(app)
        startAtTheCasino(app)
        #expect(spoken(app.navigation.takeEffects()).first?.hasPrefix("Head") == true)
    }

    @Test func unitsAndLanguageRewordTheRouteCardAtOnceAndReachTheRouter() async throws {
        let builds = Counter()
        let app = try app(builds: builds)
        let metric = try await planToTheStade(app)
        #expect(metric.distanceText.hasSuffix(" km") || metric.distanceText.hasSuffix(" m"))
        app.settings.send(.setHaptics(false))
        #expect(builds.count == 0 && !app.navigation.hapticsOn, "vibration needs no new router")
        app.settings.send(.setUnits(.imperial))
        #expect(builds.count == 1)
        await app.planning.settled()
        let imperial = try #require(app.planning.state.selectedRoute)
        #expect(imperial.distanceText.hasSuffix(" mi") || imperial.distanceText.hasSuffix(" ft"))
        app.settings.send(.setLanguage("fr"))
        #expect(builds.count == 2)
        await app.planning.settled()
        let french = try #require(app.planning.state.selectedRoute)
        #expect(french.route.legs[0].steps[0].maneuver.instruction.lowercased().contains("dirigez") == true,
                "routes are asked again in French: \(french.route.legs[0].steps[0].maneuver.instruction)")
        startAtTheCasino(app)
        #expect(spoken(app.navigation.takeEffects()).first?.contains("Dirigez") == true)
    }

    @Test func arrivalTimesAreInTheUsersZoneAndLocale() async throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let american = try app(timeZone: paris, locale: Locale(identifier: "en_US"))
        let card = try await planToTheStade(american)
        #expect(card.arrivalText.hasPrefix("9:0") && card.arrivalText.hasSuffix("AM"), "\(card.arrivalText)")
        american.send(.startNavigation)
        american.send(.located(LocationFix(coordinate: Self.casino, horizontalAccuracy: 5, timestamp: Self.morning)))
        let arrival = american.navigation.state.screen.arrivalText
        #expect(arrival.hasPrefix("9:0") && arrival.hasSuffix("AM"), "the navigation screen too: \(arrival)")

        let french = try app(timeZone: paris, locale: Locale(identifier: "fr_FR"))
        #expect(try await planToTheStade(french).arrivalText.hasPrefix("09:0"))
        let plain = try app()
        #expect(try await planToTheStade(plain).arrivalText.hasPrefix("08:0"), "no locale: 24-hour in the app's zone")
    }

    @Test func theSupportLogIsExportedAndDeletedFromSettings() async throws {
        let dir = TestData.temporary("support-log-settings")
        try? FileManager.default.removeItem(at: dir)
        let app = try app(supportLog: SupportLog(directory: dir))
        #expect(app.settings.state.hasSupportLog)
        app.settings.send(.exportSupportLog)
        #expect(app.settings.takeEffects().isEmpty && app.settings.state.message?.contains("empty") == true)
        _ = try await planToTheStade(app)
        app.send(.startNavigation)
        app.settings.send(.exportSupportLog)
        let effects = app.settings.takeEffects()
        guard case .share(let name, let text)? = effects.first else {
            Issue.record("no export: \(effects), \(app.settings.state.message ?? "")")
            return
        }
        #expect(name == SettingsModel.supportLogFileName && text.contains("Trip started"))
        #expect(text.contains("[position withheld]"), "consent was denied")
        app.settings.send(.clearSupportLog)
        app.settings.send(.exportSupportLog)
        #expect(app.settings.takeEffects().isEmpty && app.settings.state.message?.contains("empty") == true)
        let without = try self.app()
        without.settings.send(.exportSupportLog)
        #expect(!without.settings.state.hasSupportLog && without.settings.state.message == "This app keeps no support log.")
    }

    @Test func placesAreDeletedOneByOne() async throws {
        let store = try AppStore.inMemory()
        try store.setConsent(.granted)
        let places = PlacesModel(store: store)
        places.send(.setHome(Self.stade))
        places.send(.addFavourite(Place(name: "Casino", coordinate: Self.casino), name: "Casino"))
        places.recordDestination(Self.stade)
        places.recordDestination(Place(name: "Port Hercule", coordinate: Coordinate(latitude: 43.7347, longitude: 7.4226)))
        let recorder = TripRecorder(store: store)
        for minutes in [0.0, 30] {
            let trip = try #require(try recorder.startTrip(at: Self.morning.addingTimeInterval(minutes * 60), originName: "A"))
            try recorder.finishTrip(trip, at: Self.morning.addingTimeInterval(minutes * 60 + 600), destinationName: "B")
        }
        places.send(.reload)
        #expect(places.state.favourites.count == 2 && places.state.recents.count == 2 && places.state.trips.count == 2)
        let newest = try #require(places.state.trips.first)
        #expect(newest.startedAt == Self.morning.addingTimeInterval(1800), "trips newest first")
        places.send(.deleteTrip(newest.id))
        places.send(.deleteFavourite(try #require(places.state.favourites.first { $0.name == "Casino" }).id))
        places.send(.deleteRecent(try #require(places.state.recents.first).id))
        #expect(places.state.trips.count == 1 && places.state.trips.first?.id != newest.id)
        #expect(places.state.favourites.map(\.name) == ["Home"] && places.state.recents.count == 1)
        places.send(.clearRecents)
        #expect(places.state.recents.isEmpty && places.state.message == nil)
        #expect(try store.trips().count == 1, "the store holds what the screen shows")
    }
}

/// Counts calls from any context.
final class Counter: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = 0

    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
