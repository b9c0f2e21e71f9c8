import Foundation

/// A word trigram language model estimated from sentences, written in the ARPA format that
/// PocketSphinx reads. Absolute discounting (Ney et al. 1994) with backoff: every seen n-gram
/// gives up `discount` of its count to the shorter history's distribution, so a word sequence
/// the sentences never had ("take me to" + a name heard after another cue) keeps a chance,
/// while the command shapes the sentences do have are what the decoder expects.
struct TrigramModel {
    /// Sentence start and end, as the ARPA format spells them.
    static let start = "<s>", end = "</s>"
    /// Count taken off every seen n-gram.
    static let discount = 0.5

    private var unigrams: [String: Double] = [:]
    private var bigrams: [[String]: Double] = [:]
    private var trigrams: [[String]: Double] = [:]

    /// The model of `sentences` (each a list of words; empty ones are skipped).
    init(sentences: [[String]]) {
        for sentence in sentences where !sentence.isEmpty {
            let words = [Self.start] + sentence + [Self.end]
            for (i, word) in words.enumerated() {
                unigrams[word, default: 0] += 1
                if i >= 1 { bigrams[[words[i - 1], word], default: 0] += 1 }
                if i >= 2 { trigrams[[words[i - 2], words[i - 1], word], default: 0] += 1 }
            }
        }
    }

    /// The model as ARPA text.
    var arpa: String {
        let total = unigrams.filter { $0.key != Self.start }.values.reduce(0, +)
        let p1 = unigrams.mapValues { $0 / total }

        // P(w2 | w1) for seen bigrams, and each history's backoff weight to unigrams.
        let (p2, backoff1) = Self.discounted(bigrams) { p1[$0.last!] ?? 0 }
        // P(w3 | w1 w2) for seen trigrams, backing off to the (seen) bigram (w2, w3).
        let (p3, backoff2) = Self.discounted(trigrams) { p2[Array($0.suffix(2))] ?? 0 }

        var text = "\\data\\\nngram 1=\(unigrams.count)\nngram 2=\(bigrams.count)\nngram 3=\(trigrams.count)\n\n\\1-grams:\n"
        for word in unigrams.keys.sorted() {
            // No sentence starts after <s>: its probability is never used, only its backoff.
            let p = word == Self.start ? "-99" : Self.log(p1[word]!)
            text += "\(p) \(word) \(Self.log(backoff1[[word]] ?? 1))\n"
        }
        text += "\n\\2-grams:\n"
        for gram in bigrams.keys.sorted(by: Self.order) {
            text += "\(Self.log(p2[gram]!)) \(gram.joined(separator: " ")) \(Self.log(backoff2[gram] ?? 1))\n"
        }
        text += "\n\\3-grams:\n"
        for gram in trigrams.keys.sorted(by: Self.order) {
            text += "\(Self.log(p3[gram]!)) \(gram.joined(separator: " "))\n"
        }
        return text + "\n\\end\\\n"
    }

    /// Discounted probabilities of `grams` given their history (all words but the last), and
    /// each history's backoff weight: the mass taken off, spread over the words the history
    /// was never followed by in proportion to `lower`, the shorter history's probability.
    private static func discounted(_ grams: [[String]: Double], lower: ([String]) -> Double)
        -> (probabilities: [[String]: Double], backoff: [[String]: Double])
    {
        var histories: [[String]: (count: Double, kinds: Double, lowerSeen: Double)] = [:]
        for (gram, count) in grams {
            let history = Array(gram.dropLast())
            var h = histories[history] ?? (0, 0, 0)
            h.count += count
            h.kinds += 1
            h.lowerSeen += lower(gram)
            histories[history] = h
        }
        var probabilities: [[String]: Double] = [:]
        for (gram, count) in grams {
            let h = histories[Array(gram.dropLast())]!
            probabilities[gram] = (count - discount) / h.count
        }
        var backoff: [[String]: Double] = [:]
        for (history, h) in histories {
            let left = discount * h.kinds / h.count
            // When the seen words hold (nearly) all the shorter history's mass, the little left
            // of it carries the whole leftover: bounded so no unseen word outweighs a seen one.
            backoff[history] = min(left / max(1 - h.lowerSeen, 1e-6), 1e3)
        }
        return (probabilities, backoff)
    }

    private static func order(_ a: [String], _ b: [String]) -> Bool { a.lexicographicallyPrecedes(b) }

    private static func log(_ p: Double) -> String { String(format: "%.4f", log10(max(p, 1e-99))) }
}
