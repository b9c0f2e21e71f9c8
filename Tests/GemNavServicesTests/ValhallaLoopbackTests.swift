import Foundation
import GemNavCore
import GemNavServices
import Hummingbird
import HummingbirdTesting
import Testing

/// The Valhalla provider and the server probe over real HTTP (URLSession) against a loopback
/// fake that answers as the captured Valhalla server did: `POST /route` with the fixture
/// whose request it is, `GET /status` with Valhalla's status, and a `/slow` copy that never
/// answers in time.
@Suite struct ValhallaLoopbackTests {
    /// Seconds a request to the loopback server may take: the suite shares two cores with every
    /// other test, so the providers' everyday timeouts would fail it for no fault of theirs.
    static let patience: TimeInterval = 120
    static let status = #"{"version":"3.9.1","tileset_last_modified":1795581940,"available_actions":["route","locate","status"]}"#

    static func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Runs `body` with the base URL of a fake Valhalla server on 127.0.0.1.
    func withFakeValhalla(_ body: @escaping @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        router.get("status") { _, _ in Self.json(Data(Self.status.utf8)) }
        router.post("route") { request, _ in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            guard let name = ValhallaFixtures.named(body: Data(bytes.readableBytesView)) else {
                return Self.json(Data(#"{"error_code":100,"error":"Failed to parse json request","status_code":400}"#.utf8),
                                 status: .badRequest)
            }
            return Self.json(try ValhallaFixtures.response(name), status: .init(code: ValhallaFixtures.status(name)))
        }
        router.post("slow/route") { _, _ in
            try await Task.sleep(for: .seconds(5))
            return Self.json(Data("{}".utf8))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body(URL(string: "http://127.0.0.1:\(try #require(client.port))")!)
        }
    }

    @Test func routesOverHTTPAndSaysWhenThereIsNoRoute() async throws {
        try await withFakeValhalla { base in
            let provider = ValhallaHTTPRouteProvider(baseURL: base, timeout: Self.patience)
            let routes = try await provider.routes(for: try #require(ValhallaFixtures.queries["monaco-alternates"]))
            #expect(routes.count == 3 && routes.allSatisfy { $0.legs[0].steps.count > 2 })
            let sea = RouteQuery(waypoints: [Coordinate(latitude: 40, longitude: 5), WholeTripTests.fontvieille])
            await #expect(throws: AppError.self) { try await provider.routes(for: sea) }
        }
    }

    @Test func aServerThatDoesNotAnswerInTimeIsUnreachable() async throws {
        try await withFakeValhalla { base in
            let slow = ValhallaHTTPRouteProvider(baseURL: base.appendingPathComponent("slow"), timeout: 0.5)
            // The fake answers after 5 s: a success or a decoding error would mean the timeout never fired.
            do {
                _ = try await slow.routes(for: try #require(ValhallaFixtures.queries["monaco-route"]))
                Issue.record("expected a timeout")
            } catch let error as AppError {
                guard case .serverUnreachable = error.kind else { Issue.record("\(error)"); return }
                #expect(error.description.contains("/slow/route"))
            }
        }
    }

    @Test func probeRecognisesValhalla() async throws {
        try await withFakeValhalla { base in
            var probe = ServerProbe()
            probe.timeout = Self.patience
            #expect(await probe.examine(base, near: WholeTripTests.monteCarlo) == .server(.valhalla))
        }
    }

    @Test func closedPortIsUnreachable() async throws {
        // Port 9 (discard) is closed on loopback here; the connection is refused at once.
        let provider = ValhallaHTTPRouteProvider(baseURL: URL(string: "http://127.0.0.1:9")!, timeout: 2)
        do {
            _ = try await provider.routes(for: try #require(ValhallaFixtures.queries["monaco-route"]))
            Issue.record("expected an error")
        } catch let error as AppError {
            guard case .serverUnreachable = error.kind else { Issue.record("\(error)"); return }
            #expect(error.description.contains("http://127.0.0.1:9/route could not be reached"))
        }
    }
}
