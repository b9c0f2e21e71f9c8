/// Brings a mistyped word back to the lexicon's spelling ("pharmcy" → pharmacy, "peages" is
/// already folded to a lexicon word). Only words of four letters or more are corrected, by one
/// edit (two from eight letters), keeping the first letter: short words and first letters are
/// rarely mistyped, and place names must stay as typed for the search index to match them.
enum TypoCorrection {
    /// `token` as the lexicon spells it, or `token` itself when no lexicon word is close.
    static func correct(_ token: String, in lexicon: Lexicon) -> String {
        candidates(token, in: lexicon)[0]
    }

    /// The lexicon words closest to `token`, in alphabetical order so the choice among them
    /// does not follow the process's hashing; `[token]` when none is close. "spead" is one
    /// edit from both "speed" and "speak": the words around it choose (`IntentParser`).
    static func candidates(_ token: String, in lexicon: Lexicon) -> [String] {
        guard token.count >= 4, !lexicon.vocabulary.contains(token), let first = token.first,
              let words = lexicon.byInitial[first] else { return [token] }
        let limit = token.count >= 8 ? 2 : 1
        let source = Array(token.utf8)
        var best: [String] = [], bestDistance = Int.max
        for word in words where abs(word.utf8.count - source.count) <= limit {
            let d = distance(source, Array(word.utf8), limit: limit)
            guard d <= limit, d <= bestDistance else { continue }
            if d < bestDistance { best = [] }
            bestDistance = d
            best.append(word)
        }
        return best.isEmpty ? [token] : best.sorted()
    }

    /// Levenshtein distance with adjacent transpositions, stopping early past `limit`.
    static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if a == b { return 0 }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, previous2[j - 2] + 1) }
                current[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
