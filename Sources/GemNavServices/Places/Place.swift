import Foundation
import GemNavCore
import GemNavSearch
import GemNavStorage

/// A place the app can route to: a search result, a favourite, a recent destination, a
/// point tapped on the map, or the user's own position.
public struct Place: Sendable, Hashable, Codable, Identifiable {
    /// Stable identity: the OSM object for search results, the rounded coordinate otherwise.
    public var id: String
    /// What to call it ("Stade Louis II").
    public var name: String
    /// Where it is, in words ("Avenue des Castelans, Monaco"); empty when unknown.
    public var subtitle: String
    /// Where to route to.
    public var coordinate: Coordinate
    /// What it is for, when it is a point of interest.
    public var category: SearchCategory?

    /// Creates a place.
    public init(id: String? = nil, name: String, subtitle: String = "", coordinate: Coordinate,
                category: SearchCategory? = nil)
    {
        self.id = id ?? String(format: "%.5f,%.5f", coordinate.latitude, coordinate.longitude)
        self.name = name
        self.subtitle = subtitle
        self.coordinate = coordinate
        self.category = category
    }

    /// The place a search result names.
    public init(_ result: SearchResult) {
        self.init(id: "\(result.osmType)/\(result.osmId)", name: result.title, subtitle: result.subtitle,
                  coordinate: result.coordinate, category: result.category)
    }

    /// The place a favourite keeps.
    public init(_ favourite: Favourite) {
        self.init(name: favourite.name, subtitle: favourite.subtitle ?? "", coordinate: favourite.coordinate)
    }

    /// The place a recent destination keeps.
    public init(_ recent: RecentDestination) {
        self.init(name: recent.name, subtitle: recent.subtitle ?? "", coordinate: recent.coordinate)
    }

    /// "Name, subtitle", or the name alone.
    public var label: String { subtitle.isEmpty ? name : "\(name), \(subtitle)" }
}

/// Finds places: search-ahead, categories and reverse geocoding. The offline index answers on
/// the device (`IndexPlaceSearch`); a chosen server that searches answers instead, the index
/// standing in while it fails (`ServerPlaceSearch`).
public protocol PlaceSearching: Sendable {
    /// Places matching `text` as typed (the last word may be unfinished), nearest `near` first
    /// among equals.
    /// - Throws: `SearchError` for an empty or over-long query.
    func search(_ text: String, near: Coordinate?, limit: Int) async throws -> [Place]
    /// The nearest places of `category` by straight-line distance.
    func nearest(_ category: SearchCategory, near: Coordinate?, limit: Int) async -> [Place]
    /// The address or place at `coordinate`, nil when nothing is near.
    func reverse(_ coordinate: Coordinate) async -> Place?
}

/// `PlaceSearching` on the offline search index.
public struct IndexPlaceSearch: PlaceSearching {
    /// The index searched.
    public let index: SearchIndex

    /// Searches `index`.
    public init(index: SearchIndex) { self.index = index }

    public func search(_ text: String, near: Coordinate?, limit: Int) async throws -> [Place] {
        try index.search(text, near: near, limit: limit).map(Place.init)
    }

    public func nearest(_ category: SearchCategory, near: Coordinate?, limit: Int) async -> [Place] {
        index.nearest(category, near: near, limit: limit).map(Place.init)
    }

    public func reverse(_ coordinate: Coordinate) async -> Place? {
        index.reverse(coordinate).map(Place.init)
    }
}
