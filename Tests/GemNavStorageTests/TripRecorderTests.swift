import Foundation
import GemNavCore
import GemNavStorage
import Testing

@Suite struct TripRecorderTests {
    @Test func startWhileAwaitingThrowsTheClearError() throws {
        let store = try AppStore.inMemory()
        let recorder = TripRecorder(store: store)
        let error = #expect(throws: StorageError.self) { try recorder.startTrip() }
        #expect(error?.kind == .consentAwaiting)
        #expect(error?.description == "Location recording consent has not been given yet: "
            + "call setConsent(.granted) or .denied (gemnav consent grant|deny)")
        #expect(try store.recordedTripCount() == 0)
    }

    @Test func deniedNavigatesWithoutRecording() throws {
        let store = try AppStore.inMemory()
        try store.setConsent(.denied)
        let recorder = TripRecorder(store: store)
        #expect(try recorder.canRecord == false)
        #expect(try recorder.startTrip() == nil)
        #expect(try store.trips().isEmpty)
    }

    @Test func grantedRecordsAndFinishesWithSummary() throws {
        let recorder = try grantedRecorder()
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let trip = try #require(try recorder.startTrip(at: start, originName: "Casino"))
        try recorder.append(northboundFixes(count: 5, from: start), to: trip)
        try recorder.append(northboundFixes(count: 5, from: start + 5, latitude: 43.7305), to: trip)

        let summary = try recorder.finishTrip(trip, at: start + 60, destinationName: "Port Hercule")
        #expect(summary.originName == "Casino")
        #expect(summary.destinationName == "Port Hercule")
        #expect(summary.fixCount == 10)
        #expect(summary.duration == 60)
        // Ten fixes 0.0001° of latitude apart: nine legs of about 11.1 m.
        let distance = try #require(summary.distance)
        #expect(abs(distance - 9 * 11.12) < 1)
        #expect(try recorder.store.trip(trip) == summary)

        let fix = try #require(try recorder.store.fixes(of: trip).first)
        #expect(fix == northboundFixes(count: 1, from: start)[0])
    }

    @Test func finishedTripTakesNoMoreFixes() throws {
        let recorder = try grantedRecorder()
        let trip = try #require(try recorder.startTrip(at: Date(timeIntervalSince1970: 100)))
        #expect(throws: StorageError(.finishBeforeStart(trip))) {
            try recorder.finishTrip(trip, at: Date(timeIntervalSince1970: 50))
        }
        try recorder.finishTrip(trip, at: Date(timeIntervalSince1970: 200))
        #expect(throws: StorageError(.tripAlreadyFinished(trip))) {
            try recorder.append(northboundFixes(count: 1, from: Date()), to: trip)
        }
        #expect(throws: StorageError(.tripAlreadyFinished(trip))) { try recorder.finishTrip(trip) }
    }

    @Test func invalidFixStoresNothingOfTheBatch() throws {
        let recorder = try grantedRecorder()
        let trip = try #require(try recorder.startTrip())
        var batch = northboundFixes(count: 4, from: Date())
        batch[2].speed = .nan
        #expect(throws: StorageError(.invalidFix(index: 2, reason: .speed))) {
            try recorder.append(batch, to: trip)
        }
        batch[2].speed = nil
        batch[3].coordinate = Coordinate(latitude: 91, longitude: 0)
        #expect(throws: StorageError(.invalidFix(index: 3, reason: .coordinate))) {
            try recorder.append(batch, to: trip)
        }
        #expect(try recorder.store.fixes(of: trip).isEmpty)
        #expect(throws: StorageError(.tripNotFound(TripID(rawValue: 999)))) {
            try recorder.append([], to: TripID(rawValue: 999))
        }
    }

    @Test func listsNewestFirst() throws {
        let recorder = try grantedRecorder()
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let middle = try #require(try recorder.startTrip(at: base + 100))
        let oldest = try #require(try recorder.startTrip(at: base))
        let newest = try #require(try recorder.startTrip(at: base + 200))
        try recorder.finishTrip(oldest, at: base + 50)
        #expect(try recorder.store.trips().map(\.id) == [newest, middle, oldest])
        #expect(try recorder.store.trips().map(\.isFinished) == [false, false, true])
    }

    @Test func deletesOneOrAll() throws {
        let recorder = try grantedRecorder()
        let store = recorder.store
        let keep = try #require(try recorder.startTrip())
        let drop = try #require(try recorder.startTrip())
        try recorder.append(northboundFixes(count: 3, from: Date()), to: drop)

        #expect(try store.deleteTrip(drop))
        #expect(try store.deleteTrip(drop) == false)
        #expect(try store.trips().map(\.id) == [keep])
        #expect(throws: StorageError(.tripNotFound(drop))) { try store.fixes(of: drop) }

        _ = try recorder.startTrip()
        #expect(try store.deleteAllTrips() == 2)
        #expect(try store.trips().isEmpty)
        #expect(try store.consent == .granted)
    }

    @Test func concurrentAppendsAreAllStored() async throws {
        let recorder = try grantedRecorder()
        let trips = try (0..<3).map { _ in try #require(try recorder.startTrip()) }
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for batch in 0..<40 {
                let trip = trips[batch % trips.count]
                group.addTask {
                    try recorder.append(northboundFixes(count: 25, from: start + Double(batch * 25)), to: trip)
                }
            }
            try await group.waitForAll()
        }
        // 40 batches round-robin over 3 trips: 14, 13 and 13 batches of 25.
        for (trip, expected) in zip(trips, [350, 325, 325]) {
            let fixes = try recorder.store.fixes(of: trip)
            #expect(fixes.count == expected)
            #expect(fixes.map(\.timestamp) == fixes.map(\.timestamp).sorted())
        }
    }
}
