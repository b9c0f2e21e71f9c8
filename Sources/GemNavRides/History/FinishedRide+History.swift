import Foundation
import GemNavStorage

extension FinishedRide {
    /// The ride as the app store's history keeps it: a completed ride with what was driven and
    /// charged, a cancelled one with what was planned and quoted.
    public var historyEntry: RideHistoryEntry {
        RideHistoryEntry(
            id: rideId.rawValue, outcome: outcome, requestedAt: requestedAt, endedAt: endedAt,
            pickupName: plan.pickup.name, pickup: plan.pickup.coordinate, destinationName: plan.destination.name,
            destination: plan.destination.coordinate, rideClass: plan.rideClass.rawValue,
            distance: fare?.distance ?? plan.route.distance, duration: fare?.duration ?? plan.route.duration,
            fareAmount: (fare ?? plan.estimate).amount, currency: (fare ?? plan.estimate).currency,
            driverName: driver?.name, car: driver?.car, plate: driver?.plate, cancelledIn: cancelledIn?.rawValue)
    }
}
