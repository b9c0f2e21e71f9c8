import Foundation
import GRDB
import GemNavCore

/// Records trips (the GPS log) into an `AppStore`, only as far as the consent allows.
///
/// The navigation layer owns the decision of what to do without consent; the recorder only
/// makes each case distinct:
/// - `granted`: `startTrip` returns a trip id and `append` stores fixes.
/// - `denied`: `startTrip` returns nil. The user navigates; nothing is recorded.
/// - `awaiting`: `startTrip` throws `StorageError.Kind.consentAwaiting`, because recording
///   silently off would hide that the app never asked.
///
/// Consent is re-read inside every write transaction, so revoking it mid-trip stops the
/// recording at the next `append` without any coordination.
public struct TripRecorder: Sendable {
    /// The store trips are recorded into.
    public let store: AppStore

    /// Creates a recorder writing into `store`.
    public init(store: AppStore) {
        self.store = store
    }

    /// Whether a trip started now would be recorded (consent is `granted`).
    public var canRecord: Bool {
        get throws(StorageError) { try store.consent == .granted }
    }

    /// Starts recording a trip.
    ///
    /// - Parameters:
    ///   - date: When the trip starts.
    ///   - originName: Where it starts, as the user would name it, when known.
    ///   - destinationName: Where it goes, when already known (it can be given at finish).
    /// - Returns: The new trip's id when consent is `granted`; nil when it is `denied`.
    /// - Throws: `StorageError` `.consentAwaiting` while the user has not decided yet, with a
    ///   message telling how to decide.
    public func startTrip(at date: Date = Date(), originName: String? = nil,
                          destinationName: String? = nil) throws(StorageError) -> TripID?
    {
        let path = store.path
        return try store.write { db -> TripID? in
            switch try AppStore.fetchConsent(db, path: path).consent {
            case .awaiting: throw StorageError(.consentAwaiting)
            case .denied: return nil
            case .granted:
                try db.execute(
                    sql: "INSERT INTO trip (startedAt, originName, destinationName) VALUES (?, ?, ?)",
                    arguments: [date.timeIntervalSince1970, originName, destinationName])
                return TripID(rawValue: db.lastInsertedRowID)
            }
        }
    }

    /// Stores a batch of fixes for a trip in progress, in one transaction.
    ///
    /// Call it with a few fixes at a time (every few seconds, say) rather than per fix: one
    /// transaction per batch keeps disk syncs, and battery use, low.
    ///
    /// - Returns: true when the fixes were stored; false, storing nothing, when consent is no
    ///   longer `granted`, so that navigation carries on after the user revokes it mid-trip.
    /// - Throws: `StorageError` `.invalidFix` (nothing of the batch is stored), `.tripNotFound`
    ///   or `.tripAlreadyFinished`.
    @discardableResult
    public func append(_ fixes: [TripFix], to trip: TripID) throws(StorageError) -> Bool {
        for (index, fix) in fixes.enumerated() {
            if let reason = fix.problem { throw StorageError(.invalidFix(index: index, reason: reason)) }
        }
        let path = store.path
        return try store.write { db -> Bool in
            guard try AppStore.fetchConsent(db, path: path).consent == .granted else { return false }
            try Self.requireOpenTrip(trip, db)
            // One prepared statement, re-bound per row: the cheapest way to insert many rows.
            let insert = try db.cachedStatement(sql: """
                INSERT INTO fix (tripId, latitude, longitude, horizontalAccuracy, speed, course, timestamp)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for fix in fixes {
                try insert.execute(arguments: [
                    trip.rawValue, fix.coordinate.latitude, fix.coordinate.longitude,
                    fix.horizontalAccuracy, fix.speed, fix.course, fix.timestamp.timeIntervalSince1970,
                ])
            }
            return true
        }
    }

    /// Finishes a trip and stores its summary.
    ///
    /// The distance is measured along the stored fixes in time order; the duration runs from
    /// the start to `date`.
    ///
    /// - Parameters:
    ///   - trip: The trip to finish.
    ///   - date: When it finished.
    ///   - originName: Replaces the origin name when given.
    ///   - destinationName: Replaces the destination name when given.
    /// - Returns: The finished trip's summary.
    /// - Throws: `StorageError` `.tripNotFound`, `.tripAlreadyFinished` or `.finishBeforeStart`.
    @discardableResult
    public func finishTrip(_ trip: TripID, at date: Date = Date(), originName: String? = nil,
                           destinationName: String? = nil) throws(StorageError) -> TripSummary
    {
        let path = store.path
        return try store.write { db -> TripSummary in
            let startedAt = try Self.requireOpenTrip(trip, db)
            let duration = date.timeIntervalSince1970 - startedAt
            guard duration >= 0 else { throw StorageError(.finishBeforeStart(trip)) }
            let distance = try Self.measuredDistance(of: trip, db)
            try db.execute(
                sql: """
                    UPDATE trip SET finishedAt = ?, distance = ?, duration = ?,
                        originName = coalesce(?, originName),
                        destinationName = coalesce(?, destinationName)
                    WHERE id = ?
                    """,
                arguments: [date.timeIntervalSince1970, distance, duration, originName, destinationName,
                            trip.rawValue])
            guard let summary = try AppStore.fetchSummary(trip, db) else {
                throw StorageError(.corruptDatabase(path: path))
            }
            return summary
        }
    }

    /// Throws unless `trip` exists and is unfinished; returns its start time (Unix seconds).
    @discardableResult
    private static func requireOpenTrip(_ trip: TripID, _ db: Database) throws -> Double {
        guard let row = try Row.fetchOne(db, sql: "SELECT startedAt, finishedAt FROM trip WHERE id = ?",
                                         arguments: [trip.rawValue])
        else { throw StorageError(.tripNotFound(trip)) }
        let finishedAt: Double? = row["finishedAt"]
        guard finishedAt == nil else { throw StorageError(.tripAlreadyFinished(trip)) }
        return row["startedAt"]
    }

    /// Sums the great-circle legs between consecutive fixes, streaming them with a cursor so a
    /// long trip is never loaded whole.
    private static func measuredDistance(of trip: TripID, _ db: Database) throws -> Double {
        let rows = try Row.fetchCursor(
            db, sql: "SELECT latitude, longitude FROM fix WHERE tripId = ? ORDER BY timestamp, id",
            arguments: [trip.rawValue])
        var previous: Coordinate?
        var total = 0.0
        while let row = try rows.next() {
            let here = Coordinate(latitude: row["latitude"], longitude: row["longitude"])
            if let previous { total += Geodesy.distance(previous, here) }
            previous = here
        }
        return total
    }
}
