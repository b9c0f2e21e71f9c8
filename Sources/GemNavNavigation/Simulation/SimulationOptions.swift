import Foundation

/// How a `RouteSimulator` drives.
public struct SimulationOptions: Sendable, Hashable {
    /// Multiplies the road speeds taken from the route's durations.
    public var speedFactor: Double = 1
    /// Seconds of simulated time between fixes.
    public var interval: Double = 1
    /// Standard deviation of GPS noise in metres, per axis.
    public var noiseMeters: Double = 0
    /// Reported horizontal accuracy in metres; nil reports 1.5 × noise (at least 5 m).
    public var accuracy: Double?
    /// Seed of the noise generator.
    public var seed: UInt64 = 1
    /// Drive straight past the K-th (1-based) direction-changing maneuver instead of taking it.
    public var missedTurn: Int?
    /// Simulated-time windows (seconds from the start) without fixes: tunnels, urban canyons.
    public var dropouts: [Range<Double>] = []
    /// Seconds spent standing at each intermediate stop.
    public var stopDwell: Double = 5
    /// Fixes emitted standing at the destination before the simulator ends.
    public var trailingFixes = 3
    /// Time of the first fix.
    public var start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Creates options with the defaults (exact GPS, road speeds, 1 Hz).
    public init() {}

    /// The accuracy reported with each fix.
    public var reportedAccuracy: Double { accuracy ?? max(5, noiseMeters * 1.5) }
}
