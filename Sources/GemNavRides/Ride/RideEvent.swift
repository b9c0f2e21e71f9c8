import Foundation
import GemNavServices

/// What can happen to a ride: the rider's choices and the ride service's news. The state
/// machine accepts each only in the states where it makes sense.
public enum RideEvent: Sendable, Hashable {
    /// The rider chose (or changed) the pickup.
    case setPickup(Place)
    /// The rider chose (or changed) the destination.
    case setDestination(Place)
    /// The route and fare estimate for the chosen places (or a new class) are ready.
    case routeFound(RidePlan)
    /// The rider confirmed the ride; the request gets `rideId`.
    case confirm(RideID)
    /// The ride service accepted the request and looks for a driver.
    case requestAccepted
    /// A driver accepted the ride.
    case driverFound(Driver)
    /// The driver moved (to the pickup, or with the rider to the destination).
    case driverMoved(Driver)
    /// The driver came within 100 m of the pickup.
    case driverNearPickup
    /// The rider got in.
    case pickedUp
    /// The car entered the last 500 m (or minute) before the destination.
    case nearDestination
    /// The rider got out at the destination; `fare` is the final fare.
    case droppedOff(fare: Fare)
    /// Something went wrong; the ride waits in `error` for a retry or a cancel.
    case fail(RideError)
    /// Try again from the state the error interrupted.
    case retry
    /// The rider cancelled (allowed until the pickup).
    case cancel
    /// The rider closed a completed ride.
    case finish

    /// `routeFound` in words, for a quote asked before the places are chosen.
    static let verbRouteFound = "show a route"

    /// The event as words in an error message ("confirm", "cancel").
    public var verb: String {
        switch self {
        case .setPickup: "set the pickup"
        case .setDestination: "set the destination"
        case .routeFound: Self.verbRouteFound
        case .confirm: "confirm"
        case .requestAccepted: "accept the request"
        case .driverFound: "assign a driver"
        case .driverMoved: "move the driver"
        case .driverNearPickup: "announce the driver's arrival"
        case .pickedUp: "pick up the rider"
        case .nearDestination: "approach the destination"
        case .droppedOff: "complete the ride"
        case .fail: "fail"
        case .retry: "retry"
        case .cancel: "cancel"
        case .finish: "finish"
        }
    }
}
