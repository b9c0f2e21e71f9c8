import Foundation

/// How well one query word matched one indexed token. Tiers rank before scores: every exact
/// match beats every prefix match, which beats every typo match.
struct MatchQuality {
    enum Tier: Int, Comparable {
        case exact = 0, prefix, fuzzy, partial
        static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
    }

    var tier: Tier
    var score: Double
}

/// One query word resolved against the token dictionary: the exact token, the range of
/// tokens it is a prefix of (tokens are sorted, so a prefix is a contiguous id range), and
/// the tokens within its edit budget when typo tolerance is on.
struct TermMatcher {
    let text: [UInt8]
    let isNumeric: Bool
    let exact: Int?
    /// Whether the word may be unfinished (matches as a prefix).
    let allowsPrefix: Bool
    /// Tokens an abbreviation stands for ("av" → avenida, avenue), matched as exact words.
    let expansions: [Int]
    let prefix: Range<Int>
    private(set) var fuzzy: [Int: Int] = [:]
    /// How many postings this word's tokens carry: the smallest drives candidate generation.
    private(set) var postingCount: Int

    init(_ word: String, index: SearchIndex, allowPrefix: Bool, fuzzy: Bool) {
        text = Array(word.utf8)
        allowsPrefix = allowPrefix
        isNumeric = text.contains { (0x30...0x39).contains($0) }
        let lo = index.lowerBound(text)
        exact = lo < index.tokenCount && index.compare(token: lo, with: text) == 0 ? lo : nil
        expansions = (Abbreviations.expansions[word] ?? []).prefix(2).compactMap { full in
            let key = Array(full.utf8)
            let at = index.lowerBound(key)
            return at < index.tokenCount && index.compare(token: at, with: key) == 0 ? at : nil
        }
        if allowPrefix {
            // UTF-8 never contains 0xFF, so key+0xFF sorts after every token starting with key.
            prefix = lo..<index.lowerBound(text + [0xFF])
        } else {
            prefix = lo..<lo
        }
        func postings(_ t: Int) -> Int { index.postingStarts.int(t + 1) - index.postingStarts.int(t) }
        postingCount = (prefix.isEmpty
            ? exact.map(postings) ?? 0
            : index.postingStarts.int(prefix.upperBound) - index.postingStarts.int(prefix.lowerBound))
            + expansions.map(postings).reduce(0, +)
        let budget = text.count >= 8 ? 2 : (text.count >= 4 ? 1 : 0)
        guard fuzzy, budget > 0, !isNumeric else { return }
        // Typos are looked for among tokens sharing the first letter: people rarely get the
        // first letter wrong, and it bounds the scan to one slice of the dictionary.
        let slice = index.lowerBound([text[0]])..<index.lowerBound([text[0], 0xFF])
        for t in slice where t != exact && !prefix.contains(t) {
            let candidate = index.token(t)
            if !allowPrefix, abs(candidate.count - text.count) > budget { continue }
            if candidate.count + budget < text.count { continue }
            let edits = allowPrefix
                ? EditDistance.prefixDistance(text, candidate, limit: budget)
                : EditDistance.distance(text, candidate, limit: budget)
            if let e = edits {
                self.fuzzy[t] = e
                postingCount += index.postingStarts.int(t + 1) - index.postingStarts.int(t)
            }
        }
    }

    /// The reference-free part of the matcher that the scoring loop reads: copying it costs
    /// no retain or release, which dominated scoring time when the loop held whole matchers.
    var span: TermSpan {
        TermSpan(exact: exact ?? -1, exactTier: allowsPrefix && text.count <= 2 ? .prefix : .exact,
                 expansion1: expansions.first ?? -1, expansion2: expansions.dropFirst().first ?? -1,
                 prefixLow: prefix.lowerBound, prefixHigh: prefix.upperBound,
                 length: text.count, isNumeric: isNumeric, hasFuzzy: !fuzzy.isEmpty,
                 informative: postingCount)
    }

    /// The typo distance to token `t`, if it is within budget.
    func edits(to t: Int) -> Int? { fuzzy[t] }

    /// Every token this word matches, for candidate generation.
    var tokens: [Int] {
        var all = Array(prefix)
        if let e = exact, !prefix.contains(e) { all.append(e) }
        all.append(contentsOf: expansions.filter { !prefix.contains($0) && $0 != exact })
        all.append(contentsOf: fuzzy.keys)
        return all
    }
}

