import Foundation
import GemNavAssistant
import GemNavCore
import GemNavServices
import Observation

/// The chat screen: the user's messages and the assistant's replies, and the actions of each
/// reply applied to the app (plan and start a trip, show places nearby, switch the guidance
/// mode, mute, end the trip, save a favourite). Questions about the trip ("how long", "what is
/// the limit", "where am I") are answered from what the navigation screen shows.
///
/// Understanding is on the device unless the user chose a model in Settings and the tier
/// allows it (`TierFeatures.cloudAssistant`: not Free); the choice is read at every message,
/// so switching it in Settings applies to the next one.
@MainActor @Observable
public final class AssistantModel {
    /// One message of the chat.
    public struct Message: Sendable, Hashable, Identifiable {
        /// Who wrote it.
        public enum Author: String, Sendable, Hashable { case user, assistant }
        /// Position in the chat.
        public var id: Int
        /// Who wrote it.
        public var author: Author
        /// The words.
        public var text: String
        /// What the reply did (empty for the user's messages).
        public var actions: [AssistantAction]
        /// The whole answer, for the assistant's messages: reply, actions, who answered.
        public var turn: AssistantTurn?
    }

    /// The voice-command button (seed 000): listening while the user speaks, then what came of it.
    public struct VoiceCommand: Sendable, Hashable {
        /// Why spoken commands cannot be recognised here (no recogniser), nil when they can:
        /// the button then answers at once instead of recording.
        public var unavailable: String?
        /// Whether the shell is recording the user now.
        public var isListening = false
        /// The outcome of the last command: understood and done, or why not.
        public var result: Result?

        /// The outcome of one spoken command.
        public struct Result: Sendable, Hashable {
            /// Whether the command was heard and understood.
            public var success: Bool
            /// The reply, or what went wrong, in words for the user.
            public var message: String
        }
    }

    /// Something for the shell to play.
    public enum Effect: Sendable, Hashable {
        /// Say this reply aloud (it answered a spoken command).
        case speak(String)
    }

    /// The screen's state.
    public struct State: Sendable, Hashable {
        /// The chat, oldest first.
        public var messages: [Message] = []
        /// Whether a reply is being worked out.
        public var isThinking = false
        /// What the conversation remembers (results, trip, favourites).
        public var conversation = ConversationContext()
        /// The voice-command button.
        public var voice = VoiceCommand()
    }

    /// What the user does on this screen.
    public enum Intent: Sendable, Hashable {
        /// A typed message.
        case ask(String)
        /// Start a new conversation.
        case clear
        /// The voice-command button was pressed: the shell records.
        case startListening
        /// What the recogniser heard the user say; the reply is also spoken.
        case heard(String)
        /// Nothing usable was heard.
        case notHeard(VoiceFailure)
    }

    /// Why a spoken command came to nothing.
    public enum VoiceFailure: Sendable, Hashable {
        /// The user refused the microphone.
        case microphoneDenied
        /// The device has no microphone, or the shell cannot record.
        case microphoneUnavailable
        /// A browser records only on a secure (HTTPS) page.
        case insecurePage
        /// The recording held no words.
        case silence
        /// Recognition failed; the recogniser's own words (e.g. how to install it).
        case recognizer(String)

        /// The sentence shown to the user.
        public var message: String {
            switch self {
            case .microphoneDenied: "The microphone is not allowed. Allow it for GemNav, or type your request."
            case .microphoneUnavailable: "No microphone can be used here. Type your request instead."
            case .insecurePage: "The microphone works only on a secure (HTTPS) page. Type your request, or open GemNav over HTTPS."
            case .silence: "Nothing was heard. Try again, closer to the microphone."
            case .recognizer(let why): why
            }
        }
    }

    /// The screen's state.
    public private(set) var state = State()
    /// The reply language; nil follows the user's.
    public var language: AssistantLanguage?

    private let assistant: Assistant
    private unowned let app: AppModel
    private var pending: Task<Void, Never>?
    private var effects: [Effect] = []
    private let environment: [String: String]
    private let transport: ModelTransport?

    /// A chat acting on `app`.
    /// - Parameters:
    ///   - environment: where a model's API key is read.
    ///   - transport: answers a model's requests instead of `URLSession` (tests).
    public init(assistant: Assistant, app: AppModel, environment: [String: String] = ProcessInfo.processInfo.environment,
                transport: ModelTransport? = nil)
    {
        self.assistant = assistant
        self.app = app
        self.environment = environment
        self.transport = transport
    }

