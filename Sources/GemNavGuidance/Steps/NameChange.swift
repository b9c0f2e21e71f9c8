import GemNavCore

/// Whether a change of road name is worth announcing, ported from OSRM's
/// `requiresNameAnnounced`: a name that merely gains or loses a part ("Hauptstraße" →
/// "Hauptstraßenbrücke" on the bridge), or changes only a compass suffix or prefix
/// ("42 N" → "42 S"), is the same road, and so is a ref that contains the other; a new
/// pronunciation is announced.
enum NameChange {
    /// Compass words OSRM's car profile lists as suffixes (its `suffix_list`), lower-cased.
    static let suffixes: Set<String> = ["n", "ne", "e", "se", "s", "sw", "w", "nw", "north", "south", "west",
                                        "east", "nor", "sou", "we", "ea"]

    /// Whether going from `a` to `b` needs the new name announced.
    ///
    /// It runs for most pairs of roads at every junction of a route, so the byte-wise tests
    /// come first (OSRM's `starts_with` and `find` are byte-wise too; Foundation's `contains`
    /// was a fifth of this function) and the affix test only where the answer depends on it.
    static func isAnnounced(from a: RoadInfo, to b: RoadInfo) -> Bool {
        let fromName = a.name, toName = b.name, fromRef = a.ref, toRef = b.ref
        if fromName == toName && fromRef == toRef && a.exits == b.exits { return false }
        if fromName.isEmpty && fromRef.isEmpty { return !(toName.isEmpty && toRef.isEmpty) }
        if a.pronunciation != b.pronunciation { return true }
        let namesEmpty = fromName.isEmpty && toName.isEmpty
        let contained = fromName == toName || fromName.utf8.starts(with: toName.utf8) || toName.utf8.starts(with: fromName.utf8)
        let refContained = fromRef.isEmpty || toRef.isEmpty || contains(fromRef, toRef) || contains(toRef, fromRef)
        // A ref for a name or back, or a new ref where neither road is named (two empty names
        // count as an affix change, so OSRM names this case).
        if (fromName.isEmpty && !fromRef.isEmpty && !toName.isEmpty && toRef.isEmpty)
            || (!fromName.isEmpty && fromRef.isEmpty && toName.isEmpty && !toRef.isEmpty)
            || (namesEmpty && !refContained)
        {
            return true
        }
        let refsEmpty = fromRef.isEmpty && toRef.isEmpty
        let refRemoved = !fromRef.isEmpty && toRef.isEmpty
        let nameRemoved = !fromName.isEmpty && toName.isEmpty
        // OSRM: names are equal when equal, one a prefix of the other, or an affix change,
        // and an affix change alone makes the change obvious; so the affix test (the costly
        // one) is only asked where nothing cheaper decides.
        lazy var suffixChange = isAffixChange(fromName, toName)
        let obvious = (namesEmpty && refsEmpty) || (refContained && nameRemoved)
            || (contained && (refContained || refsEmpty || refRemoved)) || suffixChange
        guard obvious else { return true }
        return a.exits != b.exits && !((contained || suffixChange) && !a.exits.isEmpty && b.exits.isEmpty)
    }

    /// Whether `part`'s bytes occur in `text`'s (`std::string::find`).
    private static func contains(_ text: String, _ part: String) -> Bool {
        let t = text.utf8, p = part.utf8
        guard p.count <= t.count, let first = p.first else { return p.isEmpty }
        var i = t.startIndex
        while let start = t[i...].firstIndex(of: first) {
            if t[start...].starts(with: p) { return true }
            i = t.index(after: start)
        }
        return false
    }

    /// Whether the two names differ only by listed words around their longest common part.
    /// Byte-wise on the names' own storage: no copies, no lower-cased strings.
    private static func isAffixChange(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { a in b.withUTF8 { b in isAffixChange(a, b) } }
    }

    private static func isAffixChange(_ a: Bytes, _ b: Bytes) -> Bool {
        // The longest common part leaves at most a listed word and its space at either end,
        // so the middle of the longer name must appear in the other: checked first, it spares
        // most name pairs the quadratic search (it was a fifth of a route query's time).
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        if long.count > 2 * affixRoom, firstIndex(of: long[affixRoom..<(long.count - affixRoom)], in: short) == nil {
            return false
        }
        // OSRM's own guard for its one-letter test names.
        let oneLetterListed = a.count != 2 && b.count != 2
        func listed(_ part: Bytes.SubSequence) -> Bool {
            var part = part
            while part.first == UInt8(ascii: " ") { part = part.dropFirst() }
            while part.last == UInt8(ascii: " ") { part = part.dropLast() }
            if part.isEmpty { return true }
            if part.count == 1 && !oneLetterListed { return false }
            return suffixBytes.contains { word in word.count == part.count && zip(word, part).allSatisfy { $0 == lowercase($1) } }
        }
        // OSRM's `decompose`: prefix and suffix of each name around their longest common
        // substring (the first of the longest in `a`).
        let (best, bestEnd) = longestCommon(a, b)
        guard best > 0 else { return listed(a[...]) && listed(b[...]) }
        let inA = bestEnd - best, inB = firstIndex(of: a[inA..<bestEnd], in: b) ?? 0
        return listed(a[..<inA]) && listed(a[bestEnd...]) && listed(b[..<inB]) && listed(b[(inB + best)...])
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>

    /// Length and end in `a` of the first longest common substring of `a` and `b`.
    private static func longestCommon(_ a: Bytes, _ b: Bytes) -> (Int, Int) {
        guard !a.isEmpty && !b.isEmpty else { return (0, 0) }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * b.count) { rows in
            var previous = UnsafeMutableBufferPointer(rebasing: rows[..<b.count])
            var current = UnsafeMutableBufferPointer(rebasing: rows[b.count...])
            previous.update(repeating: 0)
            var best = 0, bestEnd = 0
            for i in a.indices {
                for j in b.indices {
                    current[j] = a[i] == b[j] ? (j == 0 ? 1 : previous[j - 1] + 1) : 0
                    if current[j] > best { best = current[j]; bestEnd = i + 1 }
                }
                swap(&previous, &current)
            }
            return (best, bestEnd)
        }
    }

    /// The listed words' bytes.
    private static let suffixBytes = suffixes.map { Array($0.utf8) }

    private static func lowercase(_ c: UInt8) -> UInt8 {
        c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c + 32 : c
    }

    /// Bytes a listed word and the spaces around it may take at one end of a name.
    private static let affixRoom = (suffixes.map(\.utf8.count).max() ?? 0) + 2

    private static func firstIndex(of part: Bytes.SubSequence, in bytes: Bytes) -> Int? {
        guard part.count <= bytes.count else { return nil }
        return (0...(bytes.count - part.count)).first { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
