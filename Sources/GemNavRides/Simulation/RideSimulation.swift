import Foundation
import GemNavCore
import GemNavNavigation
import GemNavServices

/// A ride run against simulated drivers on the real road network, one simulated second per
/// `tick()`: the ride's state machine fed by a dispatcher, a fleet and the car's progress along
/// real routes at road speeds. A value: the same inputs give the same ride, second by second.
public struct RideSimulation: Sendable {
    /// The ride's state machine.
    public private(set) var machine = RideMachine()
    /// The drivers.
    public private(set) var fleet: DriverFleet
    /// Simulated seconds since the start.
    public private(set) var t = 0.0
    /// Distances and waits between states.
    public var timing: RideTiming

    private let planner: RidePlanner
    private let dispatcher: Dispatcher
    private let start: Date
    private var ids: SeededGenerator
    /// The fleet index of the driver on the ride.
    private var assigned: Int?
    /// The car's route: to the pickup, then to the destination.
    private var follower: RouteFollower?
    /// When the current state began.
    private var enteredAt = 0.0
    /// When the driver reached the pickup, and when the rider got in.
    private var waitingSince: Double?, pickedUpAt: Double?

    /// A simulation starting at `start` (the date of second 0); `seed` makes the ride ids.
    public init(planner: RidePlanner, dispatcher: Dispatcher, fleet: DriverFleet, start: Date, seed: UInt64,
                timing: RideTiming = RideTiming())
    {
        self.planner = planner
        self.dispatcher = dispatcher
        self.fleet = fleet
        self.start = start
        self.timing = timing
        ids = SeededGenerator(seed: seed ^ 0x5269_6465)
    }

    /// The ride's state.
    public var state: RideState { machine.state }
    /// The date of the current simulated second.
    public var now: Date { start.addingTimeInterval(t) }

    /// Chooses both places: the ride is then selecting locations with both set.
    /// - Throws: `RideError` when the state does not allow choosing places.
    public mutating func select(pickup: Place, destination: Place) throws(RideError) -> [RideUpdate] {
        try send(.setPickup(pickup)) + send(.setDestination(destination))
    }

    /// Quotes the chosen places: the route and its fare estimate, so the ride is route ready.
    /// - Throws: `RideError` when no places are chosen or no route joins them (the state is
    ///   then unchanged).
    public mutating func quote(_ rideClass: RideClass) throws(RideError) -> [RideUpdate] {
        let chosen: (Place, Place)
        switch state {
        case .selectingLocations(let p?, let d?): chosen = (p, d)
        case .routeReady(let plan): chosen = (plan.pickup, plan.destination)
        default: throw RideError(.invalidTransition(state: state.name, event: RideEvent.verbRouteFound))
        }
        let plan = try planner.plan(pickup: chosen.0, destination: chosen.1, rideClass: rideClass)
        return try send(.routeFound(plan)) + [RideUpdate(t: t, kind: .fare(plan.estimate))]
    }

    /// Confirms the quoted ride: it gets its id and is submitted.
    public mutating func confirm() throws(RideError) -> [RideUpdate] {
        let id = RideID(String(format: "R-%08x", UInt32(truncatingIfNeeded: ids.next())))
        return try send(.confirm(id))
    }

    /// Cancels the ride (until the pickup); the driver, if any, goes back to cruising.
    public mutating func cancel() throws(RideError) -> [RideUpdate] {
        let updates = try send(.cancel)
        releaseDriver()
        return updates
    }

    /// Tries again from the state an error interrupted (a new search for a driver).
    public mutating func retry() throws(RideError) -> [RideUpdate] {
        try send(.retry)
    }

    /// Closes a completed ride, back to idle.
    public mutating func finish() throws(RideError) -> [RideUpdate] {
        try send(.finish)
    }

    /// One simulated second: the fleet cruises, the ride moves on.
    public mutating func tick() -> [RideUpdate] {
        t += 1
        fleet.cruise(for: 1)
        do {
            return try advanceRide()
        } catch {
            // The events sent are the ones the current state allows, so only a failure of the
            // ride itself (no route, no driver) gets here: it becomes the error state.
            return (try? send(.fail(error))) ?? []
        }
    }

