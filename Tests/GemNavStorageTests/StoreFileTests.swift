import Foundation
import GRDB
import GemNavStorage
import Testing

@Suite struct StoreFileTests {
    @Test func fileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let folder = try TempFolder()
        let path = folder.path("notes.sqlite")
        let content = Data(String(repeating: "not a database, just some text\n", count: 40).utf8)
        try content.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: StorageError.self) { try AppStore(path: path) }
        #expect(error?.kind == .notADatabase(path: path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
    }

    @Test func storeFromANewerSchemaIsRefusedAndLeftAlone() throws {
        let folder = try TempFolder()
        let path = folder.path("app.sqlite")
        do {
            let store = try AppStore(path: path)
            try store.setConsent(.granted)
        }
        // What a future GemNav would leave: a higher version and a migration this one lacks.
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "PRAGMA user_version = 7")
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v7 future')")
            }
        }
        let error = #expect(throws: StorageError.self) { try AppStore(path: path) }
        #expect(error?.kind == .newerSchema(path: path, found: 7, supported: AppStore.schemaVersion))
        #expect(error?.description.contains("update GemNav") == true)

        let queue = try DatabaseQueue(path: path)
        #expect(try queue.read { db in try String.fetchOne(db, sql: "SELECT status FROM consent") } == "granted")
    }

    @Test func missingFolderCannotBeOpened() throws {
        let folder = try TempFolder()
        let path = folder.path("missing/app.sqlite")
        let error = #expect(throws: StorageError.self) { try AppStore(path: path) }
        guard case .cannotOpen(let reported, _) = error?.kind else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reported == path)
    }

    @Test func tripsPersistAcrossReopen() throws {
        let folder = try TempFolder()
        let path = folder.path("app.sqlite")
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let trip: TripID
        do {
            let recorder = TripRecorder(store: try AppStore(path: path))
            try recorder.store.setConsent(.granted)
            trip = try #require(try recorder.startTrip(at: start))
            try recorder.append(northboundFixes(count: 4, from: start), to: trip)
            try recorder.finishTrip(trip, at: start + 4)
        }
        let reopened = try AppStore(path: path)
        #expect(try reopened.trips().map(\.id) == [trip])
        #expect(try reopened.fixes(of: trip) == northboundFixes(count: 4, from: start))
    }

    @Test func deletedTripsLeaveNoTraceInTheFiles() throws {
        let folder = try TempFolder()
        let path = folder.path("app.sqlite")
        let secret = "ZZ-Secret-Clinic-Address-ZZ"
        let recorder = TripRecorder(store: try AppStore(path: path))
        try recorder.store.setConsent(.granted)
        for _ in 0..<3 {
            let trip = try #require(try recorder.startTrip(originName: secret))
            try recorder.append(northboundFixes(count: 200, from: Date()), to: trip)
        }
        #expect(try fileBytes(folder, containing: secret))

        try recorder.store.setConsent(.denied, deletingRecordedTrips: true)
        #expect(try fileBytes(folder, containing: secret) == false)
        let queue = try DatabaseQueue(path: path)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM fix") } == 0)
    }

    /// Whether any file of the store (database, WAL, shared memory) holds `text`.
    private func fileBytes(_ folder: TempFolder, containing text: String) throws -> Bool {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).contains { name in
            try Data(contentsOf: folder.url.appendingPathComponent(name)).range(of: Data(text.utf8)) != nil
        }
    }
}
