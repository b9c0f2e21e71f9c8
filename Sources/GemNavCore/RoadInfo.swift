/// How a traveller moves along a piece of the route.
public enum TravelMode: String, Sendable, Codable, Hashable {
    /// By car.
    case driving
    /// By bicycle.
    case cycling
    /// On foot (also a cyclist pushing the bike).
    case walking
    /// On a ferry.
    case ferry
}

/// The OSM road class of a way (`highway=*`, or `ferry` for `route=ferry`).
public enum RoadClass: String, Sendable, Codable, Hashable, CaseIterable {
    case motorway, motorwayLink = "motorway_link", trunk, trunkLink = "trunk_link"
    case primary, primaryLink = "primary_link", secondary, secondaryLink = "secondary_link"
    case tertiary, tertiaryLink = "tertiary_link", unclassified, residential
    case livingStreet = "living_street", service, road, track, cycleway, path, footway
    case pedestrian, steps, bridleway, ferry

    /// Whether this is a `*_link` ramp.
    public var isLink: Bool {
        switch self {
        case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: return true
        default: return false
        }
    }

    /// Whether this is a motorway-like road (motorway or trunk, not their links).
    public var isHighway: Bool { self == .motorway || self == .trunk }

    /// Importance, higher for bigger roads; guidance compares it at forks and merges.
    public var rank: Int {
        switch self {
        case .motorway: return 10
        case .trunk: return 9
        case .primary: return 8
        case .secondary: return 7
        case .tertiary: return 6
        case .motorwayLink, .trunkLink: return 5
        case .primaryLink, .secondaryLink, .tertiaryLink, .unclassified: return 4
        case .residential, .road: return 3
        case .livingStreet, .service: return 2
        case .ferry: return 2
        default: return 1
        }
    }
}

/// What guidance needs to know about the road a piece of route is on, in travel direction.
public struct RoadInfo: Hashable, Sendable, Codable {
    /// `name=*` (empty when unnamed).
    public var name: String
    /// `ref=*`, e.g. "A8" (empty when none).
    public var ref: String
    /// `destination=*` for this direction, e.g. "Nice;Menton" (empty when none).
    public var destinations: String
    /// `destination:ref=*` for this direction (empty when none).
    public var destinationRef: String
    /// `junction=exit` / `exit_to`-style exit number (`junction:ref`), empty when none.
    public var exits: String
    /// The road class.
    public var roadClass: RoadClass
    /// How the traveller moves on it.
    public var mode: TravelMode
    /// Part of a roundabout (`junction=roundabout`/`circular`).
    public var isRoundabout: Bool
    /// A large or named roundabout, announced as a rotary (`junction=circular` or named).
    public var isRotary: Bool
    /// `toll=yes`.
    public var isToll: Bool
    /// `turn:lanes` for the travel direction (e.g. "left|through|through;right"), empty when none.
    public var turnLanes: String
    /// Legal speed limit in km/h, nil when unknown or none.
    public var speedLimitKmh: Double?

    /// Creates road info; every field defaults to "unknown/none".
    public init(name: String = "", ref: String = "", destinations: String = "",
                destinationRef: String = "", exits: String = "", roadClass: RoadClass = .road,
                mode: TravelMode = .driving, isRoundabout: Bool = false, isRotary: Bool = false,
                isToll: Bool = false, turnLanes: String = "", speedLimitKmh: Double? = nil)
    {
        self.name = name
        self.ref = ref
        self.destinations = destinations
        self.destinationRef = destinationRef
        self.exits = exits
        self.roadClass = roadClass
        self.mode = mode
        self.isRoundabout = isRoundabout
        self.isRotary = isRotary
        self.isToll = isToll
        self.turnLanes = turnLanes
        self.speedLimitKmh = speedLimitKmh
    }
}
