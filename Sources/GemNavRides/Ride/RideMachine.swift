import Foundation
import GemNavServices
import GemNavStorage

/// What one accepted event did: the states before and after, and, when the ride ended (completed
/// or cancelled after its request), what the history keeps.
public struct RideTransition: Sendable, Hashable {
    /// The state before the event.
    public var from: RideState
    /// The state after it.
    public var to: RideState
    /// The ride to add to the history, when this event ended one.
    public var finished: FinishedRide?
}

/// A ride that ended, with the times the history needs.
public struct FinishedRide: Sendable, Hashable {
    /// Completed or cancelled.
    public var outcome: RideOutcome
    /// The ride's id.
    public var rideId: RideID
    /// What was booked.
    public var plan: RidePlan
    /// The driver, when one had been assigned.
    public var driver: Driver?
    /// The final fare (completed rides).
    public var fare: Fare?
    /// The state the ride was cancelled in.
    public var cancelledIn: RideStateName?
    /// When the rider confirmed.
    public var requestedAt: Date
    /// When it ended.
    public var endedAt: Date
}

/// The ride's state machine: a value that takes events stamped with the time they happened
/// (from whatever clock drives it) and refuses those its state does not allow, staying as it
/// was.
public struct RideMachine: Sendable, Hashable {
    /// The current state.
    public private(set) var state: RideState = .idle
    /// When the current ride was confirmed.
    public private(set) var requestedAt: Date?

    /// A machine in `idle`.
    public init() {}

    /// Applies `event` at `time`.
    /// - Returns: What changed.
    /// - Throws: `RideError` `.invalidTransition` (or `.planMismatch`) when the event is not
    ///   allowed now; the state is unchanged.
    @discardableResult
    public mutating func send(_ event: RideEvent, at time: Date) throws(RideError) -> RideTransition {
        let from = state
        let next = try Self.next(after: from, on: event)
        var finished: FinishedRide?
        if case .confirm = event { requestedAt = time }
        switch (event, next) {
        case (.droppedOff(let fare), .rideCompleted(let id, let plan, let driver, _)):
            finished = FinishedRide(outcome: .completed, rideId: id, plan: plan, driver: driver, fare: fare,
                                    cancelledIn: nil, requestedAt: requestedAt ?? time, endedAt: time)
        case (.cancel, _):
            // A ride exists from the confirmation on; cancelling a choice of places records nothing.
            let cancelled = from.name == .error ? Self.origin(of: from) : from
            if let id = cancelled.rideId, let plan = cancelled.plan {
                finished = FinishedRide(outcome: .cancelled, rideId: id, plan: plan, driver: cancelled.driver,
                                        fare: nil, cancelledIn: cancelled.name, requestedAt: requestedAt ?? time,
                                        endedAt: time)
            }
        default: break
        }
        state = next
        if next == .idle { requestedAt = nil }
        return RideTransition(from: from, to: next, finished: finished)
    }

    /// Whether `event` would be accepted now.
    public func allows(_ event: RideEvent) -> Bool {
        (try? Self.next(after: state, on: event)) != nil
    }

    /// The state a failure left: the first one that is not an error.
    static func origin(of state: RideState) -> RideState {
        if case .error(_, let from) = state { return origin(of: from) }
        return state
    }

