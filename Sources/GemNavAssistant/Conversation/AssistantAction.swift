import GemNavCore
import GemNavSearch
import GemNavServices

/// One thing the assistant asks the app to do (or tells it was asked). Front ends apply them;
/// `gemnav ask --format json` prints them with exactly these `type` names.
public enum AssistantAction: Sendable, Hashable {
    /// Plan and start a trip.
    case navigate(destination: Place, stops: [Place], avoid: AvoidOptions, profile: AssistantProfile,
                  estimate: TravelEstimate?)
    /// Show the quickest-to-reach places of a category.
    case findNearby(category: SearchCategory, results: [Candidate])
    /// Add a stop to the trip.
    case addStop(Place)
    /// The trip's avoid options, all of them.
    case setAvoid(AvoidOptions)
    /// Switch the guidance mode.
    case setMode(AssistantGuidanceMode)
    /// Silence spoken prompts.
    case mute
    /// Speak prompts again.
    case unmute
    /// Say the last instruction again.
    case repeatInstruction(text: String?)
    /// Time and distance left (to the trip's end, or to a named place).
    case eta(destination: Place?, estimate: TravelEstimate?)
    /// The speed limit where the user is.
    case speedLimit(kmh: Double?)
    /// Where the user is.
    case whereAmI(place: Place?)
    /// End the trip.
    case cancelNavigation
    /// Save a place as a favourite.
    case saveFavourite(name: String, place: Place)
    /// Ask for a ride.
    case requestRide(pickup: Place, destination: Place?)
    /// Pause guidance.
    case pauseNavigation
    /// Resume guidance.
    case resumeNavigation
    /// Leave the stop reached and guide along the next leg.
    case continueToNextStop
    /// Drop the next stop from the trip and go on to the one after it (or the destination).
    case skipStop(Place)
    /// Check the rest of the route against the fastest one now, and offer it if it is faster.
    case checkRoute
    /// No vibration cues (Settings); choosing the pocket mode turns them back on.
    case vibrationsOff
    /// Speak this language: replies and guidance (Settings).
    case setLanguage(AssistantLanguage)
    /// Ask the user which place they meant.
    case clarify(options: [Candidate])
    /// Nothing understood.
    case unknown

    /// The action's name in JSON.
    public var type: String {
        switch self {
        case .navigate: "navigate"
        case .findNearby: "findNearby"
        case .addStop: "addStop"
        case .setAvoid: "setAvoid"
        case .setMode: "setMode"
        case .mute: "mute"
        case .unmute: "unmute"
        case .repeatInstruction: "repeatInstruction"
        case .eta: "eta"
        case .speedLimit: "speedLimit"
        case .whereAmI: "whereAmI"
        case .cancelNavigation: "cancelNavigation"
        case .saveFavourite: "saveFavourite"
        case .requestRide: "requestRide"
        case .pauseNavigation: "pauseNavigation"
        case .resumeNavigation: "resumeNavigation"
        case .continueToNextStop: "continueToNextStop"
        case .skipStop: "skipStop"
        case .checkRoute: "checkRoute"
        case .vibrationsOff: "vibrationsOff"
        case .setLanguage: "setLanguage"
        case .clarify: "clarify"
        case .unknown: "unknown"
        }
    }
}

extension AssistantAction {
    /// The places this action lists for the user to pick from (places nearby, or the choices
    /// of an ambiguous name), in order; empty for the others.
    public var listedPlaces: [Candidate] {
        switch self {
        case .findNearby(_, let results): results
        case .clarify(let options): options
        default: []
        }
    }
}

/// One answer: the words for the chat and for speech, and the actions.
public struct AssistantTurn: Sendable, Hashable {
    /// A short sentence or two.
    public var reply: String
    /// What the app should do, in order.
    public var actions: [AssistantAction]
    /// The language of `reply`.
    public var language: AssistantLanguage
    /// Who answered: "on-device", "gemini" or "openai-compatible" (`AssistantProviderKind`).
    public var provider = AssistantProviderKind.onDevice.rawValue
    /// Why the configured model did not answer, when the device answered in its place.
    public var notice: String?

    /// A turn from its parts.
    public init(reply: String, actions: [AssistantAction], language: AssistantLanguage) {
        self.reply = reply
        self.actions = actions
        self.language = language
    }
}
