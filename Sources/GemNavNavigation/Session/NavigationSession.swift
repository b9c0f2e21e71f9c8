import Foundation

/// The navigation core: feed it fixes, read back the trip state and events. A pure,
/// deterministic value (time comes from the injected clock), in the spirit of swift-nio's
/// `EmbeddedChannel`, that a screen model or an actor owns. It computes no routes: when the
/// user leaves the route it emits `rerouteNeeded` and follows the answer it is given.
public struct NavigationSession: Sendable {
    /// The route being followed (replaced on reroute).
    public internal(set) var route: Route
    /// The current state.
    public internal(set) var state: TripState = .idle
    /// Tunables; `channels` may be changed at any time without losing the trip.
    public var settings: NavigationSettings
    /// What reroutes must avoid.
    public var avoid: AvoidOptions

    let clock: any NavigationClock
    let stepAdvance: any StepAdvanceStrategy
    let deviationDetector: any RouteDeviationDetector
    var geometry: RouteGeometry
    var deviation: DeviationTracker

    var legIndex = 0
    var stepIndex = 0
    var lastMatch: RouteMatch?
    var lastFix: LocationFix?
    var lastFullScan: Date?
    var isOffRoute = false
    var guidance = StepGuidanceState()
    /// Stops reached before the current route began (reroutes renumber legs from 0).
    var waypointOffset = 0
    var lastReroute: (time: Date, position: Coordinate)?
    var lastSpeed: Double?
    var rerouteCount = 0
    /// The reroute request awaiting an answer, if any.
    public internal(set) var pendingReroute: RerouteRequest?
    var checkCount = 0
    var pendingCheck: PendingRouteCheck?
    /// The latest speeds' delay on the rest of the route, once a check has timed it.
    var trafficDelay: TrafficDelay?
    /// Saving of the last declined offer: the next one must beat it clearly.
    var declinedSaving: Double?
    /// The faster route on offer, if any.
    public internal(set) var fasterRoute: FasterRouteOffer?
    private var startTime: Date?
    private var lastT = 0.0

    /// Creates a session for `route`; it stays idle until `start()`.
    /// - Throws: `NavigationError.invalidRoute` when the route has no legs or no geometry.
    public init(route: Route, settings: NavigationSettings = NavigationSettings(),
                clock: any NavigationClock, avoid: AvoidOptions = [],
                stepAdvance: any StepAdvanceStrategy = ManeuverPassedStepAdvance(),
                deviationDetector: any RouteDeviationDetector = CombinedDeviationDetector.standard) throws
    {
        self.route = route
        self.settings = settings
        self.avoid = avoid
        self.clock = clock
        self.stepAdvance = stepAdvance
        self.deviationDetector = deviationDetector
        geometry = try RouteGeometry(route: route)
        deviation = DeviationTracker(requiredFixes: settings.offRouteFixCount)
    }

    /// The guidance channels (visual, voice, haptic). Changing them keeps all trip state; prompts
    /// passed while a channel was off are not replayed when it comes back.
    public var channels: GuidanceChannels {
        get { settings.channels }
        set { settings.channels = newValue }
    }

    /// Starts guidance from the beginning of the route.
    @discardableResult
    public mutating func start() -> NavigationUpdate {
        startTime = clock.now
        lastT = 0
        state = .navigating(initialProgress())
        return NavigationUpdate(t: 0, state: state, events: [])
    }

    /// Feeds one fix. Returns the new state and the events it caused (`progress` first).
    /// Fixes with an invalid coordinate (NaN, out of range) are ignored and cause no events.
    @discardableResult
    public mutating func update(_ fix: LocationFix) -> NavigationUpdate {
        guard startTime != nil, state != .idle, fix.coordinate.isValid else {
            return NavigationUpdate(t: eventTime(), state: state, events: [])
        }
        let speed = estimatedSpeed(fix)
        var events: [NavigationEvent] = []
        let progress: RouteProgress
        switch state {
        case .navigating:
            progress = navigate(fix, speed: speed, events: &events)
            expireFasterRoute(at: eventTime(), events: &events)
        case .idle, .paused, .arrivedAtStop, .complete:
            // Outside active guidance the position and speed still update, nothing else does.
            progress = passiveProgress(fix, speed: speed)
            state = state.replacingProgress(progress)
        }
        lastFix = fix
        lastSpeed = speed
        events.insert(.progress(ProgressEvent(state: state.name, progress: progress, truth: fix.truth)), at: 0)
        return NavigationUpdate(t: eventTime(), state: state, events: events)
    }

    /// Leaves an intermediate stop and guides along the next leg.
    /// - Throws: `NavigationError.notWaitingAtStop` unless the state is `arrivedAtStop`.
    @discardableResult
    public mutating func advanceToNextLeg() throws -> NavigationUpdate {
        guard case .arrivedAtStop(_, let progress) = state else {
            throw NavigationError(.notWaitingAtStop, "state is \(state.name)")
        }
        beginLeg(legIndex + 1)
        state = .navigating(legStartProgress(from: progress))
        return NavigationUpdate(t: eventTime(), state: state, events: [])
    }

    /// Suspends guidance; fixes keep updating the position only.
    /// - Throws: `NavigationError.notNavigating` unless navigating.
    public mutating func pause() throws {
        guard case .navigating(let p) = state else { throw NavigationError(.notNavigating, "state is \(state.name)") }
        state = .paused(p)
    }

    /// Resumes guidance after `pause()`, re-acquiring the position on the current leg.
    /// - Throws: `NavigationError.notPaused` unless paused.
    public mutating func resume() throws {
        guard case .paused(let p) = state else { throw NavigationError(.notPaused, "state is \(state.name)") }
        lastMatch = nil
        state = .navigating(p)
    }

    /// Ends the trip and returns to idle.
    public mutating func stop() {
        state = .idle
        startTime = nil
        pendingReroute = nil
        pendingCheck = nil
        fasterRoute = nil
    }

    /// Contract time: seconds since `start()`, never decreasing.
    mutating func eventTime() -> Double {
        guard let startTime else { return lastT }
        lastT = max(lastT, clock.now.timeIntervalSince(startTime))
        return lastT
    }

    mutating func beginLeg(_ index: Int) {
        legIndex = index
        stepIndex = 0
        lastMatch = nil
        deviation.reset()
        isOffRoute = false
        guidance = StepGuidanceState()
    }

    /// Speed from the fix, or from the distance to the previous fix when the receiver gave none.
    private func estimatedSpeed(_ fix: LocationFix) -> Double? {
        if let s = fix.speed, s >= 0 { return s }
        guard let last = lastFix else { return nil }
        let dt = fix.timestamp.timeIntervalSince(last.timestamp)
        return dt > 0 ? Geodesy.distance(last.coordinate, fix.coordinate) / dt : nil
    }
}

extension TripState {
    /// The same state carrying `progress`.
    func replacingProgress(_ progress: RouteProgress) -> TripState {
        switch self {
        case .idle: return .idle
        case .navigating: return .navigating(progress)
        case .paused: return .paused(progress)
        case .arrivedAtStop(let w, _): return .arrivedAtStop(waypointIndex: w, progress: progress)
        case .complete: return .complete(progress)
        }
    }
}
