import Foundation
import GemNavCore

/// Something a rider sees change, at simulated second `t` of the ride.
public struct RideUpdate: Sendable, Hashable {
    /// What changed.
    public enum Kind: Sendable, Hashable {
        /// The ride entered a state (or its plan changed).
        case state(RideState)
        /// The assigned driver's car moved.
        case driver(DriverPosition)
        /// A fare was quoted (estimate) or charged (final).
        case fare(Fare)
        /// The ride failed; it waits in `error` for a retry or a cancel.
        case error(RideError)
        /// The ride ended and belongs in the history.
        case finished(FinishedRide)
    }

    /// Seconds since the simulation started; never decreasing.
    public var t: Double
    /// What changed.
    public var kind: Kind

    /// Creates an update.
    public init(t: Double, kind: Kind) {
        self.t = t
        self.kind = kind
    }
}

/// Where the assigned driver's car is and how long until the next stop (pickup, then drop-off).
public struct DriverPosition: Sendable, Hashable {
    /// The car's position.
    public var position: Coordinate
    /// Degrees clockwise from north.
    public var heading: Double
    /// Seconds to the pickup while on the way there, to the destination during the ride.
    public var eta: Double

    /// Creates a position.
    public init(position: Coordinate, heading: Double, eta: Double) {
        self.position = position
        self.heading = heading
        self.eta = eta
    }
}
