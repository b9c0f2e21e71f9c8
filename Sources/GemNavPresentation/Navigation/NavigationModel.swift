import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavServices
import GemNavStorage
import Logging
import Observation

/// The navigation screen: it owns the navigation session, feeds it fixes, answers its reroute
/// requests without blocking the fixes, asks the seed-002 consent once before the first trip,
/// records trips only with it, and turns the session's events into the view state and the
/// effects a shell plays (speech, vibration).
@MainActor @Observable
public final class NavigationModel {
    /// Where the trip is.
    public enum Phase: Sendable, Hashable {
        /// No trip.
        case idle
        /// The recording disclosure is shown; the trip starts once it is answered.
        case awaitingConsent
        /// Guiding.
        case navigating
        /// Guidance paused by the user.
        case paused
        /// At an intermediate stop, waiting to go on.
        case atStop
        /// The destination was reached.
        case arrived
    }

    /// How guidance reaches the user; changing it keeps the trip.
    public enum GuidanceMode: String, Sendable, Hashable, Codable, CaseIterable {
        /// The full screen: banner, route info, speed.
        case visual
        /// A large-type glance screen; prompts carry the trip.
        case voice
        /// The pocket view: vibration cues (left one pulse, right two…).
        case haptic
    }

    /// Something for the shell to play.
    public enum Effect: Sendable, Hashable {
        /// Speak this sentence.
        case speak(String)
        /// Play this vibration pattern.
        case vibrate(HapticPattern)
    }

    /// The location-recording disclosure (seed 002), in GemNav's own words.
    public struct Disclosure: Sendable, Hashable {
        /// The question.
        public var title = "Save your trips?"
        /// What GemNav really does with the trips.
        public var text = """
            GemNav can save the route you drive on this device, so you can look back at your trips \
            and export them as GPX. Trips stay on this device, nothing is sent anywhere, and you \
            can delete them at any time in Settings. Navigation works the same either way.
            """
        /// The button that declines (navigation starts, nothing is recorded).
        public var decline = "No thanks"
        /// The button that agrees (navigation starts and the trip is recorded).
        public var accept = "I Agree"

        /// The disclosure in GemNav's words.
        public init() {}
    }

    /// What the screen shows.
    public struct State: Sendable, Hashable {
        /// Where the trip is.
        public var phase: Phase = .idle
        /// Banner, route info, speed overlay.
        public var screen: NavigationViewState
        /// The guidance mode.
        public var mode: GuidanceMode = .visual
        /// Whether spoken prompts are silenced.
        public var isMuted = false
        /// The disclosure, while it awaits an answer.
        public var disclosure: Disclosure?
        /// A short notice ("Rerouting…", "New route", "Destination reached").
        public var notice: String?
        /// Why this trip is not being saved although the user agreed, until the trip ends:
        /// guidance goes on, but the user must know the recording stopped.
        public var recordingProblem: String?
        /// At a stop: "Arrived at X — continue to the next stop?".
        public var stopQuestion: String?
        /// Whether this trip is being recorded.
        public var isRecording = false
        /// Where the trip goes.
        public var destinationName = ""
        /// A faster route on offer ("Faster route found, saves 4 min"), to take or keep the
        /// current one; it lapses by itself.
        public var fasterRoute: String?
    }

    /// What the user (or the device) does on this screen.
    public enum Intent: Sendable, Hashable {
        /// A GPS fix.
        case fix(LocationFix)
        /// The disclosure was answered.
        case consent(granted: Bool)
        /// A guidance mode was chosen.
        case setMode(GuidanceMode)
        /// The mute button.
        case toggleMute
        /// Pause guidance.
        case pause
        /// Resume guidance.
        case resume
        /// Leave the stop and guide along the next leg.
        case continueToNextStop
        /// End the trip.
        case cancel
        /// The app went to the background (true) or came back (false).
        case background(Bool)
        /// Check the rest of the route against the fastest one now (new traffic was heard of).
        case checkRoute
        /// Take the faster route on offer.
        case acceptFasterRoute
        /// Keep the current route.
        case dismissFasterRoute
    }

    /// The screen's state.
    public private(set) var state: State
    /// What the device can do (cues it cannot vibrate are spoken, prompts it cannot speak are felt).
    public var device = DeviceCapabilities()
    /// Whether the user wants vibration cues (Settings).
    public var hapticsOn = true
    /// Whether the user wants prompts spoken at all (Settings); the mute button silences one
    /// trip's prompts on top of it.
    public var voiceOn = true
    /// How arrival times are written: the user's time zone and locale.
    public var timeFormat: TimeOfDayFormat {
        didSet { state.screen.timeFormat = timeFormat }
    }
    /// Speed (m/s) at which a user at a stop counts as having driven on.
    public var departureSpeed = 2.0

