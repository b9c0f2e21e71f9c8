import Foundation
import GemNavCore

/// A scored record during a search.
struct Candidate {
    var record: Int
    /// The address matched by a house number in the query, for street records.
    var address: Int?
    var tier: MatchQuality.Tier
    var score: Double

    /// Whether `self` ranks before `other`.
    @inline(__always) func beats(_ other: Candidate) -> Bool {
        tier != other.tier ? tier < other.tier : score > other.score
    }
}

/// The best `limit` candidates seen, kept sorted; cheap for the small limits search uses.
struct TopList {
    let limit: Int
    private(set) var items: [Candidate] = []

    init(limit: Int) {
        self.limit = limit
        items.reserveCapacity(limit + 1)
    }

    mutating func offer(_ c: Candidate) {
        if items.count == limit, let last = items.last, !c.beats(last) { return }
        var i = items.count
        while i > 0, c.beats(items[i - 1]) { i -= 1 }
        items.insert(c, at: i)
        if items.count > limit { items.removeLast() }
    }
}

extension SearchIndex {
    /// Most postings scanned for one query word; beyond it each token contributes its most
    /// important records in proportion, which bounds one-letter queries on large extracts.
    static let candidateBudget = 20_000

    /// Scores records that contain the query words, with or without typo tolerance.
    func textCandidates(words: [String], lastIsPrefix: Bool, fuzzy: Bool, near: Coordinate?,
                        into top: inout TopList)
    {
        let terms = words.enumerated().map { i, w in
            TermMatcher(w, index: self, allowPrefix: i == words.count - 1 ? lastIsPrefix : w.count >= 2, fuzzy: fuzzy)
        }
        let streetCode = UInt64(SearchResultKind.street.code)
        let kindCount = Double(SearchResultKind.ordered.count)
        let drivers = terms.indices.sorted { terms[$0].postingCount < terms[$1].postingCount }
        var seen = [UInt64](repeating: 0, count: recordCount / 64 + 1)
        let cosLat = cos((near ?? centre).latitude * .pi / 180)
        let spans = terms.map(\.span)
        spans.withUnsafeBufferPointer { spans in
            // A word that matches nothing (a city the extract lacks, a stray word) may be left
            // out when enough others match; a second driver covers the case where it was the
            // rarest, but only while the page is not yet full.
            for (n, d) in drivers.prefix(2).enumerated() where terms[d].postingCount > 0 {
                if n > 0, top.items.count >= top.limit || !partialPossible(without: drivers[0], terms) { break }
                let driver = terms[d]
                let fraction = min(1, Double(Self.candidateBudget) / Double(driver.postingCount))
                for t in driver.tokens {
                    let start = postingStarts.int(t), end = postingStarts.int(t + 1)
                    let take = fraction < 1 ? max(1, Int((Double(end - start) * fraction).rounded(.up))) : end - start
                    for p in start..<(start + take) {
                        let r = postings.int(p)
                        if seen[r >> 6] & (1 << UInt64(r & 63)) != 0 { continue }
                        seen[r >> 6] |= 1 << UInt64(r & 63)
                        if let c = score(record: r, spans: spans, terms: terms, lastIsPrefix: lastIsPrefix,
                                         near: near, cosLat: cosLat, streetCode: streetCode, kindCount: kindCount)
                        {
                            top.offer(c)
                        }
                    }
                }
            }
        }
    }

    /// Whether a record lacking word `missing` can still be a partial match: only then is a
    /// second driver worth scanning, since everything it adds lacks the first driver's word.
    private func partialPossible(without missing: Int, _ terms: [TermMatcher]) -> Bool {
        let informative = terms.indices.filter { $0 != missing && terms[$0].postingCount * 20 < recordCount }
        return terms.count >= 3 && informative.count >= 2
    }