    /// The transition table: the state `event` leads to from `state`.
    static func next(after state: RideState, on event: RideEvent) throws(RideError) -> RideState {
        let refused = RideError(.invalidTransition(state: state.name, event: event.verb))
        switch (state, event) {
        case (.idle, .setPickup(let p)):
            return .selectingLocations(pickup: p, destination: nil)
        case (.idle, .setDestination(let d)):
            return .selectingLocations(pickup: nil, destination: d)
        case (.selectingLocations(_, let d), .setPickup(let p)):
            return .selectingLocations(pickup: p, destination: d)
        case (.selectingLocations(let p, _), .setDestination(let d)):
            return .selectingLocations(pickup: p, destination: d)
        case (.routeReady(let plan), .setPickup(let p)):
            // Another place invalidates the route and its price.
            return .selectingLocations(pickup: p, destination: plan.destination)
        case (.routeReady(let plan), .setDestination(let d)):
            return .selectingLocations(pickup: plan.pickup, destination: d)
        case (.selectingLocations(let p?, let d?), .routeFound(let plan)):
            guard plan.pickup == p, plan.destination == d else { throw RideError(.planMismatch) }
            return .routeReady(plan)
        case (.routeReady(let current), .routeFound(let plan)):
            // Another class for the same places: a new price, same trip.
            guard plan.pickup == current.pickup, plan.destination == current.destination else {
                throw RideError(.planMismatch)
            }
            return .routeReady(plan)
        case (.routeReady(let plan), .confirm(let id)):
            return .submittingRequest(rideId: id, plan: plan)
        case (.submittingRequest(let id, let plan), .requestAccepted):
            return .searchingForDriver(rideId: id, plan: plan)
        case (.searchingForDriver(let id, let plan), .driverFound(let driver)):
            return .driverAssigned(rideId: id, plan: plan, driver: driver)
        case (.driverAssigned(let id, let plan, _), .driverMoved(let driver)):
            return .driverEnRoute(rideId: id, plan: plan, driver: driver)
        case (.driverEnRoute, .driverMoved(let driver)), (.driverArriving, .driverMoved(let driver)),
             (.rideInProgress, .driverMoved(let driver)), (.approachingDestination, .driverMoved(let driver)):
            return state.with(driver: driver)
        case (.driverAssigned(let id, let plan, let driver), .driverNearPickup),
             (.driverEnRoute(let id, let plan, let driver), .driverNearPickup):
            return .driverArriving(rideId: id, plan: plan, driver: driver)
        case (.driverArriving(let id, let plan, let driver), .pickedUp):
            return .rideInProgress(rideId: id, plan: plan, driver: driver)
        case (.rideInProgress(let id, let plan, let driver), .nearDestination):
            return .approachingDestination(rideId: id, plan: plan, driver: driver)
        case (.approachingDestination(let id, let plan, let driver), .droppedOff(let fare)):
            return .rideCompleted(rideId: id, plan: plan, driver: driver, fare: fare)
        case (.rideCompleted, .finish):
            return .idle
        case (.error(_, let from), .retry):
            return from
        case (.error(_, let from), .cancel):
            guard origin(of: from).name.isCancellable else { throw refused }
            return .idle
        case (_, .cancel):
            guard state.name.isCancellable else { throw refused }
            return .idle
        case (.idle, .fail), (.rideCompleted, .fail), (.error, .fail):
            throw refused
        case (_, .fail(let error)):
            return .error(error, from: state)
        default:
            throw refused
        }
    }

    /// The events a state accepts, in words, for the refusal message.
    static func allowedEvents(in name: RideStateName) -> [String] {
        var events: [String]
        switch name {
        case .idle: events = ["set the pickup", "set the destination"]
        case .selectingLocations: events = ["set the pickup", "set the destination", "show a route"]
        case .routeReady: events = ["set the pickup", "set the destination", "show a route", "confirm"]
        case .submittingRequest: events = ["accept the request"]
        case .searchingForDriver: events = ["assign a driver"]
        case .driverAssigned: events = ["move the driver", "announce the driver's arrival"]
        case .driverEnRoute: events = ["move the driver", "announce the driver's arrival"]
        case .driverArriving: events = ["move the driver", "pick up the rider"]
        case .rideInProgress: events = ["move the driver", "approach the destination"]
        case .approachingDestination: events = ["move the driver", "complete the ride"]
        case .rideCompleted: events = ["finish"]
        case .error: events = ["retry", "cancel (if the ride was not yet picked up)"]
        }
        if name.isCancellable { events.append("cancel") }
        if ![.idle, .rideCompleted, .error].contains(name) { events.append("fail") }
        return events
    }
}
