import Foundation

/// One region's prices, as the tariff data file gives them.
///
/// The fare rule: `(base + perKilometre × km + perMinute × minutes) × class multiplier`, raised
/// to `minimum × class multiplier` when below it, rounded to the nearest minor unit (cent).
public struct Tariff: Sendable, Hashable, Codable {
    /// ISO 4217 code of every amount ("EUR").
    public var currency: String
    /// Charged once per ride.
    public var base: Double
    /// Charged per kilometre driven with the rider.
    public var perKilometre: Double
    /// Charged per minute with the rider.
    public var perMinute: Double
    /// The least a standard ride costs.
    public var minimum: Double
    /// Multiplier per class; a class missing here costs as standard.
    public var classMultipliers: [String: Double]

    /// Creates a tariff.
    public init(currency: String, base: Double, perKilometre: Double, perMinute: Double, minimum: Double,
                classMultipliers: [String: Double])
    {
        self.currency = currency
        self.base = base
        self.perKilometre = perKilometre
        self.perMinute = perMinute
        self.minimum = minimum
        self.classMultipliers = classMultipliers
    }

    /// The multiplier of `rideClass` (1 when the file does not name it).
    public func multiplier(_ rideClass: RideClass) -> Double { classMultipliers[rideClass.rawValue] ?? 1 }

    /// The fare for `distance` metres in `duration` seconds.
    public func fare(distance: Double, duration: Double, rideClass: RideClass, kind: Fare.Kind) -> Fare {
        let m = multiplier(rideClass)
        let metered = (base + perKilometre * distance / 1000 + perMinute * duration / 60) * m
        let amount = (max(metered, minimum * m) * 100).rounded() / 100
        return Fare(kind: kind, amount: amount, currency: currency, distance: distance, duration: duration,
                    rideClass: rideClass)
    }

    /// The first thing wrong with the tariff, or nil.
    var problem: String? {
        guard currency.count == 3, currency == currency.uppercased() else {
            return "currency '\(currency)' is not an ISO 4217 code"
        }
        let values = [base, perKilometre, perMinute, minimum] + Array(classMultipliers.values)
        guard values.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return "a price or multiplier is negative" }
        return nil
    }
}