    /// Matches every query word against record `r`: its own tokens, then its locality's,
    /// then (for a street and a word with digits) its house numbers.
    private func score(record r: Int, spans: UnsafeBufferPointer<TermSpan>, terms: [TermMatcher],
                       lastIsPrefix: Bool, near: Coordinate?,
                       cosLat: Double, streetCode: UInt64, kindCount: Double) -> Candidate?
    {
        let start = recordTokenStarts.int(r), end = recordTokenStarts.int(r + 1)
        var tier = MatchQuality.Tier.exact
        var total = 0.0
        var covered = 0 as UInt64
        var unmatched = 0
        // Matched words rarer than 1 in 20 records: "rua" and "do" alone do not make
        // "Rua do Outeiro" an answer to "rua do almada".
        var informative = 0
        var address: Int?
        for i in 0..<spans.count {
            let term = spans[i]
            var best: MatchQuality?
            var bestSlot = -1
            for k in start..<end {
                let t = recordTokens.int(k)
                var quality = term.match(t, tokenLength: tokenStarts.int(t + 1) - tokenStarts.int(t))
                if quality == nil, term.hasFuzzy, let e = terms[i].edits(to: t) {
                    quality = MatchQuality(tier: .fuzzy, score: 0.5 - 0.1 * Double(e))
                }
                if let q = quality, best.map({ q.tier < $0.tier || (q.tier == $0.tier && q.score > $0.score) }) ?? true {
                    best = q
                    bestSlot = k - start
                }
            }
            if best == nil, let q = localityMatch(record: r, term: term, matcher: terms[i]) {
                best = MatchQuality(tier: q.tier, score: q.score * 0.8)
            }
            if best == nil, term.isNumeric, address == nil, recordKind[r] == streetCode,
               let (a, q) = houseMatch(street: r, term: terms[i], prefix: lastIsPrefix && i == spans.count - 1)
            {
                address = a
                best = q
            }
            guard let q = best else {
                unmatched += 1
                continue
            }
            if bestSlot >= 0, bestSlot < 64 { covered |= 1 << UInt64(bestSlot) }
            tier = max(tier, q.tier)
            total += q.score
            if term.informative * 20 < recordCount { informative += 1 }
        }
        // Up to a third of the words may go unmatched ("rua santa catarina porto" in an
        // extract without Porto itself) when more informative words match than are missing;
        // such answers rank below every full match.
        if unmatched > 0 {
            guard unmatched * 3 <= terms.count, informative >= 1 + unmatched else { return nil }
            tier = .partial
        }
        let tokenCount = max(1, end - start)
        var score = total / Double(terms.count)
        score += 0.15 * Double(covered.nonzeroBitCount) / Double(tokenCount)
        // Kind codes are ranks: the index stores each kind as its position in importance order.
        score += 0.4 * (1 - Double(recordKind[r]) / kindCount)
        score += 0.4 * Double(recordImportance[r]) / 255
        if address != nil { score += 0.2 }
        if let p = near {
            let c = address.map { coordinate(ofAddress: $0, street: r) } ?? coordinate(ofRecord: r)
            score += 0.3 / (1 + Self.fastDistance(p, c, cosLat: cosLat) / 2000)
        }
        return Candidate(record: r, address: address, tier: tier, score: score)
    }

    private func localityMatch(record r: Int, term: TermSpan, matcher: TermMatcher) -> MatchQuality? {
        let l = recordLocality.int(r)
        guard l > 0 else { return nil }
        var best: MatchQuality?
        for k in localityTokenStarts.int(l - 1)..<localityTokenStarts.int(l) {
            let t = localityTokens.int(k)
            var quality = term.match(t, tokenLength: tokenStarts.int(t + 1) - tokenStarts.int(t))
            if quality == nil, term.hasFuzzy, let e = matcher.edits(to: t) {
                quality = MatchQuality(tier: .fuzzy, score: 0.5 - 0.1 * Double(e))
            }
            if let q = quality, best.map({ q.tier < $0.tier }) ?? true { best = q }
        }
        return best
    }

    /// The address of street `r` whose number is the word (or starts with it while typing);
    /// an exact number wins, then the shortest.
    private func houseMatch(street r: Int, term: TermMatcher, prefix: Bool) -> (Int, MatchQuality)? {
        var best: (Int, MatchQuality, Int)?
        for a in addresses(ofStreet: r) {
            let number = TextFolding.tokens(string(addressHouse.int(a)))
            guard let first = number.first.map({ Array($0.utf8) }) else { continue }
            if first == term.text || number.contains(where: { Array($0.utf8) == term.text }) {
                return (a, MatchQuality(tier: .exact, score: 1))
            }
            if prefix, first.starts(with: term.text), best.map({ first.count < $0.2 }) ?? true {
                best = (a, MatchQuality(tier: .prefix, score: 0.8), first.count)
            }
        }
        return best.map { ($0.0, $0.1) }
    }

    /// Equirectangular distance in metres: exact enough for ranking at city scale, and
    /// several times cheaper than haversine.
    @inline(__always) static func fastDistance(_ a: Coordinate, _ b: Coordinate, cosLat: Double) -> Double {
        let dy = (a.latitude - b.latitude) * 111_195
        let dx = (a.longitude - b.longitude) * 111_195 * cosLat
        return (dx * dx + dy * dy).squareRoot()
    }
}
