import Foundation
import GRDB

/// Settings: typed values the app defines, stored as JSON documents under keys.
extension AppStore {
    /// The setting under `key` decoded as `type`, or nil when none is stored.
    ///
    /// A caller falls back to its defaults both on nil and on `.unreadableSetting`, e.g.
    /// `(try? store.setting(AppSettings.self, key: "app")) ?? .defaults`.
    ///
    /// - Throws: `StorageError` `.unreadableSetting` when the JSON does not fit `type` (the
    ///   stored value is kept).
    public func setting<T: Decodable>(_ type: T.Type, key: String) throws(StorageError) -> T? {
        try storedSetting(key: key)?.decode(type)
    }

    /// The setting under `key` as stored (JSON, version, time), or nil when none is; for an app
    /// that reads an older version of its settings' shape.
    public func storedSetting(key: String) throws(StorageError) -> StoredSetting? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT json, version, updatedAt FROM setting WHERE key = ?",
                             arguments: [key])
                .map { row in
                    let json: String = row["json"]
                    return StoredSetting(key: key, json: Data(json.utf8), version: row["version"],
                                         updatedAt: Date(timeIntervalSince1970: row["updatedAt"]))
                }
        }
    }

    /// Stores `value` as JSON under `key`, replacing what was there.
    ///
    /// - Parameters:
    ///   - value: The setting; the app's own type.
    ///   - key: Where it is stored, e.g. "app".
    ///   - version: The version of the type's JSON shape; raise it when a field changes meaning
    ///     so a later app knows how to read what is stored.
    ///   - date: When it was changed.
    /// - Throws: `StorageError` `.unencodableSetting` when `value` has no JSON form (the stored
    ///   value is kept).
    public func setSetting<T: Encodable>(_ value: T, key: String, version: Int = 1,
                                         at date: Date = Date()) throws(StorageError)
    {
        let json: String
        do {
            let encoder = JSONEncoder()
            // Sorted keys: the same settings give the same bytes, which diffs and tests can compare.
            encoder.outputFormatting = [.sortedKeys]
            json = String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw StorageError(.unencodableSetting(key: key, reason: "\(error)"))
        }
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO setting (key, json, version, updatedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET
                        json = excluded.json, version = excluded.version, updatedAt = excluded.updatedAt
                    """,
                arguments: [key, json, version, date.timeIntervalSince1970])
        }
    }

    /// Deletes the setting under `key`, so the app's defaults apply again.
    ///
    /// - Returns: false when none was stored.
    @discardableResult
    public func deleteSetting(key: String) throws(StorageError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            return db.changesCount > 0
        }
    }
}
