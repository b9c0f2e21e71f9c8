import Foundation
import GemNavServices
import GemNavStorage

/// Plays a quoted ride to its end: confirms it, ticks the simulation, retries a failed search
/// for a driver after drivers have moved on, cancels at a chosen state, and saves the ended
/// ride to the history. Paced by an injected clock (one tick per `tickInterval`), or as fast as
/// possible without one.
public struct RideRunner: Sendable {
    /// The clock that paces ticks, nil to run as fast as possible.
    public var clock: (any Clock<Duration>)?
    /// Real time per simulated second when paced.
    public var tickInterval: Duration = .seconds(1)
    /// Where ended rides are saved, nil to keep none.
    public var store: AppStore?
    /// Cancel as soon as the ride enters this state.
    public var cancelAt: RideStateName?
    /// Retries after "no driver" before giving up.
    public var retries = 3
    /// Simulated seconds between a failure and its retry (the fleet moves meanwhile).
    public var retryAfter = 30.0

    /// Upper bound on ticks, so a ride that cannot end does not loop forever.
    public static let maximumTicks = 50_000

    /// A runner; see the properties.
    public init(clock: (any Clock<Duration>)? = nil, store: AppStore? = nil, cancelAt: RideStateName? = nil) {
        self.clock = clock
        self.store = store
        self.cancelAt = cancelAt
    }

    /// Books a ride on `simulation` (in `idle`) from `pickup` to `destination` and plays it
    /// until it is completed, cancelled or has failed for good, handing every update to `show`.
    /// - Returns: The last state: `rideCompleted`, `idle` (cancelled) or `error`.
    /// - Throws: `RideError` when the ride cannot be quoted or confirmed (no route),
    ///   `StorageError` when saving fails, or what `show` throws.
    public func run(_ simulation: inout RideSimulation, from pickup: Place, to destination: Place,
                    rideClass: RideClass, show: (RideUpdate) throws -> Void) async throws -> RideState
    {
        try deliver(try simulation.select(pickup: pickup, destination: destination), &simulation, show)
        guard simulation.state.name == .selectingLocations else { return simulation.state }
        try deliver(try simulation.quote(rideClass), &simulation, show)
        guard simulation.state.name == .routeReady else { return simulation.state }
        try deliver(try simulation.confirm(), &simulation, show)
        var failures = 0
        var failedAt: Double?
        for _ in 0..<Self.maximumTicks {
            switch simulation.state.name {
            case .rideCompleted, .idle:
                return simulation.state
            case .error:
                if failedAt == nil {
                    failures += 1
                    failedAt = simulation.t
                }
                if failures > retries { return simulation.state }
                if simulation.t - (failedAt ?? 0) >= retryAfter {
                    failedAt = nil
                    try deliver(try simulation.retry(), &simulation, show)
                    continue
                }
            default: break
            }
            if let clock { try await Self.pause(clock, for: tickInterval) }
            try deliver(simulation.tick(), &simulation, show)
        }
        return simulation.state
    }

    /// Waits `interval` on `clock` (opened from the existential, since `sleep(for:)` is generic).
    private static func pause<C: Clock<Duration>>(_ clock: C, for interval: Duration) async throws {
        try await clock.sleep(until: clock.now.advanced(by: interval), tolerance: nil)
    }

    /// Shows updates, saves ended rides and cancels at `cancelAt`.
    private func deliver(_ updates: [RideUpdate], _ simulation: inout RideSimulation,
                         _ show: (RideUpdate) throws -> Void) throws
    {
        for update in updates {
            try show(update)
            if case .finished(let ride) = update.kind { try store?.addRide(ride.historyEntry) }
        }
        if let cancelAt, simulation.state.name == cancelAt, cancelAt.isCancellable {
            try deliver(try simulation.cancel(), &simulation, show)
        }
    }
}
