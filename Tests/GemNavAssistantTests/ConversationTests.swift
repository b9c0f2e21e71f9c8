import Foundation
import GemNavCore
import GemNavSearch
import GemNavServices
import GemNavTestSupport
import Testing
@testable import GemNavAssistant

/// The assistant on the Monaco map: places from the index, ranking by travel time, follow-ups
/// in a conversation, ambiguity, replies from facts, and the labelled set's tuning part.
@Suite struct ConversationTests {
    static let casino = Coordinate(latitude: 43.7392, longitude: 7.4285)

    func assistant() throws -> Assistant {
        let data = try MonacoData.data.get()
        let index = try #require(try data.loadSearchIndex())
        return Assistant(places: IndexPlaceSearch(index: index), travel: EngineTravelTimes(engine: try data.loadEngine()),
                         centre: index.centre, timeZone: .gmt)
    }

    @Test func findThenPickThenAvoidActsOnThatTrip() async throws {
        let assistant = try assistant()
        var context = ConversationContext(position: Self.casino)
        let found = await assistant.respond(to: "find a pharmacy", in: &context)
        guard case .findNearby(.pharmacy, let results)? = found.actions.first else {
            Issue.record("expected findNearby, got \(found.actions)")
            return
        }
        #expect(results.count >= 2)
        // Ranked by travel time, and the reply names the first and its time.
        let durations = results.compactMap(\.duration)
        #expect(durations == durations.sorted())
        #expect(found.reply.contains(results[0].place.name))

        let picked = await assistant.respond(to: "the second one", in: &context)
        guard case .navigate(let destination, _, let avoid, .car, let estimate)? = picked.actions.first else {
            Issue.record("expected navigate, got \(picked.actions)")
            return
        }
        #expect(destination == results[1].place && avoid.isEmpty && estimate != nil)

        let avoided = await assistant.respond(to: "avoid tolls", in: &context)
        #expect(avoided.actions == [.setAvoid([.tolls])])
        #expect(context.trip?.destination == results[1].place && context.trip?.avoid == [.tolls])

        let eta = await assistant.respond(to: "how long?", in: &context, now: Date(timeIntervalSince1970: 0))
        #expect(eta.reply.contains(results[1].place.name) && eta.reply.contains("arriving at 00:"))
        let cancelled = await assistant.respond(to: "annule", in: &context)
        #expect(cancelled.actions == [.cancelNavigation] && cancelled.language == .fr && context.trip == nil)
    }

    @Test func navigatesWithStopsAvoidAndProfileInBothLanguages() async throws {
        let assistant = try assistant()
        var context = ConversationContext(position: Self.casino)
        let turn = await assistant.respond(to: "could you take me to stade louis II via place du palais, no tolls",
                                           in: &context)
        guard case .navigate(let destination, let stops, let avoid, let profile, _)? = turn.actions.first else {
            Issue.record("expected navigate, got \(turn.actions)")
            return
        }
        #expect(destination.name == "Stade Louis II" && stops.map(\.name) == ["Place du Palais"])
        #expect(avoid == [.tolls] && profile == .car)
        #expect(turn.reply.hasPrefix("Taking you to Stade Louis II via Place du Palais, avoiding tolls: "))

        let fr = await assistant.respond(to: "emmene moi au musee oceanographique a pied", in: &context)
        guard case .navigate(let d, _, _, .foot, _)? = fr.actions.first else {
            Issue.record("expected navigate on foot, got \(fr.actions)")
            return
        }
        #expect(d.name == "Musée Océanographique" && fr.reply.hasPrefix("C'est parti pour Musée Océanographique"))

        // The English name of a French place: the generic word ("museum") is the one let go.
        let en = await assistant.respond(to: "take me to the oceanographic museum", in: &context)
        guard case .navigate(let museum, _, _, _, _)? = en.actions.first else {
            Issue.record("expected navigate, got \(en.actions)")
            return
        }
        #expect(museum.name == "Musée Océanographique")
    }

    @Test func nearestMeansQuickestNotClosest() async throws {
        let data = try MonacoData.data.get()
        let index = try #require(try data.loadSearchIndex())
        let straight = index.nearest(.fuel, near: Self.casino, limit: 8)
        let assistant = try assistant()
        var context = ConversationContext(position: Self.casino)
        let turn = await assistant.respond(to: "nearest gas station", in: &context)
        guard case .findNearby(.fuel, let results)? = turn.actions.first else {
            Issue.record("expected findNearby, got \(turn.actions)")
            return
        }
        #expect(Set(results.map(\.place.name)).isSubset(of: Set(straight.map(\.title))))
        let times = results.compactMap(\.duration)
        #expect(times.count == results.count && times == times.sorted())
    }

