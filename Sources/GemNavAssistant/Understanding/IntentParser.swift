import GemNavCore
import GemNavSearch

/// Turns an utterance into a `ParsedRequest`: fold and correct the words, read the lexicon's
/// phrases longest first, let the cues and slots vote for an intent, and take the words left
/// over as place names. Nothing depends on word order beyond the phrases themselves, so
/// "to the casino, take me" reads as "take me to the casino".
struct IntentParser: Sendable {
    /// The grammar.
    var lexicon: Lexicon = .standard

    /// What slots add to each intent's vote: a category alone asks for places nearby, an avoid
    /// word alone changes the avoid options, a mode word alone switches the mode, an ordinal
    /// alone picks from the list, a favourite or a place name alone asks to go there.
    static let slotVotes: (category: Double, avoid: Double, mode: Double, ordinal: Double, favourite: Double,
                           profile: Double, placeName: Double) = (1, 1, 1.5, 1.5, 1, 0.5, 0.5)

    /// Intents in the order that breaks a tie: the narrow commands before the broad ones.
    static let precedence: [Intent] = [
        .mute, .unmute, .vibrationsOff, .pauseNavigation, .resumeNavigation, .skipStop, .continueToNextStop, .checkRoute,
        .setLanguage, .repeatInstruction, .speedLimit, .whereAmI, .eta, .cancelNavigation, .saveFavourite, .requestRide,
        .addStop, .setAvoid, .setMode, .navigate, .findNearby, .select,
    ]

    /// Words that join two stops named after "via".
    static let stopJoiners: Set = ["and", "et"]

    /// One piece of the sentence: a lexicon phrase or a word the lexicon does not know.
    enum Piece {
        case phrase([Meaning], words: [String])
        case word(String)
    }

    /// What a place-naming piece is for, set by the marker before it.
    enum Role { case main, stop, anchor, name }

    /// Parses `text`; words in `names` are names the map knows and are never corrected
    /// ("paris" is not a typo of "parks").
    func parse(_ text: String, names: Set<String> = []) -> ParsedRequest {
        let tokens = TextFolding.tokens(text)
        let corrected = corrections(tokens, names: names)
        var (pieces, votes) = read(tokens: tokens, corrected: corrected)
        pieces = mergeNames(pieces)

        var request = ParsedRequest()
        request.language = language(votes)
        var scores: [Intent: Double] = [:]
        var role = Role.main
        var mainRuns: [[String]] = []
        var run: [String] = []
        var allowing = false, switchingOff = false

        func place(_ reference: PlaceReference) {
            switch role {
            case .main:
                if request.place == nil { request.place = reference }
            case .stop: request.stops.append(reference)
            case .anchor: request.anchor = reference
            case .name: if case .favourite(let n) = reference { request.name = n }
            }
            role = .main
        }
        func endRun() {
            if role == .stop {
                // "Via the casino and the jardin exotique": a stop each.
                let stops = run.split { Self.stopJoiners.contains($0) }.map { trimmed(Array($0)) }.filter { !$0.isEmpty }
                run = []
                request.stops += stops.map { .text($0.joined(separator: " ")) }
                if !stops.isEmpty { role = .main }
                return
            }
            let words = trimmed(run)
            run = []
            guard !words.isEmpty else { return }
            let text = words.joined(separator: " ")
            if role == .name { request.name = text } else if role == .main { mainRuns.append(words) } else { place(.text(text)) }
            role = .main
        }

        for piece in pieces {
            switch piece {
            case .word(let w):
                run.append(w)
            case .phrase(let meanings, _):
                endRun()
                for meaning in meanings {
                    switch meaning {
                    case .cue(let intent, let weight): scores[intent, default: 0] += weight
                    case .avoid(let options): request.avoid.formUnion(options)
                    case .allow: allowing = true
                    case .profile(let p): request.profile = p
                    case .mode(let m): request.mode = m
                    case .category(let c):
                        if role == .main { scores[.findNearby, default: 0] += Self.slotVotes.category }
                        place(.category(c))
                    case .ordinal(let n):
                        scores[.select, default: 0] += Self.slotVotes.ordinal
                        place(.ordinal(n))
                    case .favourite(let f):
                        if role == .main { scores[.navigate, default: 0] += Self.slotVotes.favourite }
                        place(.favourite(f))
                    case .nearest: request.nearest = true
                    case .via: role = .stop
                    case .then:
                        if let last = mainRuns.popLast() { request.stops.append(.text(last.joined(separator: " "))) }
                    case .near: role = .anchor
                    case .named: role = .name
                    case .here: place(.here)
                    case .focus: if request.place == nil { place(.focus) }
                    case .switchOff: switchingOff = true
                    case .saveAs(let name): request.name = name
                    case .speak(let language):
                        request.speaking = language
                        scores[.setLanguage, default: 0] += Self.slotVotes.mode
                    case .filler: break
                    }
                }
            }
        }
        endRun()

        if allowing {
            request.allow = request.avoid
            request.avoid = []
        }
        if let longest = mainRuns.max(by: { $0.count < $1.count }) {
            let text = PlaceReference.text(longest.joined(separator: " "))
            switch request.place {
            case nil, .focus?: request.place = text
            case .category?: request.anchor = request.anchor ?? text
            default: if request.anchor == nil { request.anchor = text }
            }
            scores[.navigate, default: 0] += Self.slotVotes.placeName
        }
        if !request.avoid.isEmpty || !request.allow.isEmpty { scores[.setAvoid, default: 0] += Self.slotVotes.avoid }
        if request.mode == .voice, switchingOff || scores[.mute, default: 0] > 0 {
            // "Mute voice guidance", "disable the voice": the voice named is the one to
            // silence, no switch to voice mode.
            request.mode = nil
            scores[.mute, default: 0] += Self.slotVotes.mode
        }
        if request.mode == .haptic, switchingOff {
            // "Turn off vibrations", "no more buzzing": no vibration cues, not pocket mode.
            request.mode = nil
            scores[.vibrationsOff, default: 0] += Self.slotVotes.mode
        }
        if request.mode != nil { scores[.setMode, default: 0] += Self.slotVotes.mode }
        if request.speaking != nil, request.mode == nil, let switching = scores.removeValue(forKey: .setMode) {
            // "Switch to French": the switch is of language, no mode being named.
            scores[.setLanguage, default: 0] += switching
        }
        if request.profile != nil { scores[.navigate, default: 0] += Self.slotVotes.profile }

        let best = scores.values.max() ?? 0
        request.intent = best > 0 ? Self.precedence.first { scores[$0] == best } : nil
        return request
    }

