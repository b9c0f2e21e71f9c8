/// A route ready for guidance, shaped like an OSRM v5 route (plus the voice and banner
/// extensions navigation SDKs read). `OSRMCodec` reads and writes it as OSRM JSON.
public struct Route: Sendable, Hashable {
    /// Metres.
    public var distance: Double
    /// Seconds.
    public var duration: Double
    /// Routing weight (seconds plus turn costs).
    public var weight: Double
    /// The name of the weight (OSRM's `weight_name`), "duration" for GemNav.
    public var weightName: String
    /// The whole route's geometry.
    public var geometry: [Coordinate]
    /// One leg per pair of consecutive waypoints.
    public var legs: [RouteLeg]
    /// Language the instructions are in (BCP 47, e.g. "en").
    public var language: String

    /// Creates a route.
    public init(distance: Double, duration: Double, weight: Double, weightName: String = "duration",
                geometry: [Coordinate], legs: [RouteLeg], language: String = "en")
    {
        self.distance = distance
        self.duration = duration
        self.weight = weight
        self.weightName = weightName
        self.geometry = geometry
        self.legs = legs
        self.language = language
    }
}

/// The part of a route between two consecutive waypoints.
public struct RouteLeg: Sendable, Hashable {
    /// Metres.
    public var distance: Double
    /// Seconds.
    public var duration: Double
    /// Routing weight.
    public var weight: Double
    /// The names of the most important roads, e.g. "Boulevard Albert 1er, Avenue d'Ostende".
    public var summary: String
    /// The steps; the first is `depart`, the last `arrive`.
    public var steps: [RouteStep]
    /// Per geometry segment figures, when asked for.
    public var annotation: Annotation?

    /// Creates a leg.
    public init(distance: Double, duration: Double, weight: Double, summary: String,
                steps: [RouteStep], annotation: Annotation? = nil)
    {
        self.distance = distance
        self.duration = duration
        self.weight = weight
        self.summary = summary
        self.steps = steps
        self.annotation = annotation
    }
}

/// Per-segment figures of a leg's geometry (OSRM `annotations`).
public struct Annotation: Sendable, Hashable {
    /// Metres per segment.
    public var distance: [Double]
    /// Seconds per segment.
    public var duration: [Double]
    /// Metres per second per segment.
    public var speed: [Double]
    /// Speed limit per segment in km/h, nil where unknown.
    public var maxspeed: [Double?]

    /// Creates an annotation.
    public init(distance: [Double], duration: [Double], speed: [Double], maxspeed: [Double?]) {
        self.distance = distance
        self.duration = duration
        self.speed = speed
        self.maxspeed = maxspeed
    }
}

/// One instruction: a maneuver and the road travelled until the next one.
public struct RouteStep: Sendable, Hashable {
    /// Metres until the next maneuver.
    public var distance: Double
    /// Seconds until the next maneuver.
    public var duration: Double
    /// Routing weight until the next maneuver.
    public var weight: Double
    /// Name of the road travelled in this step.
    public var name: String
    /// Reference of the road (e.g. "A8"), empty when none.
    public var ref: String
    /// How the road's name is said (`name:pronunciation`), empty when none.
    public var pronunciation: String = ""
    /// Signposted destinations, empty when none.
    public var destinations: String
    /// Exit numbers, empty when none.
    public var exits: String
    /// Travel mode.
    public var mode: TravelMode
    /// Which side traffic drives on.
    public var drivingSide: DrivingSide
    /// Geometry from this maneuver to the next.
    public var geometry: [Coordinate]
    /// The maneuver at the start of the step.
    public var maneuver: StepManeuver
    /// Intersections passed in this step, the first being the maneuver's.
    public var intersections: [Intersection]
    /// Name of the rotary for rotary maneuvers.
    public var rotaryName: String?
    /// Spoken prompts for the maneuver that *ends* this step (Mapbox convention), in order.
    public var voiceInstructions: [VoiceInstruction]
    /// Banners for the maneuver that ends this step, in order.
    public var bannerInstructions: [BannerInstruction]
    /// Speed limit at the start of the step in km/h, nil when unknown.
    public var speedLimitKmh: Double?

