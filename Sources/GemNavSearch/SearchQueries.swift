import Foundation
import GemNavCore

extension SearchIndex {
    /// Search-ahead: the best matches for what the user has typed so far.
    ///
    /// Words may come in any order and the last one may be unfinished. Exact word matches
    /// rank before prefix matches, which rank before typo matches; among equals, more
    /// important kinds (a city before a bus stop), fuller name matches and places nearer
    /// `near` come first. A query that names a category ("pharmacy", "coffee near me",
    /// "essence") returns the nearest POIs of that category first.
    /// - Parameters:
    ///   - query: the text typed.
    ///   - near: the bias point (the user's position or the map centre), if any.
    ///   - limit: how many results at most.
    /// - Throws: `SearchError` `.emptyQuery` or `.queryTooLong`.
    public func search(_ query: String, near: Coordinate? = nil, limit: Int = 10) throws -> [SearchResult] {
        try run(query, near: near, limit: limit, typing: true)
    }

    /// The single best match for a complete address or place name ("12 rue grimaldi",
    /// "Casino de Monte-Carlo"), or nil when nothing matches.
    /// - Throws: `SearchError` `.emptyQuery` or `.queryTooLong`.
    public func geocode(_ text: String, near: Coordinate? = nil) throws -> SearchResult? {
        try run(text, near: near, limit: 1, typing: false).first
    }

    /// The `limit` POIs of `category` nearest to `near` (or to the index centre).
    public func nearest(_ category: SearchCategory, near: Coordinate? = nil, limit: Int = 10) -> [SearchResult] {
        let origin = near ?? centre
        let cosLat = cos(origin.latitude * .pi / 180)
        let c = Int(category.code)
        var top = TopList(limit: max(1, limit))
        for i in categoryStarts.int(c)..<categoryStarts.int(c + 1) {
            let r = categoryRecords.int(i)
            let d = Self.fastDistance(origin, coordinate(ofRecord: r), cosLat: cosLat)
            top.offer(Candidate(record: r, address: nil, tier: .exact, score: -d))
        }
        return top.items.map { result($0, near: near) }
    }

    private func run(_ query: String, near: Coordinate?, limit: Int, typing: Bool) throws -> [SearchResult] {
        let length = query.count
        guard length <= Self.maximumQueryLength else { throw SearchError(.queryTooLong(length: length)) }
        let words = Array(TextFolding.tokens(query).prefix(12))
        guard !words.isEmpty else { throw SearchError(.emptyQuery) }
        guard limit > 0 else { return [] }
        let lastIsPrefix = typing && TextFolding.endsInsideWord(query)

        var top = TopList(limit: limit)
        textCandidates(words: words, lastIsPrefix: lastIsPrefix, fuzzy: false, near: near, into: &top)
        if top.items.lazy.filter({ $0.tier < .partial }).count < limit {
            // Typo tolerance only when full exact and prefix matches do not fill the page:
            // they would rank below anyway, and the edit-distance scan is the costliest step.
            // A record found both ways keeps its better ranking.
            var fuzzy = TopList(limit: limit)
            textCandidates(words: words, lastIsPrefix: lastIsPrefix, fuzzy: true, near: near, into: &fuzzy)
            let better = Dictionary(fuzzy.items.map { ($0.record, $0) }, uniquingKeysWith: { a, _ in a })
            var merged = TopList(limit: limit)
            for c in top.items { merged.offer(better[c.record].map { $0.beats(c) ? $0 : c } ?? c) }
            let known = Set(top.items.map(\.record))
            for c in fuzzy.items where !known.contains(c.record) { merged.offer(c) }
            top = merged
        }
        if top.items.isEmpty, words.count >= 2 {
            // "mc donald", "monte carlo" typed apart: try each pair of neighbours joined.
            for i in 0..<(words.count - 1) {
                let joined = words[..<i] + [words[i] + words[i + 1]] + words[(i + 2)...]
                textCandidates(words: Array(joined), lastIsPrefix: lastIsPrefix, fuzzy: false, near: near, into: &top)
            }
        }
        let results = top.items.map { result($0, near: near) }
        if let (category, exact) = CategoryWords.category(of: words, allowPrefix: lastIsPrefix) {
            let pois = nearest(category, near: near, limit: limit)
            return exact ? merge(pois, then: results, limit: limit) : merge(results, then: pois, limit: limit)
        }
        if let (category, rest) = CategoryWords.split(words), let place = placeNamed(rest, lastIsPrefix: lastIsPrefix) {
            // "pharmacy fontvieille": that category around that place, ahead of text matches
            // unless the text matched a name outright ("Hôtel de Paris").
            let pois = nearest(category, near: coordinate(ofRecord: place), limit: limit)
            return top.items.contains { $0.tier == .exact }
                ? merge(results, then: pois, limit: limit) : merge(pois, then: results, limit: limit)
        }
        return results
    }

