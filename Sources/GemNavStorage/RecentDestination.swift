import Foundation
import GemNavCore

/// Identifies a recent destination inside one store.
public struct RecentDestinationID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The row id SQLite gave the destination.
    public var rawValue: Int64

    /// Wraps a stored row id.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The row id as text, e.g. "12".
    public var description: String { String(rawValue) }
}

/// A place the user navigated to or picked as a destination.
public struct RecentDestination: Sendable, Hashable, Identifiable {
    /// The destination.
    public var id: RecentDestinationID
    /// Its name as the search result or the user gave it.
    public var name: String
    /// A second line such as the street address, when known.
    public var subtitle: String?
    /// Where it is (the latest position recorded under this name nearby).
    public var coordinate: Coordinate
    /// When it was last picked.
    public var lastUsedAt: Date
    /// How many times it was picked.
    public var useCount: Int

    /// Creates a recent destination.
    public init(id: RecentDestinationID, name: String, subtitle: String?, coordinate: Coordinate,
                lastUsedAt: Date, useCount: Int)
    {
        self.id = id
        self.name = name
        self.subtitle = subtitle
        self.coordinate = coordinate
        self.lastUsedAt = lastUsedAt
        self.useCount = useCount
    }
}