    private var defaultProvider: any RouteProvider
    /// Routes the trip's reroutes and checks: the provider of its travel mode.
    private var provider: any RouteProvider
    private let store: AppStore?
    private let clock: any NavigationClock
    private var settings: NavigationSettings
    private var session: NavigationSession?
    private var plan: TripPlan?
    private var log: TripLog?
    private var effects: [Effect] = []
    /// The trip's pace driven, which the screen's remaining time and arrival follow.
    private var pace = DrivenPace()
    private var inBackground = false
    /// Trip time when the notice was set: notices are transient.
    private var noticeTime = 0.0

    /// Seconds of trip time a notice stays up.
    static let noticeDuration = 8.0
    /// Seconds of trip time between route checks with a provider that cannot say when its
    /// speeds change (a server may apply traffic any time).
    static let routeCheckInterval = 300.0
    /// The provider's traffic revision the route was last checked at.
    private var checkedRevision: Int?
    /// Trip time of the last route check.
    private var lastCheck = 0.0
    private var inFlight: [Task<Void, Never>] = []
    /// Hears every consent answer (the support log shows positions only once granted).
    public var onConsentChange: (@MainActor (LocationConsent) -> Void)?
    /// Hears every update of the session, for shells that log the whole event stream
    /// (`gemnav navigate --events`).
    public var onUpdate: (@MainActor (NavigationUpdate) -> Void)?
    /// Navigation events for the support log (positions are withheld there without consent).
    /// Silent until the composition root hands it the support log.
    public var logger = Logger(label: "gemnav.navigation") { _ in SwiftLogNoOpLogHandler() }

    /// Creates the screen. `store` keeps the consent and the recorded trips (nil: never record).
    public init(provider: any RouteProvider, store: AppStore?, clock: any NavigationClock,
                settings: NavigationSettings = NavigationSettings(), mode: GuidanceMode = .visual,
                timeFormat: TimeOfDayFormat = TimeOfDayFormat())
    {
        self.timeFormat = timeFormat
        defaultProvider = provider
        self.provider = provider
        self.store = store
        self.clock = clock
        // Every channel is computed; the mode decides what reaches the user, so switching
        // modes never loses or replays anything.
        var all = settings
        all.channels = .all
        self.settings = all
        var initial = State(screen: NavigationViewState(format: settings.format, timeFormat: timeFormat))
        initial.mode = mode
        state = initial
    }

    /// Speaks and words trips in `units` and `language` (Settings): the screen's figures at
    /// once, the prompts from the next trip on (a trip keeps the voice it started with).
    public func use(units: DistanceUnits, language: String) {
        settings.units = units
        settings.language = language
        state.screen.format = settings.format
    }

    /// Reroutes the trips started from now on with `provider` (another routing server was
    /// chosen); a trip under way keeps its own.
    public func use(_ provider: any RouteProvider) {
        defaultProvider = provider
    }

    /// The trip's places in order (origin, stops, destination), for the map's markers; empty
    /// without a trip.
    public var tripPlaces: [Place] { plan?.places ?? [] }

    /// Starts guiding along `plan`, after the consent disclosure if it was never answered;
    /// reroutes ask `provider` (the trip's travel mode), else the screen's own.
    public func start(_ plan: TripPlan, provider: (any RouteProvider)? = nil) {
        cancelTrip()
        self.plan = plan
        self.provider = provider ?? defaultProvider
        // The mode and the mute button are the user's, not the trip's.
        let (mode, muted) = (state.mode, state.isMuted)
        state = State(screen: NavigationViewState(format: settings.format, timeFormat: timeFormat))
        pace = DrivenPace()
        (state.mode, state.isMuted) = (mode, muted)
        state.destinationName = plan.places.last?.name ?? ""
        if let store, (try? store.consent) == .awaiting {
            state.phase = .awaitingConsent
            state.disclosure = Disclosure()
            return
        }
        begin()
    }