    /// Creates a step.
    public init(distance: Double, duration: Double, weight: Double, name: String, ref: String = "",
                destinations: String = "", exits: String = "", mode: TravelMode,
                drivingSide: DrivingSide = .right, geometry: [Coordinate], maneuver: StepManeuver,
                intersections: [Intersection], rotaryName: String? = nil,
                voiceInstructions: [VoiceInstruction] = [], bannerInstructions: [BannerInstruction] = [],
                speedLimitKmh: Double? = nil)
    {
        self.distance = distance
        self.duration = duration
        self.weight = weight
        self.name = name
        self.ref = ref
        self.destinations = destinations
        self.exits = exits
        self.mode = mode
        self.drivingSide = drivingSide
        self.geometry = geometry
        self.maneuver = maneuver
        self.intersections = intersections
        self.rotaryName = rotaryName
        self.voiceInstructions = voiceInstructions
        self.bannerInstructions = bannerInstructions
        self.speedLimitKmh = speedLimitKmh
    }
}

/// What to do at the start of a step.
public struct StepManeuver: Sendable, Hashable {
    /// Where the maneuver happens.
    public var location: Coordinate
    /// Heading before the maneuver, degrees 0…359.
    public var bearingBefore: Int
    /// Heading after the maneuver, degrees 0…359.
    public var bearingAfter: Int
    /// Kind of maneuver.
    public var type: ManeuverType
    /// Direction, when it applies.
    public var modifier: ManeuverModifier?
    /// Roundabout exit number (1-based) for roundabout/rotary maneuvers.
    public var exit: Int?
    /// The written instruction, e.g. "Turn left onto Rue Grimaldi".
    public var instruction: String

    /// Creates a maneuver.
    public init(location: Coordinate, bearingBefore: Int, bearingAfter: Int, type: ManeuverType,
                modifier: ManeuverModifier? = nil, exit: Int? = nil, instruction: String = "")
    {
        self.location = location
        self.bearingBefore = bearingBefore
        self.bearingAfter = bearingAfter
        self.type = type
        self.modifier = modifier
        self.exit = exit
        self.instruction = instruction
    }
}

/// An intersection passed along a step (OSRM's `intersections[]`).
public struct Intersection: Sendable, Hashable {
    /// Where it is.
    public var location: Coordinate
    /// Bearings of all roads there, ascending.
    public var bearings: Bearings
    /// Whether each road may be entered.
    public var entry: EntryFlags
    /// Index of the arriving road in `bearings` (nil at departure).
    public var inIndex: Int?
    /// Index of the leaving road in `bearings` (nil at arrival).
    public var outIndex: Int?
    /// Lanes for the maneuver, left to right, when tagged.
    public var lanes: [Lane]?
    /// Road classes of the leaving road (`toll`, `motorway`, `ferry`).
    public var classes: [String]

    /// Creates an intersection.
    public init(location: Coordinate, bearings: Bearings, entry: EntryFlags, inIndex: Int?, outIndex: Int?,
                lanes: [Lane]? = nil, classes: [String] = [])
    {
        self.location = location
        self.bearings = bearings
        self.entry = entry
        self.inIndex = inIndex
        self.outIndex = outIndex
        self.lanes = lanes
        self.classes = classes
    }
}

/// One lane at an intersection.
public struct Lane: Sendable, Hashable {
    /// Turn indications (`left`, `straight`, `right`, `slight right`, `uturn`, `none`, …).
    public var indications: [String]
    /// Whether the lane can be used for the maneuver.
    public var valid: Bool

    /// Creates a lane.
    public init(indications: [String], valid: Bool) {
        self.indications = indications
        self.valid = valid
    }
}

