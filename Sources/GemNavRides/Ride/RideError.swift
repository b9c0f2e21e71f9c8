import Foundation

/// Every failure of a ride: a refused transition, no driver, no route. `kind` tells precisely
/// what went wrong; `description` is a sentence that says what to do.
public struct RideError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// `event` is not allowed in state `state`; the ride was left as it was.
        case invalidTransition(state: RideStateName, event: String)
        /// The route found is not between the pickup and destination being selected.
        case planMismatch
        /// No free driver can reach the pickup within `limit` seconds of driving (`drivers`
        /// were asked).
        case noDriverAvailable(limit: Double, drivers: Int)
        /// No road route between the two places (or a place is off the map).
        case noRoute(String)
        /// The pickup and the destination are `metres` apart: no ride to quote.
        case samePlace(metres: Double)
        /// The tariff data file could not be read.
        case tariffData(String)
        /// The travel-time matrix could not be computed.
        case matrixFailed(String)
        /// No ride with this id is known.
        case rideNotFound(String)
    }

    /// What went wrong.
    public var kind: Kind

    /// Wraps a kind.
    public init(_ kind: Kind) { self.kind = kind }

    /// Whether the state machine refused the event (nothing changed), as opposed to a failure
    /// of the ride itself; a server answers the first with 409 Conflict.
    public var isInvalidTransition: Bool {
        if case .invalidTransition = kind { return true }
        return false
    }

    /// A sentence for the user.
    public var description: String {
        switch kind {
        case .invalidTransition(let state, let event):
            return "Cannot \(event) while the ride is \(state.rawValue); "
                + "allowed now: \(RideMachine.allowedEvents(in: state).joined(separator: ", ")). Nothing was changed."
        case .planMismatch:
            return "The route is not between the pickup and destination being selected; plan it again."
        case .noDriverAvailable(let limit, let drivers):
            return "No driver available: none of the \(drivers) free driver(s) can reach the pickup within "
                + "\(Int((limit / 60).rounded())) min. Retry in a moment, or pick a pickup on a bigger road."
        case .noRoute(let why):
            return "No route for this ride: \(why)"
        case .samePlace(let metres):
            return "The pickup and the destination are the same place (\(Int(metres.rounded())) m apart): "
                + "choose a destination further away."
        case .tariffData(let why):
            return "The tariff data cannot be used: \(why)"
        case .matrixFailed(let why):
            return "Driving times to the pickup could not be computed: \(why)"
        case .rideNotFound(let id):
            return "No ride with id \(id)."
        }
    }
}
