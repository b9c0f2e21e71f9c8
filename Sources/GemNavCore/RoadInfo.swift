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
/// Plain data: the signs (name, ref, destinations, exits, pronunciation) and the turn lanes
/// are ids into process-wide tables (`InternTable`), so copying road info, which a route
/// does for every stretch, junction arm and step, costs no reference counting, and two
/// roads' signs compare as two integers.
public struct RoadInfo: Hashable, Sendable, Codable {
    /// What OSRM compares as a road's name id.
    private struct Signs: Hashable {
        var name = "", ref = "", destinations = "", destinationRef = "", exits = "", pronunciation = ""
    }

    private static let signsTable = InternTable(empty: Signs())
    private static let lanesTable = InternTable(empty: "")

    private var signsID: UInt32 = 0
    private var lanesID: UInt32 = 0

    private mutating func setSigns(_ edit: (inout Signs) -> Void) {
        var s = Self.signsTable[signsID].pointee
        edit(&s)
        signsID = Self.signsTable.id(of: s)
    }

    /// `name=*` (empty when unnamed).
    public var name: String {
        get { Self.signsTable[signsID].pointee.name }
        set { setSigns { $0.name = newValue } }
    }
    /// `ref=*`, e.g. "A8" (empty when none).
    public var ref: String {
        get { Self.signsTable[signsID].pointee.ref }
        set { setSigns { $0.ref = newValue } }
    }
    /// `destination=*` for this direction, e.g. "Nice;Menton" (empty when none).
    public var destinations: String {
        get { Self.signsTable[signsID].pointee.destinations }
        set { setSigns { $0.destinations = newValue } }
    }
    /// `destination:ref=*` for this direction (empty when none).
    public var destinationRef: String {
        get { Self.signsTable[signsID].pointee.destinationRef }
        set { setSigns { $0.destinationRef = newValue } }
    }
    /// `junction=exit` / `exit_to`-style exit number (`junction:ref`), empty when none.
    public var exits: String {
        get { Self.signsTable[signsID].pointee.exits }
        set { setSigns { $0.exits = newValue } }
    }
    /// `name:pronunciation`, how the name is said (empty when none).
    public var pronunciation: String {
        get { Self.signsTable[signsID].pointee.pronunciation }
        set { setSigns { $0.pronunciation = newValue } }
    }
    /// `turn:lanes` for the travel direction (e.g. "left|through|through;right"), empty when none.
    public var turnLanes: String {
        get { Self.lanesTable[lanesID].pointee }
        set { lanesID = Self.lanesTable.id(of: newValue) }
    }
    /// OSRM's empty name id: no name, ref, destination, exit number or pronunciation.
    public var hasNoLabels: Bool { signsID == 0 }

    /// OSRM's equal name ids: the same name, ref, destinations, exit numbers and pronunciation.
    public func sameLabels(as other: RoadInfo) -> Bool { signsID == other.signsID }

    /// Whether OSRM's graph compression makes one road of two pieces of way meeting end to end
    /// (in travel direction): the same signs, class, mode, ring, tunnel and toll. Speeds and
    /// lane counts may differ.
    public func isSameRoad(as other: RoadInfo) -> Bool {
        sameLabels(as: other) && roadClass == other.roadClass && mode == other.mode && isRoundabout == other.isRoundabout
            && isTunnel == other.isTunnel && isToll == other.isToll
    }

    /// The road class.
    public var roadClass: RoadClass
    /// How the traveller moves on it.
    public var mode: TravelMode
    /// Part of a roundabout (`junction=roundabout`/`circular`).
    public var isRoundabout: Bool
    /// A large roundabout with a name of its own, or a named `junction=circular` ring,
    /// announced as a rotary.
    public var isRotary: Bool
    /// A small roundabout with a few well-separated exits, announced as a single
    /// `roundabout turn` (OSRM's roundabout intersection).
    public var isRoundaboutIntersection: Bool
    /// `toll=yes`.
    public var isToll: Bool
    /// Tagged `junction=roundabout`, whether or not its ring can be announced as one (a
    /// two-way ring, a fork on it): OSRM's roundabout flag, which never lets a road off the
    /// ring be the obvious way onto it.
    public var isRoundaboutWay: Bool = false
    /// `tunnel=*` other than `no` (OSRM's `tunnel` class).
    public var isTunnel: Bool = false
    /// Access only for some (`private`, `destination`, `delivery`…) in travel direction
    /// (OSRM's `restricted` class).
    public var isRestricted: Bool = false
    /// Legal speed limit in km/h, nil when unknown or none.
    public var speedLimitKmh: Double?
    /// Lanes of the whole way, both directions (`lanes`, else `lanes:forward` plus
    /// `lanes:backward`), as OSRM's guidance counts them to tell an obvious road from a fork;
    /// 0 when untagged.
    public var laneCount: UInt8 = 0

