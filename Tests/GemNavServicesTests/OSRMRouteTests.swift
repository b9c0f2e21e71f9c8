import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GemNavServices
import GemNavCore
import GemNavOSRM
import GemNavNavigation
import Testing

/// A route that went through OSRM JSON (as from a server) navigates like the engine's own.
@Suite struct OSRMRouteTests {
    static let options = OSRMEncodingOptions(geometries: .polyline6, overview: .full, steps: true,
                                             annotations: [.distance, .duration, .speed, .maxspeed],
                                             voiceInstructions: true, bannerInstructions: true)

    func plannedMonaco() throws -> (PlannedRoute, EngineRouteProvider) {
        let provider = try Fixtures.provider(Fixtures.monacoEngine)
        let planned = try #require(try provider.plan(RouteQuery(waypoints: [WholeTripTests.monteCarlo, WholeTripTests.fontvieille])).first)
        return (planned, provider)
    }

    /// The guidance a trip gave: voice texts, banner texts, stops and arrival, in order.
    func guidance(_ trip: Trip) -> [String] {
        trip.events.compactMap { e in
            switch e.event {
            case .voice(let v): return "voice \(v.text)"
            case .banner(let b): return "banner \(b.primaryText)"
            case .waypointArrived, .arrived, .offRoute, .reroute, .rerouteNeeded, .routeCheckNeeded, .fasterRoute:
                return e.event.type
            case .progress, .haptic: return nil
            }
        }
    }

    @Test func decodedRouteNavigatesTheSame() async throws {
        let (planned, provider) = try plannedMonaco()
        let json = OSRMCodec.encodeResponse(routes: [planned.route], waypoints: planned.path.waypoints, options: Self.options)
        let decoded = try #require(try OSRMCodec.decodeResponse(Data(json), geometries: .polyline6).routes.first)
        let original = try await Trip.simulate(planned.route, provider: provider)
        // The same drive for both: OSRM JSON rounds durations to 0.1 s, so a car simulated from
        // the decoded route runs up to a second apart and may or may not land a fix on a
        // metres-long step (a roundabout's first exit) — luck, not a guidance difference.
        let replayed = try await Trip.simulate(decoded, drivenAlong: planned.route, provider: provider)
        TripChecks.contract(replayed)
        TripChecks.announcedBeforeNeverAfter(replayed, route: decoded)
        #expect(guidance(replayed) == guidance(original))
        #expect(replayed.fixes.count == original.fixes.count)
    }

    @Test func httpProviderRequestsOSRMAndDecodesTheAnswer() async throws {
        let (planned, _) = try plannedMonaco()
        let body = Data(OSRMCodec.encodeResponse(routes: [planned.route], waypoints: planned.path.waypoints,
                                                 options: Self.options))
        let seen = RequestLog()
        let provider = OSRMHTTPRouteProvider(baseURL: URL(string: "http://osrm.test:5000")!) { request in
            seen.add(request.url!)
            return (200, body)
        }
        let route = try await provider.route(for: RouteQuery(
            waypoints: [WholeTripTests.monteCarlo, WholeTripTests.fontvieille], heading: 93.6, avoid: [.tolls, .ferries]))
        #expect(route.legs.count == 1 && route.legs[0].steps.count == planned.route.legs[0].steps.count)
        let url = try #require(seen.urls.first).absoluteString
        #expect(url.hasPrefix("http://osrm.test:5000/route/v1/driving/7.427500,43.739700;7.415000,43.728000?"))
        #expect(url.contains("steps=true") && url.contains("geometries=polyline6") && url.contains("voice_instructions=true"))
        #expect(url.contains("bearings=94,60;") && url.contains("exclude=toll,ferry"))
    }

    @Test func httpProviderReportsServerErrors() async throws {
        let noRoute = OSRMHTTPRouteProvider(baseURL: URL(string: "http://osrm.test")!) { _ in
            (400, Data(OSRMCodec.encodeError(code: "NoRoute", message: "Impossible route between points")))
        }
        let query = RouteQuery(waypoints: [WholeTripTests.monteCarlo, WholeTripTests.fontvieille])
        await #expect(throws: AppError.self) { try await noRoute.route(for: query) }
        let broken = OSRMHTTPRouteProvider(baseURL: URL(string: "http://osrm.test")!) { _ in (502, Data("<html>".utf8)) }
        do {
            _ = try await broken.route(for: query)
            Issue.record("expected an error")
        } catch let error as AppError {
            #expect(error.description.contains("HTTP status 502"))
        }
    }
}

/// URLs a fake transport received.
final class RequestLog: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = NSLock()
    private var stored: [URL] = []

    func add(_ url: URL) {
        lock.lock()
        stored.append(url)
        lock.unlock()
    }

    var urls: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
