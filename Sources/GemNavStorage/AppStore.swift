import Foundation
import GRDB

/// The app's SQLite store: the location-recording consent, recorded trips, favourites, recent
/// destinations and settings.
///
/// One `AppStore` owns one GRDB `DatabaseQueue`, which serialises every access, so the store
/// can be shared freely between tasks and threads. Every change runs in a transaction: a
/// failure (bad input, full disk) leaves what was stored before exactly as it was.
public final class AppStore: Sendable {
    /// The database file, or ":memory:" for an in-memory store.
    public let path: String
    let queue: DatabaseQueue

    /// Opens the store at `path`, creating the file if it does not exist and migrating an
    /// older schema.
    ///
    /// - Throws: `StorageError` with `.notADatabase` when the file is not SQLite,
    ///   `.newerSchema` when a newer GemNav wrote it (both leave the file untouched), or
    ///   `.cannotOpen` when it cannot be opened or created.
    public init(path: String) throws(StorageError) {
        var config = Self.configuration
        // WAL: another process reading the file (the CLI, an app extension) does not block the
        // recorder's appends, and each append batch is one sequential log write.
        config.journalMode = .wal
        // A CLI or an app extension may hold the file briefly; wait instead of failing.
        config.busyMode = .timeout(5)
        self.path = path
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
            try AppSchema.prepare(queue, path: path)
        } catch {
            throw StorageError(translating: error, path: path)
        }
    }

    private init(memoryQueue: DatabaseQueue) {
        path = ":memory:"
        queue = memoryQueue
    }

    /// A fresh store that lives in memory only, for previews and tests.
    public static func inMemory() throws(StorageError) -> AppStore {
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            try AppSchema.prepare(queue, path: ":memory:")
            return AppStore(memoryQueue: queue)
        } catch {
            throw StorageError(translating: error, path: ":memory:")
        }
    }

    /// Settings shared by file and memory stores.
    private static var configuration: Configuration {
        var config = Configuration()
        config.prepareDatabase { db in
            // Deleted trips are a privacy promise: zero their bytes instead of leaving them in
            // free pages, where they would survive until SQLite happened to reuse the space.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        return config
    }

    /// The schema version this build of GemNav reads and writes.
    public static var schemaVersion: Int { AppSchema.version }

    // MARK: Consent

    /// The current consent; `.awaiting` on a fresh store.
    public var consent: LocationConsent {
        get throws(StorageError) { try consentDecision().consent }
    }

    /// The current consent and when it was decided.
    public func consentDecision() throws(StorageError) -> ConsentDecision {
        try read { db in try Self.fetchConsent(db, path: path) }
    }

    /// Stores the user's answer with the time of the decision.
    ///
    /// Revoking (`.denied`) stops recording at once: later appends to a trip in progress store
    /// nothing. Trips recorded earlier are kept unless `deletingRecordedTrips` is true, because
    /// deletion cannot be undone and "stop recording" does not always mean "forget my trips":
    /// the app should ask, e.g. "Also delete 12 recorded trips?" (see `recordedTripCount()`).
    /// The consent change and the deletion happen in one transaction.
    ///
    /// - Parameters:
    ///   - consent: The new answer. `.awaiting` means "ask me again".
    ///   - date: When the user decided.
    ///   - deletingRecordedTrips: Also delete every recorded trip and its fixes.
    /// - Returns: The stored decision.
    @discardableResult
    public func setConsent(_ consent: LocationConsent, at date: Date = Date(),
                           deletingRecordedTrips: Bool = false) throws(StorageError) -> ConsentDecision
    {
        let decision = try write { db in
            try db.execute(sql: "UPDATE consent SET status = ?, decidedAt = ? WHERE id = 1",
                           arguments: [consent.rawValue, date.timeIntervalSince1970])
            if deletingRecordedTrips {
                try db.execute(sql: "DELETE FROM trip")
            }
            return ConsentDecision(consent: consent, decidedAt: date)
        }
        if deletingRecordedTrips { scrubWriteAheadLog() }
        return decision
    }

    static func fetchConsent(_ db: Database, path: String) throws -> ConsentDecision {
        guard let row = try Row.fetchOne(db, sql: "SELECT status, decidedAt FROM consent WHERE id = 1"),
              let consent = LocationConsent(rawValue: row["status"])
        else {
            // The migration inserts the row and a CHECK guards the status: only damage gets here.
            throw StorageError(.corruptDatabase(path: path))
        }
        let decidedAt: Double? = row["decidedAt"]
        return ConsentDecision(consent: consent, decidedAt: decidedAt.map(Date.init(timeIntervalSince1970:)))
    }

    // MARK: Access

    /// Runs `body` in a read transaction, translating failures into `StorageError`.
    func read<T>(_ body: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw StorageError(translating: error, path: path)
        }
    }

    /// Empties the write-ahead log after a deletion: until a checkpoint, the log still holds
    /// copies of the pages as they were before the deletion zeroed them.
    ///
    /// The deletion is committed by then, so a failed checkpoint (another connection reading)
    /// is not an error of the deletion; SQLite checkpoints again on its own as the log grows.
    func scrubWriteAheadLog() {
        _ = try? queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// Runs `body` in a write transaction (rolled back when it throws), translating failures
    /// into `StorageError`.
    func write<T>(_ body: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try queue.write(body)
        } catch {
            throw StorageError(translating: error, path: path)
        }
    }
}
