import Foundation
import GRDB
import GemNavCore

/// Saving, editing and listing favourites: Home, Work and named places.
extension AppStore {
    /// Every favourite: Home, then Work, then the named ones by name (ignoring case and
    /// accents, numbers by value, so "Gym 2" comes before "Gym 10").
    public func favourites() throws(StorageError) -> [Favourite] {
        let all = try read { db in
            try Row.fetchAll(db, sql: Self.favouriteSelect).map(Self.favourite(from:))
        }
        return all.sorted(by: Self.listedBefore)
    }

    /// The favourite with this id, or nil when there is none.
    public func favourite(_ id: FavouriteID) throws(StorageError) -> Favourite? {
        try read { db in try Self.fetchFavourite(id, db) }
    }

    /// The Home favourite, or nil when none is set; "go home" starts from here.
    public func home() throws(StorageError) -> Favourite? {
        try favourite(ofKind: .home)
    }

    /// The Work favourite, or nil when none is set.
    public func work() throws(StorageError) -> Favourite? {
        try favourite(ofKind: .work)
    }

    /// Saves a favourite.
    ///
    /// Saving a Home (or Work) when one exists replaces it, in one transaction: there is
    /// never more than one of each.
    ///
    /// - Parameters:
    ///   - kind: Home, Work or a named place.
    ///   - name: The name shown; surrounding whitespace is dropped.
    ///   - coordinate: Where the place is.
    ///   - subtitle: A second line such as the address; empty means none.
    ///   - date: When it was saved.
    /// - Returns: The stored favourite.
    /// - Throws: `StorageError` `.invalidPlace` for an empty name or an invalid coordinate.
    @discardableResult
    public func addFavourite(_ kind: FavouriteKind = .named, name: String, coordinate: Coordinate,
                             subtitle: String? = nil, at date: Date = Date()) throws(StorageError) -> Favourite
    {
        let name = try PlaceFields.name(name)
        try PlaceFields.check(coordinate)
        let subtitle = PlaceFields.subtitle(subtitle)
        let (favourite, replaced) = try write { db in
            var replaced = false
            if kind != .named {
                try db.execute(sql: "DELETE FROM favourite WHERE kind = ?", arguments: [kind.rawValue])
                replaced = db.changesCount > 0
            }
            try db.execute(
                sql: """
                    INSERT INTO favourite (kind, name, latitude, longitude, subtitle, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [kind.rawValue, name, coordinate.latitude, coordinate.longitude, subtitle,
                            date.timeIntervalSince1970])
            // Read back: the date as stored (seconds since 1970) may differ from `date` in the
            // last bits, and callers compare with what later reads return.
            let id = FavouriteID(rawValue: db.lastInsertedRowID)
            guard let favourite = try Self.fetchFavourite(id, db) else { throw StorageError(.favouriteNotFound(id)) }
            return (favourite, replaced)
        }
        // The old Home is a place the user no longer wants kept: scrub it like a deleted trip.
        if replaced { scrubWriteAheadLog() }
        return favourite
    }

    /// Renames a favourite.
    ///
    /// - Returns: The renamed favourite.
    /// - Throws: `StorageError` `.favouriteNotFound` or `.invalidPlace(.emptyName)`.
    @discardableResult
    public func renameFavourite(_ id: FavouriteID, to name: String) throws(StorageError) -> Favourite {
        let name = try PlaceFields.name(name)
        return try updateFavourite(id, sql: "UPDATE favourite SET name = ? WHERE id = ?",
                                   arguments: [name, id.rawValue])
    }

    /// Moves a favourite to another place, keeping its name and kind.
    ///
    /// - Parameters:
    ///   - id: The favourite.
    ///   - coordinate: Its new position.
    ///   - subtitle: Its new address, or nil for none: the old one describes the old place.
    /// - Returns: The moved favourite.
    /// - Throws: `StorageError` `.favouriteNotFound` or `.invalidPlace(.coordinate)`.
    @discardableResult
    public func moveFavourite(_ id: FavouriteID, to coordinate: Coordinate,
                              subtitle: String?) throws(StorageError) -> Favourite
    {
        try PlaceFields.check(coordinate)
        return try updateFavourite(
            id, sql: "UPDATE favourite SET latitude = ?, longitude = ?, subtitle = ? WHERE id = ?",
            arguments: [coordinate.latitude, coordinate.longitude, PlaceFields.subtitle(subtitle), id.rawValue])
    }

    /// Deletes a favourite.
    ///
    /// - Returns: false when no favourite had this id.
    @discardableResult
    public func deleteFavourite(_ id: FavouriteID) throws(StorageError) -> Bool {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM favourite WHERE id = ?", arguments: [id.rawValue])
            return db.changesCount > 0
        }
        if deleted { scrubWriteAheadLog() }
        return deleted
    }

    private func favourite(ofKind kind: FavouriteKind) throws(StorageError) -> Favourite? {
        try read { db in
            try Row.fetchOne(db, sql: Self.favouriteSelect + " WHERE kind = ?", arguments: [kind.rawValue])
                .map(Self.favourite(from:))
        }
    }

    /// Runs one UPDATE of a favourite and returns the result, or throws `.favouriteNotFound`.
    private func updateFavourite(_ id: FavouriteID, sql: String,
                                 arguments: StatementArguments) throws(StorageError) -> Favourite
    {
        try write { db in
            try db.execute(sql: sql, arguments: arguments)
            guard db.changesCount > 0, let favourite = try Self.fetchFavourite(id, db) else {
                throw StorageError(.favouriteNotFound(id))
            }
            return favourite
        }
    }

    private static let favouriteSelect =
        "SELECT id, kind, name, latitude, longitude, subtitle, createdAt FROM favourite"

    private static func fetchFavourite(_ id: FavouriteID, _ db: Database) throws -> Favourite? {
        try Row.fetchOne(db, sql: favouriteSelect + " WHERE id = ?", arguments: [id.rawValue])
            .map(favourite(from:))
    }

    private static func favourite(from row: Row) -> Favourite {
        Favourite(
            id: FavouriteID(rawValue: row["id"]),
            // The CHECK constraint admits only the three kinds.
            kind: FavouriteKind(rawValue: row["kind"]) ?? .named,
            name: row["name"],
            coordinate: Coordinate(latitude: row["latitude"], longitude: row["longitude"]),
            subtitle: row["subtitle"],
            createdAt: Date(timeIntervalSince1970: row["createdAt"]))
    }

    /// The list order: Home, Work, then names compared as a person would, then age.
    private static func listedBefore(_ a: Favourite, _ b: Favourite) -> Bool {
        if a.kind != b.kind { return rank(a.kind) < rank(b.kind) }
        switch a.name.compare(b.name, options: [.caseInsensitive, .diacriticInsensitive, .numeric]) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a.id.rawValue < b.id.rawValue
        }
    }

    private static func rank(_ kind: FavouriteKind) -> Int {
        switch kind {
        case .home: 0
        case .work: 1
        case .named: 2
        }
    }
}
