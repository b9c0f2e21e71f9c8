import Foundation
import GRDB
import GemNavCore

/// The recent destinations the search screen offers before anything is typed.
extension AppStore {
    /// How many recent destinations are kept; recording one more drops the least recently used.
    public static let recentDestinationLimit = 50

    /// Recording a destination this close (metres) to one of the same name updates that one
    /// instead of adding a duplicate: the same café picked from search and from the map lands
    /// a few metres apart.
    public static let recentDestinationMergeRadius = 50.0

    /// The recent destinations, most recently used first.
    public func recentDestinations() throws(StorageError) -> [RecentDestination] {
        try read { db in
            try Row.fetchAll(db, sql: Self.recentSelect + " ORDER BY lastUsedAt DESC, id DESC")
                .map(Self.recent(from:))
        }
    }

    /// Records that the user picked a destination.
    ///
    /// A destination of the same name within `recentDestinationMergeRadius` is updated (used
    /// once more, now; moved to `coordinate`; its subtitle replaced when one is given) instead
    /// of duplicated. Beyond `recentDestinationLimit`, the least recently used are dropped, never
    /// the one just recorded.
    ///
    /// - Parameters:
    ///   - name: The destination's name; surrounding whitespace is dropped.
    ///   - subtitle: A second line such as the address; empty means none.
    ///   - coordinate: Where it is.
    ///   - date: When it was picked.
    /// - Returns: The stored destination.
    /// - Throws: `StorageError` `.invalidPlace` for an empty name or an invalid coordinate.
    @discardableResult
    public func recordDestination(name: String, subtitle: String? = nil, coordinate: Coordinate,
                                  at date: Date = Date()) throws(StorageError) -> RecentDestination
    {
        let name = try PlaceFields.name(name)
        try PlaceFields.check(coordinate)
        let subtitle = PlaceFields.subtitle(subtitle)
        let path = self.path
        return try write { db in
            let id: Int64
            if let match = try Self.nearestRecent(named: name, to: coordinate, db) {
                id = match.id.rawValue
                try db.execute(
                    sql: """
                        UPDATE recentDestination
                        SET latitude = ?, longitude = ?, subtitle = coalesce(?, subtitle),
                            lastUsedAt = max(lastUsedAt, ?), useCount = useCount + 1
                        WHERE id = ?
                        """,
                    arguments: [coordinate.latitude, coordinate.longitude, subtitle,
                                date.timeIntervalSince1970, id])
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO recentDestination (name, subtitle, latitude, longitude, lastUsedAt, useCount)
                        VALUES (?, ?, ?, ?, ?, 1)
                        """,
                    arguments: [name, subtitle, coordinate.latitude, coordinate.longitude,
                                date.timeIntervalSince1970])
                id = db.lastInsertedRowID
            }
            // Keep the one just recorded and the most recent others, up to the limit.
            try db.execute(
                sql: """
                    DELETE FROM recentDestination WHERE id != :id AND id NOT IN (
                        SELECT id FROM recentDestination WHERE id != :id
                        ORDER BY lastUsedAt DESC, id DESC LIMIT :keep)
                    """,
                arguments: ["id": id, "keep": Self.recentDestinationLimit - 1])
            guard let stored = try Row.fetchOne(db, sql: Self.recentSelect + " WHERE id = ?", arguments: [id])
            else { throw StorageError(.corruptDatabase(path: path)) }
            return Self.recent(from: stored)
        }
    }

    /// Deletes one recent destination.
    ///
    /// - Returns: false when none had this id.
    @discardableResult
    public func deleteRecentDestination(_ id: RecentDestinationID) throws(StorageError) -> Bool {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM recentDestination WHERE id = ?", arguments: [id.rawValue])
            return db.changesCount > 0
        }
        if deleted { scrubWriteAheadLog() }
        return deleted
    }

    /// Deletes every recent destination, leaving favourites and trips as they are.
    ///
    /// - Returns: How many were deleted.
    @discardableResult
    public func clearRecentDestinations() throws(StorageError) -> Int {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM recentDestination")
            return db.changesCount
        }
        scrubWriteAheadLog()
        return deleted
    }

    private static let recentSelect =
        "SELECT id, name, subtitle, latitude, longitude, lastUsedAt, useCount FROM recentDestination"

    /// The destination named `name` nearest to `coordinate` within the merge radius, if any.
    private static func nearestRecent(named name: String, to coordinate: Coordinate,
                                      _ db: Database) throws -> RecentDestination?
    {
        try Row.fetchAll(db, sql: recentSelect + " WHERE name = ?", arguments: [name])
            .map(recent(from:))
            .map { ($0, Geodesy.distance($0.coordinate, coordinate)) }
            .filter { $0.1 <= recentDestinationMergeRadius }
            .min { $0.1 < $1.1 }?.0
    }

    private static func recent(from row: Row) -> RecentDestination {
        RecentDestination(
            id: RecentDestinationID(rawValue: row["id"]), name: row["name"], subtitle: row["subtitle"],
            coordinate: Coordinate(latitude: row["latitude"], longitude: row["longitude"]),
            lastUsedAt: Date(timeIntervalSince1970: row["lastUsedAt"]), useCount: row["useCount"])
    }
}
