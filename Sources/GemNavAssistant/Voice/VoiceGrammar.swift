import GemNavSearch

/// What the recognizer expects to hear: the English commands in the shapes people say them
/// (`CommandSentences`: a cue, then a place, a category, an option…), over the loaded map's
/// place names, as a trigram language model. A free loop over the same phrases (the first
/// grammar) let short words slip between the cues ("take me to the casino" heard as "i eat
/// allee that uh casino um"); the model knows which word tends to follow which, and still
/// accepts an order it never saw, as the parser reading the result does.
public struct VoiceGrammar: Sendable, Hashable {
    /// The place names, each as folded words.
    public let places: [[String]]

    /// The commands over `placeNames` (a map's names).
    public init(placeNames: some Sequence<String>) {
        var seen = Set<[String]>()
        // A one-letter word of a name ("O", initials) sounds like any small word; names are
        // recognised by their real words.
        places = placeNames.map { TextFolding.tokens($0).filter { $0.count > 1 } }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Every word the commands and the names may use.
    public var words: Set<String> {
        Set(EnglishLexicon.table.phrases.flatMap { TextFolding.tokens($0.0) } + places.joined())
    }

    /// The model in the ARPA format, with only words of `dictionary` (the recognizer can only
    /// hear words it knows how to pronounce; a name's unknown words are left out of it).
    public func languageModel(keeping dictionary: Set<String>) -> String {
        let sentences = CommandSentences(places: places).all.map { $0.filter(dictionary.contains) }
        return TrigramModel(sentences: sentences).arpa
    }
}