/// The plain-value summary of a `TermMatcher` used while scoring candidates.
struct TermSpan {
    var exact: Int
    /// The tier of an exact hit: a word of one or two letters still being typed ("b") is
    /// more likely the start of a longer word than the token "b" itself.
    var exactTier: MatchQuality.Tier
    var expansion1: Int
    var expansion2: Int
    var prefixLow: Int
    var prefixHigh: Int
    var length: Int
    var isNumeric: Bool
    var hasFuzzy: Bool
    /// The matcher's posting count.
    var informative: Int

    /// The quality of matching token `t` (of `tokenLength` bytes) by exact word or prefix;
    /// typo matches are looked up separately, only for words that have any.
    @inline(__always) func match(_ t: Int, tokenLength: Int) -> MatchQuality? {
        if t == exact { return MatchQuality(tier: exactTier, score: 1) }
        if t == expansion1 || t == expansion2 { return MatchQuality(tier: .exact, score: 1) }
        if t >= prefixLow, t < prefixHigh {
            return MatchQuality(tier: .prefix, score: 0.6 + 0.3 * Double(length) / Double(max(tokenLength, 1)))
        }
        return nil
    }
}

extension SearchIndex {
    /// Byte-wise comparison of token `t` with `key` (-1, 0, 1).
    @inline(__always) func compare(token t: Int, with key: [UInt8]) -> Int {
        let bytes = token(t)
        let n = min(bytes.count, key.count)
        let c = key.withUnsafeBytes { memcmp(bytes.baseAddress!, $0.baseAddress!, n) }
        if c != 0 { return c < 0 ? -1 : 1 }
        return bytes.count == key.count ? 0 : (bytes.count < key.count ? -1 : 1)
    }

    /// The first token id not less than `key`.
    func lowerBound(_ key: [UInt8]) -> Int {
        var lo = 0, hi = tokenCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if compare(token: mid, with: key) < 0 { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// Edit distances (Levenshtein plus adjacent transpositions, the "optimal string alignment"
/// variant) bounded by a small limit, over folded UTF-8 bytes.
enum EditDistance {
    /// The distance between `a` and `b`, or nil when it exceeds `limit`.
    static func distance(_ a: [UInt8], _ b: UnsafeRawBufferPointer, limit: Int) -> Int? {
        let d = table(a, b, limit: limit) { row, _ in row[b.count] }
        return d <= limit ? d : nil
    }

    /// The smallest distance between `a` and any prefix of `b` (`a` is an unfinished word),
    /// or nil when it exceeds `limit`.
    static func prefixDistance(_ a: [UInt8], _ b: UnsafeRawBufferPointer, limit: Int) -> Int? {
        let d = table(a, b, limit: limit) { row, _ in row.min() ?? Int.max }
        return d <= limit ? d : nil
    }

    /// Runs the dynamic programme row by row in stack memory (no allocation: it runs for
    /// hundreds of dictionary tokens per keystroke), giving up as soon as a whole row is over
    /// the limit, and hands the last row to `finish`.
    private static func table(_ a: [UInt8], _ b: UnsafeRawBufferPointer, limit: Int,
                              finish: (UnsafeMutableBufferPointer<Int>, Int) -> Int) -> Int
    {
        let m = b.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { buffer in
            var beforePrevious = UnsafeMutableBufferPointer(rebasing: buffer[0...m])
            var previous = UnsafeMutableBufferPointer(rebasing: buffer[(m + 1)...(2 * m + 1)])
            var current = UnsafeMutableBufferPointer(rebasing: buffer[(2 * m + 2)...(3 * m + 2)])
            for j in 0...m {
                previous[j] = j
                beforePrevious[j] = 0
                current[j] = 0
            }
            for i in stride(from: 1, through: a.count, by: 1) {
                current[0] = i
                var rowMin = i
                let ai = a[i - 1]
                for j in stride(from: 1, through: m, by: 1) {
                    let cost = ai == b[j - 1] ? 0 : 1
                    var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    // Two swapped letters ("estcao") count as one edit, as people make them.
                    if i > 1, j > 1, ai == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, beforePrevious[j - 2] + 1) }
                    current[j] = v
                    rowMin = min(rowMin, v)
                }
                if rowMin > limit { return limit + 1 }
                (beforePrevious, previous, current) = (previous, current, beforePrevious)
            }
            return finish(previous, m)
        }
    }
}
