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
///
/// The signage (name, ref, destinations, exits) sits in one shared immutable box: a route
/// copies road info for every stretch and junction arm, and one reference count per copy is
/// much cheaper than five.
public struct RoadInfo: Hashable, Sendable, Codable {
    private final class Signage: Sendable {
        let name: String, ref: String, destinations: String, destinationRef: String, exits: String

        init(name: String, ref: String, destinations: String, destinationRef: String, exits: String) {
            self.name = name
            self.ref = ref
            self.destinations = destinations
            self.destinationRef = destinationRef
            self.exits = exits
        }

        static let none = Signage(name: "", ref: "", destinations: "", destinationRef: "", exits: "")

        static func make(name: String, ref: String, destinations: String, destinationRef: String,
                         exits: String) -> Signage
        {
            name.isEmpty && ref.isEmpty && destinations.isEmpty && destinationRef.isEmpty && exits.isEmpty
                ? none
                : Signage(name: name, ref: ref, destinations: destinations, destinationRef: destinationRef, exits: exits)
        }

        func same(as other: Signage) -> Bool {
            self === other || (name == other.name && ref == other.ref && destinations == other.destinations
                && destinationRef == other.destinationRef && exits == other.exits)
        }
    }

    private var signage: Signage

    /// `name=*` (empty when unnamed).
    public var name: String {
        get { signage.name }
        set { signage = .make(name: newValue, ref: ref, destinations: destinations, destinationRef: destinationRef, exits: exits) }
    }
    /// `ref=*`, e.g. "A8" (empty when none).
    public var ref: String {
        get { signage.ref }
        set { signage = .make(name: name, ref: newValue, destinations: destinations, destinationRef: destinationRef, exits: exits) }
    }
    /// `destination=*` for this direction, e.g. "Nice;Menton" (empty when none).
    public var destinations: String {
        get { signage.destinations }
        set { signage = .make(name: name, ref: ref, destinations: newValue, destinationRef: destinationRef, exits: exits) }
    }
    /// `destination:ref=*` for this direction (empty when none).
    public var destinationRef: String {
        get { signage.destinationRef }
        set { signage = .make(name: name, ref: ref, destinations: destinations, destinationRef: newValue, exits: exits) }
    }
    /// `junction=exit` / `exit_to`-style exit number (`junction:ref`), empty when none.
    public var exits: String {
        get { signage.exits }
        set { signage = .make(name: name, ref: ref, destinations: destinations, destinationRef: destinationRef, exits: newValue) }
    }
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
        signage = .make(name: name, ref: ref, destinations: destinations, destinationRef: destinationRef, exits: exits)
        self.roadClass = roadClass
        self.mode = mode
        self.isRoundabout = isRoundabout
        self.isRotary = isRotary
        self.isToll = isToll
        self.turnLanes = turnLanes
        self.speedLimitKmh = speedLimitKmh
    }

    /// Takes name, ref, destinations and exit numbers from `other`, keeping everything else:
    /// a step is named after the road it leads to.
    public mutating func takeSignage(of other: RoadInfo) {
        signage = other.signage
    }

    /// The same road with its signs and lanes left out: all a maneuver decision needs of the
    /// roads a route merely passes.
    public var withoutSignage: RoadInfo {
        RoadInfo(roadClass: roadClass, mode: mode, isRoundabout: isRoundabout, isRotary: isRotary,
                 isToll: isToll, speedLimitKmh: speedLimitKmh)
    }

    public static func == (a: RoadInfo, b: RoadInfo) -> Bool {
        a.roadClass == b.roadClass && a.mode == b.mode && a.isRoundabout == b.isRoundabout
            && a.isRotary == b.isRotary && a.isToll == b.isToll && a.speedLimitKmh == b.speedLimitKmh
            && a.turnLanes == b.turnLanes && a.signage.same(as: b.signage)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(ref)
        hasher.combine(destinations)
        hasher.combine(destinationRef)
        hasher.combine(exits)
        hasher.combine(roadClass)
        hasher.combine(mode)
        hasher.combine(isRoundabout)
        hasher.combine(isRotary)
        hasher.combine(isToll)
        hasher.combine(turnLanes)
        hasher.combine(speedLimitKmh)
    }

    private enum CodingKeys: String, CodingKey {
        case name, ref, destinations, destinationRef, exits, roadClass, mode, isRoundabout, isRotary, isToll
        case turnLanes, speedLimitKmh
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decode(String.self, forKey: .name), ref: try c.decode(String.self, forKey: .ref),
                  destinations: try c.decode(String.self, forKey: .destinations),
                  destinationRef: try c.decode(String.self, forKey: .destinationRef),
                  exits: try c.decode(String.self, forKey: .exits),
                  roadClass: try c.decode(RoadClass.self, forKey: .roadClass),
                  mode: try c.decode(TravelMode.self, forKey: .mode),
                  isRoundabout: try c.decode(Bool.self, forKey: .isRoundabout),
                  isRotary: try c.decode(Bool.self, forKey: .isRotary),
                  isToll: try c.decode(Bool.self, forKey: .isToll),
                  turnLanes: try c.decode(String.self, forKey: .turnLanes),
                  speedLimitKmh: try c.decodeIfPresent(Double.self, forKey: .speedLimitKmh))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(ref, forKey: .ref)
        try c.encode(destinations, forKey: .destinations)
        try c.encode(destinationRef, forKey: .destinationRef)
        try c.encode(exits, forKey: .exits)
        try c.encode(roadClass, forKey: .roadClass)
        try c.encode(mode, forKey: .mode)
        try c.encode(isRoundabout, forKey: .isRoundabout)
        try c.encode(isRotary, forKey: .isRotary)
        try c.encode(isToll, forKey: .isToll)
        try c.encode(turnLanes, forKey: .turnLanes)
        try c.encodeIfPresent(speedLimitKmh, forKey: .speedLimitKmh)
    }
}
