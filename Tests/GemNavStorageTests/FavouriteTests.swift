import Foundation
import GemNavCore
import GemNavStorage
import Testing

let casino = Coordinate(latitude: 43.7396, longitude: 7.4276)
let stade = Coordinate(latitude: 43.7276, longitude: 7.4155)
let palais = Coordinate(latitude: 43.7314, longitude: 7.4199)

@Suite struct FavouriteTests {
    @Test func listsHomeThenWorkThenNamedByName() throws {
        let store = try AppStore.inMemory()
        try store.addFavourite(name: "gym 10", coordinate: casino)
        try store.addFavourite(.work, name: "Work", coordinate: stade)
        try store.addFavourite(name: "Épicerie", coordinate: palais)
        try store.addFavourite(name: "Gym 2", coordinate: casino)
        try store.addFavourite(.home, name: "Home", coordinate: palais)
        try store.addFavourite(name: "Zoo", coordinate: stade)
        // Case and accents ignored, numbers by value.
        #expect(try store.favourites().map(\.name) == ["Home", "Work", "Épicerie", "Gym 2", "gym 10", "Zoo"])
    }

    @Test func storesEveryField() throws {
        let store = try AppStore.inMemory()
        let saved = Date(timeIntervalSince1970: 1_790_000_000.5)
        let added = try store.addFavourite(name: "  Stade  ", coordinate: stade,
                                           subtitle: "3 Avenue des Castelans", at: saved)
        #expect(added.name == "Stade")
        #expect(try store.favourite(added.id) == added)
        #expect(added == Favourite(id: added.id, kind: .named, name: "Stade", coordinate: stade,
                                   subtitle: "3 Avenue des Castelans", createdAt: saved))
        #expect(try store.addFavourite(name: "Palais", coordinate: palais, subtitle: "  ").subtitle == nil)
    }

    @Test func settingHomeAgainReplacesTheOldHome() throws {
        let store = try AppStore.inMemory()
        #expect(try store.home() == nil)
        let first = try store.addFavourite(.home, name: "Home", coordinate: casino)
        try store.addFavourite(.work, name: "Work", coordinate: stade)
        let second = try store.addFavourite(.home, name: "Home", coordinate: palais, subtitle: "New flat")
        #expect(try store.home() == second)
        #expect(try store.favourite(first.id) == nil)
        #expect(try store.work()?.coordinate == stade)
        #expect(try store.favourites().filter { $0.kind == .home }.count == 1)
    }

    @Test func renamesMovesAndDeletes() throws {
        let store = try AppStore.inMemory()
        let gym = try store.addFavourite(name: "Gym", coordinate: casino, subtitle: "Old address")
        let renamed = try store.renameFavourite(gym.id, to: "Climbing gym")
        #expect(renamed.name == "Climbing gym" && renamed.coordinate == casino && renamed.subtitle == "Old address")

        let moved = try store.moveFavourite(gym.id, to: stade, subtitle: nil)
        #expect(moved.name == "Climbing gym" && moved.coordinate == stade && moved.subtitle == nil)
        #expect(moved.createdAt == gym.createdAt)
        #expect(try store.favourite(gym.id) == moved)

        #expect(try store.deleteFavourite(gym.id))
        #expect(try store.deleteFavourite(gym.id) == false)
        #expect(try store.favourites().isEmpty)
        #expect(throws: StorageError(.favouriteNotFound(gym.id))) { try store.renameFavourite(gym.id, to: "X") }
        #expect(throws: StorageError(.favouriteNotFound(gym.id))) {
            try store.moveFavourite(gym.id, to: casino, subtitle: nil)
        }
    }

    @Test func invalidInputChangesNothing() throws {
        let store = try AppStore.inMemory()
        let home = try store.addFavourite(.home, name: "Home", coordinate: casino)
        #expect(throws: StorageError(.invalidPlace(.emptyName))) {
            try store.addFavourite(.home, name: " \n", coordinate: stade)
        }
        #expect(throws: StorageError(.invalidPlace(.coordinate))) {
            try store.addFavourite(.home, name: "Home", coordinate: Coordinate(latitude: .nan, longitude: 7))
        }
        #expect(throws: StorageError(.invalidPlace(.emptyName))) { try store.renameFavourite(home.id, to: "") }
        #expect(throws: StorageError(.invalidPlace(.coordinate))) {
            try store.moveFavourite(home.id, to: Coordinate(latitude: 91, longitude: 0), subtitle: nil)
        }
        #expect(try store.favourites() == [home])
    }

    @Test func favouritesPersistAcrossReopen() throws {
        let folder = try TempFolder()
        let path = folder.path("app.sqlite")
        let work = try AppStore(path: path).addFavourite(.work, name: "Work", coordinate: stade)
        #expect(try AppStore(path: path).work() == work)
    }
}
