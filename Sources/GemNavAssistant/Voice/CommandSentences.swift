import GemNavSearch

/// Sentences as people say commands, made from the English lexicon's phrases and a map's
/// place names, for the recognizer's language model: a cue, then what it needs ("take me to
/// the casino avoiding tolls", "find the nearest pharmacy", "switch to haptic mode"), with the
/// odd filler in front. Every phrase of the lexicon and every place name appears; the slots
/// are filled in turn rather than in every combination, so the counts stay proportionate and
/// the model small on a map with thousands of names.
struct CommandSentences {
    /// The lexicon's phrases grouped by what they mean, each as folded words.
    private var cues: [Intent: [[String]]] = [:]
    private var categories: [[String]] = []
    private var avoids: [[String]] = []
    private var modes: [[String]] = []
    private var profiles: [[String]] = []
    private var favourites: [[String]] = []
    private var nearest: [[String]] = []
    private var ordinals: [[String]] = []
    private var fillers: [[String]] = []
    /// "Set home to", "my work is": said before a place.
    private var savesAs: [[String]] = []
    /// "Turn off", "no vibrations": the first said before a mode word, the second alone.
    private var switchOffs: [[String]] = []
    private var modesOff: [[String]] = []
    private var languages: [[String]] = []
    private let places: [[String]]

    /// Sentences over `places` (folded words of each name).
    init(places: [[String]]) {
        self.places = places
        for (phrase, meanings) in EnglishLexicon.table.phrases {
            let words = TextFolding.tokens(phrase)
            guard !words.isEmpty else { continue }
            if meanings.contains(where: { if case .saveAs = $0 { true } else { false } }) {
                savesAs.append(words)
                continue
            }
            if meanings.contains(.switchOff) {
                if meanings.count == 1 { switchOffs.append(words) } else { modesOff.append(words) }
                continue
            }
            for meaning in meanings {
                switch meaning {
                case .cue(let intent, _): cues[intent, default: []].append(words)
                case .category: categories.append(words)
                case .avoid: avoids.append(words)
                case .mode: modes.append(words)
                case .profile: profiles.append(words)
                case .favourite: favourites.append(words)
                case .nearest: nearest.append(words)
                case .ordinal: ordinals.append(words)
                case .filler: fillers.append(words)
                case .speak: languages.append(words)
                default: break
                }
            }
        }
    }

    /// Every sentence, each as words.
    var all: [[String]] {
        var out: [[String]] = []
        var turn = 0
        /// The `turn`-th item of `list`, cycling.
        func pick(_ list: [[String]]) -> [String] {
            turn += 1
            return list.isEmpty ? [] : list[turn % list.count]
        }
        func maybe(_ words: [String], every n: Int) -> [String] { turn % n == 0 ? words : [] }
        let navigate = cues[.navigate] ?? [], find = cues[.findNearby] ?? [], stop = cues[.addStop] ?? []
        let avoid = cues[.setAvoid] ?? [], mode = cues[.setMode] ?? [], ride = cues[.requestRide] ?? []
        let select = cues[.select] ?? [], save = cues[.saveFavourite] ?? []

        for place in places {
            out.append(maybe(pick(fillers), every: 5) + pick(navigate) + maybe(["the"], every: 2) + place
                + maybe(pick(avoid) + pick(avoids), every: 4))
            out.append(pick(stop) + maybe(["at"], every: 2) + place)
            out.append(pick(find) + pick(categories) + ["near"] + place)
        }
        for cue in navigate {
            out.append(cue + ["the"] + pick(places) + pick(avoid) + ["the"] + pick(avoids))
            out.append(cue + pick(favourites))
            out.append(cue + pick(places) + pick(profiles))
        }
        for cue in find {
            out.append(cue + ["a"] + pick(categories))
            out.append(cue + ["the"] + pick(nearest) + pick(categories))
        }
        for category in categories {
            out.append(pick(find) + maybe(["a"], every: 2) + category + maybe(pick(nearest), every: 2))
            out.append(pick(navigate) + ["the"] + pick(nearest) + category + maybe(pick(avoid) + pick(avoids), every: 3))
        }
        for cue in avoid { out.append(cue + pick(avoids)) }
        for word in avoids { out.append(pick(avoid) + ["the"] + word) }
        for cue in mode { out.append(cue + pick(modes) + maybe(["mode"], every: 2)) }
        for word in modes { out.append(pick(mode) + ["to"] + word) }
        for cue in ride { out.append(cue + ["to"] + pick(places)) }
        for cue in ride { out.append(maybe(pick(fillers), every: 2) + cue + ["to"] + pick(favourites)) }
        for cue in select { out.append(cue + ["the"] + pick(ordinals)) }
        for cue in save { out.append(cue + ["as"] + pick(favourites)) }
        for cue in cues[.setLanguage] ?? [] { out.append(cue + pick(languages)) }
        for cue in savesAs { out.append(cue + maybe(["the"], every: 2) + pick(places)) }
        for words in modesOff { out.append(words) }
        for cue in switchOffs { out.append(cue + maybe(["the"], every: 2) + pick(modes)) }
        for intent in [Intent.mute, .unmute, .repeatInstruction, .eta, .speedLimit, .whereAmI, .cancelNavigation,
                       .pauseNavigation, .resumeNavigation, .continueToNextStop, .skipStop, .checkRoute] {
            for cue in cues[intent] ?? [] {
                out.append(cue)
                out.append(pick(fillers) + cue)
            }
        }
        for words in ordinals + favourites { out.append(words) }
        return out.filter { !$0.isEmpty }
    }
}
