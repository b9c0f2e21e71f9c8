import Foundation
import GemNavCore
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// The Pro routing-engine setting tells a Valhalla server from an OSRM one, remembers which
/// it is (settings saved before it knew read as OSRM), and the live app routes with the
/// matching provider, the embedded engine still standing by.
@MainActor @Suite struct RoutingServerKindTests {
    nonisolated static let valhallaStatus = #"{"version":"3.9.1","available_actions":["route","locate","status"]}"#
    let point = Coordinate(latitude: 43.7384, longitude: 7.4246)

    func chooseServer(answering answer: @escaping ServerProbe.Transport) async throws -> AppSettings? {
        var pro = AppSettings()
        pro.tier = .pro
        let persistence = InMemorySettings(pro)
        let model = SettingsModel(persistence: persistence, store: nil, probe: ServerProbe(transport: answer),
                                  probePoint: point)
        model.send(.setRoutingServer("http://routing.test:8002"))
        await model.settled()
        return try persistence.loadSettings()
    }

    @Test func valhallaServerIsRecognisedByItsStatus() async throws {
        let saved = try await chooseServer { request in
            request.url?.path == "/status" ? (200, Data(Self.valhallaStatus.utf8)) : (404, Data())
        }
        #expect(saved?.routingServer == URL(string: "http://routing.test:8002"))
        #expect(saved?.routingServerKind == .valhalla)
    }

    @Test func osrmServerIsRecognisedByItsNearestAnswer() async throws {
        // osrm-routed answers an unknown path with its own error JSON, which is no Valhalla status.
        let saved = try await chooseServer { request in
            request.url?.path == "/status"
                ? (400, Data(#"{"code":"InvalidUrl","message":"URL string malformed"}"#.utf8))
                : (200, Data(#"{"code":"Ok","waypoints":[]}"#.utf8))
        }
        #expect(saved?.routingServerKind == .osrm)
    }

    @Test func settingsSavedBeforeTheKindExistedReadAsOSRM() throws {
        let decoder = JSONDecoder()
        let old = try decoder.decode(AppSettings.self, from: Data(#"{"tier":"pro","routingServer":"http:\/\/10.0.0.2:5000"}"#.utf8))
        #expect(old.routingServer == URL(string: "http://10.0.0.2:5000") && old.routingServerKind == .osrm)
        let valhalla = try decoder.decode(AppSettings.self, from: Data(#"{"routingServer":"http:\/\/v:8002","routingServerKind":"valhalla"}"#.utf8))
        #expect(valhalla.routingServerKind == .valhalla)
        let future = try decoder.decode(AppSettings.self, from: Data(#"{"routingServerKind":"graphhopper","units":"imperial"}"#.utf8))
        #expect(future.routingServerKind == .osrm && future.units == .imperial)
        var settings = AppSettings()
        settings.routingServerKind = .valhalla
        #expect(try decoder.decode(AppSettings.self, from: JSONEncoder().encode(settings)) == settings)
    }

    @Test func liveAppRoutesWithTheChosenKindAndFallsBackToTheEngine() throws {
        var settings = AppSettings()
        settings.tier = .pro
        settings.language = "fr"
        settings.routingServer = URL(string: "http://127.0.0.1:8002")
        settings.routingServerKind = .valhalla
        let store = try AppStore.inMemory()
        let environment = try AppComposition.Environment.live(data: MonacoData.data.get(), store: store,
                                                              settings: InMemorySettings(settings))
        let car = try #require(environment.providers[.car] as? FallbackRouteProvider)
        let valhalla = try #require(car.primary as? ValhallaHTTPRouteProvider)
        #expect(valhalla.costing == .auto && valhalla.guidance.language == "fr")
        #expect(car.fallback is EngineRouteProvider)
        settings.routingServerKind = .osrm
        let osrm = try AppComposition.Environment.live(data: MonacoData.data.get(), store: store,
                                                       settings: InMemorySettings(settings))
        #expect((osrm.providers[.car] as? FallbackRouteProvider)?.primary is OSRMHTTPRouteProvider)
    }
}
