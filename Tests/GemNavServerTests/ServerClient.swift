import Foundation
import GemNavServer
import GemNavServices
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// The two ways every endpoint test runs: requests handed straight to the responder, and
/// requests over a socket to a live server.
enum Mode: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case router, live

    var testDescription: String { rawValue }
}

/// A response as the tests read it, whichever way it travelled.
struct Reply: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer
}

/// A response read as JSON.
struct JSONReply {
    let status: HTTPResponse.Status
    let body: [String: Any]
    let raw: Data

    /// The `code` member, OSRM's outcome.
    var code: String? { body["code"] as? String }
}

/// A test's way to the server under test.
///
/// Live requests wait minutes rather than HummingbirdTesting's fixed 20 s: the whole suite runs
/// in parallel on two cores, and a server task can wait that long for a thread without anything
/// being wrong with the server.
struct ServerClient: Sendable {
    fileprivate let send: @Sendable (String, HTTPRequest.Method, HTTPFields, ByteBuffer?) async throws -> Reply

    /// Sends one request.
    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil)
        async throws -> Reply
    {
        try await send(uri, method, headers, body)
    }

    /// GETs `uri` and parses the body as a JSON object.
    func json(_ uri: String, method: HTTPRequest.Method = .get, body: String? = nil) async throws -> JSONReply {
        let response = try await execute(uri: uri, method: method, body: body.map { ByteBuffer(string: $0) })
        let data = Data(response.body.readableBytesView)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any],
                                "\(uri) answered \(String(decoding: data, as: UTF8.self))")
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
        return JSONReply(status: response.status, body: body, raw: data)
    }

    /// How long a live request may go without a byte before the test fails.
    static let patience: Duration = .seconds(300)
}

/// Runs `body` against `data` in `mode`, with the ride API when `rides` is given.
func withServer(_ mode: Mode, _ data: ServerData, limits: ServerLimits = ServerLimits(), map: MapAssets? = nil,
                rides: RideDesk? = nil, _ body: @Sendable (ServerClient) async throws -> Void) async throws
{
    var logger = Logger(label: "gemnav.test")
    logger.logLevel = .critical
    switch mode {
    case .router:
        let app = GemNavServer.application(data: data, host: "127.0.0.1", port: 0, limits: limits, logger: logger, map: map,
                                           rides: rides)
        try await app.test(.router) { client in
            try await body(ServerClient { uri, method, headers, requestBody in
                let response = try await client.execute(uri: uri, method: method, headers: headers, body: requestBody)
                return Reply(status: response.status, headers: response.headers, body: response.body)
            })
        }
    case .live:
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let app = GemNavServer.application(data: data, host: "127.0.0.1", port: 0, limits: limits, logger: logger,
                                           map: map, rides: rides, onListening: { address in
                                               listening.yield(Int(address.split(separator: ":").last ?? "") ?? 0)
                                           })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var bound = ports.makeAsyncIterator()
            let port = try #require(await bound.next())
            let client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: ServerClient.patience))
            client.connect()
            var failure: (any Error)?
            do {
                try await body(ServerClient { uri, method, headers, requestBody in
                    var headers = headers
                    headers[.connection] = "keep-alive"
                    let response = try await client.execute(
                        TestClient.Request(uri, method: method, authority: "localhost", headers: headers, body: requestBody))
                    return Reply(status: response.status, headers: response.headers, body: response.body ?? ByteBuffer())
                })
            } catch {
                failure = error
            }
            try await client.shutdown()
            group.cancelAll()
            _ = try? await group.next()
            if let failure { throw failure }
        }
    }
}
