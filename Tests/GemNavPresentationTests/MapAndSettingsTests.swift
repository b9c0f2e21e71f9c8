import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import Testing

@MainActor @Suite struct MapModelTests {
    let here = Coordinate(latitude: 43.7384, longitude: 7.4246)

    func fix(_ c: Coordinate, speed: Double = 10, course: Double = 90) -> LocationFix {
        LocationFix(coordinate: c, horizontalAccuracy: 5, speed: speed, course: course, timestamp: Date())
    }

    static let backgroundNotice = """
        GemNav cannot follow you in the background: allow location access "Always" to keep guidance \
        going with the screen off. Guidance goes on while GemNav is open.
        """

    @Test func followsUntilPannedThenRecenters() {
        let centre = Coordinate(latitude: 43.735, longitude: 7.42)
        let store = ScreenStore(MapModel(centre: centre))
        store.send(.permissionChanged(.whenInUse)) { $0.permission = .whenInUse }
        store.send(.located(fix(here))) {
            $0.position = here
            $0.course = 90
            $0.centre = here
        }
        let elsewhere = Coordinate(latitude: 43.73, longitude: 7.42)
        store.send(.moved(centre: elsewhere, zoom: 13)) {
            $0.centre = elsewhere
            $0.zoom = 13
            $0.isFollowing = false
            $0.showsRecenter = true
        }
        let next = Coordinate(latitude: 43.7385, longitude: 7.4250)
        store.send(.located(fix(next, speed: 0.5, course: 180))) { $0.position = next }   // too slow for a course
        store.send(.recenter) {
            $0.centre = next
            $0.isFollowing = true
            $0.showsRecenter = false
        }
        store.finish()
    }

    @Test func aCameraRequestIsNumberedOnceAndStopsFollowingUntilRecenter() {
        let map = MapModel()
        let place = MapCamera.place(Coordinate(latitude: 43.7275, longitude: 7.4156), zoom: 16)
        map.send(.show(place))
        #expect(map.state.camera == place && map.state.cameraRevision == 1 && !map.state.isFollowing)
        #expect(!map.state.showsRecenter, "without a position there is nowhere to recenter to")
        map.send(.show(place))
        #expect(map.state.cameraRevision == 1, "the same request again is not a new move")
        map.send(.permissionChanged(.whenInUse))
        map.send(.located(fix(here)))
        #expect(map.state.centre != here, "the map stays on the place it was asked to show")
        map.send(.recenter)
        #expect(map.state.isFollowing && map.state.centre == here && map.state.camera == place && map.state.cameraRevision == 1)
        let other = MapCamera.place(Coordinate(latitude: 43.7392, longitude: 7.4285), zoom: 16)
        map.send(.show(other))
        #expect(map.state.cameraRevision == 2 && !map.state.isFollowing && map.state.showsRecenter)
        map.send(.show(nil))
        #expect(map.state.camera == nil && map.state.isFollowing && !map.state.showsRecenter && map.state.cameraRevision == 2,
                "with nothing to show the map follows the user again")
    }

    @Test func aTripIsFollowedAtTheNavigationZoomAndRecenterComesBackToIt() {
        let map = MapModel()
        let store = ScreenStore(map)
        store.send(.permissionChanged(.whenInUse)) { $0.permission = .whenInUse }
        store.send(.located(fix(here))) {
            $0.position = here
            $0.course = 90
            $0.centre = here
        }
        map.isNavigating = true
        store.send(.recenter) { $0.zoom = MapCamera.navigationZoom }          // the trip starts
        let elsewhere = Coordinate(latitude: 43.73, longitude: 7.42)
        store.send(.moved(centre: elsewhere, zoom: 12)) {
            $0.centre = elsewhere
            $0.zoom = 12
            $0.isFollowing = false
            $0.showsRecenter = true
        }
        store.send(.recenter) {
            $0.centre = here
            $0.zoom = MapCamera.navigationZoom
            $0.isFollowing = true
            $0.showsRecenter = false
        }
        store.finish()
    }

    @Test func deniedExplainsAndOffersAStartKeepingTheLastPosition() {
        let store = ScreenStore(MapModel())
        store.send(.permissionChanged(.always)) { $0.permission = .always }
        store.send(.located(fix(here))) {
            $0.position = here
            $0.course = 90
            $0.centre = here
        }
        store.send(.permissionChanged(.denied)) {
            $0.permission = .denied
            $0.notice = "Location access is off, so GemNav cannot find you: type or pick a start instead, "
                + "or allow location access in Settings. The map shows your last known position."
        }
        store.send(.located(fix(Coordinate(latitude: 43.70, longitude: 7.40))))   // no positions without permission
        store.send(.permissionChanged(.restricted)) {
            $0.permission = .restricted
            $0.notice = "Location access is restricted on this device: type or pick a start instead."
        }
        store.finish()
    }

    @Test func backgroundPermissionLostDuringATripAsksToReauthorise() {
        let map = MapModel()
        map.isNavigating = true
        let store = ScreenStore(map)
        store.send(.permissionChanged(.always)) { $0.permission = .always }
        store.send(.permissionChanged(.whenInUse)) {
            $0.permission = .whenInUse
            $0.notice = Self.backgroundNotice
        }
        store.send(.lifecycle(.foreground)) { $0.notice = nil }      // guidance goes on in the foreground
        store.send(.lifecycle(.locked)) {
            $0.lifecycle = .locked
            $0.notice = Self.backgroundNotice
        }
        store.finish()
    }
}

