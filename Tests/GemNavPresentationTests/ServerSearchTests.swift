import Clocks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavSearch
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// The routing server chosen in Settings searches places too when it speaks Photon's API (as
/// `gemnav serve` does); the offline index stands in while it fails, and answers categories.
@MainActor @Suite struct ServerSearchTests {
    let point = Coordinate(latitude: 43.7384, longitude: 7.4246)

    /// A server answering `/api` and `/reverse` from Monaco's index as `gemnav serve` does,
    /// counting its requests.
    final class PhotonServer: @unchecked Sendable {
        // @unchecked: `paths` is only touched under `lock`.
        private let lock = NSLock()
        private var paths: [String] = []
        var down = false
        let index: SearchIndex

        init() throws { index = try #require(try MonacoData.data.get().loadSearchIndex()) }

        var requests: [String] { lock.withLock { paths } }

        func answer(_ request: URLRequest) throws -> (status: Int, body: Data) {
            let url = try #require(request.url)
            lock.withLock { paths.append(url.path) }
            if down { throw URLError(.cannotConnectToHost) }
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
            switch url.path {
            case "/api":
                let results = try index.search(value("q") ?? "", near: nil, limit: Int(value("limit") ?? "") ?? 10)
                return (200, PhotonGeoJSON.encode(results))
            case "/reverse":
                let at = Coordinate(latitude: Double(value("lat") ?? "") ?? 0, longitude: Double(value("lon") ?? "") ?? 0)
                return (200, PhotonGeoJSON.encode(index.reverse(at).map { [$0] } ?? []))
            case "/status": return (400, Data(#"{"code":"InvalidUrl"}"#.utf8))
            default: return (200, Data(#"{"code":"Ok","waypoints":[]}"#.utf8))
            }
        }
    }

    @Test func photonAnswersBecomePlacesAndTheIndexStandsInWhileTheServerIsDown() async throws {
        let server = try PhotonServer()
        let clock = TestClock()
        let offline = IndexPlaceSearch(index: server.index)
        let search = ServerPlaceSearch(server: URL(string: "http://search.test")!, fallback: offline,
                                       pause: .seconds(30), clock: clock) { try server.answer($0) }
        let found = try await search.search("casino", near: point, limit: 3)
        let local = try await offline.search("casino", near: nil, limit: 3)
        #expect(found.map(\.name) == local.map(\.name) && found.first?.id == local.first?.id)
        #expect(found.first?.subtitle == local.first?.subtitle, "the same words as the device's own results")
        let street = try #require(await search.reverse(point))
        #expect(street.name == (await offline.reverse(point))?.name)
        #expect(server.requests == ["/api", "/reverse"])

        server.down = true
        #expect(try await search.search("casino", near: point, limit: 3).map(\.name) == local.map(\.name))
        _ = try await search.search("stade", near: point, limit: 3)
        #expect(server.requests.count == 3, "after a failure the index answers alone for a while")
        server.down = false
        await clock.advance(by: .seconds(31))
        _ = try await search.search("stade", near: point, limit: 3)
        #expect(server.requests.count == 4, "then the server is asked again")
        #expect(await search.nearest(.pharmacy, near: point, limit: 2) == (await offline.nearest(.pharmacy, near: point, limit: 2)))
        #expect(server.requests.count == 4, "categories are the index's")
    }

    @Test func choosingAServerThatSearchesMovesSearchToItAndLeavingItComesBack() async throws {
        let server = try PhotonServer()
        var pro = AppSettings()
        pro.tier = .pro
        let persistence = InMemorySettings(pro)
        let settings = SettingsModel(persistence: persistence, store: nil, probe: ServerProbe { try server.answer($0) },
                                     probePoint: point)
        settings.send(.setRoutingServer("http://gemnav.test:5000"))
        await settings.settled()
        let saved = try #require(try persistence.loadSettings())
        #expect(saved.routingServerKind == .osrm && saved.routingServerSearches)

        // The live app on those settings searches through the server, the index standing in.
        let environment = try AppComposition.Environment.live(data: MonacoData.data.get(), store: try AppStore.inMemory(),
                                                              settings: persistence)
        let places = try #require(environment.places as? ServerPlaceSearch)
        #expect(places.server == URL(string: "http://gemnav.test:5000") && places.fallback is IndexPlaceSearch)
        var osrm = saved
        osrm.routingServerSearches = false
        #expect(environment.placesForSettings?(osrm) is IndexPlaceSearch, "an OSRM or Valhalla server does not search")
        var free = saved
        free.tier = .free
        #expect(environment.placesForSettings?(free) is IndexPlaceSearch)
    }

    @Test func theSearchScreenFollowsTheServerChoice() async throws {
        let server = try PhotonServer()
        let timer = TestClock()
        var environment = try MonacoData.appEnvironment(clock: ManualClock(), timer: timer)
        let offline = environment.places
        environment.placesForSettings = { settings in
            settings.routingServer == nil ? offline
                : ServerPlaceSearch(server: settings.routingServer!, fallback: offline) { try server.answer($0) }
        }
        var pro = AppSettings()
        pro.tier = .pro
        environment.settings = InMemorySettings(pro)
        environment.serverProbe = ServerProbe { try server.answer($0) }
        let app = AppComposition.build(environment)
        app.settings.send(.setRoutingServer("http://gemnav.test:5000"))
        await app.settings.settled()
        app.search.send(.typed("casino"))
        await timer.advance(by: .seconds(1))
        await app.search.settled()
        #expect(!app.search.state.results.isEmpty && server.requests.contains("/api"))
        let asked = server.requests.count
        app.settings.send(.setRoutingServer(nil))
        app.search.send(.typed("stade"))
        await timer.advance(by: .seconds(1))
        await app.search.settled()
        #expect(!app.search.state.results.isEmpty && server.requests.count == asked, "back on the device's index")
    }
}
