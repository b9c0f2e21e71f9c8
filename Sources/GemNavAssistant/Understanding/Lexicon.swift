import GemNavSearch

/// One language's grammar as data: phrases and what they mean, and the small words that may
/// sit at the edges of a place name without being part of it ("to the", "à la").
struct LexiconTable: Sendable {
    /// The language.
    var language: AssistantLanguage
    /// Phrases as people say them (any case and accents; folded when the lexicon is built).
    var phrases: [(String, [Meaning])]
    /// Words trimmed from the edges of a place name.
    var edgeWords: Set<String>
    /// Words that join a category word to a name ("Hôtel *de* Paris", "Museum *of* …").
    var connectors: Set<String>

    /// Cue phrases for `intent`, each weighing its number of words (longer is more telling) or
    /// the weight written after a bar ("where is|1": a weak cue).
    static func cues(_ intent: Intent, _ phrases: [String]) -> [(String, [Meaning])] {
        phrases.map { phrase in
            let parts = phrase.split(separator: "|")
            let words = String(parts[0])
            let weight = parts.count > 1 ? Double(parts[1]) ?? 1 : Double(TextFolding.tokens(words).count)
            return (words, [.cue(intent, weight)])
        }
    }
}

/// Every language's phrases folded into one lookup, so a sentence that mixes languages (a
/// French speaker saying "parking") is understood, and typos are corrected against it.
struct Lexicon: Sendable {
    /// One phrase's meanings and the language it belongs to.
    struct Entry: Sendable {
        var meanings: [Meaning]
        var language: AssistantLanguage
    }

    /// Folded phrase ("take me to") → entries, one per language that has it.
    let entries: [String: [Entry]]
    /// The longest phrase, in words.
    let longest: Int
    /// Every word of every phrase: what typos are corrected to.
    let vocabulary: Set<String>
    /// Vocabulary words by first letter, for the typo search.
    let byInitial: [Character: [String]]
    /// Edge words of all languages, with the languages that use each.
    let edgeWords: [String: [AssistantLanguage]]
    /// Connectors of all languages.
    let connectors: Set<String>

    init(_ tables: [LexiconTable]) {
        var entries: [String: [Entry]] = [:]
        var longest = 1
        var vocabulary = Set<String>()
        var edges: [String: [AssistantLanguage]] = [:]
        var connectors = Set<String>()
        for table in tables {
            for (phrase, meanings) in table.phrases {
                let tokens = TextFolding.tokens(phrase)
                guard !tokens.isEmpty else { continue }
                entries[tokens.joined(separator: " "), default: []].append(Entry(meanings: meanings, language: table.language))
                longest = max(longest, tokens.count)
                vocabulary.formUnion(tokens)
            }
            for word in table.edgeWords { edges[word, default: []].append(table.language) }
            connectors.formUnion(table.connectors)
        }
        self.entries = entries
        self.longest = longest
        self.vocabulary = vocabulary
        byInitial = Dictionary(grouping: vocabulary.filter { $0.count >= 4 }, by: { $0.first! })
        edgeWords = edges
        self.connectors = connectors
    }

    /// English and French.
    static let standard = Lexicon([EnglishLexicon.table, FrenchLexicon.table])
}