@MainActor @Suite struct SettingsModelTests {
    let point = Coordinate(latitude: 43.7384, longitude: 7.4246)

    func model(_ saved: AppSettings? = nil, answer: @escaping ServerProbe.Transport = { _ in (200, Data(#"{"code":"Ok"}"#.utf8)) })
        throws -> (SettingsModel, InMemorySettings, AppStore)
    {
        let persistence = InMemorySettings(saved)
        let store = try AppStore.inMemory()
        return (SettingsModel(persistence: persistence, store: store, probe: ServerProbe(transport: answer), probePoint: point),
                persistence, store)
    }

    @Test func changesAreSavedAtOnce() throws {
        let (model, saved, _) = try model()
        let store = ScreenStore(model)
        store.send(.setUnits(.imperial)) { $0.settings.units = .imperial }
        store.send(.setLanguage("fr")) { $0.settings.language = "fr" }
        store.send(.setVoice(false)) { $0.settings.voice = false }
        store.send(.setHaptics(false)) { $0.settings.haptics = false }
        store.send(.setGuidanceMode(.haptic)) { $0.settings.guidanceMode = .haptic }
        #expect(try saved.loadSettings() == store.expected.settings)
        store.send(.setLanguage("de")) { $0.message = "GemNav speaks en and fr, not 'de'." }
        store.send(.setUnits(.metric)) {
            $0.message = nil
            $0.settings.units = .metric
        }
        store.finish()
    }

    @Test func aTierSourceDecidesAndSettingsSayWho() async throws {
        var saved = AppSettings()
        saved.tier = .pro
        let store = ScreenStore(SettingsModel(persistence: InMemorySettings(saved), store: nil, probePoint: point,
                                              tierSource: FixedTier(.free))) {
            $0.tierDecidedBy = "this server"
        }
        await store.run({ await store.model.settled() }) {
            $0.settings.tier = .free
            $0.features = Tier.free.features
        }
        store.send(.setTier(.pro)) { $0.message = "The tier is set by this server, not in Settings." }
        store.finish()
    }

    @Test func aPurchaseChangesTheTierWhileTheAppRuns() async throws {
        let storefront = Storefront()
        let store = ScreenStore(SettingsModel(persistence: InMemorySettings(), store: nil, probePoint: point,
                                              tierSource: storefront)) {
            $0.tierDecidedBy = "the App Store"
        }
        await store.run({ await store.model.settled() }) {             // the saved Plus gives way to the source's Free
            $0.settings.tier = .free
            $0.features = Tier.free.features
        }
        await store.run({
            storefront.updates.yield(.pro)
            for _ in 0..<100 where store.model.state.settings.tier != .pro { await Task.yield() }
        }) {
            $0.settings.tier = .pro
            $0.features = Tier.pro.features
        }
        await store.run({
            storefront.updates.yield(.plus)
            for _ in 0..<100 where store.model.state.settings.tier != .plus { await Task.yield() }
        }) {
            $0.settings.tier = .plus
            $0.features = Tier.plus.features
        }
        store.finish()
    }

    /// A purchase that starts on Free and changes when the test says.
    final class Storefront: TierSource, @unchecked Sendable {
        // @unchecked: the stream and its continuation are made once and never reassigned.
        let stream: AsyncStream<Tier>
        let updates: AsyncStream<Tier>.Continuation
        init() { (stream, updates) = AsyncStream.makeStream() }
        var decider: String { "the App Store" }
        func currentTier() async -> Tier { .free }
        func tierUpdates() -> AsyncStream<Tier> { stream }
    }

    @Test func routingServerIsProOnlyAndCheckedFirst() async throws {
        let (model, saved, _) = try model()
        let store = ScreenStore(model)
        store.send(.setRoutingServer("http://localhost:5000")) {
            $0.message = "Choosing the routing engine is part of GemNav Pro."
        }
        store.send(.setTier(.pro)) {
            $0.message = nil
            $0.settings.tier = .pro
            $0.features = Tier.pro.features
        }
        store.send(.setRoutingServer("http://localhost:5000")) { $0.server = .checking }
        await store.run({ await model.settled() }) {
            $0.server = .available
            $0.settings.routingServer = URL(string: "http://localhost:5000")
            $0.settings.routingServerKind = .osrm
            $0.settings.routingServerSearches = false
        }
        #expect(try saved.loadSettings() == store.expected.settings)
        store.send(.setTier(.free)) {
            $0.server = .embedded
            $0.settings.tier = .free
            $0.settings.routingServer = nil
            $0.features = Tier.free.features
        }
        #expect(!store.state.features.inAppMap && store.state.features.externalMapsHandOff)
        store.finish()
    }

    @Test func serverThatIsNotOSRMIsRefusedWithTheReason() async throws {
        var pro = AppSettings()
        pro.tier = .pro
        let (model, saved, _) = try model(pro) { _ in (200, Data("<html>".utf8)) }
        let store = ScreenStore(model)
        store.send(.setRoutingServer("http://example.test")) { $0.server = .checking }
        await store.run({ await model.settled() }) {
            $0.server = .unavailable("The server at http://example.test answered, but neither as an OSRM server nor as a Valhalla server (HTTP 200).")
        }
        #expect(try saved.loadSettings()?.routingServer == nil)
        store.send(.setRoutingServer("not a url")) {
            $0.server = .unavailable("'not a url' is not a server address such as http://localhost:5000.")
        }
        store.finish()
    }

    @Test func consentIsStored() throws {
        let (model, _, appStore) = try model()
        let store = ScreenStore(model)
        store.send(.setConsent(true)) { $0.consent = .granted }
        #expect(try appStore.consent == .granted)
        store.send(.setConsent(false)) { $0.consent = .denied }
        #expect(try appStore.consent == .denied)
        store.finish()
    }

    @Test func settingsFromANewerVersionKeepWhatTheyCan() throws {
        let json = #"{"tier":"pro","units":"imperial","language":"fr","futureOption":42,"guidanceMode":"teleport"}"#
        let s = try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8))
        #expect(s.tier == .pro && s.units == .imperial && s.language == "fr" && s.guidanceMode == .visual && s.voice)
    }
}

@Suite struct TierAndLinkTests {
    @Test func tiersAreData() {
        #expect(!Tier.free.features.inAppMap && !Tier.free.features.cloudAssistant)
        #expect(Tier.plus.features.inAppMap && Tier.plus.features.cloudAssistant && !Tier.plus.features.truckRouting)
        #expect(Tier.pro.features.truckRouting && Tier.pro.features.routingEngineChoice)
    }

    @Test func externalMapsLinksCarryStopsWhereTheTargetTakesThem() {
        let stade = Coordinate(latitude: 43.727505, longitude: 7.415554)
        let palais = Coordinate(latitude: 43.731, longitude: 7.42)
        #expect(ExternalMapsLink.url(.googleMapsApp, to: stade).absoluteString
            == "comgooglemaps://?daddr=43.727505,7.415554&directionsmode=driving")
        #expect(ExternalMapsLink.url(.appleMaps, to: stade, mode: .walking).absoluteString
            == "maps://?daddr=43.727505,7.415554&dirflg=w")
        #expect(ExternalMapsLink.url(.appleMaps, to: stade, via: [palais]).absoluteString
            == "maps://?daddr=43.731000,7.420000&daddr=43.727505,7.415554&dirflg=d")
        #expect(ExternalMapsLink.url(.googleMapsWeb, to: stade, via: [palais], mode: .bicycling).absoluteString
            == "https://www.google.com/maps/dir/?api=1&destination=43.727505,7.415554&travelmode=bicycling&waypoints=43.731000,7.420000")
        #expect(ExternalMapsLink.url(.geo, to: stade).absoluteString == "geo:43.727505,7.415554?q=43.727505,7.415554")
        #expect(ExternalMapsLink.url(.googleMapsApp, to: stade, via: [palais]).absoluteString.contains("daddr=43.731000,7.420000"),
                "a target without stops is sent to the first stop, never past it")
    }
}
