import Foundation
import GemNavCore
import GemNavStorage
import Testing

@Suite struct RideHistoryTests {
    let stade = Coordinate(latitude: 43.7276, longitude: 7.4155)

    func entry(_ id: String, endedAt seconds: Double, outcome: RideOutcome = .completed) -> RideHistoryEntry {
        RideHistoryEntry(id: id, outcome: outcome, requestedAt: Date(timeIntervalSince1970: seconds - 600),
                         endedAt: Date(timeIntervalSince1970: seconds), pickupName: "Casino", pickup: casino,
                         destinationName: "Stade", destination: stade, rideClass: "standard", distance: 2100,
                         duration: 420, fareAmount: 12.5, currency: "EUR", driverName: "Ana", car: "Renault Zoe",
                         plate: "MC-123", cancelledIn: outcome == .cancelled ? "driverEnRoute" : nil)
    }

    @Test func ridesAreListedNewestFirstAndReadBackWhole() throws {
        let store = try AppStore.inMemory()
        try store.addRide(entry("a", endedAt: 1_790_000_000))
        try store.addRide(entry("c", endedAt: 1_790_002_000, outcome: .cancelled))
        try store.addRide(entry("b", endedAt: 1_790_001_000))
        #expect(try store.rides().map(\.id) == ["c", "b", "a"])
        #expect(try store.ride("c") == entry("c", endedAt: 1_790_002_000, outcome: .cancelled))
        #expect(try store.ride("missing") == nil)
    }

    @Test func theHistoryIsCappedDroppingTheOldest() throws {
        let store = try AppStore.inMemory()
        let count = AppStore.rideHistoryCapacity + 5
        for i in 0..<count { try store.addRide(entry("r\(i)", endedAt: 1_790_000_000 + Double(i))) }
        let ids = try store.rides().map(\.id)
        #expect(ids.count == AppStore.rideHistoryCapacity)
        #expect(ids.first == "r\(count - 1)" && ids.last == "r5")
    }

    @Test func savingARideAgainKeepsOneRowAndDeleteRemovesIt() throws {
        let store = try AppStore.inMemory()
        try store.addRide(entry("a", endedAt: 1_790_000_000))
        try store.addRide(entry("a", endedAt: 1_790_000_500))
        #expect(try store.rides().count == 1)
        #expect(try store.deleteRide("a"))
        #expect(try !store.deleteRide("a"))
        #expect(try store.rides().isEmpty)
    }

    @Test func aBadPlaceIsRefusedAndNothingIsStored() throws {
        let store = try AppStore.inMemory()
        var bad = entry("a", endedAt: 1_790_000_000)
        bad.pickup = Coordinate(latitude: 95, longitude: 7)
        #expect(throws: StorageError(.invalidPlace(.coordinate))) { try store.addRide(bad) }
        bad = entry("a", endedAt: 1_790_000_000)
        bad.destinationName = "  "
        #expect(throws: StorageError(.invalidPlace(.emptyName))) { try store.addRide(bad) }
        #expect(try store.rides().isEmpty)
    }
}