    @Test func anAmbiguousNameAsksWhichOne() async throws {
        let shops = [Place(name: "Monoprix", subtitle: "Rue A", coordinate: Coordinate(latitude: 43.740, longitude: 7.425)),
                     Place(name: "Monoprix", subtitle: "Rue B", coordinate: Coordinate(latitude: 43.733, longitude: 7.418))]
        let assistant = Assistant(places: FixedPlaces(places: shops), travel: nil, centre: Self.casino)
        var context = ConversationContext(position: Self.casino)
        let turn = await assistant.respond(to: "take me to monoprix", in: &context)
        guard case .clarify(let options)? = turn.actions.first else {
            Issue.record("expected clarify, got \(turn.actions)")
            return
        }
        #expect(options.count == 2 && turn.reply.hasPrefix("Which one? 1. Monoprix, Rue A"))
        let second = await assistant.respond(to: "the second one", in: &context)
        guard case .navigate(let destination, _, _, _, _)? = second.actions.first else {
            Issue.record("expected navigate, got \(second.actions)")
            return
        }
        #expect(destination.subtitle == "Rue B")
        // "The nearest" settles it without asking.
        var fresh = ConversationContext(position: Self.casino)
        let nearest = await assistant.respond(to: "take me to the nearest monoprix", in: &fresh)
        #expect(nearest.actions.first?.type == "navigate")
    }

    @Test func favouritesAndFactsComeFromTheConversation() async throws {
        let assistant = try assistant()
        var context = ConversationContext(position: Self.casino)
        let unset = await assistant.respond(to: "take me home", in: &context)
        #expect(unset.actions == [.clarify(options: [])] && unset.reply.contains("isn't saved yet"))
        let saved = await assistant.respond(to: "save this place as home", in: &context)
        guard case .saveFavourite("Home", let place)? = saved.actions.first else {
            Issue.record("expected saveFavourite, got \(saved.actions)")
            return
        }
        #expect(place.coordinate == Self.casino)
        context.position = Coordinate(latitude: 43.7275, longitude: 7.4156)
        let home = await assistant.respond(to: "rentre à la maison", in: &context)
        guard case .navigate(let destination, _, _, _, _)? = home.actions.first else {
            Issue.record("expected navigate, got \(home.actions)")
            return
        }
        #expect(destination.name == "Home" && destination.coordinate == Self.casino)

        let facts = LiveFacts(remainingTime: "4 min", remainingDistance: "1.9 km", arrival: "10:42", speedLimit: "50 km/h",
                              street: "Boulevard Albert 1er", lastInstruction: "Turn left onto Rue Grimaldi",
                              destination: "Home")
        #expect(await assistant.respond(to: "how far is it", in: &context, facts: facts).reply
            == "4 min to Home (1.9 km), arriving at 10:42.")
        #expect(await assistant.respond(to: "speed limit?", in: &context, facts: facts).reply
            == "The speed limit here is 50 km/h.")
        #expect(await assistant.respond(to: "say that again", in: &context, facts: facts).reply
            == "Turn left onto Rue Grimaldi")
        let here = await assistant.respond(to: "où suis-je", in: &context)
        #expect(here.actions.first?.type == "whereAmI" && here.reply.hasPrefix("Vous êtes à "))
    }

    @Test func theLabelledSetsTuningPartIsUnderstood() async throws {
        let set = try UtteranceSet(contentsOf: TestData.repositoryRoot.appendingPathComponent("Data/assistant/utterances.jsonl"))
        #expect(set.entries.count >= 300)
        #expect(Set(set.entries.map(\.lang)) == ["en", "fr"])
        let heldout = set.entries.filter { $0.split == "heldout" }.count
        #expect(Double(heldout) / Double(set.entries.count) > 0.2)
        let assistant = try assistant()
        let index = try #require(try MonacoData.data.get().loadSearchIndex())
        let score = await set.score("tuning", with: assistant, at: index.centre)
        #expect(score.accuracy >= 0.9, "\(score.misses.joined(separator: "\n"))")
    }
}

/// Place search that returns the same places for every name.
struct FixedPlaces: PlaceSearching {
    let places: [Place]
    func search(_ text: String, near: Coordinate?, limit: Int) async throws -> [Place] { places }
    func nearest(_ category: SearchCategory, near: Coordinate?, limit: Int) async -> [Place] { places }
    func reverse(_ coordinate: Coordinate) async -> Place? { nil }
}
