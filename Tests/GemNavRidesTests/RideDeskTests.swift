import Clocks
import Foundation
import GemNavRides
import GemNavServer
import GemNavStorage
import Testing

/// The server's ride API, driven by a test clock: book, follow, cancel, refuse, list.
@Suite struct RideDeskTests {
    func json(_ answer: RideDesk.Answer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
    }

    let booking = Data(#"{"pickup": {"lat": 43.73933, "lon": 7.42755, "name": "Casino"}, "destination": {"lat": 43.7276, "lon": 7.4155}, "class": "xl"}"#.utf8)

    @Test func aRideIsBookedFollowedAndItsEndRefusesACancel() async throws {
        let clock = TestClock()
        let store = try AppStore.inMemory()
        let desk = RideDesk(engine: try RideFixtures.engine.get(), book: try TariffBook.bundled(), store: store,
                            drivers: 6, clock: clock)
        let created = desk.answer(method: "POST", parts: [], body: booking)
        #expect(created.status == 201)
        let ride = try json(created)
        let id = try #require(ride["rideId"] as? String)
        #expect(ride["state"] as? String == "submittingRequest" && ride["class"] as? String == "xl")

        await clock.advance(by: .seconds(10))
        let assigned = try json(desk.answer(method: "GET", parts: [id[...]], body: Data()))
        #expect(["driverAssigned", "driverEnRoute", "driverArriving"].contains(assigned["state"] as? String))
        #expect((assigned["driver"] as? [String: Any])?["plate"] is String)

        await clock.advance(by: .seconds(3600))
        let done = try json(desk.answer(method: "GET", parts: [id[...]], body: Data()))
        #expect(done["state"] as? String == "rideCompleted")
        let refused = desk.answer(method: "POST", parts: [id[...], "cancel"], body: Data())
        #expect(refused.status == 409)
        #expect(try json(refused)["code"] as? String == "InvalidTransition")
        #expect(try json(desk.answer(method: "GET", parts: [id[...]], body: Data()))["state"] as? String == "rideCompleted")

        let history = try #require(try JSONSerialization.jsonObject(with: desk.answer(method: "GET", parts: [], body: Data()).body) as? [[String: Any]])
        #expect(history.count == 1 && history[0]["id"] as? String == id && history[0]["outcome"] as? String == "completed")
    }

    @Test func cancellingBeforeThePickupIsRecordedAndBadRequestsAreRefused() async throws {
        let clock = TestClock()
        let store = try AppStore.inMemory()
        let desk = RideDesk(engine: try RideFixtures.engine.get(), book: try TariffBook.bundled(), store: store,
                            drivers: 6, clock: clock)
        let id = try #require(try json(desk.answer(method: "POST", parts: [], body: booking))["rideId"] as? String)
        await clock.advance(by: .seconds(5))
        let cancelled = desk.answer(method: "POST", parts: [id[...], "cancel"], body: Data())
        #expect(cancelled.status == 200)
        #expect(try json(cancelled)["state"] as? String == "idle")
        #expect(try store.rides().map(\.outcome) == [.cancelled])

        #expect(desk.answer(method: "POST", parts: [], body: Data("{".utf8)).status == 400)
        let offMap = Data(#"{"pickup": {"lat": 95, "lon": 7}, "destination": {"lat": 43.7, "lon": 7.4}}"#.utf8)
        #expect(desk.answer(method: "POST", parts: [], body: offMap).status == 400)
        #expect(desk.answer(method: "GET", parts: ["R-nope"], body: Data()).status == 404)
        #expect(desk.answer(method: "DELETE", parts: [], body: Data()).status == 404)
    }
}
