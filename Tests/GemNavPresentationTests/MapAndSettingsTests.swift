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

    @Test func followsUntilPannedThenRecenters() {
        let map = MapModel()
        map.send(.permissionChanged(.whenInUse))
        map.send(.located(fix(here)))
        #expect(map.state.centre == here && map.state.course == 90 && map.state.isFollowing && !map.state.showsRecenter)
        let elsewhere = Coordinate(latitude: 43.73, longitude: 7.42)
        map.send(.moved(centre: elsewhere, zoom: 13))
        let next = Coordinate(latitude: 43.7385, longitude: 7.4250)
        map.send(.located(fix(next)))
        #expect(map.state.centre == elsewhere && map.state.position == next && map.state.showsRecenter)
        map.send(.recenter)
        #expect(map.state.centre == next && map.state.isFollowing && !map.state.showsRecenter)
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

    @Test func deniedExplainsAndOffersAStartKeepingTheLastPosition() {
        let map = MapModel()
        map.send(.permissionChanged(.always))
        map.send(.located(fix(here)))
        map.send(.permissionChanged(.denied))
        #expect(map.state.notice?.contains("type or pick a start") == true)
        #expect(map.state.notice?.contains("last known position") == true && map.state.position == here)
        map.send(.located(fix(Coordinate(latitude: 43.70, longitude: 7.40))))
        #expect(map.state.position == here, "no positions are used without permission")
        map.send(.permissionChanged(.restricted))
        #expect(map.state.notice?.hasPrefix("Location access is restricted") == true)
    }

    @Test func backgroundPermissionLostDuringATripAsksToReauthorise() {
        let map = MapModel()
        map.isNavigating = true
        map.send(.permissionChanged(.always))
        map.send(.permissionChanged(.whenInUse))
        #expect(map.state.notice?.contains("Always") == true)
        map.send(.lifecycle(.foreground))
        #expect(map.state.notice == nil, "guidance goes on in the foreground")
        map.send(.lifecycle(.locked))
        #expect(map.state.lifecycle == .locked && map.state.notice?.contains("Always") == true)
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
        model.send(.setUnits(.imperial))
        model.send(.setLanguage("fr"))
        model.send(.setVoice(false))
        model.send(.setGuidanceMode(.haptic))
        let s = try #require(try saved.loadSettings())
        #expect(s.units == .imperial && s.language == "fr" && !s.voice && s.guidanceMode == .haptic)
        model.send(.setLanguage("de"))
        #expect(model.state.message == "GemNav speaks en and fr, not 'de'." && model.state.settings.language == "fr")
    }

    @Test func aTierSourceDecidesAndSettingsSayWho() async throws {
        var saved = AppSettings()
        saved.tier = .pro
        let model = SettingsModel(persistence: InMemorySettings(saved), store: nil, probePoint: point,
                                  tierSource: FixedTier(.free))
        await model.settled()
        #expect(model.state.settings.tier == .free && !model.state.features.inAppMap)
        #expect(model.state.tierDecidedBy == "this server")
        model.send(.setTier(.pro))
        #expect(model.state.settings.tier == .free && model.state.message == "The tier is set by this server, not in Settings.")
    }

    @Test func aPurchaseChangesTheTierWhileTheAppRuns() async throws {
        let store = Storefront()
        let model = SettingsModel(persistence: InMemorySettings(), store: nil, probePoint: point, tierSource: store)
        await model.settled()
        #expect(model.state.settings.tier == .free && model.state.tierDecidedBy == "the App Store")
        store.updates.yield(.pro)
        for _ in 0..<100 where model.state.settings.tier != .pro { await Task.yield() }
        #expect(model.state.settings.tier == .pro && model.state.features.truckRouting && model.state.features.inAppMap)
        store.updates.yield(.plus)
        for _ in 0..<100 where model.state.settings.tier != .plus { await Task.yield() }
        #expect(model.state.settings.tier == .plus && !model.state.features.routingEngineChoice)
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
        model.send(.setRoutingServer("http://localhost:5000"))
        #expect(model.state.message == "Choosing the routing engine is part of GemNav Pro.")
        model.send(.setTier(.pro))
        model.send(.setRoutingServer("http://localhost:5000"))
        #expect(model.state.server == .checking)
        await model.settled()
        #expect(model.state.server == .available)
        #expect(try saved.loadSettings()?.routingServer == URL(string: "http://localhost:5000"))
        model.send(.setTier(.free))
        #expect(model.state.server == .embedded && model.state.settings.routingServer == nil)
        #expect(!model.state.features.inAppMap && model.state.features.externalMapsHandOff)
    }

    @Test func serverThatIsNotOSRMIsRefusedWithTheReason() async throws {
        var pro = AppSettings()
        pro.tier = .pro
        let (model, saved, _) = try model(pro) { _ in (200, Data("<html>".utf8)) }
        model.send(.setRoutingServer("http://example.test"))
        await model.settled()
        #expect(model.state.server == .unavailable("The server at http://example.test answered, but neither as an OSRM server nor as a Valhalla server (HTTP 200)."))
        #expect(try saved.loadSettings()?.routingServer == nil)
        model.send(.setRoutingServer("not a url"))
        guard case .unavailable = model.state.server else { Issue.record("accepted"); return }
    }

    @Test func consentIsStored() throws {
        let (model, _, store) = try model()
        #expect(model.state.consent == .awaiting)
        model.send(.setConsent(true))
        let stored = try store.consent
        #expect(model.state.consent == .granted && stored == .granted)
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
