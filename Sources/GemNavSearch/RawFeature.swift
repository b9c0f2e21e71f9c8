import GemNavCore

/// The OSM object a record comes from.
struct OSMRef: Hashable {
    enum Kind: UInt64 { case node = 0, way = 1, relation = 2 }
    var type: Kind
    var id: Int64

    /// Packed as `id << 2 | type` (ids are positive in published data).
    var packed: UInt64 { UInt64(max(0, id)) << 2 | type.rawValue }

    init(type: Kind, id: Int64) {
        self.type = type
        self.id = id
    }

    init(packed: UInt64) {
        type = Kind(rawValue: packed & 3) ?? .node
        id = Int64(packed >> 2)
    }

    var typeName: String {
        switch type {
        case .node: return "node"
        case .way: return "way"
        case .relation: return "relation"
        }
    }
}

/// A named way with `highway=*`, before ways are merged into streets.
struct RawStreetWay {
    var id: Int64
    var name: String
    /// Road numbers (`ref`, e.g. "A 41;IC 23"); a way with no name is named by its ref.
    var roadRef: String?
    var highway: String
    var refs: [Int64]
}

/// A place, POI or address as read, before locality and street are resolved.
struct RawFeature {
    /// What it is; nil for a bare address.
    var kind: SearchResultKind?
    var category: SearchCategory?
    var name: String?
    var brand: String?
    var key: String
    var value: String
    var osm: OSMRef
    var street: String?
    var housenumber: String?
    var city: String?
    /// Has a Wikipedia or Wikidata link: a landmark people search for by a word of its name.
    var notable: Bool
    /// Position of a node feature.
    var point: Coordinate?
    /// Nodes of a way (outline) or the one node standing for a relation.
    var refs: [Int64] = []

    /// Classifies an object by its tags; nil when it is nothing search should find.
    init?(tags: [String: String], type: OSMRef.Kind, id: Int64) {
        name = tags["name"]
        brand = tags["brand"]
        housenumber = tags["addr:housenumber"]
        street = tags["addr:street"]
        city = tags["addr:city"]
        notable = tags["wikidata"] != nil || tags["wikipedia"] != nil || tags["brand:wikidata"] != nil
        osm = OSMRef(type: type, id: id)
        if let place = tags["place"], let placeKind = Self.placeKinds[place], name != nil {
            kind = placeKind
            key = "place"
            value = place
            return
        }
        if let poi = SearchCategory.classify(tags), name != nil || brand != nil || poi.category.findableUnnamed {
            category = poi.category
            key = poi.key
            value = poi.value
            switch poi.category {
            case .airport: kind = .airport
            case .trainStation, .subway: kind = .station
            case .busStop, .tramStop: kind = .stop
            default: kind = .poi
            }
            return
        }
        guard housenumber != nil else { return nil }
        key = tags["building"] != nil ? "building" : "place"
        value = tags["building"] ?? "house"
    }

    private static let placeKinds: [String: SearchResultKind] = [
        "country": .country, "state": .state, "region": .state, "province": .state,
        "city": .city, "town": .town, "municipality": .town, "village": .village,
        "suburb": .suburb, "borough": .suburb, "quarter": .quarter,
        "neighbourhood": .neighbourhood, "city_block": .neighbourhood, "hamlet": .hamlet,
        "isolated_dwelling": .hamlet, "island": .island, "islet": .island, "locality": .locality,
        "square": .locality, "farm": .locality,
    ]
}

extension SearchCategory {
    /// Whether an unnamed point of this category is still worth returning for a category
    /// search ("parking" should find the nameless car park around the corner).
    var findableUnnamed: Bool {
        switch self {
        case .other, .shop, .attraction, .clothes, .sports: return false
        default: return true
        }
    }
}
