import Clocks
import Foundation
import GemNavNavigation
import GemNavRides
import GemNavServer
import GemNavStorage
import GemNavTestSupport
@testable import GemNavWebApp
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import HummingbirdWSTesting
import Logging
import Testing

/// The WebSocket `/rides/{id}/live` on a live server, its rides on Monaco timed by a test
/// clock: the ride at once, each second while it moves, at once after a cancel, a clear
/// refusal for an unknown id, and the closes. A feed that failed to push would leave a test
/// waiting for a message forever, hence the time limit: generous, because in the whole suite
/// CPU-bound tests can hold the two cooperative threads of a two-core machine for minutes.
/// For the same reason rides are booked and cancelled on the desk itself, not over HTTP: the
/// live test client gives a request 20 s, which a starved server can miss (CI did); the HTTP
/// side of `/rides` is RideEndpointTests' job. And the server does not ping: a test client
/// starved that long misses the 30 s to answer a ping, and the server drops it (1001; CI did).
@Suite(.timeLimit(.minutes(10))) struct RideLiveTests {
    static let booking = #"{"pickup": {"lat": 43.73933, "lon": 7.42755, "name": "Casino"}, "destination": {"lat": 43.7276, "lon": 7.4155}}"#
    static let engine = Result { try MonacoData.data.get().loadEngine() }

    let clock = TestClock()

    /// The desk all rides of a test are booked on.
    let desk: RideDesk

    init() throws {
        desk = RideDesk(engine: try Self.engine.get(), book: try TariffBook.bundled(), store: try AppStore.inMemory(),
                        drivers: 6, clock: clock)
    }

    /// The web app's server with the ride API and its live feed on the test's desk.
    func app() async throws -> some ApplicationProtocol {
        let engine = try Self.engine.get()
        var logger = Logger(label: "gemnav.test")
        logger.logLevel = .critical
        // No test here opens an app session.
        let sessions = await MainActor.run { WebSessions(clock: ManualClock()) { _, _ in throw CancellationError() } }
        return try WebApp.application(
            api: GemNavResponder(data: ServerData(engine: engine, search: nil), logger: logger, rides: desk),
            files: WebFiles(directory: FileManager.default.temporaryDirectory), hasMap: false, sessions: sessions,
            rides: desk, host: "127.0.0.1", port: 0, pingPeriod: nil, logger: logger)
    }

    /// Books the casino → stadium ride and returns its id.
    func book() throws -> String {
        let reply = desk.answer(method: "POST", parts: [], body: Data(Self.booking.utf8))
        #expect(reply.status == 201)
        let ride = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        return try #require(ride?["rideId"] as? String)
    }

    /// The next message as JSON, nil once the server has closed.
    static func next(_ messages: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> [String: Any]? {
        guard let message = try await messages.next() else { return nil }
        guard case .text(let text) = message else {
            Issue.record("a binary message")
            return nil
        }
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func ride(_ message: [String: Any]?) -> [String: Any] {
        #expect(message?["type"] as? String == "ride", "\(message ?? [:])")
        return message?["ride"] as? [String: Any] ?? [:]
    }

    @Test func aRideIsPushedEachSecondItMovesAndTheSocketClosesAtItsEnd() async throws {
        let clock = clock
        try await app().test(.live) { client in
            let id = try book()
            let close = try await client.ws("/rides/\(id)/live") { inbound, _, _ in
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                let first = Self.ride(try await Self.next(&messages))
                #expect(first["rideId"] as? String == id && first["state"] as? String == "submittingRequest")
                #expect(first["t"] as? Double == 0)
                // Half a second off the ride's whole seconds, so that every advance passes the
                // follower's next deadline rather than landing on it.
                await clock.advance(by: .milliseconds(1500))
                for second in 1...4 {
                    let ride = Self.ride(try await Self.next(&messages))
                    #expect(ride["t"] as? Double == Double(second), "one message per second of the clock")
                    #expect(ride["state"] as? String == (second < 4 ? "searchingForDriver" : "driverAssigned"))
                    await clock.advance(by: .seconds(1))
                }
                // An hour later in one step: the ride catches up to its end, which is the last message.
                await clock.advance(by: .seconds(3600))
                var last: [String: Any] = [:]
                while let message = try await Self.next(&messages) { last = Self.ride(message) }
                #expect(last["state"] as? String == "rideCompleted" && last["fare"] != nil, "\(last)")
            }
            #expect(close?.closeCode == .normalClosure)
        }
    }

    @Test func aCancelIsPushedAtOnceAndEndsTheFeed() async throws {
        try await app().test(.live) { client in
            let id = try book()
            let close = try await client.ws("/rides/\(id)/live") { inbound, _, _ in
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                let booked = try await Self.next(&messages)
                #expect(Self.ride(booked)["state"] as? String == "submittingRequest")
                // The clock does not move: only the request wakes the feed.
                #expect(desk.answer(method: "POST", parts: [Substring(id), "cancel"], body: Data()).status == 200)
                let cancelled = try await Self.next(&messages)
                #expect(Self.ride(cancelled)["state"] as? String == "idle")
                let end = try await Self.next(&messages)
                #expect(end == nil)
            }
            #expect(close?.closeCode == .normalClosure)
        }
    }

    @Test func anUnknownIdIsRefusedWithAReason() async throws {
        try await app().test(.live) { client in
            let close = try await client.ws("/rides/R-00000000/live") { inbound, _, _ in
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                let error = try #require(try await Self.next(&messages))
                #expect(error["type"] as? String == "error" && error["code"] as? String == "NotFound")
                #expect((error["message"] as? String)?.contains("No ride with id R-00000000") == true)
                #expect(try await Self.next(&messages) == nil)
            }
            #expect(close?.closeCode == .unacceptableData)
        }
    }

    @Test func onlyRideLivePathsAreRides() {
        #expect(RideLiveSocket.rideId(in: "/rides/R-1a2b/live") == "R-1a2b")
        #expect(RideLiveSocket.rideId(in: "/rides/R-1a2b/live?x=1") == "R-1a2b")
        #expect(RideLiveSocket.rideId(in: "/rides/R-1a2b") == nil)
        #expect(RideLiveSocket.rideId(in: "/app/ws") == nil)
    }
}