    /// `first`, then what `then` adds that `first` lacks, cut to `limit`.
    private func merge(_ first: [SearchResult], then: [SearchResult], limit: Int) -> [SearchResult] {
        let shown = Set(first.map { "\($0.osmType)\($0.osmId)" })
        return Array((first + then.filter { !shown.contains("\($0.osmType)\($0.osmId)") }).prefix(limit))
    }

    /// The place (`place=*`) that `words` name fully, the most important first, or nil.
    private func placeNamed(_ words: [String], lastIsPrefix: Bool) -> Int? {
        var top = TopList(limit: 1)
        textCandidates(words: words, lastIsPrefix: lastIsPrefix, fuzzy: false, near: nil, into: &top)
        guard let best = top.items.first, best.tier < .partial, best.record < placeCount else { return nil }
        return best.record
    }

    /// The box around a street's shape, or nil for records without one.
    func extent(ofRecord r: Int) -> BoundingBox? {
        let start = geometryStarts.int(r)
        guard geometryStarts.int(r + 1) > start else { return nil }
        var points: [Coordinate] = []
        GeometryCodec.forEachSegment(geometry.bytes(0, geometry.count), at: start, origin: coordinate(ofRecord: r)) {
            points.append($0)
            points.append($1)
        }
        return BoundingBox(covering: points)
    }

    /// Turns a scored record (or the address matched on it) into a result.
    func result(_ c: Candidate, near: Coordinate?) -> SearchResult {
        let r = c.record
        let kind = self.kind(ofRecord: r)
        let name = string(recordName.int(r))
        let city = locality(ofRecord: r)
        let tag = recordTag.int(r)
        let categoryCode = recordCategory[r]
        let category = kind == .street || kind.isPlace ? nil : SearchCategory.from(code: categoryCode)
        if let a = c.address {
            let number = string(addressHouse.int(a))
            let at = coordinate(ofAddress: a, street: r)
            let osm = osm(ofAddress: a)
            return SearchResult(
                title: "\(number) \(name)", subtitle: city ?? "", coordinate: at, kind: .house, category: nil,
                distance: near.map { Geodesy.distance($0, at) }, osmKey: "place", osmValue: "house",
                osmType: osm.typeName, osmId: osm.id, housenumber: number, street: name, city: city, name: name)
        }
        let at = coordinate(ofRecord: r)
        let osm = OSMRef(packed: recordOSM[r])
        let (street, number) = ownAddress(ofRecord: r)
        var line: [String] = []
        if let s = street { line.append(number.map { "\($0) \(s)" } ?? s) }
        if let l = city, l != name { line.append(l) }
        return SearchResult(
            title: name, subtitle: line.joined(separator: ", "), coordinate: at, kind: kind, category: category,
            distance: near.map { Geodesy.distance($0, at) }, osmKey: string(tagKeys.int(tag)),
            osmValue: string(tagValues.int(tag)), osmType: osm.typeName, osmId: osm.id, housenumber: number,
            street: kind == .street ? name : street, city: city, name: name, extent: extent(ofRecord: r))
    }
}
