import Foundation
import GemNavCore
import GemNavSearch

/// The labelled utterances (`Data/assistant/utterances.jsonl`) and their scoring: each line is
/// played in a fresh conversation (after its `context` utterances) and the first action is
/// checked structurally — type, then category, mode, avoid set, profile, favourite name and
/// the words the destination's or stop's name must contain, where the line gives them.
public struct UtteranceSet: Sendable {
    /// One labelled utterance.
    public struct Entry: Sendable, Decodable {
        /// Line number in the set.
        public var id: Int
        /// The language it is written in.
        public var lang: String
        /// "tuning" or "heldout" (never looked at while tuning).
        public var split: String
        /// What the user says.
        public var text: String
        /// What must come out.
        public var expect: Expectation
        /// Earlier utterances of the same conversation.
        public var context: [String]?
    }

    /// What the first action must be.
    public struct Expectation: Sendable, Decodable {
        /// The action's type.
        public var type: String
        /// The category's case name ("pharmacy", "chargingStation").
        public var category: String?
        /// The guidance mode.
        public var mode: String?
        /// The avoid set, in any order.
        public var avoid: [String]?
        /// The travel profile.
        public var profile: String?
        /// Words the destination's (or the stop's) name contains, folded.
        public var destination: String?
        /// Words one of the stops' names contains, folded.
        public var stops: String?
        /// The favourite's name, folded.
        public var name: String?
    }

    /// The entries, in file order.
    public let entries: [Entry]

    /// Reads a JSON-lines file.
    /// - Throws: the decoding error of the first bad line, or the file's read error.
    public init(contentsOf url: URL) throws {
        entries = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Entry.self, from: Data($0.utf8))
        }
    }

    /// Why `turn` does not meet `expectation`, nil when it does.
    public static func mismatch(_ turn: AssistantTurn, _ expectation: Expectation) -> String? {
        guard let action = turn.actions.first else { return "no action" }
        guard action.type == expectation.type else { return "type \(action.type)" }
        let fields = AssistantJSON.object(action)
        func name(_ key: String) -> String {
            TextFolding.normalize(((fields[key] as? [String: Any])?["name"] as? String) ?? "")
        }
        if let c = expectation.category, case .findNearby(let category, _) = action, "\(category)" != c {
            return "category \(category)"
        }
        if let m = expectation.mode, fields["mode"] as? String != m { return "mode \(fields["mode"] ?? "none")" }
        if let p = expectation.profile, fields["profile"] as? String != p { return "profile \(fields["profile"] ?? "none")" }
        if let a = expectation.avoid, Set(fields["avoid"] as? [String] ?? []) != Set(a) {
            return "avoid \(fields["avoid"] ?? "none")"
        }
        if let d = expectation.destination {
            let key = action.type == "addStop" ? "stop" : "destination"
            if !name(key).contains(TextFolding.normalize(d)) { return "\(key) '\(name(key))'" }
        }
        if let s = expectation.stops {
            let names = (fields["stops"] as? [[String: Any]] ?? []).map { TextFolding.normalize($0["name"] as? String ?? "") }
            if !names.contains(where: { $0.contains(TextFolding.normalize(s)) }) { return "stops \(names)" }
        }
        if let n = expectation.name, TextFolding.normalize(fields["name"] as? String ?? "") != TextFolding.normalize(n) {
            return "name '\(fields["name"] ?? "")'"
        }
        return nil
    }

    /// The score of one split.
    public struct Score: Sendable {
        /// Entries played.
        public var total = 0
        /// Entries whose first action met the expectation.
        public var correct = 0
        /// "id text → why" for the others.
        public var misses: [String] = []
        /// Seconds per scored utterance (the context turns are not timed).
        public var latencies: [Double] = []
        /// Share correct, 0…1.
        public var accuracy: Double { total == 0 ? 0 : Double(correct) / Double(total) }
    }

    /// Plays the entries of `split` with `assistant`, each in a fresh conversation at `position`.
    public func score(_ split: String, with assistant: Assistant, at position: Coordinate) async -> Score {
        var score = Score()
        for entry in entries where entry.split == split {
            var context = ConversationContext(position: position)
            let language = AssistantLanguage(rawValue: entry.lang)
            for earlier in entry.context ?? [] {
                _ = await assistant.respond(to: earlier, in: &context, language: language)
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let turn = await assistant.respond(to: entry.text, in: &context, language: language)
            score.latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            score.total += 1
            if let why = Self.mismatch(turn, entry.expect) {
                score.misses.append("\(entry.id) \"\(entry.text)\" → \(why) (\(turn.reply))")
            } else {
                score.correct += 1
            }
        }
        return score
    }
}
