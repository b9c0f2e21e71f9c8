import Foundation
import GemNavCore
import GemNavGuidance
import GemNavSearch

/// Words the replies in one language: templates filled with names, durations and distances
/// formatted as the navigation screen formats them.
struct ReplyWriter: Sendable {
    let language: AssistantLanguage
    let format: DisplayFormatter

    init(language: AssistantLanguage, units: DistanceUnits) {
        self.language = language
        format = DisplayFormatter(language: language.rawValue, units: units)
    }

    /// The template `key` with its slots filled.
    func say(_ key: String, _ slots: [String: String] = [:]) -> String {
        var text = ReplyTemplates.tables[language]?[key] ?? ReplyTemplates.english[key] ?? key
        for (name, value) in slots { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// A word of the table, or `word` itself.
    func word(_ word: String) -> String { ReplyTemplates.tables[language]?[word] ?? word }

    /// "a, b and c".
    func list(_ items: [String]) -> String {
        items.count > 1 ? items.dropLast().joined(separator: ", ") + " \(word("and")) " + items.last! : items.first ?? ""
    }

    /// "tolls and ferries" / "les péages et les ferries".
    func avoid(_ options: AvoidOptions, capitalised: Bool = false) -> String {
        let names = options.names.map { word(capitalised ? $0.prefix(1).uppercased() + $0.dropFirst() : $0) }
        let text = list(names)
        return capitalised ? text.prefix(1).uppercased() + text.dropFirst() : text
    }

    /// The category as people say it.
    func category(_ c: SearchCategory) -> String {
        language == .fr ? ReplyTemplates.frenchCategories[c.rawValue] ?? c.rawValue : c.rawValue
    }

    /// ": 6 min, 2.1 km", empty without an estimate.
    func estimate(duration: Double?, distance: Double?) -> String {
        guard let duration, let distance else { return "" }
        return say("estimate", ["duration": format.duration(duration), "distance": format.distance(distance)])
    }

    /// "1. Name (3 min), 2. …".
    func options(_ candidates: [Candidate]) -> String {
        candidates.enumerated().map { i, c in
            let label = c.place.subtitle.isEmpty ? c.place.name : "\(c.place.name), \(c.place.subtitle)"
            let time = c.duration.map { " (\(format.duration($0)))" } ?? " (\(format.distance(c.distance)))"
            return "\(i + 1). \(label)\(time)"
        }.joined(separator: "; ")
    }
}
