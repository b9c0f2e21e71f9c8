import Foundation
import GemNavCore

/// How a ride in the history ended.
public enum RideOutcome: String, Sendable, Codable, Hashable, CaseIterable {
    /// The rider was dropped at the destination.
    case completed
    /// The ride was cancelled before the pickup.
    case cancelled
}

/// One finished ride as the history keeps it: where from and to, how it ended, what it cost.
///
/// Plain fields only, so the store needs nothing from the ride module; values that a cancelled
/// ride never had (a driver, a final fare) are nil.
public struct RideHistoryEntry: Sendable, Hashable, Codable, Identifiable {
    /// The ride's id, as the ride service gave it.
    public var id: String
    /// Completed or cancelled.
    public var outcome: RideOutcome
    /// When the ride was requested.
    public var requestedAt: Date
    /// When it was completed or cancelled.
    public var endedAt: Date
    /// The pickup's name.
    public var pickupName: String
    /// Where the rider was picked up (or was to be).
    public var pickup: Coordinate
    /// The destination's name.
    public var destinationName: String
    /// Where the ride went (or was to go).
    public var destination: Coordinate
    /// The ride class ("standard", "xl").
    public var rideClass: String
    /// Metres driven with the rider; the planned distance for a cancelled ride, when known.
    public var distance: Double?
    /// Seconds from pickup to drop-off; the planned duration for a cancelled ride, when known.
    public var duration: Double?
    /// The final fare (the estimate for a cancelled ride), in `currency`.
    public var fareAmount: Double?
    /// ISO 4217 code of `fareAmount` ("EUR").
    public var currency: String?
    /// The driver's name, when one had been assigned.
    public var driverName: String?
    /// The driver's car ("Toyota Prius, white").
    public var car: String?
    /// The car's plate.
    public var plate: String?
    /// For a cancelled ride, the state it was cancelled in ("driverEnRoute").
    public var cancelledIn: String?

    /// Creates an entry.
    public init(id: String, outcome: RideOutcome, requestedAt: Date, endedAt: Date, pickupName: String,
                pickup: Coordinate, destinationName: String, destination: Coordinate, rideClass: String,
                distance: Double? = nil, duration: Double? = nil, fareAmount: Double? = nil, currency: String? = nil,
                driverName: String? = nil, car: String? = nil, plate: String? = nil, cancelledIn: String? = nil)
    {
        self.id = id
        self.outcome = outcome
        self.requestedAt = requestedAt
        self.endedAt = endedAt
        self.pickupName = pickupName
        self.pickup = pickup
        self.destinationName = destinationName
        self.destination = destination
        self.rideClass = rideClass
        self.distance = distance
        self.duration = duration
        self.fareAmount = fareAmount
        self.currency = currency
        self.driverName = driverName
        self.car = car
        self.plate = plate
        self.cancelledIn = cancelledIn
    }
}
