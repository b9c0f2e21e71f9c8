import Foundation
import GRDB

/// Every failure of GemNavStorage. `kind` tells precisely what went wrong; `description`
/// is a sentence fit for a log or a CLI.
public struct StorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The file at `path` exists but is not an SQLite database; it was left untouched.
        case notADatabase(path: String)
        /// The file at `path` is an SQLite database whose content is damaged.
        case corruptDatabase(path: String)
        /// The store at `path` was written by a newer GemNav (schema `found`, this build
        /// reads up to `supported`); it was left untouched.
        case newerSchema(path: String, found: Int, supported: Int)
        /// The file at `path` could not be opened or created (missing folder, permissions).
        case cannotOpen(path: String, reason: String)
        /// `startTrip` was called while consent is still `awaiting`: the app must ask first.
        case consentAwaiting
        /// No trip with this id is stored (never was, or it was deleted).
        case tripNotFound(TripID)
        /// The trip was already finished, so it takes no more fixes and no second summary.
        case tripAlreadyFinished(TripID)
        /// The finish time given is before the trip's start.
        case finishBeforeStart(TripID)
        /// Fix number `index` of the batch is invalid; nothing of the batch was stored.
        case invalidFix(index: Int, reason: InvalidFixReason)
        /// No favourite with this id is stored (never was, or it was deleted).
        case favouriteNotFound(FavouriteID)
        /// A favourite or a recent destination cannot be stored as given; nothing was changed.
        case invalidPlace(InvalidPlaceReason)
        /// The setting under `key` could not be encoded as JSON (e.g. a NaN number); the stored
        /// value, if any, was kept.
        case unencodableSetting(key: String, reason: String)
        /// The setting under `key`, written with shape `version`, does not decode as the type
        /// asked for; the caller can fall back to its defaults. The stored value was kept.
        case unreadableSetting(key: String, version: Int, reason: String)
        /// Any other SQLite failure (disk full, read-only file…), with SQLite's result code.
        case sqlite(code: Int32, message: String)
    }

    /// Which field of a `TripFix` is unusable.
    public enum InvalidFixReason: String, Sendable, Hashable {
        /// Latitude or longitude not finite or outside the WGS84 range.
        case coordinate
        /// Horizontal accuracy negative or not finite (use nil for unknown).
        case horizontalAccuracy
        /// Speed negative or not finite (use nil for unknown).
        case speed
        /// Course outside 0..<360 or not finite (use nil for unknown).
        case course
        /// Timestamp not a finite time.
        case timestamp
    }

    /// Why a place (favourite or recent destination) cannot be stored.
    public enum InvalidPlaceReason: String, Sendable, Hashable {
        /// The name is empty or only whitespace.
        case emptyName
        /// Latitude or longitude not finite or outside the WGS84 range.
        case coordinate
    }

    /// What went wrong.
    public var kind: Kind

    /// Wraps a kind.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// A sentence saying what went wrong and, where there is one, what to do.
    public var description: String {
        switch kind {
        case .notADatabase(let path):
            return "\(path) is not a GemNav store (not an SQLite database); it was not modified"
        case .corruptDatabase(let path):
            return "The GemNav store at \(path) is damaged"
        case .newerSchema(let path, let found, let supported):
            return "The GemNav store at \(path) has schema version \(found), newer than the "
                + "\(supported) this version reads: update GemNav; the store was not modified"
        case .cannotOpen(let path, let reason):
            return "Cannot open the GemNav store at \(path): \(reason)"
        case .consentAwaiting:
            return "Location recording consent has not been given yet: call setConsent(.granted) "
                + "or .denied (gemnav consent grant|deny)"
        case .tripNotFound(let id):
            return "No recorded trip with id \(id)"
        case .tripAlreadyFinished(let id):
            return "Trip \(id) is already finished"
        case .finishBeforeStart(let id):
            return "Trip \(id) cannot finish before it started"
        case .invalidFix(let index, let reason):
            return "Fix \(index) of the batch has an invalid \(reason.rawValue); no fix of the batch was stored"
        case .favouriteNotFound(let id):
            return "No favourite with id \(id)"
        case .invalidPlace(.emptyName):
            return "A place needs a name that is not empty; nothing was stored"
        case .invalidPlace(.coordinate):
            return "A place needs a valid coordinate (latitude -90…90, longitude -180…180); nothing was stored"
        case .unencodableSetting(let key, let reason):
            return "The setting '\(key)' cannot be stored as JSON: \(reason); the stored value was kept"
        case .unreadableSetting(let key, let version, let reason):
            return "The setting '\(key)' (version \(version)) cannot be read: \(reason); "
                + "use the defaults, the stored value was kept"
        case .sqlite(let code, let message):
            return "SQLite error \(code): \(message)"
        }
    }
}

extension StorageError {
    /// Translates whatever a GRDB call threw into a `StorageError` about the store at `path`.
    init(translating error: any Error, path: String) {
        if let storage = error as? StorageError {
            self = storage
            return
        }
        guard let db = error as? DatabaseError else {
            self.init(.sqlite(code: ResultCode.SQLITE_ERROR.rawValue, message: String(describing: error)))
            return
        }
        // Primary codes: SQLite reports e.g. SQLITE_CANTOPEN_ISDIR as an extended code.
        switch db.resultCode {
        case .SQLITE_NOTADB: self.init(.notADatabase(path: path))
        case .SQLITE_CORRUPT: self.init(.corruptDatabase(path: path))
        case .SQLITE_CANTOPEN: self.init(.cannotOpen(path: path, reason: db.message ?? "unable to open"))
        default: self.init(.sqlite(code: db.extendedResultCode.rawValue, message: db.message ?? "\(db)"))
        }
    }
}
