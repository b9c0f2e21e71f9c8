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
    let prefix: Range<Int>
    private(set) var fuzzy: [Int: Int] = [:]
    /// How many postings this word's tokens carry: the smallest drives candidate generation.
    private(set) var postingCount: Int

    init(_ word: String, index: SearchIndex, allowPrefix: Bool, fuzzy: Bool) {
        text = Array(word.utf8)
        isNumeric = text.contains { (0x30...0x39).contains($0) }
        let lo = index.lowerBound(text)
        exact = lo < index.tokenCount && index.compare(token: lo, with: text) == 0 ? lo : nil
        if allowPrefix {
            // UTF-8 never contains 0xFF, so key+0xFF sorts after every token starting with key.
            prefix = lo..<index.lowerBound(text + [0xFF])
        } else {
            prefix = lo..<lo
        }
        postingCount = prefix.isEmpty
            ? exact.map { index.postingStarts.int($0 + 1) - index.postingStarts.int($0) } ?? 0
            : index.postingStarts.int(prefix.upperBound) - index.postingStarts.int(prefix.lowerBound)
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
        TermSpan(exact: exact ?? -1, prefixLow: prefix.lowerBound, prefixHigh: prefix.upperBound,
                 length: text.count, isNumeric: isNumeric, hasFuzzy: !fuzzy.isEmpty,
                 informative: postingCount)
    }

    /// The typo distance to token `t`, if it is within budget.
    func edits(to t: Int) -> Int? { fuzzy[t] }

    /// Every token this word matches, for candidate generation.
    var tokens: [Int] {
        var all = Array(prefix)
        if let e = exact, !prefix.contains(e) { all.append(e) }
        all.append(contentsOf: fuzzy.keys)
        return all
    }
}

/// The plain-value summary of a `TermMatcher` used while scoring candidates.
struct TermSpan {
    var exact: Int
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
        if t == exact { return MatchQuality(tier: .exact, score: 1) }
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

/// Levenshtein distances bounded by a small limit, over folded UTF-8 bytes.
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

    /// Runs the dynamic programme row by row, giving up as soon as a whole row is over the
    /// limit, and hands the last row to `finish`.
    private static func table(_ a: [UInt8], _ b: UnsafeRawBufferPointer, limit: Int,
                              finish: ([Int], Int) -> Int) -> Int
    {
        let m = b.count
        var previous = Array(0...m)
        var current = [Int](repeating: 0, count: m + 1)
        for i in 1...max(1, a.count) where !a.isEmpty {
            current[0] = i
            var rowMin = i
            let ai = a[i - 1]
            for j in stride(from: 1, through: m, by: 1) {
                let cost = ai == b[j - 1] ? 0 : 1
                let v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                current[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return finish(previous, m)
    }
}