    /// Handles one intent.
    public func send(_ intent: Intent) {
        switch intent {
        case .fix(let fix): feed(fix)
        case .consent(let granted):
            guard state.phase == .awaitingConsent else { return }
            do {
                try store?.setConsent(granted ? .granted : .denied, at: clock.now)
            } catch {
                recordingFailed("Your answer could not be saved", error)
            }
            onConsentChange?(granted ? .granted : .denied)
            state.disclosure = nil
            begin()
        case .setMode(let mode): state.mode = mode
        case .toggleMute: state.isMuted.toggle()
        case .pause:
            guard (try? session?.pause()) != nil else { return }
            state.phase = .paused
        case .resume:
            guard (try? session?.resume()) != nil else { return }
            state.phase = .navigating
        case .continueToNextStop: leaveStop()
        case .cancel:
            finishRecording()
            cancelTrip()
            state.phase = .idle
            state.notice = nil
        case .background(let hidden): inBackground = hidden
        case .checkRoute: checkRoute()
        case .acceptFasterRoute: if let update = session?.acceptFasterRoute() { apply(update) }
        case .dismissFasterRoute: if let update = session?.dismissFasterRoute() { apply(update) }
        }
    }

    /// The route being followed (it changes on inFlight), nil without a trip.
    public var route: Route? { session?.route }

    /// Index among the trip's stops (the waypoints between origin and destination) of the next
    /// one still to reach, nil without a trip or once it is complete; at a stop, the one after it.
    public var nextStopIndex: Int? {
        switch session?.state {
        case .navigating(let p)?, .paused(let p)?: p.legIndex
        case .arrivedAtStop(let waypoint, _)?: waypoint
        case .idle?, .complete?, nil: nil
        }
    }

    /// The effects produced since the last call, in order, for the shell to play.
    public func takeEffects() -> [Effect] {
        defer { effects = [] }
        return effects
    }

    /// Waits for the inFlight in flight (tests and the terminal; a screen just observes).
    public func settled() async {
        while let task = inFlight.first {
            await task.value
            inFlight.removeFirst()
        }
    }

    private func begin() {
        guard let plan else { return }
        do {
            session = try NavigationSession(route: plan.route, settings: settings, clock: clock, avoid: plan.avoid)
        } catch {
            state.notice = String(describing: error)
            state.phase = .idle
            return
        }
        if let store, state.recordingProblem == nil {
            do {
                if try store.consent == .granted { log = try TripLog.open(store) }
            } catch {
                recordingFailed("The trip store could not be opened", error)
            }
        }
        state.isRecording = log != nil
        // The route was just planned at the provider's current speeds.
        checkedRevision = provider.trafficRevision
        lastCheck = 0
        apply(session!.start())
        state.phase = .navigating
        logger.info("Trip started", metadata: [
            "destination": "\(plan.places.last?.coordinate.latitude ?? 0),\(plan.places.last?.coordinate.longitude ?? 0)",
            "distance": "\(Int(plan.route.distance)) m", "recording": "\(state.isRecording)"])
    }

    private func feed(_ fix: LocationFix) {
        guard session != nil else { return }
        if state.phase == .atStop, (fix.speed ?? 0) >= departureSpeed { leaveStop() }
        guard let update = session?.update(fix) else { return }
        do {
            try log?.add(fix)
        } catch {
            recordingFailed("The trip stopped being saved", error)
        }
        apply(update)
        for case .rerouteNeeded(let request) in update.events { reroute(request) }
        let revision = provider.trafficRevision
        if revision.map({ $0 != checkedRevision }) ?? (state.screen.elapsed - lastCheck >= Self.routeCheckInterval) {
            checkRoute()
        }
    }

    /// Asks the provider how long the rest of the route takes now and for the fastest route,
    /// in the background; the session offers the latter when it saves enough.
    private func checkRoute() {
        guard state.phase == .navigating, let update = session?.checkRoute() else { return }
        checkedRevision = provider.trafficRevision
        lastCheck = state.screen.elapsed
        apply(update)
        let provider = provider
        for case .routeCheckNeeded(let request) in update.events {
            var (fastestQuery, currentQuery) = RouteQuery.answering(request)
            fastestQuery.vehicle = plan?.vehicle
            currentQuery.vehicle = plan?.vehicle
            let queries = (fastestQuery, currentQuery)
            inFlight.append(Task { [weak self] in
                async let fastest = try? provider.route(for: queries.0)
                async let current = try? provider.route(for: queries.1)
                let (best, now) = await (fastest, current)
                guard let self, let answer = self.session?.routeChecked(request.id, fastest: best,
                                                                          currentDuration: now?.duration)
                else { return }
                self.apply(answer)
            })
        }
    }

