import GemNavSearch

/// What the recognizer may hear: any sequence of the English command phrases (cues, avoid
/// words, modes, categories, ordinals, favourites, filler) and the loaded map's place names,
/// as a JSGF grammar. Word order is free, as it is for the parser that reads the result; the
/// phrases keep the words of a cue or a name together, which is what steers recognition.
public struct VoiceGrammar: Sendable, Hashable {
    /// The phrases, each as folded words: the commands', then the places'.
    public let phrases: [[String]]

    /// The command phrases and `placeNames` (a map's names; the parts of a name the
    /// recognizer's dictionary lacks are left out when the grammar is written).
    public init(placeNames: some Sequence<String>) {
        var seen = Set<[String]>()
        var phrases: [[String]] = []
        for words in EnglishLexicon.table.phrases.map({ TextFolding.tokens($0.0) }) where !words.isEmpty
            && seen.insert(words).inserted
        {
            phrases.append(words)
        }
        // A one-letter word of a name ("O", initials) would let the recognizer slip it
        // between any two words; names are recognised by their real words.
        for words in placeNames.map({ TextFolding.tokens($0).filter { $0.count > 1 } }) where !words.isEmpty
            && seen.insert(words).inserted
        {
            phrases.append(words)
        }
        self.phrases = phrases
    }

    /// Every word of every phrase.
    public var words: Set<String> { Set(phrases.joined()) }

    /// The grammar in JSGF, with only words of `dictionary`: a phrase with unknown words is
    /// kept as its runs of known ones ("stade louis ii" → "stade louis" when "ii" is unknown).
    public func jsgf(keeping dictionary: Set<String>) -> String {
        var chunks = Set<String>()
        let commands = Set(EnglishLexicon.table.phrases.map { TextFolding.tokens($0.0) })
        for phrase in phrases {
            var run: [String] = []
            for word in phrase + [""] {
                if dictionary.contains(word) {
                    run.append(word)
                    continue
                }
                // A short bit of a name ("eau", "de la") sounds like any small word and
                // would slip in everywhere: names are heard by their longer parts.
                if !run.isEmpty, commands.contains(phrase) || run.joined().count >= 5 {
                    chunks.insert(run.joined(separator: " "))
                }
                run = []
            }
        }
        return """
            #JSGF V1.0;
            grammar gemnav;
            public <utterance> = <chunk>+;
            <chunk> = \(chunks.sorted().joined(separator: " | "));

            """
    }
}
