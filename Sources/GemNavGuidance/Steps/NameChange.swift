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
    static func isAnnounced(from a: RoadInfo, to b: RoadInfo) -> Bool {
        let fromName = a.name, toName = b.name, fromRef = a.ref, toRef = b.ref
        if fromName == toName && fromRef == toRef && a.exits == b.exits { return false }
        if fromName.isEmpty && fromRef.isEmpty { return !(toName.isEmpty && toRef.isEmpty) }
        let namesEmpty = fromName.isEmpty && toName.isEmpty
        let contained = fromName.hasPrefix(toName) || toName.hasPrefix(fromName)
        let suffixChange = isAffixChange(Array(fromName.utf8), Array(toName.utf8))
        let namesEqual = fromName == toName || contained || suffixChange
        let nameRemoved = !fromName.isEmpty && toName.isEmpty
        let refsEmpty = fromRef.isEmpty && toRef.isEmpty
        let refContained = fromRef.isEmpty || toRef.isEmpty || fromRef.contains(toRef) || toRef.contains(fromRef)
        let refRemoved = !fromRef.isEmpty && toRef.isEmpty
        let obvious = (namesEmpty && refsEmpty) || (namesEqual && refContained) || (namesEqual && refsEmpty)
            || (refContained && nameRemoved) || (namesEqual && refRemoved) || suffixChange
        // A ref for a name or back, or a new ref where neither road is named (two empty names
        // count as an affix change above, so OSRM names this case).
        let needsAnnounce = (fromName.isEmpty && !fromRef.isEmpty && !toName.isEmpty && toRef.isEmpty)
            || (!fromName.isEmpty && fromRef.isEmpty && toName.isEmpty && !toRef.isEmpty)
            || (namesEmpty && !refContained)
        let losesExit = namesEqual && !a.exits.isEmpty && b.exits.isEmpty
        return !obvious || needsAnnounce || a.pronunciation != b.pronunciation || (a.exits != b.exits && !losesExit)
    }

    /// Whether the two names differ only by listed words around their longest common part.
    private static func isAffixChange(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        // The longest common part leaves at most a listed word and its space at either end,
        // so the middle of the longer name must appear in the other: checked first, it spares
        // most name pairs the quadratic search (it was a fifth of a route query's time).
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        if long.count > 2 * affixRoom, !contains(short, long[affixRoom..<(long.count - affixRoom)]) { return false }
        let (p1, s1, p2, s2) = decompose(a, b)
        func listed(_ part: String) -> Bool {
            // OSRM's own guard for its one-letter test names.
            if part.utf8.count == 1 && (a.count == 2 || b.count == 2) { return false }
            return part.isEmpty || suffixes.contains(part)
        }
        return listed(p1) && listed(s1) && listed(p2) && listed(s2)
    }

    /// Prefix and suffix of each name around their longest common substring, trimmed and
    /// lower-cased (OSRM's `decompose`, byte-wise as there).
    private static func decompose(_ a: [UInt8], _ b: [UInt8]) -> (String, String, String, String) {
        func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
            String(decoding: bytes, as: UTF8.self).lowercased().trimmingSpaces
        }
        var best = 0, bestEnd = 0
        if !a.isEmpty && !b.isEmpty {
            var previous = [Int](repeating: 0, count: b.count), current = previous
            for i in a.indices {
                for j in b.indices {
                    current[j] = a[i] == b[j] ? (j == 0 ? 1 : previous[j - 1] + 1) : 0
                    if current[j] > best { best = current[j]; bestEnd = i + 1 }
                }
                swap(&previous, &current)
            }
        }
        guard best > 0 else { return (trimmed(a[...]), trimmed(b[...]), "", "") }
        let common = a[(bestEnd - best)..<bestEnd]
        let inA = bestEnd - best, inB = firstIndex(of: common, in: b)
        return (trimmed(a[..<inA]), trimmed(a[(inA + best)...]), trimmed(b[..<inB]), trimmed(b[(inB + best)...]))
    }

    /// Bytes a listed word and the spaces around it may take at one end of a name.
    private static let affixRoom = (suffixes.map(\.utf8.count).max() ?? 0) + 2

    private static func contains(_ bytes: [UInt8], _ part: ArraySlice<UInt8>) -> Bool {
        guard part.count <= bytes.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    private static func firstIndex(of part: ArraySlice<UInt8>, in bytes: [UInt8]) -> Int {
        for start in 0...(bytes.count - part.count) where bytes[start..<(start + part.count)].elementsEqual(part) {
            return start
        }
        return 0
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
