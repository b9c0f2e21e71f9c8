import Foundation
import GemNavCore
import GemNavSearch
import GemNavServices
import Observation

/// The search screen: search-ahead as the user types (debounced on the injected clock, a stale
/// answer never replacing a newer one), favourites and recent destinations while the field is
/// empty, category chips, and a destination picked from the results or tapped on the map.
@MainActor @Observable
public final class SearchModel {
    /// What the screen shows.
    public struct State: Sendable, Hashable {
        /// The text in the field.
        public var query = ""
        /// Results for `query` (or for the tapped category), best first.
        public var results: [Place] = []
        /// Whether an answer for the current query is awaited.
        public var isSearching = false
        /// Shown while the field is empty: favourites, then recent destinations.
        public var suggestions: [Place] = []
        /// The category chips.
        public var categories: [SearchCategory] = SearchModel.chips
        /// The category whose nearest places are listed, if one was tapped.
        public var category: SearchCategory?
        /// The chosen destination; "Directions" is offered once it is set.
        public var destination: Place?
        /// A sentence when there is nothing to list ("No results for 'xyz'."), or an error.
        public var message: String?

        /// The empty screen.
        public init() {}
    }

    /// What the user does on this screen.
    public enum Intent: Sendable, Hashable {
        /// The field's text changed (one keystroke).
        case typed(String)
        /// A category chip was tapped.
        case categoryTapped(SearchCategory)
        /// A result or suggestion was picked as the destination.
        case picked(Place)
        /// A point on the map was tapped: it becomes the destination, named by reverse geocoding.
        case mapTapped(Coordinate)
        /// The field was cleared.
        case cleared
    }

    /// The chips offered, in order (seed 002's search-ahead categories).
    nonisolated public static let chips: [SearchCategory] = [.fuel, .parking, .pharmacy, .cafe, .restaurant, .supermarket, .atm,
                                                 .hospital]

    /// The screen's state.
    public private(set) var state = State()
    /// Where results are ranked from (the user's position, or the map's centre).
    public var origin: Coordinate?
    /// Pause after a keystroke before searching, so fast typing costs one search.
    public var debounce: Duration = .milliseconds(150)
    /// Results listed.
    public var limit = 10

    private var places: any PlaceSearching
    private let clock: any Clock<Duration>
    private var generation = 0
    private var pending: Task<Void, Never>?

    /// Creates the screen on `places`, timing the debounce on `clock`.
    public init(places: any PlaceSearching, clock: any Clock<Duration> = ContinuousClock()) {
        self.places = places
        self.clock = clock
    }

    /// Searches with `places` from the next keystroke on (a server that searches was chosen in
    /// Settings, or left).
    public func use(_ places: any PlaceSearching) {
        self.places = places
    }

    /// Replaces the suggestions shown while the field is empty.
    public func setSuggestions(_ suggestions: [Place]) {
        state.suggestions = suggestions
    }

    /// Handles one intent.
    public func send(_ intent: Intent) {
        switch intent {
        case .typed(let text):
            state.query = text
            state.category = nil
            // A new search is a new choice: the list shows again.
            state.destination = nil
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return reset() }
            start { places, near, limit in
                do {
                    let found = try await places.search(trimmed, near: near, limit: limit)
                    return (found, found.isEmpty ? "No results for '\(trimmed)'." : nil)
                } catch {
                    return ([], String(describing: error))
                }
            }
        case .categoryTapped(let category):
            state.category = category
            state.query = category.rawValue
            start(debounced: false) { places, near, limit in
                let found = await places.nearest(category, near: near, limit: limit)
                return (found, found.isEmpty ? "No \(category.rawValue) in the map data." : nil)
            }
        case .picked(let place):
            state.destination = place
        case .mapTapped(let coordinate):
            let dropped = Place(name: "Dropped pin", coordinate: coordinate)
            state.destination = dropped
            start(debounced: false, listing: false) { places, _, _ in
                guard let found = await places.reverse(coordinate) else { return ([], nil) }
                // The pin stays where it was dropped; the nearest address only names it.
                return ([Place(name: found.name, subtitle: found.subtitle, coordinate: coordinate)], nil)
            }
        case .cleared:
            state.query = ""
            state.category = nil
            reset()
        }
    }

    /// Waits for the search in flight, if any (tests and the terminal use it; a screen just
    /// observes the state).
    public func settled() async {
        await pending?.value
    }

    private func reset() {
        generation += 1
        pending?.cancel()
        pending = nil
        state.results = []
        state.isSearching = false
        state.message = nil
    }

    /// Starts a search, cancelling the one in flight. Only the answer of the latest
    /// generation is applied: a slow answer to "ca" never replaces the one to "casino".
    private func start(debounced: Bool = true, listing: Bool = true,
                       _ work: @escaping @Sendable (any PlaceSearching, Coordinate?, Int) async -> ([Place], String?))
    {
        generation += 1
        let mine = generation
        pending?.cancel()
        if listing { state.isSearching = true }
        let places = places, near = origin, limit = limit
        // The debounce runs from the keystroke, however late the task starts.
        let deadline = debounced ? Deadline(after: debounce, on: clock) : nil
        pending = Task { [weak self] in
            if let deadline {
                do { try await deadline.reached() } catch { return }
            }
            let (found, message) = await work(places, near, limit)
            guard let self, self.generation == mine else { return }
            if listing {
                self.state.results = found
                self.state.message = message
                self.state.isSearching = false
            } else if let named = found.first, self.state.destination?.coordinate == named.coordinate {
                self.state.destination = named
            }
        }
    }
}
