import Foundation

/// The ride class: what car comes and the multiplier it puts on the fare.
public enum RideClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// A car for up to four.
    case standard
    /// A larger car for up to six.
    case xl

    /// Whether a car of this class may take a `requested` ride: a larger car takes a smaller
    /// ride, never the other way round.
    public func serves(_ requested: RideClass) -> Bool {
        self == requested || self == .xl
    }
}

/// A price for a ride, in the local currency, and what it was computed from.
public struct Fare: Sendable, Hashable, Codable {
    /// Whether the price is a quote or what was charged.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Before confirming: from the planned route.
        case estimate
        /// After the drop-off: from the distance driven and the time taken.
        case final
    }

    /// Estimate or final.
    public var kind: Kind
    /// The price, rounded to the currency's minor unit.
    public var amount: Double
    /// ISO 4217 code ("EUR").
    public var currency: String
    /// Metres charged for.
    public var distance: Double
    /// Seconds charged for.
    public var duration: Double
    /// The class priced.
    public var rideClass: RideClass

    /// Creates a fare.
    public init(kind: Kind, amount: Double, currency: String, distance: Double, duration: Double, rideClass: RideClass) {
        self.kind = kind
        self.amount = amount
        self.currency = currency
        self.distance = distance
        self.duration = duration
        self.rideClass = rideClass
    }

    /// "12.40 EUR".
    public var text: String { String(format: "%.2f %@", amount, currency) }
}
