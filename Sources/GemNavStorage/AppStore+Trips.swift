import Foundation
import GRDB
import GemNavCore

/// Reading and deleting recorded trips.
extension AppStore {
    /// Every recorded trip, newest first (by start time, then by id for equal starts).
    public func trips() throws(StorageError) -> [TripSummary] {
        try read { db in
            try Row.fetchAll(db, sql: Self.summarySelect + " ORDER BY t.startedAt DESC, t.id DESC")
                .map(Self.summary(from:))
        }
    }

    /// One page of the trip history, newest first, for a list that loads as it scrolls.
    ///
    /// Recorded trips are never dropped to make room: the history keeps every trip until the
    /// user deletes it, so it can grow long.
    ///
    /// - Parameters:
    ///   - limit: At most this many trips.
    ///   - offset: How many of the newest to skip (the rows already shown).
    public func trips(limit: Int, offset: Int = 0) throws(StorageError) -> [TripSummary] {
        try read { db in
            try Row.fetchAll(db, sql: Self.summarySelect + " ORDER BY t.startedAt DESC, t.id DESC LIMIT ? OFFSET ?",
                             arguments: [max(0, limit), max(0, offset)])
                .map(Self.summary(from:))
        }
    }

    /// The summary of one trip, or nil when no trip has this id.
    public func trip(_ id: TripID) throws(StorageError) -> TripSummary? {
        try read { db in try Self.fetchSummary(id, db) }
    }

    /// The fixes of a trip in time order (recording order for equal timestamps).
    ///
    /// - Throws: `StorageError` `.tripNotFound` when no trip has this id.
    public func fixes(of id: TripID) throws(StorageError) -> [TripFix] {
        try read { db in try Self.fetchFixes(id, db) }
    }

    /// How many trips are recorded, e.g. to ask "Also delete 12 recorded trips?" on revoke.
    public func recordedTripCount() throws(StorageError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM trip") ?? 0 }
    }

    /// Deletes one trip and its fixes.
    ///
    /// - Returns: false when no trip had this id.
    @discardableResult
    public func deleteTrip(_ id: TripID) throws(StorageError) -> Bool {
        let deleted = try write { db in
            // Fixes go with their trip through ON DELETE CASCADE.
            try db.execute(sql: "DELETE FROM trip WHERE id = ?", arguments: [id.rawValue])
            return db.changesCount > 0
        }
        if deleted { scrubWriteAheadLog() }
        return deleted
    }

    /// Deletes every trip and fix, keeping the consent as it is.
    ///
    /// - Returns: How many trips were deleted.
    @discardableResult
    public func deleteAllTrips() throws(StorageError) -> Int {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM trip")
            return db.changesCount
        }
        scrubWriteAheadLog()
        return deleted
    }

    private static let summarySelect = """
        SELECT t.id, t.startedAt, t.finishedAt, t.originName, t.destinationName, t.distance,
               t.duration, (SELECT count(*) FROM fix f WHERE f.tripId = t.id) AS fixCount
        FROM trip t
        """

    static func fetchSummary(_ id: TripID, _ db: Database) throws -> TripSummary? {
        try Row.fetchOne(db, sql: summarySelect + " WHERE t.id = ?", arguments: [id.rawValue])
            .map(summary(from:))
    }

    static func fetchFixes(_ id: TripID, _ db: Database) throws -> [TripFix] {
        guard try fetchSummary(id, db) != nil else { throw StorageError(.tripNotFound(id)) }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT latitude, longitude, horizontalAccuracy, speed, course, timestamp
                FROM fix WHERE tripId = ? ORDER BY timestamp, id
                """,
            arguments: [id.rawValue]
        ).map { row in
            TripFix(coordinate: Coordinate(latitude: row["latitude"], longitude: row["longitude"]),
                    horizontalAccuracy: row["horizontalAccuracy"], speed: row["speed"],
                    course: row["course"], timestamp: Date(timeIntervalSince1970: row["timestamp"]))
        }
    }

    private static func summary(from row: Row) -> TripSummary {
        let finishedAt: Double? = row["finishedAt"]
        return TripSummary(
            id: TripID(rawValue: row["id"]),
            startedAt: Date(timeIntervalSince1970: row["startedAt"]),
            finishedAt: finishedAt.map(Date.init(timeIntervalSince1970:)),
            originName: row["originName"], destinationName: row["destinationName"],
            distance: row["distance"], duration: row["duration"], fixCount: row["fixCount"])
    }
}
