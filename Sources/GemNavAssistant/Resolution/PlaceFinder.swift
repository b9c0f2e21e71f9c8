import Foundation
import GemNavCore
import GemNavSearch
import GemNavServices

/// Looks places up for the assistant: names through the search index near the user,
/// categories among the index's nearest candidates re-ranked by travel time, favourites by
/// name, ordinals in the last list. A name that fits several distinct places equally becomes
/// a choice for the user, never a guess.
struct PlaceFinder: Sendable {
    let places: any PlaceSearching
    let travel: (any TravelTimes)?

    /// Results asked of the index for a name.
    static let searchLimit = 10
    /// Straight-line candidates of a category re-ranked by travel time: enough that the
    /// quickest is among them in a city, few enough to stay within the latency budget.
    static let categoryCandidates = 8
    /// Places of one name closer than this are one place found twice (a street and its address).
    static let samePlace = 300.0
    /// Choices offered at most.
    static let choiceCount = 5

    /// The quickest-to-reach places of `category` around `anchor` (the user when nil).
    func category(_ category: SearchCategory, around anchor: Coordinate?, from origin: Coordinate,
                  profile: AssistantProfile, avoid: AvoidOptions) async -> [Candidate]
    {
        let found = await places.nearest(category, near: anchor ?? origin, limit: Self.categoryCandidates)
        return await ranked(found, from: origin, profile: profile, avoid: avoid)
    }

    /// The place `text` names near `origin`, the choices when it names several, or `.notFound`.
    func named(_ text: String, from origin: Coordinate, profile: AssistantProfile, avoid: AvoidOptions,
               nearest: Bool) async -> Resolution
    {
        guard let results = await search(text, near: origin) else { return .notFound(text) }
        let distinct = Self.distinct(results)
        let wanted = TextFolding.tokens(text)
        let exact = distinct.filter { TextFolding.tokens($0.name) == wanted }
        let covering = distinct.filter { Set(TextFolding.tokens($0.name)).isSuperset(of: wanted) }
        // Several places under the very name asked for (two "Monoprix", two streets of one
        // name) are a real choice; different names that all contain the words are not: the
        // index ranks the most important first ("casino" → Casino de Monte-Carlo).
        let tied = exact.count > 1 ? exact
            : exact.isEmpty && covering.count > 1
                && TextFolding.tokens(covering[0].name) == TextFolding.tokens(covering[1].name)
                ? covering.filter { TextFolding.tokens($0.name) == TextFolding.tokens(covering[0].name) } : []
        if tied.count > 1 {
            let options = await ranked(Array(tied.prefix(Self.choiceCount)), from: origin, profile: profile, avoid: avoid)
            if nearest || Self.clearlyQuicker(options[0], than: options[1]) { return .found(options[0]) }
            return .choices(options)
        }
        let best = covering.first ?? results[0]
        return .found(await candidate(best, from: origin, profile: profile, avoid: avoid))
    }

    /// The index's results for `text`, else for `text` without its first or last word (a word
    /// the index does not hold, "casino asap", "oceanographic museum"); nil when none finds
    /// anything. When both shorter requests find places, the one whose best place resembles the
    /// whole request most wins: the word left out is then the generic one ("museum"), not the
    /// name ("oceanographic" → Musée Océanographique).
    func search(_ text: String, near origin: Coordinate) async -> [Place]? {
        if let found = try? await places.search(text, near: origin, limit: Self.searchLimit), !found.isEmpty { return found }
        let words = text.split(separator: " ")
        guard words.count > 1 else { return nil }
        let wanted = TextFolding.tokens(text)
        var best: (results: [Place], likeness: Int)?
        for attempt in [words.dropFirst().joined(separator: " "), words.dropLast().joined(separator: " ")] {
            guard let found = try? await places.search(attempt, near: origin, limit: Self.searchLimit),
                  let first = found.first else { continue }
            let likeness = Self.likeness(of: TextFolding.tokens(first.name), to: wanted)
            if best == nil || likeness > best!.likeness { best = (found, likeness) }
        }
        return best?.results
    }

    /// How much of `words` a name spells, across languages: the letters each word shares from
    /// its start with the name's closest word ("oceanographic" and "océanographique" share 12),
    /// counted from 4 on so that chance beginnings do not count.
    static func likeness(of name: [String], to words: [String]) -> Int {
        words.reduce(0) { total, word in
            let shared = name.map { zip($0, word).prefix { $0 == $1 }.count }.max() ?? 0
            return total + (shared >= 4 ? shared : 0)
        }
    }

    /// Whether `a` is so much quicker to reach than `b` that nobody nearby means `b` (the
    /// "Jardin Exotique" in town, not the one in the next village).
    static func clearlyQuicker(_ a: Candidate, than b: Candidate) -> Bool {
        if b.distance > 2 * a.distance + 1000 { return true }
        guard let x = a.duration, let y = b.duration else { return false }
        return y > 1.5 * x + 120
    }

    /// `place` with its travel time from `origin`.
    func candidate(_ place: Place, from origin: Coordinate, profile: AssistantProfile, avoid: AvoidOptions) async
        -> Candidate
    {
        let estimate = await travel?.estimate(through: [origin, place.coordinate], avoid: avoid, profile: profile)
        return Candidate(place: place, duration: estimate?.duration,
                         distance: estimate?.distance ?? Geodesy.distance(origin, place.coordinate))
    }

    /// `places` quickest first; those the router cannot reach go last, nearest first.
    func ranked(_ places: [Place], from origin: Coordinate, profile: AssistantProfile, avoid: AvoidOptions) async
        -> [Candidate]
    {
        var out: [Candidate] = []
        for p in places { out.append(await candidate(p, from: origin, profile: profile, avoid: avoid)) }
        return out.enumerated().sorted { a, b in
            switch (a.element.duration, b.element.duration) {
            case let (x?, y?): return x == y ? a.offset < b.offset : x < y
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a.element.distance < b.element.distance
            }
        }.map(\.element)
    }

    /// Places in order, without later ones of the same name at (nearly) the same spot.
    static func distinct(_ places: [Place]) -> [Place] {
        var kept: [Place] = []
        for p in places where !kept.contains(where: {
            $0.name == p.name && Geodesy.distance($0.coordinate, p.coordinate) < samePlace
        }) {
            kept.append(p)
        }
        return kept
    }
}