/// A spoken prompt, in the Mapbox `voiceInstructions` shape.
public struct VoiceInstruction: Sendable, Hashable {
    /// Metres before the end of the step at which to speak.
    public var distanceAlongGeometry: Double
    /// Plain text.
    public var announcement: String
    /// SSML text: unless given otherwise, the announcement in Mapbox's wrapper
    /// (`speechMarkup(for:)`), built when asked for rather than stored, since a route has a
    /// few prompts per step and the markup is a pure function of the text.
    public var ssmlAnnouncement: String {
        get { givenMarkup ?? Self.speechMarkup(for: announcement) }
        set { givenMarkup = newValue }
    }
    /// Whether `ssmlAnnouncement` is the announcement's own wrapper (writers may stream it).
    public var hasDerivedMarkup: Bool { givenMarkup == nil }
    private var givenMarkup: String?

    /// Creates a prompt; without SSML, its SSML is `speechMarkup(for: announcement)`.
    public init(distanceAlongGeometry: Double, announcement: String, ssmlAnnouncement: String? = nil) {
        self.distanceAlongGeometry = distanceAlongGeometry
        self.announcement = announcement
        givenMarkup = ssmlAnnouncement
    }

    public static func == (a: VoiceInstruction, b: VoiceInstruction) -> Bool {
        a.distanceAlongGeometry == b.distanceAlongGeometry && a.announcement == b.announcement
            && (a.givenMarkup == b.givenMarkup || a.ssmlAnnouncement == b.ssmlAnnouncement)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(distanceAlongGeometry)
        hasher.combine(announcement)
        hasher.combine(ssmlAnnouncement)
    }
}

/// A turn banner, in the Mapbox `bannerInstructions` shape.
public struct BannerInstruction: Sendable, Hashable {
    /// Metres before the end of the step from which to show it.
    public var distanceAlongGeometry: Double
    /// Main line: the maneuver and the road.
    public var primary: BannerContent
    /// Second line (e.g. destinations), when any.
    public var secondary: BannerContent?
    /// Sub banner: the next maneuver or the lanes, when any.
    public var sub: BannerContent?

    /// Creates a banner.
    public init(distanceAlongGeometry: Double, primary: BannerContent, secondary: BannerContent? = nil,
                sub: BannerContent? = nil)
    {
        self.distanceAlongGeometry = distanceAlongGeometry
        self.primary = primary
        self.secondary = secondary
        self.sub = sub
    }
}

/// One line of a banner.
public struct BannerContent: Sendable, Hashable {
    /// The whole text.
    public var text: String
    /// Maneuver type shown by the icon.
    public var type: ManeuverType?
    /// Maneuver modifier shown by the icon.
    public var modifier: ManeuverModifier?
    /// Roundabout exit angle in degrees, for roundabout icons.
    public var degrees: Double?
    /// The pieces the text is made of.
    public var components: [BannerComponent]

    /// Creates a banner line.
    public init(text: String, type: ManeuverType? = nil, modifier: ManeuverModifier? = nil,
                degrees: Double? = nil, components: [BannerComponent])
    {
        self.text = text
        self.type = type
        self.modifier = modifier
        self.degrees = degrees
        self.components = components
    }
}

/// A piece of banner text: a road name, a ref shield, a delimiter, an exit number or a lane.
public struct BannerComponent: Sendable, Hashable {
    /// `text`, `icon`, `delimiter`, `exit`, `exit-number` or `lane`.
    public var type: String
    /// The text of the piece.
    public var text: String
    /// Lane directions, for `lane` components.
    public var directions: [String]?
    /// Whether the lane is usable for the maneuver, for `lane` components.
    public var active: Bool?

    /// Creates a component.
    public init(type: String, text: String, directions: [String]? = nil, active: Bool? = nil) {
        self.type = type
        self.text = text
        self.directions = directions
        self.active = active
    }
}
