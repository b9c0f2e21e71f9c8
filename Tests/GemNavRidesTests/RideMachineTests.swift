import Foundation
import GemNavCore
import GemNavRides
import GemNavServices
import GemNavStorage
import Testing

/// The ride's state machine: every state with every event, allowed or refused.
@Suite struct RideMachineTests {
    typealias F = RideFixtures
    let id = RideID("R-1")
    let failure = RideError(.noDriverAvailable(limit: 900, drivers: 3))

    /// One state of each name, with its data.
    var states: [RideState] {
        let plan = F.plan()
        return [
            .idle,
            .selectingLocations(pickup: F.casino, destination: F.stade),
            .routeReady(plan),
            .submittingRequest(rideId: id, plan: plan),
            .searchingForDriver(rideId: id, plan: plan),
            .driverAssigned(rideId: id, plan: plan, driver: F.driver),
            .driverEnRoute(rideId: id, plan: plan, driver: F.driver),
            .driverArriving(rideId: id, plan: plan, driver: F.driver),
            .rideInProgress(rideId: id, plan: plan, driver: F.driver),
            .approachingDestination(rideId: id, plan: plan, driver: F.driver),
            .rideCompleted(rideId: id, plan: plan, driver: F.driver, fare: F.finalFare),
            .error(failure, from: .searchingForDriver(rideId: id, plan: plan)),
        ]
    }

    /// One event of each kind.
    var events: [(String, RideEvent)] {
        var moved = F.driver
        moved.position = F.stade.coordinate
        return [
            ("setPickup", .setPickup(F.casino)), ("setDestination", .setDestination(F.stade)),
            ("routeFound", .routeFound(F.plan(.xl))), ("confirm", .confirm(id)), ("requestAccepted", .requestAccepted),
            ("driverFound", .driverFound(F.driver)), ("driverMoved", .driverMoved(moved)),
            ("driverNearPickup", .driverNearPickup), ("pickedUp", .pickedUp), ("nearDestination", .nearDestination),
            ("droppedOff", .droppedOff(fare: F.finalFare)), ("fail", .fail(failure)), ("retry", .retry),
            ("cancel", .cancel), ("finish", .finish),
        ]
    }

    /// The specification: the events each state accepts and the state they lead to.
    let allowed: [RideStateName: [String: RideStateName]] = [
        .idle: ["setPickup": .selectingLocations, "setDestination": .selectingLocations],
        .selectingLocations: ["setPickup": .selectingLocations, "setDestination": .selectingLocations,
                              "routeFound": .routeReady, "cancel": .idle, "fail": .error],
        .routeReady: ["setPickup": .selectingLocations, "setDestination": .selectingLocations,
                      "routeFound": .routeReady, "confirm": .submittingRequest, "cancel": .idle, "fail": .error],
        .submittingRequest: ["requestAccepted": .searchingForDriver, "cancel": .idle, "fail": .error],
        .searchingForDriver: ["driverFound": .driverAssigned, "cancel": .idle, "fail": .error],
        .driverAssigned: ["driverMoved": .driverEnRoute, "driverNearPickup": .driverArriving, "cancel": .idle,
                          "fail": .error],
        .driverEnRoute: ["driverMoved": .driverEnRoute, "driverNearPickup": .driverArriving, "cancel": .idle,
                         "fail": .error],
        .driverArriving: ["driverMoved": .driverArriving, "pickedUp": .rideInProgress, "cancel": .idle,
                          "fail": .error],
        .rideInProgress: ["driverMoved": .rideInProgress, "nearDestination": .approachingDestination, "fail": .error],
        .approachingDestination: ["driverMoved": .approachingDestination, "droppedOff": .rideCompleted,
                                  "fail": .error],
        .rideCompleted: ["finish": .idle],
        .error: ["retry": .searchingForDriver, "cancel": .idle],
    ]

    func machine(in state: RideState) throws -> RideMachine {
        // Reach `state` through valid events only, as a ride would.
        var m = RideMachine()
        let plan = F.plan()
        let path: [RideEvent] = [.setPickup(F.casino), .setDestination(F.stade), .routeFound(plan), .confirm(id),
                                 .requestAccepted, .driverFound(F.driver), .driverMoved(F.driver), .driverNearPickup,
                                 .pickedUp, .nearDestination, .droppedOff(fare: F.finalFare)]
        if state.name == .error {
            for e in path.prefix(5) { try m.send(e, at: F.start) }
            try m.send(.fail(failure), at: F.start)
        } else {
            for e in path where m.state != state { try m.send(e, at: F.start) }
        }
        try #require(m.state == state)
        return m
    }

