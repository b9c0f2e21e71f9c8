import Foundation
import GemNavCore
import GemNavStorage
import Testing

@Suite struct RecentDestinationTests {
    private let base = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func listsNewestFirst() throws {
        let store = try AppStore.inMemory()
        try store.recordDestination(name: "Casino", coordinate: casino, at: base)
        try store.recordDestination(name: "Stade Louis II", subtitle: "Fontvieille", coordinate: stade, at: base + 20)
        try store.recordDestination(name: "Palais", coordinate: palais, at: base + 10)
        let recents = try store.recentDestinations()
        #expect(recents.map(\.name) == ["Stade Louis II", "Palais", "Casino"])
        #expect(recents[0].subtitle == "Fontvieille" && recents[0].coordinate == stade)
        #expect(recents[0].lastUsedAt == base + 20 && recents[0].useCount == 1)
    }

    @Test func sameNameNearbyUpdatesInsteadOfDuplicating() throws {
        let store = try AppStore.inMemory()
        let first = try store.recordDestination(name: "Casino", subtitle: "Place du Casino", coordinate: casino, at: base)
        // About 33 m north: the same place picked from the map.
        let nearby = Coordinate(latitude: casino.latitude + 0.0003, longitude: casino.longitude)
        let again = try store.recordDestination(name: "Casino", coordinate: nearby, at: base + 60)
        #expect(again.id == first.id)
        #expect(again.useCount == 2 && again.lastUsedAt == base + 60 && again.coordinate == nearby)
        #expect(again.subtitle == "Place du Casino")

        // Same name 110 m away, or another name at the same spot: other destinations.
        let far = Coordinate(latitude: casino.latitude + 0.001, longitude: casino.longitude)
        #expect(try store.recordDestination(name: "Casino", coordinate: far, at: base + 70).id != first.id)
        #expect(try store.recordDestination(name: "Café de Paris", coordinate: casino, at: base + 80).id != first.id)
        #expect(try store.recentDestinations().count == 3)
    }

    @Test func keepsTheFiftyMostRecentlyUsed() throws {
        let store = try AppStore.inMemory()
        for i in 0..<60 {
            let spot = Coordinate(latitude: 43.70 + Double(i) * 0.001, longitude: 7.42)
            try store.recordDestination(name: "Place \(i)", coordinate: spot, at: base + Double(i))
        }
        let names = try store.recentDestinations().map(\.name)
        #expect(names.count == AppStore.recentDestinationLimit)
        #expect(names.first == "Place 59" && names.last == "Place 10")

        // One recorded with an old date is still kept: it was just used; the oldest other goes.
        let late = try store.recordDestination(name: "Backfilled", coordinate: casino, at: base - 100)
        let after = try store.recentDestinations()
        #expect(after.count == AppStore.recentDestinationLimit)
        #expect(after.contains { $0.id == late.id })
        #expect(!after.contains { $0.name == "Place 10" })
    }

    @Test func deletesOneOrClearsAll() throws {
        let store = try AppStore.inMemory()
        let casinoVisit = try store.recordDestination(name: "Casino", coordinate: casino, at: base)
        try store.recordDestination(name: "Stade", coordinate: stade, at: base + 1)
        try store.addFavourite(.home, name: "Home", coordinate: palais)

        #expect(try store.deleteRecentDestination(casinoVisit.id))
        #expect(try store.deleteRecentDestination(casinoVisit.id) == false)
        #expect(try store.recentDestinations().map(\.name) == ["Stade"])
        #expect(try store.clearRecentDestinations() == 1)
        #expect(try store.recentDestinations().isEmpty)
        #expect(try store.home() != nil)
    }

    @Test func invalidInputIsRefused() throws {
        let store = try AppStore.inMemory()
        #expect(throws: StorageError(.invalidPlace(.emptyName))) {
            try store.recordDestination(name: "", coordinate: casino)
        }
        #expect(throws: StorageError(.invalidPlace(.coordinate))) {
            try store.recordDestination(name: "Nowhere", coordinate: Coordinate(latitude: 0, longitude: 181))
        }
        #expect(try store.recentDestinations().isEmpty)
    }
}
