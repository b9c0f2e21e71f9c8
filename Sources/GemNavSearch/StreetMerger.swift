import Foundation
import GemNavCore

/// Merges named highway ways into streets: one street per name and neighbourhood.
///
/// Ways of the same folded name are joined when their boxes come within about 300 m of each
/// other, which keeps a long avenue cut into dozens of ways as one street while two
/// "Rue de l'Église" in neighbouring villages stay two.
struct StreetMerger {
    let ways: [RawStreetWay]
    let coordinates: [Int64: Coordinate]

    /// Degrees by which way boxes are grown before testing overlap (~300 m).
    static let joinMargin = 0.003

    /// Appends one record per street to `records` and returns the lookup structures.
    func merge(into records: inout [BuildRecord]) -> MergedStreets {
        var groups: [String: [(way: RawStreetWay, line: [Coordinate], box: BoundingBox)]] = [:]
        for way in ways {
            let line = way.refs.compactMap { coordinates[$0] }
            guard let box = BoundingBox(covering: line) else { continue }
            groups[TextFolding.normalize(way.name), default: []].append((way, line, box))
        }
        var merged = MergedStreets()
        for folded in groups.keys.sorted() {
            // Sorted by southern edge, so the pair scan below can stop at the first way that
            // starts too far north: near-linear for the thousands of ways of a common name.
            let members = groups[folded]!.sorted { $0.box.min.latitude < $1.box.min.latitude }
            var parent = Array(members.indices)
            func root(_ i: Int) -> Int {
                var i = i
                while parent[i] != i {
                    parent[i] = parent[parent[i]]
                    i = parent[i]
                }
                return i
            }
            for i in members.indices {
                var j = i + 1
                while j < members.count,
                      members[j].box.min.latitude <= members[i].box.max.latitude + 2 * Self.joinMargin
                {
                    if Self.near(members[i].box, members[j].box) { parent[root(j)] = root(i) }
                    j += 1
                }
            }
            var clusters: [Int: [Int]] = [:]
            for i in members.indices { clusters[root(i), default: []].append(i) }
            for key in clusters.keys.sorted() {
                let parts = clusters[key]!.map { members[$0] }
                let lengths = parts.map { Geodesy.length(of: $0.line) }
                let longest = lengths.indices.max { lengths[$0] < lengths[$1] }!
                let main = parts[longest]
                var refs: [String] = []
                for p in parts {
                    for ref in (p.way.roadRef ?? "").split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) })
                    where !ref.isEmpty && !refs.contains(ref) {
                        refs.append(ref)
                    }
                }
                let centre = Geodesy.point(along: main.line, meters: lengths[longest] / 2) ?? main.line[0]
                var box = parts[0].box
                for p in parts { box = box.union(p.box) }
                let record = BuildRecord(
                    kind: .street, category: nil, name: main.way.name, aliases: refs, coordinate: centre,
                    locality: nil, street: nil, housenumber: nil, key: "highway", value: main.way.highway,
                    osm: OSMRef(type: .way, id: main.way.id),
                    importance: min(1, log10(max(1, lengths.reduce(0, +))) / 4) * 0.5,
                    geometry: parts.map { GeometryCodec.simplify($0.line) })
                merged.add(record, folded: folded, box: box, into: &records)
            }
        }
        return merged
    }

    static func near(_ a: BoundingBox, _ b: BoundingBox) -> Bool {
        a.min.latitude - joinMargin <= b.max.latitude && b.min.latitude - joinMargin <= a.max.latitude
            && a.min.longitude - joinMargin <= b.max.longitude && b.min.longitude - joinMargin <= a.max.longitude
    }
}

/// The merged streets, findable by name near a point (to attach `addr:street` addresses)
/// and by geometry (to attach addresses that name no street).
struct MergedStreets {
    private var byName: [String: [(record: Int, box: BoundingBox)]] = [:]
    /// Street segments by coarse cell, for nearest-street lookups during the build.
    private var cells: [Int64: [(record: Int, a: Coordinate, b: Coordinate)]] = [:]
    private static let cell = 0.005

    mutating func add(_ record: BuildRecord, folded: String, box: BoundingBox, into records: inout [BuildRecord]) {
        let index = records.count
        records.append(record)
        byName[folded, default: []].append((index, box))
        for part in record.geometry {
            for (a, b) in zip(part, part.dropFirst()) {
                let lo = Self.key(min(a.latitude, b.latitude), min(a.longitude, b.longitude))
                let hi = Self.key(max(a.latitude, b.latitude), max(a.longitude, b.longitude))
                for y in lo.0...hi.0 {
                    for x in lo.1...hi.1 { cells[Int64(y) << 32 | Int64(x & 0xFFFF_FFFF), default: []].append((index, a, b)) }
                }
            }
        }
    }

    private static func key(_ lat: Double, _ lon: Double) -> (Int, Int) {
        (Int((lat / cell).rounded(.down)), Int((lon / cell).rounded(.down)))
    }

    /// The street of that name closest to `c`, if one lies within 3 km.
    func existing(named name: String, near c: Coordinate) -> Int? {
        var best: Int?
        var bestDistance = 3_000.0
        for candidate in byName[TextFolding.normalize(name)] ?? [] {
            let lat = min(max(c.latitude, candidate.box.min.latitude), candidate.box.max.latitude)
            let lon = min(max(c.longitude, candidate.box.min.longitude), candidate.box.max.longitude)
            let d = Geodesy.distance(c, Coordinate(latitude: lat, longitude: lon))
            if d <= bestDistance {
                bestDistance = d
                best = candidate.record
            }
        }
        return best
    }

    /// The street an `addr:street` names; when no mapped street has that name nearby, a
    /// street record is made at the address so the address can still be found.
    mutating func street(named name: String, near c: Coordinate, in records: inout [BuildRecord]) -> Int {
        if let found = existing(named: name, near: c) { return found }
        let record = BuildRecord(
            kind: .street, category: nil, name: name, aliases: [], coordinate: c, locality: nil, street: nil,
            housenumber: nil, key: "place", value: "street", osm: OSMRef(type: .node, id: 0), importance: 0)
        let index = records.count
        records.append(record)
        byName[TextFolding.normalize(name), default: []].append((index, BoundingBox(min: c, max: c)))
        return index
    }

    /// The street with a segment nearest to `c`, within `limit` metres.
    func nearest(to c: Coordinate, within limit: Double) -> Int? {
        let k = Self.key(c.latitude, c.longitude)
        var best: Int?
        var bestDistance = limit
        for y in (k.0 - 1)...(k.0 + 1) {
            for x in (k.1 - 1)...(k.1 + 1) {
                for s in cells[Int64(y) << 32 | Int64(x & 0xFFFF_FFFF)] ?? [] {
                    let d = Geodesy.project(c, onto: s.a, s.b).distance
                    if d < bestDistance {
                        bestDistance = d
                        best = s.record
                    }
                }
            }
        }
        return best
    }
}

extension BoundingBox {
    /// The smallest box holding both.
    func union(_ other: BoundingBox) -> BoundingBox {
        BoundingBox(
            min: Coordinate(latitude: Swift.min(min.latitude, other.min.latitude),
                            longitude: Swift.min(min.longitude, other.min.longitude)),
            max: Coordinate(latitude: Swift.max(max.latitude, other.max.latitude),
                            longitude: Swift.max(max.longitude, other.max.longitude)))
    }
}
