import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import Testing

/// The places screen intent by intent, each step stating the whole view state: Home and Work
/// replaced rather than doubled, named favourites renamed and deleted, recent destinations
/// merged, forgotten one by one and cleared, a bad name refused with the reason.
@MainActor @Suite struct PlacesModelTests {
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
    static let stade = Place(name: "Stade Louis II", subtitle: "Fontvieille", coordinate: Coordinate(latitude: 43.7275, longitude: 7.4156))
    static let casino = Place(name: "Casino", coordinate: Coordinate(latitude: 43.7392, longitude: 7.4285))
    static let port = Place(name: "Port Hercule", coordinate: Coordinate(latitude: 43.7347, longitude: 7.4226))

    @Test func favouritesAndRecentsStepByStep() throws {
        let appStore = try AppStore.inMemory()
        let model = PlacesModel(store: appStore, clock: clock)
        let store = ScreenStore(model)
        let t0 = clock.now
        store.send(.setHome(Self.stade)) {
            $0.favourites = [Favourite(id: FavouriteID(rawValue: 1), kind: .home, name: "Home", coordinate: Self.stade.coordinate,
                                       subtitle: "Stade Louis II, Fontvieille", createdAt: t0)]
        }
        clock.advance(by: 60)
        store.send(.setHome(Self.port)) {
            $0.favourites = [Favourite(id: FavouriteID(rawValue: 2), kind: .home, name: "Home", coordinate: Self.port.coordinate,
                                       subtitle: "Port Hercule", createdAt: t0 + 60)]
        }
        store.send(.addFavourite(Self.casino, name: "Casino")) {
            $0.favourites.append(Favourite(id: FavouriteID(rawValue: 3), kind: .named, name: "Casino",
                                           coordinate: Self.casino.coordinate, subtitle: nil, createdAt: t0 + 60))
        }
        store.send(.renameFavourite(FavouriteID(rawValue: 3), to: "Le Casino")) { $0.favourites[1].name = "Le Casino" }
        store.send(.renameFavourite(FavouriteID(rawValue: 3), to: "  ")) {
            $0.message = "A place needs a name that is not empty; nothing was stored"
        }
        store.send(.deleteFavourite(FavouriteID(rawValue: 3))) {
            $0.message = nil
            $0.favourites.removeLast()
        }

        model.recordDestination(Self.stade)
        clock.advance(by: 60)
        model.recordDestination(Self.casino)
        clock.advance(by: 60)
        model.recordDestination(Self.stade)                 // again: the same place moves to the top
        store.send(.reload) {
            $0.recents = [
                RecentDestination(id: RecentDestinationID(rawValue: 1), name: "Stade Louis II", subtitle: "Fontvieille",
                                  coordinate: Self.stade.coordinate, lastUsedAt: t0 + 180, useCount: 2),
                RecentDestination(id: RecentDestinationID(rawValue: 2), name: "Casino", subtitle: nil,
                                  coordinate: Self.casino.coordinate, lastUsedAt: t0 + 120, useCount: 1),
            ]
        }
        #expect(model.suggestions.map(\.name) == ["Home", "Stade Louis II", "Casino"])
        store.send(.deleteRecent(RecentDestinationID(rawValue: 2))) { $0.recents.removeLast() }
        store.send(.clearRecents) { $0.recents = [] }
        store.finish()
    }
}
