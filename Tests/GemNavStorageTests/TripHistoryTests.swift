import Foundation
import GemNavStorage
import Testing

@Suite struct TripHistoryTests {
    @Test func pagesNewestFirstWithWhatTheListShows() throws {
        let recorder = try grantedRecorder()
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var ids: [TripID] = []
        for i in 0..<5 {
            let start = base + Double(i) * 3600
            let trip = try #require(try recorder.startTrip(at: start, originName: "Casino \(i)"))
            try recorder.append(northboundFixes(count: 3, from: start), to: trip)
            try recorder.finishTrip(trip, at: start + 600, destinationName: "Stade \(i)")
            ids.append(trip)
        }
        let newestFirst = Array(ids.reversed())
        #expect(try recorder.store.trips(limit: 2).map(\.id) == Array(newestFirst[0..<2]))
        #expect(try recorder.store.trips(limit: 2, offset: 2).map(\.id) == Array(newestFirst[2..<4]))
        #expect(try recorder.store.trips(limit: 2, offset: 4).map(\.id) == [newestFirst[4]])

        let newest = try #require(try recorder.store.trips(limit: 1).first)
        #expect(newest.originName == "Casino 4" && newest.destinationName == "Stade 4")
        #expect(newest.duration == 600 && abs((newest.distance ?? 0) - 2 * 11.12) < 1)
    }

    @Test func tripsAreNeverDroppedToMakeRoom() throws {
        let recorder = try grantedRecorder()
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        for i in 0..<120 {
            _ = try recorder.startTrip(at: base + Double(i))
            // Recent destinations have a cap; it must not touch trips.
            try recorder.store.recordDestination(name: "Place \(i)", coordinate: casino, at: base + Double(i))
        }
        #expect(try recorder.store.recordedTripCount() == 120)
        #expect(try recorder.store.trips().count == 120)
        #expect(try recorder.store.recentDestinations().count == AppStore.recentDestinationLimit)
    }
}
