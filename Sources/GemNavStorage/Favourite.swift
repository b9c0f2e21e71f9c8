import Foundation
import GemNavCore

/// Identifies a favourite inside one store.
public struct FavouriteID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The row id SQLite gave the favourite.
    public var rawValue: Int64

    /// Wraps a stored row id.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The row id as text, e.g. "12".
    public var description: String { String(rawValue) }
}

/// What a favourite stands for: the two places the app offers in one tap, or any other.
public enum FavouriteKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// The user's home; a store holds at most one.
    case home
    /// The user's workplace; a store holds at most one.
    case work
    /// Any other place the user saved under a name of their own.
    case named
}

/// A place the user saved.
public struct Favourite: Sendable, Hashable, Identifiable {
    /// The favourite.
    public var id: FavouriteID
    /// Home, Work or a named place.
    public var kind: FavouriteKind
    /// The name the user sees ("Home", "Gym"); the app words Home and Work in the user's language.
    public var name: String
    /// Where the place is.
    public var coordinate: Coordinate
    /// A second line such as the street address, when known.
    public var subtitle: String?
    /// When the favourite was saved (a replaced Home or Work starts anew).
    public var createdAt: Date

    /// Creates a favourite.
    public init(id: FavouriteID, kind: FavouriteKind, name: String, coordinate: Coordinate,
                subtitle: String?, createdAt: Date)
    {
        self.id = id
        self.kind = kind
        self.name = name
        self.coordinate = coordinate
        self.subtitle = subtitle
        self.createdAt = createdAt
    }
}
