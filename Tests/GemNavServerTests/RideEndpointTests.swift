import Clocks
import Foundation
import GemNavRides
import GemNavServer
import GemNavStorage
import Hummingbird
import Testing

/// `/rides` through the HTTP server, in process and over a socket: statuses, bodies, the
/// history's dates on the desk's clock, and ended rides forgotten after their grace period.
@Suite struct RideEndpointTests {
    /// The casino to the Stade Louis II.
    static let booking = #"{"pickup": {"lat": 43.73933, "lon": 7.42755, "name": "Casino"}, "destination": {"lat": 43.7276, "lon": 7.4155}}"#
    /// The date of the desk clock's first instant.
    static let epoch = Date(timeIntervalSince1970: 1_800_000_000)

    func desk(_ clock: TestClock<Duration>, store: AppStore?) throws -> RideDesk {
        RideDesk(engine: try TestMaps.monaco.get().engine, book: try TariffBook.bundled(), store: store, drivers: 6,
                 clock: clock, epoch: Self.epoch, keepEnded: .seconds(300))
    }

    func history(_ client: ServerClient) async throws -> [[String: Any]] {
        let reply = try await client.execute(uri: "/rides", method: .get)
        #expect(reply.status == .ok)
        return try #require(try JSONSerialization.jsonObject(with: Data(reply.body.readableBytesView)) as? [[String: Any]])
    }

    @Test(arguments: Mode.allCases)
    func aRideIsBookedReadCancelledOnceAndRecordedOnTheDesksClock(mode: Mode) async throws {
        let clock = TestClock()
        let store = try AppStore.inMemory()
        let desk = try desk(clock, store: store)
        try await withServer(mode, try TestMaps.monaco.get(), rides: desk) { client in
            let created = try await client.json("/rides", method: .post, body: Self.booking)
            #expect(created.status == .created, "\(created.body)")
            #expect(created.body["state"] as? String == "submittingRequest" && created.body["class"] as? String == "standard")
            let id = try #require(created.body["rideId"] as? String)

            await clock.advance(by: .seconds(10))
            let read = try await client.json("/rides/\(id)")
            #expect(read.status == .ok && read.body["t"] as? Double == 10)
            #expect(["driverAssigned", "driverEnRoute", "driverArriving"].contains(read.body["state"] as? String))

            let cancelled = try await client.json("/rides/\(id)/cancel", method: .post)
            #expect(cancelled.status == .ok && cancelled.body["state"] as? String == "idle")
            let again = try await client.json("/rides/\(id)/cancel", method: .post)
            #expect(again.status == .conflict && again.code == "InvalidTransition")
            #expect((again.body["message"] as? String)?.contains("Nothing was changed") == true)
            #expect(try await client.json("/rides/\(id)").body["state"] as? String == "idle", "a refusal changes nothing")

            let entries = try await history(client)
            #expect(entries.count == 1 && entries.first?["id"] as? String == id)
            #expect(entries.first?["outcome"] as? String == "cancelled")
            // Requested at the clock's first instant, cancelled ten of its seconds later.
            let iso = ISO8601DateFormatter()
            #expect(entries.first?["requestedAt"] as? String == iso.string(from: Self.epoch))
            #expect(entries.first?["endedAt"] as? String == iso.string(from: Self.epoch.addingTimeInterval(10)))
        }
    }

    @Test(arguments: Mode.allCases)
    func aCompletedRideRefusesACancelAndIsForgottenAfterItsGrace(mode: Mode) async throws {
        let clock = TestClock()
        let store = try AppStore.inMemory()
        let desk = try desk(clock, store: store)
        try await withServer(mode, try TestMaps.monaco.get(), rides: desk) { client in
            let id = try #require(try await client.json("/rides", method: .post, body: Self.booking).body["rideId"] as? String)
            await clock.advance(by: .seconds(3600))
            let done = try await client.json("/rides/\(id)")
            #expect(done.body["state"] as? String == "rideCompleted" && done.body["fare"] != nil)
            let refused = try await client.json("/rides/\(id)/cancel", method: .post)
            #expect(refused.status == .conflict && refused.code == "InvalidTransition")
            #expect(try await history(client).first?["outcome"] as? String == "completed")

            // Answered for 300 s from the read that saw it end, then only the history has it.
            await clock.advance(by: .seconds(299))
            #expect(try await client.json("/rides/\(id)").body["state"] as? String == "rideCompleted")
            await clock.advance(by: .seconds(1))
            let forgotten = try await client.json("/rides/\(id)")
            #expect(forgotten.status == .notFound && forgotten.code == "NotFound")
            #expect((forgotten.body["message"] as? String)?.contains("ended (completed)") == true, "\(forgotten.body)")
        }
    }

    @Test(arguments: Mode.allCases)
    func badRequestsAreExplained(mode: Mode) async throws {
        let desk = try desk(TestClock(), store: nil)
        try await withServer(mode, try TestMaps.monaco.get(), rides: desk) { client in
            let notJSON = try await client.json("/rides", method: .post, body: "{")
            #expect(notJSON.status == .badRequest && notJSON.code == "InvalidRequest")
            #expect((notJSON.body["message"] as? String)?.contains("The body must be JSON like") == true)
            let badClass = try await client.json("/rides", method: .post,
                                                 body: Self.booking.dropLast() + #", "class": "limo"}"#)
            #expect(badClass.status == .badRequest && (badClass.body["message"] as? String)?.contains("standard or xl") == true)
            let unknown = try await client.json("/rides/R-00000000")
            #expect(unknown.status == .notFound && unknown.code == "NotFound")
            #expect((unknown.body["message"] as? String)?.contains("No ride with id R-00000000") == true)
            let notASocket = try await client.json("/rides/R-00000000/live")
            #expect(notASocket.status.code == 426 && (notASocket.body["message"] as? String)?.contains("WebSocket") == true)
            #expect(try await client.json("/rides/R-00000000/fly", method: .post).status == .notFound)
        }
    }
}
