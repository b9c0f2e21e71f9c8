import Foundation

/// Drives a session the way a simple app does, with nothing but fixes: starts the session on
/// the first fix, sets the manual clock to each fix's time, and leaves an intermediate stop on
/// the first fix that moves again. Because every decision comes from the fixes, replaying a
/// recorded fix log through a fresh driver reproduces the same events.
public final class TripDriver {
    /// The session being driven.
    public let session: NavigationSession
    /// The clock the session reads.
    public let clock: ManualClock
    /// Speed (m/s) that counts as moving off from a stop.
    public var departureSpeed = 1.0

    /// Creates a driver; `session` must read `clock`.
    public init(session: NavigationSession, clock: ManualClock) {
        self.session = session
        self.clock = clock
    }

    /// Feeds one fix; returns the session's updates (two when the fix also leaves a stop).
    public func feed(_ fix: LocationFix) -> [NavigationUpdate] {
        clock.set(to: fix.timestamp)
        var updates: [NavigationUpdate] = []
        if case .idle = session.state { session.start() }
        if case .arrivedAtStop = session.state, (fix.speed ?? 0) >= departureSpeed,
           let resumed = try? session.advanceToNextLeg()
        {
            updates.append(resumed)
        }
        updates.append(session.update(fix))
        return updates
    }
}

/// The fixes fed to a session and everything it answered.
public struct TripRecording: Sendable {
    /// Fixes in order.
    public var fixes: [LocationFix] = []
    /// Updates in order.
    public var updates: [NavigationUpdate] = []

    /// All events with their contract times.
    public var events: [(t: Double, event: NavigationEvent)] {
        updates.flatMap { u in u.events.map { (u.t, $0) } }
    }

    /// The events as JSON lines.
    public func jsonLines(units: DistanceUnits = .metric) -> [String] {
        let encoder = NavigationEventEncoder(units: units)
        return updates.flatMap(encoder.jsonLines)
    }
}

/// Runs whole trips: simulated, or replayed from recorded fixes.
public enum TripRunner {
    /// Drives `simulator` through `driver` until the simulator stops (or `maximumFixes`),
    /// switching the simulator to the new route after each successful reroute.
    public static func simulate(_ driver: TripDriver, simulator: inout RouteSimulator,
                                maximumFixes: Int = 100_000) -> TripRecording
    {
        var recording = TripRecording()
        while recording.fixes.count < maximumFixes, let fix = simulator.next() {
            let updates = driver.feed(fix)
            recording.fixes.append(fix)
            recording.updates += updates
            let rerouted = updates.contains { u in
                u.events.contains { if case .reroute(let r) = $0 { return r.succeeded } else { return false } }
            }
            if rerouted { try? simulator.follow(driver.session.route) }
        }
        return recording
    }

    /// Feeds recorded fixes through `driver`.
    public static func replay(_ driver: TripDriver, fixes: [LocationFix]) -> TripRecording {
        var recording = TripRecording()
        for fix in fixes {
            recording.fixes.append(fix)
            recording.updates += driver.feed(fix)
        }
        return recording
    }
}