    /// Asks the provider in the background; the session keeps taking fixes meanwhile and
    /// follows the answer only if it is still the one it waits for.
    private func reroute(_ request: RerouteRequest) {
        logger.info("Rerouting", metadata: ["request": "\(request.id)",
                                            "position": "\(request.origin.latitude),\(request.origin.longitude)"])
        state.notice = "Rerouting…"
        noticeTime = state.screen.elapsed
        let provider = provider
        var query = RouteQuery(request)
        query.vehicle = plan?.vehicle
        inFlight.append(Task { [weak self] in
            let outcome: Result<Route, any Error>
            do { outcome = .success(try await provider.route(for: query)) } catch { outcome = .failure(error) }
            guard let self else { return }
            let update: NavigationUpdate?
            switch outcome {
            case .success(let route): update = self.session?.acceptReroute(route, for: request.id)
            case .failure(let error): update = self.session?.rerouteFailed(request.id, reason: String(describing: error))
            }
            if let update { self.apply(update) }
        })
    }

    private func leaveStop() {
        guard let update = try? session?.advanceToNextLeg() else { return }
        state.stopQuestion = nil
        apply(update)
    }

    private func apply(_ update: NavigationUpdate) {
        onUpdate?(update)
        state.screen.apply(update, pace: &pace)
        let shown = state.notice
        if shown != nil, update.t - noticeTime >= Self.noticeDuration, state.phase != .arrived { state.notice = nil }
        defer { if state.notice != shown, state.notice != nil { noticeTime = update.t } }
        for event in update.events {
            switch event {
            case .voice(let v):
                if speaks { effects.append(.speak(v.text)) }
            case .haptic(let h):
                // The pocket mode vibrates; so does the voice mode on a device that cannot speak.
                guard state.mode == .haptic || (state.mode == .voice && !device.canSpeak) else { break }
                if hapticsOn, device.canVibrate, !inBackground || device.vibratesInBackground {
                    effects.append(.vibrate(h.pattern))
                } else if speaks, state.mode == .haptic {
                    effects.append(.speak(h.text))
                }
            case .offRoute(let o):
                logger.info("Off route", metadata: ["reason": "\(o.reason.rawValue)",
                                                    "position": "\(o.location.latitude),\(o.location.longitude)"])
                state.notice = "Off route"
            case .reroute(let r):
                state.notice = r.succeeded ? "New route" : "No new route: \(r.message ?? "")"
                if r.succeeded {
                    logger.info("New route", metadata: ["request": "\(r.requestID)", "distance": "\(Int(r.distance ?? 0)) m"])
                } else {
                    logger.warning("No new route", metadata: ["request": "\(r.requestID)", "reason": "\(r.message ?? "")"])
                }
            case .waypointArrived(let w):
                let name = plan.map { $0.places.indices.contains(w.waypointIndex) ? $0.places[w.waypointIndex].name : "" } ?? ""
                state.stopQuestion = "Arrived at \(name.isEmpty ? "stop \(w.waypointIndex)" : name) — continue to the next stop?"
            case .arrived:
                logger.info("Destination reached")
                state.notice = "Destination reached"
                finishRecording()
            case .fasterRoute(let f):
                switch f.status {
                case .offered:
                    state.fasterRoute = f.message
                    logger.info("Faster route offered", metadata: ["saving": "\(Int(f.saving)) s"])
                    if speaks { effects.append(.speak(f.message)) }
                case .accepted:
                    state.fasterRoute = nil
                    state.notice = "Taking the faster route"
                case .declined, .expired: state.fasterRoute = nil
                }
            case .progress, .banner, .rerouteNeeded, .routeCheckNeeded: break
            }
        }
        switch update.state {
        case .idle: state.phase = .idle
        case .navigating: if state.phase != .navigating { state.phase = .navigating }
        case .paused: state.phase = .paused
        case .arrivedAtStop: state.phase = .atStop
        case .complete: state.phase = .arrived
        }
    }

    /// Whether a prompt reaches the user's ears: voice on in Settings, this trip not muted, and
    /// a device that can speak.
    private var speaks: Bool { voiceOn && !state.isMuted && device.canSpeak }

    private func finishRecording() {
        guard let log, let plan else { return }
        do {
            try log.finish(at: clock.now, origin: plan.places.first?.name ?? "", destination: plan.places.last?.name ?? "")
        } catch {
            recordingFailed("The end of the trip could not be saved", error)
        }
        self.log = nil
        state.isRecording = false
    }

    /// Stops recording after a store failure and says so; guidance is not affected.
    private func recordingFailed(_ what: String, _ error: any Error) {
        log = nil
        state.isRecording = false
        state.recordingProblem = "\(what): \(error). Guidance goes on; this trip is not saved."
        logger.error("Trip recording failed", metadata: ["reason": "\(error)"])
    }

    private func cancelTrip() {
        for task in inFlight { task.cancel() }
        inFlight = []
        session?.stop()
        session = nil
        log = nil
    }
}
