import Clocks
import Foundation
import GemNavCore
import GemNavPresentation
import GemNavSearch
import GemNavServices
import Testing

/// Places answering from a table, each answer taking its own time on the test clock.
struct FakePlaces: PlaceSearching {
    var answers: [String: [Place]] = [:]
    var delays: [String: Duration] = [:]
    var categories: [SearchCategory: [Place]] = [:]
    var addresses: [Place] = []
    let clock: TestClock<Duration>

    func search(_ text: String, near: Coordinate?, limit: Int) async throws -> [Place] {
        if let delay = delays[text] { try await clock.sleep(for: delay) }
        return Array((answers[text] ?? []).prefix(limit))
    }

    func nearest(_ category: SearchCategory, near: Coordinate?, limit: Int) async -> [Place] {
        categories[category] ?? []
    }

    func reverse(_ coordinate: Coordinate) async -> Place? {
        addresses.min { Geodesy.distance($0.coordinate, coordinate) < Geodesy.distance($1.coordinate, coordinate) }
    }
}

@MainActor @Suite struct SearchModelTests {
    static let casino = Place(name: "Casino de Monte Carlo", subtitle: "Place du Casino, Monaco",
                              coordinate: Coordinate(latitude: 43.7392, longitude: 7.4285))
    static let cafe = Place(name: "Café de Paris", subtitle: "Place du Casino, Monaco",
                            coordinate: Coordinate(latitude: 43.7390, longitude: 7.4278), category: .cafe)
    static let home = Place(name: "Home", coordinate: Coordinate(latitude: 43.7300, longitude: 7.4200))

    let clock = TestClock()

    func model(_ configure: (inout FakePlaces) -> Void = { _ in }) -> SearchModel {
        var places = FakePlaces(clock: clock)
        places.answers = ["ca": [Self.cafe, Self.casino], "casino": [Self.casino]]
        places.categories = [.cafe: [Self.cafe]]
        configure(&places)
        let model = SearchModel(places: places, clock: clock)
        model.debounce = .milliseconds(150)
        return model
    }

    @Test func typingSearchesAfterTheDebounceOnly() async {
        let store = ScreenStore(model())
        store.send(.typed("c")) {
            $0.query = "c"
            $0.isSearching = true
        }
        store.send(.typed("ca")) { $0.query = "ca" }
        await store.run({ await clock.advance(by: .milliseconds(100)) })     // still inside the debounce
        await store.run({
            await clock.advance(by: .milliseconds(100))
            await store.model.settled()
        }) {
            $0.results = [Self.cafe, Self.casino]
            $0.isSearching = false
        }
        store.finish()
    }

    @Test func aStaleAnswerNeverReplacesANewerOne() async {
        let store = ScreenStore(model { $0.delays = ["ca": .seconds(2)] })
        store.send(.typed("ca")) {
            $0.query = "ca"
            $0.isSearching = true
        }
        await store.run({ await clock.advance(by: .milliseconds(200)) })   // "ca" is now being searched, slowly
        store.send(.typed("casino")) { $0.query = "casino" }
        await store.run({
            await clock.advance(by: .milliseconds(200))
            await store.model.settled()
        }) {
            $0.results = [Self.casino]
            $0.isSearching = false
        }
        await store.run({                                                     // the old answer arrives: ignored
            await clock.advance(by: .seconds(2))
            await store.model.settled()
        })
        store.finish()
    }

    @Test func emptyFieldShowsSuggestionsAndNoResults() async {
        let model = model()
        model.setSuggestions([Self.home])
        let store = ScreenStore(model) { $0.suggestions = [Self.home] }
        store.send(.typed("casino")) {
            $0.query = "casino"
            $0.isSearching = true
        }
        await store.run({
            await clock.advance(by: .milliseconds(200))
            await model.settled()
        }) {
            $0.results = [Self.casino]
            $0.isSearching = false
        }
        store.send(.cleared) {
            $0.query = ""
            $0.results = []
        }
        store.finish()
    }

    @Test func noResultsSaySo() async {
        let store = ScreenStore(model())
        store.send(.typed("xyzzy ")) {
            $0.query = "xyzzy "
            $0.isSearching = true
        }
        await store.run({
            await clock.advance(by: .milliseconds(200))
            await store.model.settled()
        }) {
            $0.isSearching = false
            $0.message = "No results for 'xyzzy'."
        }
        store.finish()
    }

    @Test func categoryChipListsTheNearestAtOnce() async {
        let store = ScreenStore(model())
        store.send(.categoryTapped(.cafe)) {
            $0.category = .cafe
            $0.query = "cafe"
            $0.isSearching = true
        }
        await store.run({ await store.model.settled() }) {
            $0.results = [Self.cafe]
            $0.isSearching = false
        }
        store.send(.categoryTapped(.fuel)) {
            $0.category = .fuel
            $0.query = "fuel"
            $0.isSearching = true
        }
        await store.run({ await store.model.settled() }) {
            $0.results = []
            $0.isSearching = false
            $0.message = "No fuel in the map data."
        }
        store.finish()
    }

    @Test func pickingSetsTheDestination() {
        let store = ScreenStore(model())
        store.send(.picked(Self.casino)) { $0.destination = Self.casino }
        store.finish()
    }

    @Test func mapTapDropsAPinNamedByTheNearestAddress() async {
        let store = ScreenStore(model { $0.addresses = [Self.casino] })
        let tap = Coordinate(latitude: 43.7393, longitude: 7.4286)
        store.send(.mapTapped(tap)) { $0.destination = Place(name: "Dropped pin", coordinate: tap) }
        await store.run({ await store.model.settled() }) {
            $0.destination = Place(name: Self.casino.name, subtitle: Self.casino.subtitle, coordinate: tap)
        }
        store.finish()
    }
}