    /// Creates road info; every field defaults to "unknown/none".
    public init(name: String = "", ref: String = "", destinations: String = "",
                destinationRef: String = "", exits: String = "", roadClass: RoadClass = .road,
                mode: TravelMode = .driving, isRoundabout: Bool = false, isRotary: Bool = false,
                isRoundaboutIntersection: Bool = false, isToll: Bool = false, turnLanes: String = "",
                speedLimitKmh: Double? = nil)
    {
        if !(name.isEmpty && ref.isEmpty && destinations.isEmpty && destinationRef.isEmpty && exits.isEmpty) {
            signsID = Self.signsTable.id(of: Signs(name: name, ref: ref, destinations: destinations,
                                                   destinationRef: destinationRef, exits: exits))
        }
        if !turnLanes.isEmpty { lanesID = Self.lanesTable.id(of: turnLanes) }
        self.roadClass = roadClass
        self.mode = mode
        self.isRoundabout = isRoundabout
        self.isRotary = isRotary
        self.isRoundaboutIntersection = isRoundaboutIntersection
        self.isToll = isToll
        self.speedLimitKmh = speedLimitKmh
    }

    /// Takes name, ref, destinations and exit numbers from `other`, keeping everything else:
    /// a step is named after the road it leads to.
    public mutating func takeSignage(of other: RoadInfo) {
        signsID = other.signsID
    }

    public static func == (a: RoadInfo, b: RoadInfo) -> Bool {
        a.roadClass == b.roadClass && a.mode == b.mode && a.isRoundabout == b.isRoundabout
            && a.isRotary == b.isRotary && a.isRoundaboutIntersection == b.isRoundaboutIntersection && a.isToll == b.isToll && a.speedLimitKmh == b.speedLimitKmh
            && a.isTunnel == b.isTunnel && a.isRestricted == b.isRestricted && a.laneCount == b.laneCount
            && a.isRoundaboutWay == b.isRoundaboutWay
            && a.signsID == b.signsID && a.lanesID == b.lanesID
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(signsID)
        hasher.combine(lanesID)
        hasher.combine(roadClass)
        hasher.combine(mode)
        hasher.combine(isRoundabout)
        hasher.combine(isRotary)
        hasher.combine(isRoundaboutIntersection)
        hasher.combine(isToll)
        hasher.combine(isTunnel)
        hasher.combine(isRestricted)
        hasher.combine(isRoundaboutWay)
        hasher.combine(speedLimitKmh)
        hasher.combine(laneCount)
    }

    private enum CodingKeys: String, CodingKey {
        case name, ref, destinations, destinationRef, exits, roadClass, mode, isRoundabout, isRotary, isToll
        case isRoundaboutIntersection, isTunnel, isRestricted, isRoundaboutWay
        case turnLanes, speedLimitKmh, pronunciation, laneCount
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
                  isRoundaboutIntersection: try c.decodeIfPresent(Bool.self, forKey: .isRoundaboutIntersection) ?? false,
                  isToll: try c.decode(Bool.self, forKey: .isToll),
                  turnLanes: try c.decode(String.self, forKey: .turnLanes),
                  speedLimitKmh: try c.decodeIfPresent(Double.self, forKey: .speedLimitKmh))
        isTunnel = try c.decodeIfPresent(Bool.self, forKey: .isTunnel) ?? false
        isRestricted = try c.decodeIfPresent(Bool.self, forKey: .isRestricted) ?? false
        isRoundaboutWay = try c.decodeIfPresent(Bool.self, forKey: .isRoundaboutWay) ?? isRoundabout
        pronunciation = try c.decodeIfPresent(String.self, forKey: .pronunciation) ?? ""
        laneCount = try c.decodeIfPresent(UInt8.self, forKey: .laneCount) ?? 0
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
        // Written only when set, so road info saved before the field existed reads the same.
        if isRoundaboutIntersection { try c.encode(true, forKey: .isRoundaboutIntersection) }
        try c.encode(isToll, forKey: .isToll)
        if isTunnel { try c.encode(true, forKey: .isTunnel) }
        if isRestricted { try c.encode(true, forKey: .isRestricted) }
        if isRoundaboutWay { try c.encode(true, forKey: .isRoundaboutWay) }
        if !pronunciation.isEmpty { try c.encode(pronunciation, forKey: .pronunciation) }
        try c.encode(turnLanes, forKey: .turnLanes)
        try c.encodeIfPresent(speedLimitKmh, forKey: .speedLimitKmh)
        if laneCount > 0 { try c.encode(laneCount, forKey: .laneCount) }
    }
}
