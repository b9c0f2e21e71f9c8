import Foundation
import GemNavStorage
import Testing

@Suite struct ConsentTests {
    @Test func freshStoreAwaitsConsent() throws {
        let store = try AppStore.inMemory()
        #expect(try store.consent == .awaiting)
        #expect(try store.consentDecision().decidedAt == nil)
        #expect(try TripRecorder(store: store).canRecord == false)
    }

    @Test func consentAndDecisionTimePersistAcrossReopen() throws {
        let folder = try TempFolder()
        let path = folder.path("app.sqlite")
        let decided = Date(timeIntervalSince1970: 1_790_000_000.5)
        do {
            let store = try AppStore(path: path)
            #expect(try store.consent == .awaiting)
            try store.setConsent(.granted, at: decided)
        }
        let reopened = try AppStore(path: path)
        #expect(try reopened.consentDecision() == ConsentDecision(consent: .granted, decidedAt: decided))
        #expect(try TripRecorder(store: reopened).canRecord)
    }

    @Test func revokingKeepsTripsUnlessAskedToDelete() throws {
        let recorder = try grantedRecorder()
        let store = recorder.store
        let first = try #require(try recorder.startTrip())
        try recorder.append(northboundFixes(count: 3, from: Date()), to: first)

        try store.setConsent(.denied)
        #expect(try store.recordedTripCount() == 1)
        #expect(try store.fixes(of: first).count == 3)

        try store.setConsent(.granted)
        _ = try recorder.startTrip()
        try store.setConsent(.denied, deletingRecordedTrips: true)
        #expect(try store.consent == .denied)
        #expect(try store.recordedTripCount() == 0)
    }

    @Test func revokingMidTripStopsRecording() throws {
        let recorder = try grantedRecorder()
        let trip = try #require(try recorder.startTrip())
        let start = Date()
        #expect(try recorder.append(northboundFixes(count: 2, from: start), to: trip))
        try recorder.store.setConsent(.denied)
        #expect(try recorder.append(northboundFixes(count: 2, from: start + 10), to: trip) == false)
        #expect(try recorder.store.fixes(of: trip).count == 2)
    }
}