    private mutating func advanceRide() throws(RideError) -> [RideUpdate] {
        switch state {
        case .submittingRequest:
            return try send(.requestAccepted)
        case .searchingForDriver(_, let plan) where t - enteredAt >= timing.dispatchDelay:
            return try dispatch(to: plan.pickup.coordinate, rideClass: plan.rideClass)
        case .driverAssigned, .driverEnRoute:
            var updates = try drive()
            if let f = follower, f.remainingDistance <= timing.arrivingDistance {
                updates += try send(.driverNearPickup)
            }
            return updates
        case .driverArriving(_, let plan, _):
            if let f = follower, !f.isFinished { return try drive() }
            if waitingSince == nil { waitingSince = t }
            guard t - (waitingSince ?? t) >= timing.pickupWait else { return [] }
            follower = RouteFollower(plan.route)
            pickedUpAt = t
            return try send(.pickedUp) + driverUpdate()
        case .rideInProgress:
            var updates = try drive()
            if let f = follower, f.remainingDistance <= timing.approachDistance
                || f.remainingDuration <= timing.approachDuration
            {
                updates += try send(.nearDestination)
            }
            return updates
        case .approachingDestination(_, let plan, _):
            var updates = try drive()
            if let f = follower, f.isFinished {
                let fare = planner.tariff.fare(distance: f.travelled, duration: t - (pickedUpAt ?? t),
                                               rideClass: plan.rideClass, kind: .final)
                updates += try send(.droppedOff(fare: fare))
                updates.append(RideUpdate(t: t, kind: .fare(fare)))
                releaseDriver()
            }
            return updates
        default:
            return []
        }
    }

    /// Sends the free driver nearest in time whose car takes the ride's class, and plans their
    /// route to the pickup.
    private mutating func dispatch(to pickup: Coordinate, rideClass: RideClass) throws(RideError) -> [RideUpdate] {
        let free = fleet.free(for: rideClass)
        let choice = try dispatcher.choose(among: free.map(\.position), for: pickup)
        let index = free[choice.index].index
        let approach = try planner.route(from: fleet.members[index].driver.position, to: pickup)
        fleet.engage(index)
        assigned = index
        follower = RouteFollower(approach)
        waitingSince = nil
        var updates = try send(.driverFound(fleet.members[index].driver)) + driverUpdate()
        if approach.distance <= timing.arrivingDistance { updates += try send(.driverNearPickup) }
        return updates
    }

    /// Drives the assigned car one second along its route.
    private mutating func drive() throws(RideError) -> [RideUpdate] {
        guard let index = assigned, var f = follower else { return [] }
        f.advance(by: 1)
        follower = f
        fleet.move(index, to: f.position)
        return try send(.driverMoved(fleet.members[index].driver)) + driverUpdate()
    }

    private func driverUpdate() -> [RideUpdate] {
        guard let index = assigned, let f = follower else { return [] }
        let eta = state.name == .driverArriving && f.isFinished ? 0 : f.remainingDuration
        return [RideUpdate(t: t, kind: .driver(DriverPosition(position: fleet.members[index].driver.position,
                                                                heading: f.heading, eta: eta.rounded())))]
    }

    private mutating func releaseDriver() {
        if let index = assigned { fleet.release(index) }
        assigned = nil
        follower = nil
        waitingSince = nil
    }

    /// Sends `event` to the machine now, and says what a rider sees of it.
    private mutating func send(_ event: RideEvent) throws(RideError) -> [RideUpdate] {
        let change = try machine.send(event, at: now)
        var updates: [RideUpdate] = []
        if change.from.name != change.to.name { enteredAt = t }
        // A driver moving is shown by the driver's position, not as a new state.
        let moved: Bool = if case .driverMoved = event { true } else { false }
        if change.from.name != change.to.name || !moved {
            updates.append(RideUpdate(t: t, kind: .state(change.to)))
        }
        if case .error(let error, _) = change.to, change.from.name != .error {
            updates.append(RideUpdate(t: t, kind: .error(error)))
        }
        if let finished = change.finished { updates.append(RideUpdate(t: t, kind: .finished(finished))) }
        return updates
    }
}
