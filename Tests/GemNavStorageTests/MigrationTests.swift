import Foundation
import GRDB
import GemNavStorage
import Testing

@Suite struct MigrationTests {
    /// What GemNav with schema 1 left on disk, frozen here as it shipped.
    private static let version1 = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations (identifier) VALUES ('v1 consent and trips');
        CREATE TABLE consent (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            status TEXT NOT NULL CHECK (status IN ('awaiting', 'granted', 'denied')),
            decidedAt REAL
        );
        INSERT INTO consent (id, status, decidedAt) VALUES (1, 'granted', 1790000000);
        CREATE TABLE trip (
            id INTEGER PRIMARY KEY AUTOINCREMENT, startedAt REAL NOT NULL, finishedAt REAL,
            originName TEXT, destinationName TEXT, distance REAL, duration REAL
        );
        CREATE INDEX trip_startedAt ON trip (startedAt);
        CREATE TABLE fix (
            id INTEGER PRIMARY KEY,
            tripId INTEGER NOT NULL REFERENCES trip (id) ON DELETE CASCADE,
            latitude REAL NOT NULL, longitude REAL NOT NULL, horizontalAccuracy REAL, speed REAL,
            course REAL, timestamp REAL NOT NULL
        );
        CREATE INDEX fix_trip_time ON fix (tripId, timestamp);
        INSERT INTO trip (startedAt, finishedAt, originName, destinationName, distance, duration)
        VALUES (1790000100, 1790000700, 'Casino', 'Stade', 2100, 600);
        INSERT INTO fix (tripId, latitude, longitude, timestamp) VALUES (1, 43.7396, 7.4276, 1790000100);
        PRAGMA user_version = 1;
        """

    @Test func aVersion1StoreIsMigratedKeepingItsData() throws {
        let folder = try TempFolder()
        let path = folder.path("app.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: Self.version1) }
        }
        let store = try AppStore(path: path)
        #expect(try store.consent == .granted)
        #expect(try store.trips().map(\.destinationName) == ["Stade"])
        #expect(try store.fixes(of: TripID(rawValue: 1)).count == 1)
        #expect(try store.favourites().isEmpty && store.recentDestinations().isEmpty)
        try store.addFavourite(.home, name: "Home", coordinate: casino)
        try store.setSetting(true, key: "voice")

        let queue = try DatabaseQueue(path: path)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == AppStore.schemaVersion)
        #expect(AppStore.schemaVersion == 3)
        #expect(try store.rides().isEmpty)
    }
}