    @Test func everyStateAcceptsExactlyItsEventsAndRefusesTheRestUnchanged() throws {
        #expect(states.count == RideStateName.allCases.count)
        for state in states {
            for (name, event) in events {
                var m = try machine(in: state)
                let expected = allowed[state.name]?[name]
                if let expected {
                    let change = try m.send(event, at: F.start)
                    #expect(change.to.name == expected, "\(state.name) + \(name)")
                    #expect(m.state == change.to)
                } else {
                    #expect(throws: RideError.self, "\(state.name) + \(name) should be refused") {
                        try m.send(event, at: F.start)
                    }
                    #expect(m.state == state, "\(state.name) + \(name) changed the state")
                    #expect(!m.allows(event))
                }
            }
        }
    }

    @Test func aRefusalSaysWhatWasRefusedAndWhatIsAllowed() throws {
        var m = RideMachine()
        do {
            try m.send(.pickedUp, at: F.start)
            Issue.record("picked up from idle")
        } catch {
            #expect(error.kind == .invalidTransition(state: .idle, event: "pick up the rider"))
            #expect(error.isInvalidTransition)
            #expect(error.description.contains("while the ride is idle") && error.description.contains("set the pickup"))
        }
        #expect(m.state == .idle)
    }

    @Test func eachStateCarriesItsData() throws {
        var m = RideMachine()
        try m.send(.setDestination(F.stade), at: F.start)
        #expect(m.state == .selectingLocations(pickup: nil, destination: F.stade))
        #expect(throws: RideError.self) { try m.send(.routeFound(F.plan()), at: F.start) }
        try m.send(.setPickup(F.casino), at: F.start)
        try m.send(.routeFound(F.plan()), at: F.start)
        #expect(m.state.plan == F.plan() && m.state.rideId == nil && m.state.driver == nil)
        // A route for other places does not fit the selection.
        var other = F.plan()
        other.destination = F.palace
        #expect(throws: RideError(.planMismatch)) { try m.send(.routeFound(other), at: F.start) }
        #expect(m.state == .routeReady(F.plan()))
        try m.send(.confirm(id), at: F.start)
        try m.send(.requestAccepted, at: F.start)
        try m.send(.driverFound(F.driver), at: F.start)
        #expect(m.state.rideId == id && m.state.driver == F.driver && m.state.plan == F.plan())
        var moved = F.driver
        moved.position = F.casino.coordinate
        try m.send(.driverMoved(moved), at: F.start)
        #expect(m.state == .driverEnRoute(rideId: id, plan: F.plan(), driver: moved))
    }

    @Test func cancellingBeforeThePickupGoesIdleAndRecordsTheRide() throws {
        var m = try machine(in: .driverEnRoute(rideId: id, plan: F.plan(), driver: F.driver))
        let later = F.start.addingTimeInterval(90)
        let change = try m.send(.cancel, at: later)
        #expect(m.state == .idle)
        let ride = try #require(change.finished)
        #expect(ride.outcome == .cancelled && ride.cancelledIn == .driverEnRoute && ride.rideId == id)
        #expect(ride.driver == F.driver && ride.endedAt == later && ride.requestedAt == F.start)

        // Cancelling a mere choice of places records nothing: no ride was requested.
        var choosing = try machine(in: .routeReady(F.plan()))
        #expect(try choosing.send(.cancel, at: F.start).finished == nil)

        // After the pickup a ride cannot be cancelled.
        var riding = try machine(in: .rideInProgress(rideId: id, plan: F.plan(), driver: F.driver))
        #expect(throws: RideError.self) { try riding.send(.cancel, at: F.start) }
        #expect(riding.state.name == .rideInProgress)
    }

    @Test func anErrorKeepsItsOriginForRetryOrCancel() throws {
        var m = try machine(in: .searchingForDriver(rideId: id, plan: F.plan()))
        try m.send(.fail(failure), at: F.start)
        #expect(m.state == .error(failure, from: .searchingForDriver(rideId: id, plan: F.plan())))
        #expect(m.state.rideId == id)
        try m.send(.retry, at: F.start)
        #expect(m.state == .searchingForDriver(rideId: id, plan: F.plan()))
        try m.send(.fail(failure), at: F.start)
        let change = try m.send(.cancel, at: F.start)
        #expect(m.state == .idle && change.finished?.cancelledIn == .searchingForDriver)

        // An error during the ride cannot be cancelled away, only retried.
        var riding = try machine(in: .rideInProgress(rideId: id, plan: F.plan(), driver: F.driver))
        try riding.send(.fail(failure), at: F.start)
        #expect(throws: RideError.self) { try riding.send(.cancel, at: F.start) }
        try riding.send(.retry, at: F.start)
        #expect(riding.state.name == .rideInProgress)
    }

    @Test func aCompletedRideIsRecordedWithItsFinalFare() throws {
        var m = try machine(in: .approachingDestination(rideId: id, plan: F.plan(), driver: F.driver))
        let change = try m.send(.droppedOff(fare: F.finalFare), at: F.start.addingTimeInterval(600))
        let ride = try #require(change.finished)
        #expect(ride.outcome == .completed && ride.fare == F.finalFare)
        let entry = ride.historyEntry
        #expect(entry.id == "R-1" && entry.outcome == .completed && entry.fareAmount == 12.5 && entry.currency == "EUR")
        #expect(entry.driverName == "Ana" && entry.plate == "AB-123-CD" && entry.distance == 2010)
        try m.send(.finish, at: F.start)
        #expect(m.state == .idle)
    }
}
