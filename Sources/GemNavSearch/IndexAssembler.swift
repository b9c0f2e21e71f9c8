import Foundation
import GemNavCore

/// One searchable thing before encoding: a place, a merged street or a POI.
struct BuildRecord {
    var kind: SearchResultKind
    var category: SearchCategory?
    var name: String
    /// Other names it is searched by: a POI's brand, a road's numbers ("A 41", "EN 14").
    var aliases: [String]
    var coordinate: Coordinate
    var locality: String?
    var street: String?
    var housenumber: String?
    var key: String
    var value: String
    var osm: OSMRef
    /// Prominence within its kind, 0…1: street length, a name, a Wikipedia link.
    var importance: Double
    /// Simplified street shape, for reverse geocoding.
    var geometry: [[Coordinate]] = []
}

/// A house-numbered address attached to a street record.
struct BuildAddress {
    var street: Int
    var housenumber: String
    var coordinate: Coordinate
    var osm: OSMRef
}

/// Resolves what the builder read into records and addresses: merges street ways, attaches
/// addresses to streets, and gives everything a locality.
struct IndexAssembler {
    let builder: SearchIndexBuilder

    func assemble() throws -> IndexTables {
        var records: [BuildRecord] = []
        var bareAddresses: [(RawFeature, Coordinate)] = []
        for feature in builder.features {
            guard let at = locate(feature) else { continue }
            if feature.housenumber != nil { bareAddresses.append((feature, at)) }
            guard let kind = feature.kind else { continue }
            let name = feature.name ?? feature.brand ?? feature.category?.title ?? feature.value
            records.append(BuildRecord(
                kind: kind, category: feature.category, name: name, aliases: feature.brand.map { [$0] } ?? [], coordinate: at,
                locality: feature.city, street: feature.street, housenumber: feature.housenumber,
                key: feature.key, value: feature.value, osm: feature.osm,
                importance: (feature.name != nil ? 0.2 : 0) + (feature.notable ? 0.6 : 0)))
        }
        records = Self.dropDuplicatePlaces(records)
        let areas = AdminAreas(builder.boundaries, coordinates: builder.nodeCoordinates)
        let settlements = Settlements(records.filter { $0.kind.isSettlement }.map { ($0.name, $0.kind, $0.coordinate) },
                                      areas: areas)
        var streets = StreetMerger(ways: builder.streetWays, coordinates: builder.nodeCoordinates)
            .merge(into: &records)

        var addresses: [BuildAddress] = []
        var addressCities: [Int: String] = [:]
        for (feature, at) in bareAddresses {
            guard let number = feature.housenumber else { continue }
            let street: Int
            if let name = feature.street {
                street = streets.street(named: name, near: at, in: &records)
            } else if let nearest = streets.nearest(to: at, within: 60) {
                street = nearest
            } else {
                continue
            }
            if let city = feature.city { addressCities[street] = city }
            addresses.append(BuildAddress(street: street, housenumber: number, coordinate: at, osm: feature.osm))
        }
        // A POI without an address of its own is described by the street it stands on
        // ("Pharmacie Azurea — Boulevard des Moulins, Monaco"), as a parent street.
        for i in records.indices where records[i].street == nil && !records[i].kind.isPlace && records[i].kind != .street {
            if let s = streets.nearest(to: records[i].coordinate, within: 80) { records[i].street = records[s].name }
        }
        for i in records.indices where records[i].locality == nil && !records[i].kind.isSettlement {
            let at = records[i].coordinate
            records[i].locality = addressCities[i] ?? areas.municipality(of: at) ?? settlements.locality(of: at)
        }
        if records.isEmpty { throw SearchError(.nothingToIndex) }
        return IndexEncoder(records: records, addresses: addresses).encode()
    }

    /// A place mapped twice (a node and a boundary's label, `place=city` and `place=town`)
    /// is kept once, as its most important kind.
    static func dropDuplicatePlaces(_ records: [BuildRecord]) -> [BuildRecord] {
        var kept: [BuildRecord] = []
        var places: [String: [Int]] = [:]
        for r in records.sorted(by: { $0.kind.rank < $1.kind.rank }) {
            guard r.kind.isPlace else {
                kept.append(r)
                continue
            }
            let key = TextFolding.normalize(r.name)
            let twin = places[key]?.first { Geodesy.distance(kept[$0].coordinate, r.coordinate) < 2_000 }
            if twin != nil { continue }
            places[key, default: []].append(kept.count)
            kept.append(r)
        }
        return kept
    }

    /// Where a feature is: its node, or the mean of its outline's resolved nodes.
    func locate(_ feature: RawFeature) -> Coordinate? {
        if let point = feature.point { return point }
        var lat = 0.0, lon = 0.0, n = 0.0
        let refs = feature.refs.count > 1 && feature.refs.first == feature.refs.last
            ? feature.refs.dropLast() : feature.refs[...]
        for ref in refs {
            guard let c = builder.nodeCoordinates[ref] else { continue }
            lat += c.latitude
            lon += c.longitude
            n += 1
        }
        return n > 0 ? Coordinate(latitude: lat / n, longitude: lon / n) : nil
    }
}

/// The settlements (city, town, village, hamlet) a point can belong to.
struct Settlements {
    private let items: [(name: String, kind: SearchResultKind, coordinate: Coordinate, areas: [AdminAreas.Area])]

    init(_ items: [(String, SearchResultKind, Coordinate)], areas: AdminAreas) {
        self.items = items.map { name, kind, at in
            let folded = TextFolding.normalize(name)
            return (name, kind, at, areas.areas.filter { $0.folded == folded })
        }
    }

    /// How far a settlement of this kind reaches, in metres.
    static func reach(_ kind: SearchResultKind) -> Double {
        switch kind {
        case .city: return 10_000
        case .town: return 5_000
        case .village: return 2_500
        default: return 1_200
        }
    }

    /// The settlement whose reach covers `c` best (distance over reach), or nil. A settlement
    /// with a boundary of its name is skipped when `c` lies outside that boundary: a point just
    /// over a commune border is not in that commune, however close its centre.
    func locality(of c: Coordinate) -> String? {
        var best: String?
        var bestScore = 1.0
        for s in items {
            let score = Geodesy.distance(c, s.coordinate) / Self.reach(s.kind)
            if score < bestScore, s.areas.isEmpty || s.areas.contains(where: { $0.contains(c) }) {
                bestScore = score
                best = s.name
            }
        }
        return best
    }
}