    /// Each token as the lexicon spells it; where several lexicon words are as close, the one
    /// that makes a phrase with the word before or after it ("spead limit": speed, not speak).
    func corrections(_ tokens: [String], names: Set<String>) -> [String] {
        let options = tokens.map { names.contains($0) ? [$0] : TypoCorrection.candidates($0, in: lexicon) }
        return options.indices.map { i in
            let words = options[i]
            guard words.count > 1 else { return words[0] }
            let before = i > 0 ? options[i - 1][0] : nil, after = i + 1 < options.count ? options[i + 1][0] : nil
            return words.first { word in
                after.map { lexicon.entries["\(word) \($0)"] != nil } == true
                    || before.map { lexicon.entries["\($0) \(word)"] != nil } == true
            } ?? words[0]
        }
    }

    /// The words of `text` that typo correction would change: the caller checks them against
    /// the map's names before parsing.
    func correctable(_ text: String) -> [String] {
        TextFolding.tokens(text).filter { TypoCorrection.correct($0, in: lexicon) != $0 }
    }

    /// Reads phrases greedily, longest first at each word, on the corrected words; words that
    /// start no phrase stay as typed. Also counts, per language, the words that belong to it.
    func read(tokens: [String], corrected: [String]) -> ([Piece], [AssistantLanguage: Int]) {
        var pieces: [Piece] = []
        var votes: [AssistantLanguage: Int] = [:]
        var i = 0
        while i < tokens.count {
            var matched = false
            for length in stride(from: min(lexicon.longest, tokens.count - i), through: 1, by: -1) {
                let key = corrected[i..<(i + length)].joined(separator: " ")
                guard let entries = lexicon.entries[key] else { continue }
                var meanings: [Meaning] = []
                for entry in entries {
                    for m in entry.meanings where !meanings.contains(m) { meanings.append(m) }
                }
                let languages = Set(entries.map(\.language))
                if languages.count == 1, let only = languages.first { votes[only, default: 0] += length }
                pieces.append(.phrase(meanings, words: Array(tokens[i..<(i + length)])))
                i += length
                matched = true
                break
            }
            if !matched {
                if let languages = lexicon.edgeWords[tokens[i]], languages.count == 1 {
                    votes[languages[0], default: 0] += 1
                }
                pieces.append(.word(tokens[i]))
                i += 1
            }
        }
        return (pieces, votes)
    }

    /// A category word inside a name is part of the name ("Hôtel de Paris", "Pharmacie du
    /// Rocher", "casino parking"): it becomes plain words when a name word touches it, directly
    /// or through connectors ("de", "du", "of the").
    func mergeNames(_ pieces: [Piece]) -> [Piece] {
        func isNameWord(_ piece: Piece?) -> Bool {
            guard case .word(let w)? = piece else { return false }
            return lexicon.edgeWords[w] == nil
        }
        func touchesName(from index: Int, step: Int) -> Bool {
            var j = index + step
            while j >= 0, j < pieces.count, case .word(let w) = pieces[j], lexicon.connectors.contains(w) { j += step }
            return j >= 0 && j < pieces.count && isNameWord(pieces[j])
        }
        var out = pieces
        for (k, piece) in pieces.enumerated() {
            guard case .phrase(let meanings, let words) = piece,
                  meanings.contains(where: { if case .category = $0 { return true } else { return false } }),
                  touchesName(from: k, step: -1) || touchesName(from: k, step: 1) else { continue }
            out[k] = .word(words.joined(separator: " "))
        }
        return out
    }

    /// `words` without the small words at either end ("to the casino" → casino).
    func trimmed(_ words: [String]) -> [String] {
        var slice = words[...]
        while let w = slice.first, lexicon.edgeWords[w] != nil { slice = slice.dropFirst() }
        while let w = slice.last, lexicon.edgeWords[w] != nil { slice = slice.dropLast() }
        return Array(slice)
    }

    /// The language with the most words in the sentence, nil on a tie.
    func language(_ votes: [AssistantLanguage: Int]) -> AssistantLanguage? {
        let en = votes[.en] ?? 0, fr = votes[.fr] ?? 0
        return en == fr ? nil : (en > fr ? .en : .fr)
    }
}
