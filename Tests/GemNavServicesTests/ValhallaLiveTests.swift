import Foundation
import GemNavCore
import GemNavServices
import Testing

/// The Valhalla server the live tests use, nil to skip them.
let liveValhalla = ProcessInfo.processInfo.environment["GEMNAV_VALHALLA_URL"].flatMap(URL.init(string:))

/// Monaco trips routed by a real Valhalla server and driven to arrival. Opt-in: runs when
/// `GEMNAV_VALHALLA_URL` names the server (`ci/valhalla_check.sh` starts one on Monaco tiles).
@Suite(.enabled(if: liveValhalla != nil, "set GEMNAV_VALHALLA_URL to a Valhalla server on Monaco"))
struct ValhallaLiveTests {
    static let trips: [[Coordinate]] = [
        [WholeTripTests.monteCarlo, WholeTripTests.fontvieille],
        [WholeTripTests.larvotto, WholeTripTests.fontvieille],
        [WholeTripTests.fontvieille, WholeTripTests.larvotto],
        [WholeTripTests.monteCarlo, WholeTripTests.condamine, WholeTripTests.larvotto],
    ]

    @Test(arguments: trips.indices)
    func valhallaRouteIsDrivenToArrival(trip index: Int) async throws {
        let points = Self.trips[index]
        let valhalla = ValhallaHTTPRouteProvider(baseURL: try #require(liveValhalla))
        let route = try await valhalla.route(for: RouteQuery(waypoints: points))
        let engine = try await Fixtures.provider(Fixtures.monacoEngine).route(for: RouteQuery(waypoints: points))
        // Two routers on the same map: the same trip within reason.
        #expect(route.distance > 0.6 * engine.distance && route.distance < 1.6 * engine.distance,
                "Valhalla \(route.distance) m, GemNav \(engine.distance) m")
        let trip = try await Trip.simulate(route, provider: valhalla)
        TripChecks.contract(trip, stops: points.count - 2)
        #expect(trip.count("voice") >= route.legs.count)
    }

    @Test func missedTurnIsReroutedByValhalla() async throws {
        let valhalla = ValhallaHTTPRouteProvider(baseURL: try #require(liveValhalla))
        let route = try await valhalla.route(for: RouteQuery(waypoints: Self.trips[0]))
        let trip = try await Trip.simulate(route, provider: valhalla, missedTurn: 2)
        TripChecks.contract(trip)
        #expect(trip.events.contains { if case .reroute(let r) = $0.event { r.succeeded } else { false } })
    }

    @Test func alternativesAndErrorsFromTheRealServer() async throws {
        let valhalla = ValhallaHTTPRouteProvider(baseURL: try #require(liveValhalla))
        let routes = try await valhalla.routes(for: RouteQuery(
            waypoints: [WholeTripTests.monteCarlo, WholeTripTests.condamine], alternatives: 2))
        #expect(routes.count >= 2)
        do {
            _ = try await valhalla.routes(for: RouteQuery(waypoints: [Coordinate(latitude: 40, longitude: 5), WholeTripTests.fontvieille]))
            Issue.record("a point in the sea has no route")
        } catch let error as AppError {
            guard case .noRoute = error.kind else { Issue.record("\(error)"); return }
        }
        #expect(await ServerProbe().examine(try #require(liveValhalla), near: WholeTripTests.monteCarlo) == .server(.valhalla))
    }
}