    /// The assistant with the model Settings chose, when the tier allows one.
    private var configured: Assistant {
        var configured = assistant
        configured.model = app.features.cloudAssistant
            ? app.settings.state.settings.assistantModelSettings.provider(environment: environment, transport: transport)
            : nil
        return configured
    }

    /// Handles one intent.
    public func send(_ intent: Intent) {
        switch intent {
        case .clear:
            state = State(voice: VoiceCommand(unavailable: state.voice.unavailable))
        case .ask(let text):
            ask(text, spoken: false)
        case .startListening:
            if let why = state.voice.unavailable {
                state.voice.result = VoiceCommand.Result(success: false, message: why)
            } else {
                state.voice.isListening = true
                state.voice.result = nil
            }
        case .heard(let text):
            state.voice.isListening = false
            guard ask(text, spoken: true) else {
                state.voice.result = VoiceCommand.Result(success: false, message: VoiceFailure.silence.message)
                return
            }
        case .notHeard(let failure):
            state.voice.isListening = false
            state.voice.result = VoiceCommand.Result(success: false, message: failure.message)
        }
    }

    /// The effects produced since the last call, in order.
    public func takeEffects() -> [Effect] {
        defer { effects = [] }
        return effects
    }

    /// Queues `text` for an answer; false when there is nothing to answer.
    @discardableResult
    private func ask(_ text: String, spoken: Bool) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return false }
        state.messages.append(Message(id: state.messages.count, author: .user, text: trimmed, actions: []))
        state.isThinking = true
        let previous = pending
        pending = Task { [weak self] in
            await previous?.value
            await self?.answer(trimmed, spoken: spoken)
        }
        return true
    }

    /// Why spoken commands cannot be recognised here, nil when the shell has a recogniser.
    public var speechUnavailable: String? {
        get { state.voice.unavailable }
        set { state.voice.unavailable = newValue }
    }

    /// The last answer given, nil before any.
    public var lastTurn: AssistantTurn? { state.messages.last { $0.author == .assistant }?.turn }

    /// Waits for the replies in flight and the trips they started.
    public func settled() async {
        await pending?.value
    }

    private func answer(_ text: String, spoken: Bool) async {
        var conversation = state.conversation
        conversation.position = app.planning.currentLocation ?? app.map.state.position ?? conversation.position
        if let prompt = app.navigation.state.screen.lastPrompt { conversation.lastInstruction = prompt }
        if let places = app.places { conversation.favourites = places.state.favourites.map(Place.init) }
        if let trip = tripUnderWay() { conversation.trip = trip }
        let turn = await configured.respond(to: text, in: &conversation, language: language, facts: facts())
        state.conversation = conversation
        state.messages.append(Message(id: state.messages.count, author: .assistant, text: turn.reply,
                                      actions: turn.actions, turn: turn))
        if spoken {
            // A command the assistant could not place is still an answer, but not a success.
            let understood = !turn.actions.contains(.unknown)
            state.voice.result = VoiceCommand.Result(success: understood, message: turn.reply)
            effects.append(.speak(turn.reply))
        }
        for action in turn.actions { await apply(action) }
        state.isThinking = false
    }

    /// What the navigation screen shows, while a trip is under way.
    private func facts() -> LiveFacts? {
        switch app.navigation.state.phase {
        case .navigating, .paused, .atStop:
            let screen = app.navigation.state.screen
            return LiveFacts(remainingTime: screen.remainingTimeText, remainingDistance: screen.remainingDistanceText,
                             arrival: screen.arrivalText, speedLimit: screen.limitText, street: screen.street,
                             lastInstruction: screen.lastPrompt ?? screen.banner?.instruction,
                             destination: app.navigation.state.destinationName)
        case .idle, .awaitingConsent, .arrived:
            return nil
        }
    }

    private var isNavigating: Bool { app.screen == .navigation }

    /// The trip being guided as the conversation knows trips, with only the stops still ahead,
    /// so "skip the next stop" means the next one from here; nil when no trip is guided.
    private func tripUnderWay() -> AssistantTrip? {
        let planning = app.planning.state
        guard let next = app.navigation.nextStopIndex, let destination = planning.destination else { return nil }
        return AssistantTrip(destination: destination, stops: Array(planning.stops.dropFirst(next)), avoid: planning.avoid,
                             profile: profile(planning.mode))
    }

    /// The stops still ahead: all of them before the trip starts.
    private var stopsAhead: [Place] {
        Array(app.planning.state.stops.dropFirst(app.navigation.nextStopIndex ?? 0))
    }

    private func apply(_ action: AssistantAction) async {
        let navigation = app.navigation
        switch action {
        case .navigate(let destination, let stops, let avoid, let profile, _):
            await plan(destination: destination, stops: stops, avoid: avoid, profile: profile)
        case .findNearby(let category, _):
            // The chat lists the places itself and a trip's screen stays; from the map, the
            // search screen shows them.
            if app.screen == .map { app.send(.open(.search)) }
            app.search.send(.categoryTapped(category))
        case .addStop(let stop):
            guard let destination = app.planning.state.destination else { return }
            await plan(destination: destination, stops: stopsAhead + [stop],
                       avoid: app.planning.state.avoid, profile: profile(app.planning.state.mode))
        case .setAvoid(let avoid):
            guard let destination = app.planning.state.destination else { return }
            await plan(destination: destination, stops: stopsAhead, avoid: avoid,
                       profile: profile(app.planning.state.mode))
        case .skipStop(let stop):
            guard let destination = app.planning.state.destination else { return }
            var stops = stopsAhead
            guard let k = stops.firstIndex(where: { $0.coordinate == stop.coordinate && $0.name == stop.name }) else { return }
            stops.remove(at: k)
            await plan(destination: destination, stops: stops, avoid: app.planning.state.avoid,
                       profile: profile(app.planning.state.mode))
        case .setMode(let mode):
            // The pocket mode guides by vibrations: asking for it turns them back on.
            if mode == .haptic, !app.settings.state.settings.haptics { app.settings.send(.setHaptics(true)) }
            navigation.send(.setMode(NavigationModel.GuidanceMode(rawValue: mode.rawValue) ?? .visual))
        case .vibrationsOff:
            // In the pocket mode the cues are then spoken (`NavigationModel`).
            if app.settings.state.settings.haptics { app.settings.send(.setHaptics(false)) }
        case .setLanguage(let language):
            // Guidance speaks it (Settings), and so do the replies from now on.
            app.settings.send(.setLanguage(language.rawValue))
            self.language = language
        case .pauseNavigation: navigation.send(.pause)
        case .resumeNavigation: navigation.send(.resume)
        case .continueToNextStop: navigation.send(.continueToNextStop)
        case .checkRoute: navigation.send(.checkRoute)
        case .mute:
            if !navigation.state.isMuted { navigation.send(.toggleMute) }
        case .unmute:
            if navigation.state.isMuted { navigation.send(.toggleMute) }
        case .cancelNavigation:
            app.send(.endTrip)
        case .saveFavourite(let name, let place):
            switch name {
            case "Home": app.places?.send(.setHome(place))
            case "Work": app.places?.send(.setWork(place))
            default: app.places?.send(.addFavourite(place, name: name))
            }
        case .requestRide(let pickup, let destination):
            // The ride screen gets the places; confirming (and paying) stays the rider's tap.
            guard let rides = app.rides else { break }
            rides.send(.setPickup(pickup))
            if let destination { rides.send(.setDestination(destination)) }
            app.send(.open(.ride))
        case .repeatInstruction, .eta, .speedLimit, .whereAmI, .clarify, .unknown:
            // Answered in the reply.
            break
        }
    }

    /// Plans the trip on the route card and starts it as soon as its route is ready; a trip
    /// under way is ended first, so a changed trip (a stop, avoid options) starts afresh.
    private func plan(destination: Place, stops: [Place], avoid: AvoidOptions, profile: AssistantProfile) async {
        if isNavigating { app.send(.endTrip) }
        let planning = app.planning
        planning.send(.reset)
        if planning.currentLocation == nil {
            planning.send(.setOrigin(app.startingPlace ?? Place(name: AppModel.mapCentre, coordinate: destination.coordinate)))
        }
        planning.send(.setMode(TravelProfile(rawValue: profile.rawValue) ?? .car))
        for option in [AvoidOptions.tolls, .motorways, .ferries] { planning.send(.setAvoid(option, avoid.contains(option))) }
        for stop in stops { planning.send(.addStop(stop)) }
        planning.send(.setDestination(destination))
        app.send(.open(.planning))
        await planning.settled()
        if planning.state.phase == .routeReady { app.send(.startNavigation) }
    }

    private func profile(_ mode: TravelProfile) -> AssistantProfile {
        AssistantProfile(rawValue: mode.rawValue) ?? .car
    }
}
