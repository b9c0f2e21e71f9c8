import GRDB

/// The store's tables and their versioned migrations.
///
/// Each migration also sets `PRAGMA user_version` to its number, so the schema version is
/// readable without GRDB (`sqlite3 store.sqlite 'PRAGMA user_version'`) and an older GemNav can
/// name the version it refuses.
enum AppSchema {
    /// The highest schema version this build reads and writes.
    static let version = 3

    /// The migrations, oldest first. Never edit a shipped migration: append a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 consent and trips") { db in
            // A single row (id = 1) so the consent is one value, never an ambiguous history.
            try db.execute(sql: """
                CREATE TABLE consent (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    status TEXT NOT NULL CHECK (status IN ('awaiting', 'granted', 'denied')),
                    decidedAt REAL
                );
                INSERT INTO consent (id, status, decidedAt) VALUES (1, 'awaiting', NULL);

                CREATE TABLE trip (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    startedAt REAL NOT NULL,
                    finishedAt REAL,
                    originName TEXT,
                    destinationName TEXT,
                    distance REAL,
                    duration REAL
                );
                CREATE INDEX trip_startedAt ON trip (startedAt);

                CREATE TABLE fix (
                    id INTEGER PRIMARY KEY,
                    tripId INTEGER NOT NULL REFERENCES trip (id) ON DELETE CASCADE,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    horizontalAccuracy REAL,
                    speed REAL,
                    course REAL,
                    timestamp REAL NOT NULL
                );
                CREATE INDEX fix_trip_time ON fix (tripId, timestamp);

                PRAGMA user_version = 1;
                """)
        }
        migrator.registerMigration("v2 favourites, recent destinations and settings") { db in
            try db.execute(sql: """
                CREATE TABLE favourite (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN ('home', 'work', 'named')),
                    name TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    subtitle TEXT,
                    createdAt REAL NOT NULL
                );
                -- At most one Home and one Work, whatever a caller does.
                CREATE UNIQUE INDEX favourite_one_home_one_work ON favourite (kind) WHERE kind != 'named';

                CREATE TABLE recentDestination (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    subtitle TEXT,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    lastUsedAt REAL NOT NULL,
                    useCount INTEGER NOT NULL CHECK (useCount >= 1)
                );
                CREATE INDEX recentDestination_name ON recentDestination (name);

                -- One JSON document per key; its shape is the app's, versioned by the app.
                CREATE TABLE setting (
                    key TEXT PRIMARY KEY NOT NULL,
                    json TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    updatedAt REAL NOT NULL
                );

                PRAGMA user_version = 2;
                """)
        }
        migrator.registerMigration("v3 ride history") { db in
            // One row per finished ride, keyed by the ride's own id so that storing the same
            // ride twice (a retried save) keeps one row.
            try db.execute(sql: """
                CREATE TABLE ride (
                    id TEXT PRIMARY KEY NOT NULL,
                    outcome TEXT NOT NULL CHECK (outcome IN ('completed', 'cancelled')),
                    requestedAt REAL NOT NULL,
                    endedAt REAL NOT NULL,
                    pickupName TEXT NOT NULL,
                    pickupLatitude REAL NOT NULL,
                    pickupLongitude REAL NOT NULL,
                    destinationName TEXT NOT NULL,
                    destinationLatitude REAL NOT NULL,
                    destinationLongitude REAL NOT NULL,
                    rideClass TEXT NOT NULL,
                    distance REAL,
                    duration REAL,
                    fareAmount REAL,
                    currency TEXT,
                    driverName TEXT,
                    car TEXT,
                    plate TEXT,
                    cancelledIn TEXT
                );
                CREATE INDEX ride_endedAt ON ride (endedAt);

                PRAGMA user_version = 3;
                """)
        }
        return migrator
    }

    /// Refuses a store written by a newer GemNav, then brings an older one up to `version`.
    ///
    /// The check runs before any migration so a newer store is never written to: running our
    /// older migrations on it would succeed silently and then misread its tables.
    static func prepare(_ writer: some DatabaseWriter, path: String) throws {
        let migrator = self.migrator
        let (found, superseded) = try writer.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0, try migrator.hasBeenSuperseded(db))
        }
        if found > version || superseded {
            throw StorageError(.newerSchema(path: path, found: found, supported: version))
        }
        try migrator.migrate(writer)
    }
}
