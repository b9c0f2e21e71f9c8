import GemNavCore
import GemNavSearch
import GemNavServices

/// The trip the conversation has set up.
public struct AssistantTrip: Sendable, Hashable, Codable {
    /// Where it goes.
    public var destination: Place
    /// The stops on the way, in order.
    public var stops: [Place]
    /// Road kinds avoided.
    public var avoid: AvoidOptions
    /// How the user travels.
    public var profile: AssistantProfile

    /// A trip from its parts.
    public init(destination: Place, stops: [Place] = [], avoid: AvoidOptions = [], profile: AssistantProfile = .car) {
        self.destination = destination
        self.stops = stops
        self.avoid = avoid
        self.profile = profile
    }
}

/// What the conversation remembers between turns, so follow-ups act on it: "find a pharmacy"
/// → "the second one" → "avoid tolls" changes that trip. Codable, so `gemnav ask --session`
/// keeps it in a JSON file between calls.
public struct ConversationContext: Sendable, Hashable, Codable {
    /// Where the user is, nil when unknown (the map's centre stands in).
    public var position: Coordinate?
    /// The language of the last reply.
    public var language: AssistantLanguage?
    /// The last list shown (places nearby, or the choices of an ambiguous name): what "the
    /// second one" picks from.
    public var list: [Candidate] = []
    /// The trip under way or planned, nil when there is none.
    public var trip: AssistantTrip?
    /// Stops asked for before any destination: the next trip starts with them.
    public var plannedStops: [Place] = []
    /// Road kinds the user wants avoided on every trip.
    public var avoid: AvoidOptions = []
    /// The guidance mode last asked for.
    public var mode: AssistantGuidanceMode?
    /// Whether spoken prompts are muted.
    public var isMuted = false
    /// The place the conversation is about: what "it", "there" and "this place" mean.
    public var focus: Place?
    /// The last guidance instruction, for "repeat".
    public var lastInstruction: String?
    /// The last reply, for "say again" outside a trip.
    public var lastReply: String?
    /// Favourites by name ("Home", "Work", "Gym").
    public var favourites: [Place] = []
    /// The request waiting for the user's choice among `list`.
    var pending: ParsedRequest?

    /// An empty conversation at `position`.
    public init(position: Coordinate? = nil) { self.position = position }
}

/// Facts a live navigation session knows better than the conversation (the app passes its
/// navigation screen's words; the CLI has none and asks the router instead).
public struct LiveFacts: Sendable, Hashable {
    /// Time left, as shown ("12 min").
    public var remainingTime: String?
    /// Distance left, as shown ("4.2 km").
    public var remainingDistance: String?
    /// Arrival, as shown ("14:05").
    public var arrival: String?
    /// The limit where the user is, as shown ("50 km/h").
    public var speedLimit: String?
    /// The street the user is on.
    public var street: String?
    /// The last spoken or shown instruction.
    public var lastInstruction: String?
    /// The destination's name.
    public var destination: String?

    /// Facts from their parts.
    public init(remainingTime: String? = nil, remainingDistance: String? = nil, arrival: String? = nil,
                speedLimit: String? = nil, street: String? = nil, lastInstruction: String? = nil,
                destination: String? = nil)
    {
        self.remainingTime = remainingTime
        self.remainingDistance = remainingDistance
        self.arrival = arrival
        self.speedLimit = speedLimit
        self.street = street
        self.lastInstruction = lastInstruction
        self.destination = destination
    }
}
