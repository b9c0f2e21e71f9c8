import Foundation
import GemNavCore
import GemNavNavigation

/// Where a trip's fixes come from.
public enum FixSource: Sendable {
    /// A simulated driver on the route; after a reroute it follows the new route.
    case simulator(RouteSimulator)
    /// Recorded fixes (a GPX track or a fix log), fed as they are.
    case recorded([LocationFix])
}

/// Runs a whole trip one fix at a time, so a caller can draw, speak, record and log between
/// fixes: the loop of `TripRunner.simulate`/`replay`, opened up. Not thread-safe.
public final class TripPlayer {
    /// The session being driven.
    public let session: NavigationSession
    /// The driver feeding it (starts the session, moves the clock, leaves stops).
    public let driver: TripDriver
    /// Fixes fed so far.
    public private(set) var fixCount = 0
    /// Upper bound on fixes, so a source that never ends cannot loop forever.
    public var maximumFixes = 200_000

    private var source: FixSource
    private var recordedIndex = 0

    /// Creates a player for `route` fed from `source`; reroutes go to `provider`.
    /// - Throws: `NavigationError.invalidRoute` for a route the session cannot follow.
    public init(route: Route, settings: NavigationSettings, provider: RouteProvider?,
                avoid: AvoidOptions = [], source: FixSource) throws
    {
        let first: Date
        switch source {
        case .simulator(let s): first = s.options.start
        case .recorded(let fixes): first = fixes.first?.timestamp ?? Date(timeIntervalSince1970: 0)
        }
        let clock = ManualClock(start: first)
        session = try NavigationSession(route: route, settings: settings, clock: clock, routeProvider: provider,
                                        avoid: avoid)
        driver = TripDriver(session: session, clock: clock)
        self.source = source
    }

    /// Feeds the next fix; nil once the source is exhausted.
    public func step() -> (fix: LocationFix, updates: [NavigationUpdate])? {
        guard fixCount < maximumFixes, let fix = nextFix() else { return nil }
        fixCount += 1
        let updates = driver.feed(fix)
        let rerouted = updates.contains { u in
            u.events.contains { if case .reroute(let r) = $0 { return r.succeeded } else { return false } }
        }
        if rerouted, case .simulator(var simulator) = source {
            // The simulated user takes the new route from where it starts (the current position).
            try? simulator.follow(session.route)
            source = .simulator(simulator)
        }
        return (fix, updates)
    }

    /// Feeds every fix, calling `body` after each.
    public func run(_ body: (LocationFix, [NavigationUpdate]) throws -> Void) rethrows {
        while let (fix, updates) = step() { try body(fix, updates) }
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
