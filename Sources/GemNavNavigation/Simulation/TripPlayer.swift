import Foundation

/// Where a trip's fixes come from.
public enum FixSource: Sendable {
    /// A simulated driver on the route; after a reroute it follows the new route.
    case simulator(RouteSimulator)
    /// Recorded fixes (a GPX track or a fix log), fed as they are.
    case recorded([LocationFix])
}

/// Answers a session's reroute request with a new route (a route provider behind it).
public typealias Rerouter = @Sendable (RerouteRequest) async throws -> Route

/// The one trip loop of every simulated or replayed drive (the CLI, tests, benchmarks): it
/// feeds fixes to a session the way a simple app does — starting on the first fix, setting the
/// clock to each fix's time, leaving an intermediate stop on the first fix that moves again —
/// and answers each reroute request before the next fix, so a trip is deterministic. Because
/// every decision comes from the fixes, replaying a recorded fix log reproduces the same events.
/// Not thread-safe: one task drives it.
public final class TripPlayer {
    /// The session being driven.
    public private(set) var session: NavigationSession
    /// The clock the session reads.
    public let clock: ManualClock
    /// Speed (m/s) that counts as moving off from a stop.
    public var departureSpeed = 1.0
    /// Upper bound on fixes, so a source that never ends cannot loop forever.
    public var maximumFixes = 200_000
    /// Fixes fed so far.
    public private(set) var fixCount = 0

    private var source: FixSource
    private var recordedIndex = 0
    private let reroute: Rerouter?

    /// Creates a player for `route` fed from `source`; reroute requests go to `reroute` (none
    /// are answered without one).
    /// - Throws: `NavigationError.invalidRoute` for a route the session cannot follow.
    public init(route: Route, settings: NavigationSettings = NavigationSettings(), avoid: AvoidOptions = [],
                source: FixSource, reroute: Rerouter? = nil,
                stepAdvance: any StepAdvanceStrategy = ManeuverPassedStepAdvance(),
                deviationDetector: any RouteDeviationDetector = CombinedDeviationDetector.standard) throws
    {
        let first: Date
        switch source {
        case .simulator(let s): first = s.options.start
        case .recorded(let fixes): first = fixes.first?.timestamp ?? Date(timeIntervalSince1970: 0)
        }
        clock = ManualClock(start: first)
        session = try NavigationSession(route: route, settings: settings, clock: clock, avoid: avoid,
                                        stepAdvance: stepAdvance, deviationDetector: deviationDetector)
        self.source = source
        self.reroute = reroute
    }

    /// The guidance channels; changing them keeps the trip.
    public var channels: GuidanceChannels {
        get { session.channels }
        set { session.channels = newValue }
    }

    /// Feeds the next fix and answers any reroute it asks for; nil once the source is exhausted.
    /// - Returns: the fix and every update it caused, in order (leaving a stop, the fix itself,
    ///   the reroute answer).
    public func step() async -> (fix: LocationFix, updates: [NavigationUpdate])? {
        guard fixCount < maximumFixes, let fix = nextFix() else { return nil }
        fixCount += 1
        clock.set(to: fix.timestamp)
        var updates: [NavigationUpdate] = []
        if case .idle = session.state { session.start() }
        if case .arrivedAtStop = session.state, (fix.speed ?? 0) >= departureSpeed,
           let resumed = try? session.advanceToNextLeg()
        {
            updates.append(resumed)
        }
        let update = session.update(fix)
        updates.append(update)
        for case .rerouteNeeded(let request) in update.events {
            if let answer = await answer(request) { updates.append(answer) }
        }
        return (fix, updates)
    }

    /// Feeds every fix, calling `body` after each.
    public func run(_ body: (LocationFix, [NavigationUpdate]) async throws -> Void) async rethrows {
        while let (fix, updates) = await step() { try await body(fix, updates) }
    }

    /// Feeds every fix and returns the whole trip.
    public func record() async -> TripRecording {
        var recording = TripRecording()
        await run { fix, updates in
            recording.fixes.append(fix)
            recording.updates += updates
        }
        return recording
    }

    private func answer(_ request: RerouteRequest) async -> NavigationUpdate? {
        guard let reroute else { return nil }
        do {
            let route = try await reroute(request)
            guard let update = session.acceptReroute(route, for: request.id) else { return nil }
            if case .simulator(var simulator) = source {
                // The simulated user takes the new route from where it starts (the current position).
                try? simulator.follow(route)
                source = .simulator(simulator)
            }
            return update
        } catch {
            return session.rerouteFailed(request.id, reason: String(describing: error))
        }
    }

    private func nextFix() -> LocationFix? {
        switch source {
        case .simulator(var simulator):
            let fix = simulator.next()
            source = .simulator(simulator)
            return fix
        case .recorded(let fixes):
            guard recordedIndex < fixes.count else { return nil }
            recordedIndex += 1
            return fixes[recordedIndex - 1]
        }
    }
}

/// The fixes fed to a session and everything it answered.
public struct TripRecording: Sendable {
    /// Fixes in order.
    public var fixes: [LocationFix] = []
    /// Updates in order.
    public var updates: [NavigationUpdate] = []

    /// Creates an empty recording.
    public init() {}

    /// All events with their contract times.
    public var events: [(t: Double, event: NavigationEvent)] {
        updates.flatMap { u in u.events.map { (u.t, $0) } }
    }

    /// The events as JSON lines.
    public func jsonLines(units: DistanceUnits = .metric, language: String = "en") -> [String] {
        let encoder = NavigationEventEncoder(units: units, language: language)
        return updates.flatMap(encoder.jsonLines)
    }
}
