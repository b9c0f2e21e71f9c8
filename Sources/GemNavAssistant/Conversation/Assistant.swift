import Foundation
import GemNavCore
import GemNavGuidance
import GemNavSearch
import GemNavServices

/// The on-device assistant: one utterance in, a reply and the app actions out, with the
/// conversation carried in a `ConversationContext`. Places come from the search index near
/// the user, "nearest" is the quickest to reach by the router, and every fact in a reply
/// (names, times, distances) comes from the index, the router or the live session.
///
/// ```swift
/// let assistant = Assistant(places: IndexPlaceSearch(index: index), travel: EngineTravelTimes(engine: engine),
///                           centre: index.centre)
/// var context = ConversationContext(position: here)
/// let turn = await assistant.respond(to: "find a pharmacy", in: &context)
/// let next = await assistant.respond(to: "the second one", in: &context)   // navigate there
/// ```
public struct Assistant: Sendable {
    /// Where places are looked up.
    public let places: any PlaceSearching
    /// Travel times for ranking and "how long", nil to rank by straight-line distance.
    public let travel: (any TravelTimes)?
    /// Where the user is assumed to be while their position is unknown.
    public let centre: Coordinate
    /// Units of distances in replies.
    public var units: DistanceUnits
    /// How arrival times are said: the user's time zone and locale.
    public var timeFormat: TimeOfDayFormat
    /// The language model that understands utterances instead of the on-device grammar, nil
    /// to stay on the device. Its proposals are validated and carried out here; when it
    /// fails, the on-device understanding answers and the reply says so.
    public var model: (any LanguageModelProvider)?

    let parser = IntentParser()

    /// Places found near the user are offered at most this many at a time.
    static let listLength = 5

    /// An assistant on `places` and `travel`, understanding with `model` when one is given.
    public init(places: any PlaceSearching, travel: (any TravelTimes)?, centre: Coordinate,
                units: DistanceUnits = .metric, timeZone: TimeZone = .current, locale: Locale? = nil,
                model: (any LanguageModelProvider)? = nil)
    {
        self.places = places
        self.travel = travel
        self.centre = centre
        self.units = units
        timeFormat = TimeOfDayFormat(timeZone: timeZone, locale: locale)
        self.model = model
    }

    /// Answers one utterance, updating `context`.
    /// - Parameters:
    ///   - language: the reply's language; nil follows the utterance (then the conversation).
    ///   - facts: what a live navigation session shows, when there is one.
    ///   - now: the time arrival times count from.
    public func respond(to utterance: String, in context: inout ConversationContext, language: AssistantLanguage? = nil,
                        facts: LiveFacts? = nil, now: Date = Date()) async -> AssistantTurn
    {
        if let model {
            return await respond(with: model, to: utterance, in: &context, language: language, facts: facts, now: now)
        }
        return await respondOnDevice(to: utterance, in: &context, language: language, facts: facts, now: now)
    }

    /// The on-device understanding's answer.
    func respondOnDevice(to utterance: String, in context: inout ConversationContext, language: AssistantLanguage?,
                         facts: LiveFacts?, now: Date) async -> AssistantTurn
    {
        var names = Set<String>()
        for word in parser.correctable(utterance) {
            let found = (try? await places.search(word, near: context.position ?? centre, limit: 3)) ?? []
            if found.contains(where: { TextFolding.tokens($0.name).contains(word) }) { names.insert(word) }
        }
        var request = parser.parse(utterance, names: names)
        // Asked to speak a language, the answer is already in it.
        let asked = request.intent == .setLanguage ? request.speaking : nil
        let lang = asked ?? language ?? request.language ?? context.language ?? .en
        context.language = lang
        var turn = Turn(writer: ReplyWriter(language: lang, units: units), context: context,
                        origin: context.position ?? centre, facts: facts, now: now, assistant: self)
        // A bare number answers a question with choices ("2").
        if request.intent == nil, !context.list.isEmpty, let n = Int(utterance.trimmingCharacters(in: .whitespaces)),
           (1...context.list.count).contains(n)
        {
            request.intent = .select
            request.place = .ordinal(n)
        }
        await turn.handle(request)
        context = turn.context
        context.lastReply = turn.reply
        return AssistantTurn(reply: turn.reply, actions: turn.actions, language: lang)
    }
}
