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
        let model = model()
        model.send(.typed("c"))
        model.send(.typed("ca"))
        var expected = SearchModel.State()
        expected.query = "ca"
        expected.isSearching = true
        #expect(model.state == expected)
        await clock.advance(by: .milliseconds(200))
        await model.settled()
        expected.results = [Self.cafe, Self.casino]
        expected.isSearching = false
        #expect(model.state == expected)
    }

    @Test func aStaleAnswerNeverReplacesANewerOne() async {
        let model = model { $0.delays = ["ca": .seconds(2)] }
        model.send(.typed("ca"))
        await clock.advance(by: .milliseconds(200))     // "ca" is now being searched, slowly
        model.send(.typed("casino"))
        await clock.advance(by: .milliseconds(200))
        await model.settled()
        #expect(model.state.results == [Self.casino])
        await clock.advance(by: .seconds(2))            // the old answer arrives: ignored
        await model.settled()
        #expect(model.state.results == [Self.casino] && model.state.query == "casino")
    }

    @Test func emptyFieldShowsSuggestionsAndNoResults() async {
        let model = model()
        model.setSuggestions([Self.home])
        model.send(.typed("casino"))
        await clock.advance(by: .milliseconds(200))
        await model.settled()
        model.send(.cleared)
        var expected = SearchModel.State()
        expected.suggestions = [Self.home]
        #expect(model.state == expected)
    }

    @Test func noResultsSaySo() async {
        let model = model()
        model.send(.typed("xyzzy "))
        await clock.advance(by: .milliseconds(200))
        await model.settled()
        #expect(model.state.results.isEmpty && model.state.message == "No results for 'xyzzy'.")
    }

    @Test func categoryChipListsTheNearestAtOnce() async {
        let model = model()
        model.send(.categoryTapped(.cafe))
        await model.settled()
        #expect(model.state.category == .cafe && model.state.results == [Self.cafe])
        model.send(.categoryTapped(.fuel))
        await model.settled()
        #expect(model.state.results.isEmpty && model.state.message == "No fuel in the map data.")
    }

    @Test func pickingSetsTheDestination() {
        let model = model()
        model.send(.picked(Self.casino))
        #expect(model.state.destination == Self.casino)
    }

    @Test func mapTapDropsAPinNamedByTheNearestAddress() async {
        let model = model { $0.addresses = [Self.casino] }
        let tap = Coordinate(latitude: 43.7393, longitude: 7.4286)
        model.send(.mapTapped(tap))
        #expect(model.state.destination == Place(name: "Dropped pin", coordinate: tap))
        await model.settled()
        #expect(model.state.destination == Place(name: Self.casino.name, subtitle: Self.casino.subtitle, coordinate: tap))
    }
}
