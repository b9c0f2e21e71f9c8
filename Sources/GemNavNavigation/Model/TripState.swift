import Foundation

/// Where the trip is. `NavigationSession` moves between these; every fix returns the new one.
public enum TripState: Sendable, Hashable {
    /// Not started.
    case idle
    /// Guiding along the route.
    case navigating(RouteProgress)
    /// Guidance suspended by the user; fixes still update the position.
    case paused(RouteProgress)
    /// Reached intermediate stop `waypointIndex` (1-based among the route's stops after the
    /// origin); waiting for `advanceToNextLeg()`.
    case arrivedAtStop(waypointIndex: Int, progress: RouteProgress)
    /// Reached the destination.
    case complete(RouteProgress)

    /// The latest progress, nil when idle.
    public var progress: RouteProgress? {
        switch self {
        case .idle: return nil
        case .navigating(let p), .paused(let p), .complete(let p): return p
        case .arrivedAtStop(_, let p): return p
        }
    }

    /// The state's name as used in the event contract.
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .navigating: return "navigating"
        case .paused: return "paused"
        case .arrivedAtStop: return "arrivedAtStop"
        case .complete: return "complete"
        }
    }
}

/// Progress along the route after a fix.
public struct RouteProgress: Sendable, Hashable {
    /// Index of the leg being driven.
    public var legIndex: Int
    /// Index of the step being driven within the leg (its end is the next maneuver).
    public var stepIndex: Int
    /// The fix as received.
    public var location: Coordinate
    /// The fix snapped onto the route.
    public var snapped: Coordinate
    /// Metres between the fix and the route.
    public var distanceFromRoute: Double
    /// Bearing of the route where the user is, degrees.
    public var routeBearing: Double
    /// Metres left to the next maneuver (0 once it is reached).
    public var stepDistanceRemaining: Double
    /// Seconds left to the next maneuver.
    public var stepDurationRemaining: Double
    /// Metres left in the leg.
    public var legDistanceRemaining: Double
    /// Seconds left in the leg.
    public var legDurationRemaining: Double
    /// Metres left to the destination.
    public var distanceRemaining: Double
    /// Seconds left to the destination.
    public var durationRemaining: Double
    /// Clock time plus `durationRemaining`.
    public var eta: Date
    /// Name (or ref) of the road being driven.
    public var roadName: String
    /// Legal limit on the current segment in km/h, nil when unknown.
    public var speedLimitKmh: Double?
    /// Current speed in m/s, nil when unknown.
    public var speed: Double?
    /// Whether the user is off route (confirmed over several fixes).
    public var isOffRoute: Bool

    /// Current speed in km/h, nil when unknown.
    public var speedKmh: Double? { speed.map { $0 * 3.6 } }

    /// Whether the current speed is above the current limit.
    public var isOverSpeedLimit: Bool {
        guard let limit = speedLimitKmh, let kmh = speedKmh else { return false }
        return kmh > limit
    }
}
