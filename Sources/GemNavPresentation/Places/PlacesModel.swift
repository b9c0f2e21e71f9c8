import Foundation
import GemNavCore
import GemNavNavigation
import GemNavServices
import GemNavStorage
import Observation

/// Favourites (Home, Work, named ones), recent destinations and the trip history, each
/// deletable; they also fill the search screen's suggestions. Recorded trips are never dropped
/// silently: only the user deletes them.
@MainActor @Observable
public final class PlacesModel {
    /// What the screen shows.
    public struct State: Sendable, Hashable {
        /// Home, Work, then the named favourites by name.
        public var favourites: [Favourite] = []
        /// Recent destinations, newest first (at most 50).
        public var recents: [RecentDestination] = []
        /// Recorded trips, newest first.
        public var trips: [TripSummary] = []
        /// A sentence when a change failed.
        public var message: String?
    }

    /// What the user does on this screen.
    public enum Intent: Sendable, Hashable {
        /// Saves a place as Home (replacing the old Home).
        case setHome(Place)
        /// Saves a place as Work (replacing the old Work).
        case setWork(Place)
        /// Saves a place under a name of the user's.
        case addFavourite(Place, name: String)
        /// Renames a favourite.
        case renameFavourite(FavouriteID, to: String)
        /// Deletes a favourite.
        case deleteFavourite(FavouriteID)
        /// Forgets one recent destination.
        case deleteRecent(RecentDestinationID)
        /// Forgets every recent destination.
        case clearRecents
        /// Deletes a recorded trip and its fixes.
        case deleteTrip(TripID)
        /// Reads everything again (after a trip was recorded elsewhere).
        case reload
    }

    /// The screen's state.
    public private(set) var state = State()
    private let store: AppStore
    /// Dates the places saved and used (the app's clock, so tests know them).
    private let clock: any NavigationClock

    /// The places kept in `store`, dated by `clock`.
    public init(store: AppStore, clock: any NavigationClock = SystemClock()) {
        self.store = store
        self.clock = clock
        reload()
    }

    /// The search screen's suggestions: favourites, then recent destinations not already there.
    public var suggestions: [Place] {
        let favourites = state.favourites.map(Place.init)
        let recents = state.recents.map(Place.init)
            .filter { r in !favourites.contains { $0.name == r.name && Geodesy.distance($0.coordinate, r.coordinate) < 50 } }
        return favourites + recents
    }

    /// Home, when set.
    public var home: Place? {
        state.favourites.first { $0.kind == .home }.map(Place.init)
    }

    /// Remembers `place` as a destination the user went to.
    public func recordDestination(_ place: Place) {
        perform { try store.recordDestination(name: place.name, subtitle: place.subtitle, coordinate: place.coordinate,
                                               at: clock.now) }
    }

    /// Handles one intent.
    public func send(_ intent: Intent) {
        switch intent {
        case .setHome(let p):
            perform { try store.addFavourite(.home, name: "Home", coordinate: p.coordinate, subtitle: p.label, at: clock.now) }
        case .setWork(let p):
            perform { try store.addFavourite(.work, name: "Work", coordinate: p.coordinate, subtitle: p.label, at: clock.now) }
        case .addFavourite(let p, let name):
            perform { try store.addFavourite(.named, name: name, coordinate: p.coordinate, subtitle: p.subtitle, at: clock.now) }
        case .renameFavourite(let id, let name): perform { try store.renameFavourite(id, to: name) }
        case .deleteFavourite(let id): perform { try store.deleteFavourite(id) }
        case .deleteRecent(let id): perform { try store.deleteRecentDestination(id) }
        case .clearRecents: perform { try store.clearRecentDestinations() }
        case .deleteTrip(let id): perform { try store.deleteTrip(id) }
        case .reload: reload()
        }
    }

    private func perform(_ change: () throws -> some Any) {
        do {
            _ = try change()
            state.message = nil
        } catch {
            state.message = String(describing: error)
        }
        reload()
    }

    private func reload() {
        do {
            state.favourites = try store.favourites()
            state.recents = try store.recentDestinations()
            state.trips = try store.trips()
        } catch {
            state.message = String(describing: error)
        }
    }
}

/// Settings kept in the app store, under one key.
public struct StoredSettings: SettingsPersisting {
    /// The store.
    public let store: AppStore
    /// The key of the settings value.
    public static let key = "app"

    /// Settings in `store`.
    public init(store: AppStore) { self.store = store }

    public func loadSettings() throws -> AppSettings? { try store.setting(AppSettings.self, key: Self.key) }
    public func saveSettings(_ settings: AppSettings) throws { try store.setSetting(settings, key: Self.key) }
}
