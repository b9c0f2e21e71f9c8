import GemNavCore

/// What kind of thing a result is, most important first.
public enum SearchResultKind: String, Sendable, Codable, CaseIterable {
    /// A country (`place=country`).
    case country
    /// A state, region or province.
    case state
    /// A city.
    case city
    /// A town or municipality.
    case town
    /// A village.
    case village
    /// A suburb or borough of a city.
    case suburb
    /// A quarter of a city.
    case quarter
    /// A neighbourhood or city block.
    case neighbourhood
    /// A hamlet or isolated dwelling.
    case hamlet
    /// An island or islet.
    case island
    /// A named locality, square or farm.
    case locality
    /// An airport.
    case airport
    /// A railway or metro station.
    case station
    /// A street (its ways merged).
    case street
    /// A house-numbered address.
    case house
    /// A point of interest.
    case poi
    /// A bus or tram stop.
    case stop

    /// `allCases` computed once: the synthesised property builds a new array on every call,
    /// far too slow for the per-candidate scoring loop.
    static let ordered = allCases
    private static let ranks = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0) })

    /// Rank used to order results of equal text match: lower is more important.
    var rank: Int { Self.ranks[self]! }

    /// The kind stored as `code` in the index.
    static func from(code: UInt64) -> SearchResultKind {
        code < ordered.count ? ordered[Int(code)] : .poi
    }

    /// The kind's position, as stored in the index.
    var code: UInt8 { UInt8(rank) }

    /// Whether this is a settlement a street or address can belong to.
    var isSettlement: Bool {
        switch self {
        case .city, .town, .village, .hamlet: return true
        default: return false
        }
    }

    /// Whether this is a named area or place (a `place=*` object).
    var isPlace: Bool { rank <= SearchResultKind.locality.rank }

    /// The Photon `type` of a result of this kind.
    var photonType: String {
        switch self {
        case .country, .state: return rawValue
        case .city, .town, .village, .hamlet: return "city"
        case .suburb, .quarter, .neighbourhood: return "district"
        case .island, .locality: return "locality"
        case .street: return "street"
        case .house, .airport, .station, .poi, .stop: return "house"
        }
    }
}

/// One search, geocode or reverse-geocode answer.
public struct SearchResult: Sendable, Hashable, Codable {
    /// The main line: a place or POI name, a street name, or "12 Rue Grimaldi".
    public var title: String
    /// The second line: street and locality, as far as known ("Rue Grimaldi, Monaco").
    public var subtitle: String
    /// Where it is.
    public var coordinate: Coordinate
    /// What it is.
    public var kind: SearchResultKind
    /// The POI category, for points of interest.
    public var category: SearchCategory?
    /// Metres from the bias point of the query, when one was given.
    public var distance: Double?
    /// The OSM tag that classified it, e.g. `amenity` / `pharmacy` or `highway` / `residential`.
    public var osmKey: String
    /// The value of `osmKey`.
    public var osmValue: String
    /// The OSM object: "node", "way" or "relation".
    public var osmType: String
    /// The OSM id (for a street merged from several ways, one of them).
    public var osmId: Int64
    /// The house number, for addresses and POIs that have one.
    public var housenumber: String?
    /// The street, for addresses, streets and POIs with an address.
    public var street: String?
    /// The locality: `addr:city` or the settlement it lies in.
    public var city: String?
    /// The name alone (for an address result, the street).
    public var name: String
    /// For a street, the box around its whole shape (all its merged ways).
    public var extent: BoundingBox?

    /// Creates a result.
    public init(title: String, subtitle: String, coordinate: Coordinate, kind: SearchResultKind,
                category: SearchCategory?, distance: Double?, osmKey: String, osmValue: String,
                osmType: String, osmId: Int64, housenumber: String?, street: String?, city: String?,
                name: String, extent: BoundingBox? = nil)
    {
        self.title = title
        self.subtitle = subtitle
        self.coordinate = coordinate
        self.kind = kind
        self.category = category
        self.distance = distance
        self.osmKey = osmKey
        self.osmValue = osmValue
        self.osmType = osmType
        self.osmId = osmId
        self.housenumber = housenumber
        self.street = street
        self.city = city
        self.name = name
        self.extent = extent
    }
}
