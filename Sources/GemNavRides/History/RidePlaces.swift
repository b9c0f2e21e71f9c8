import Foundation
import GemNavServices
import GemNavStorage

/// Pickup and destination from what the rider typed: "home" and "work" are the favourites of
/// those kinds, a favourite's name is that favourite, anything else goes to the place resolver
/// (`LAT,LON` or a name in the search index).
public struct RidePlaces: Sendable {
    /// The store holding the favourites, nil when there is none.
    public let store: AppStore?
    /// The resolver for everything else.
    public let resolver: PlaceResolver

    /// Creates a lookup.
    public init(store: AppStore?, resolver: PlaceResolver) {
        self.store = store
        self.resolver = resolver
    }

    /// The place `text` names.
    /// - Throws: `AppError` from the resolver, or `StorageError` reading the favourites.
    public func resolve(_ text: String, near: Place? = nil) throws -> Place {
        if let favourite = try favourite(named: text) { return Place(favourite) }
        return try resolver.resolve(text, near: near?.coordinate)
    }

    private func favourite(named text: String) throws -> Favourite? {
        guard let store else { return nil }
        let wanted = text.trimmingCharacters(in: .whitespaces)
        switch wanted.lowercased() {
        case "home": if let home = try store.home() { return home }
        case "work": if let work = try store.work() { return work }
        default: break
        }
        return try store.favourites().first {
            $0.name.compare(wanted, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
        }
    }
}
