import Foundation
import GemNavCore
import GemNavSearch

/// A turn answered with a language model: the model proposes calls, each is read into the
/// request the on-device understanding would have made and carried out by the same code
/// (so places resolve on the device's map and every fact in the reply comes from the index,
/// the router or the session), a call the app cannot honour is dropped with a sentence
/// saying why, and a model that fails leaves the turn to the on-device understanding.
extension Assistant {
    func respond(with model: any LanguageModelProvider, to utterance: String, in context: inout ConversationContext,
                 language: AssistantLanguage?, facts: LiveFacts?, now: Date) async -> AssistantTurn
    {
        let lang = language ?? parser.parse(utterance).language ?? context.language ?? .en
        let writer = ReplyWriter(language: lang, units: units)
        let proposal: ModelProposal
        do {
            proposal = try await model.propose(ModelPrompt(system: Self.brief(context, language: lang),
                                                           utterance: utterance))
        } catch {
            var turn = await respondOnDevice(to: utterance, in: &context, language: language, facts: facts, now: now)
            let reason = writer.say(error.reason.key, error.reason.slots)
            turn.reply = writer.say("model.fallback", ["provider": model.displayName, "reason": reason]) + " "
                + turn.reply
            turn.notice = error.description
            return turn
        }
        context.language = lang
        var turn = Turn(writer: writer, context: context, origin: context.position ?? centre, facts: facts, now: now,
                        assistant: self)
        var replies: [String] = []
        var actions: [AssistantAction] = []
        for call in proposal.calls {
            let request: ParsedRequest
            do {
                request = try ProposalReader(context: turn.context).request(call)
            } catch {
                replies.append(writer.say("model.dropped", ["call": call.name, "reason": writer.say(error.key, error.slots)]))
                continue
            }
            turn.actions = []
            turn.reply = ""
            await turn.handle(request)
            // A place that does not resolve (or a pick with no list) comes back as `unknown`:
            // the proposal is dropped, the reason is the on-device reply.
            if turn.actions == [.unknown] {
                replies.append(writer.say("model.dropped", ["call": call.name, "reason": turn.reply]))
            } else {
                actions += turn.actions
                replies.append(turn.reply)
            }
        }
        if proposal.calls.isEmpty {
            // Words only (a question back, small talk): shown as said, nothing done.
            replies.append(proposal.text ?? writer.say("unknown"))
        }
        context = turn.context
        let reply = replies.joined(separator: " ")
        context.lastReply = reply
        var answer = AssistantTurn(reply: reply, actions: actions.isEmpty ? [.unknown] : actions, language: lang)
        answer.provider = model.kind.rawValue
        return answer
    }

    /// The instructions and what the conversation knows, in words: the trip, the list last
    /// shown, the favourites' names, the place in focus. Never the user's position.
    static func brief(_ context: ConversationContext, language: AssistantLanguage) -> String {
        var lines = [
            "You are the assistant of GemNav, a turn-by-turn navigation app. Turn what the user says into calls of the functions given, in the order they should happen.",
            "Name places as the user said them: the app looks them up on its offline map. For \"the nearest X\" or \"a X\" give the category. For a pick from the list last shown (\"the second one\") give that entry's name.",
            "Never invent places, times or distances: the app answers those from its own data. If nothing fits, ask a short question in words.",
            "The user speaks \(language == .fr ? "French" : "English").",
        ]
        if let trip = context.trip {
            var words = "Current trip: to \(trip.destination.name)"
            if !trip.stops.isEmpty { words += " via \(trip.stops.map(\.name).joined(separator: ", "))" }
            if !trip.avoid.isEmpty { words += ", avoiding \(trip.avoid.words)" }
            lines.append(words + ", \(trip.profile.rawValue).")
        } else {
            lines.append("No trip under way.")
        }
        if !context.list.isEmpty {
            let entries = context.list.enumerated().map { "\($0.offset + 1). \($0.element.place.name)" }
            lines.append("List last shown: \(entries.joined(separator: "; ")).")
        }
        if let focus = context.focus { lines.append("The place talked about (\"it\", \"there\"): \(focus.name).") }
        if !context.favourites.isEmpty {
            lines.append("Saved favourites: \(context.favourites.map(\.name).joined(separator: ", ")).")
        }
        if !context.avoid.isEmpty { lines.append("Avoided on every trip: \(context.avoid.words).") }
        return lines.joined(separator: "\n")
    }
}
