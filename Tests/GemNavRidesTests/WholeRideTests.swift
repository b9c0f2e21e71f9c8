import Clocks
import Foundation
import GemNavCore
import GemNavRides
import GemNavServices
import GemNavStorage
import Testing

/// Whole rides on Monaco's real roads against seeded simulated drivers: from the request to the
/// history.
@Suite struct WholeRideTests {
    typealias F = RideFixtures

    func simulation(drivers: Int = 6, seed: UInt64 = 7, limit: Double = Dispatcher.defaultLimit) throws -> RideSimulation {
        let engine = try F.engine.get()
        return RideSimulation(planner: RidePlanner(engine: engine, book: try TariffBook.bundled()),
                              dispatcher: Dispatcher(matrix: EngineTravelTimes(engine: engine), limit: limit),
                              fleet: try DriverFleet(engine: engine, count: drivers, seed: seed), start: F.start,
                              seed: seed)
    }

    /// Plans Casino → Stade and runs the ride, returning every update and the last state.
    func ride(_ runner: RideRunner, drivers: Int = 6, seed: UInt64 = 7) async throws
        -> (updates: [RideUpdate], last: RideState, simulation: RideSimulation)
    {
        var simulation = try simulation(drivers: drivers, seed: seed)
        var updates: [RideUpdate] = []
        let last = try await runner.run(&simulation, from: F.casino, to: F.stade, rideClass: .standard) {
            updates.append($0)
        }
        return (updates, last, simulation)
    }

    func states(_ updates: [RideUpdate]) -> [RideStateName] {
        updates.compactMap { if case .state(let s) = $0.kind { s.name } else { nil } }
    }

    @Test func aRideGoesFromRequestToHistory() async throws {
        let store = try AppStore.inMemory()
        let (updates, last, simulation) = try await ride(RideRunner(store: store))
        #expect(states(updates) == [.selectingLocations, .selectingLocations, .routeReady, .submittingRequest,
                                    .searchingForDriver, .driverAssigned, .driverEnRoute, .driverArriving,
                                    .rideInProgress, .approachingDestination, .rideCompleted])
        let times = updates.map(\.t)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })

        // A position every second while the driver drives.
        let driverTimes = updates.compactMap { if case .driver = $0.kind { $0.t } else { nil } }
        #expect(driverTimes.count > 60)
        guard case .rideCompleted(let id, let plan, let driver, let fare) = last else {
            Issue.record("the ride ended in \(last.name)")
            return
        }
        // Arriving within 100 m of the pickup; approaching in the last 500 m or minute.
        let arriving = try #require(updates.first { if case .state(let s) = $0.kind { s.name == .driverArriving } else { false } })
        if case .state(let s) = arriving.kind, let at = s.driver?.position {
            #expect(Geodesy.distance(at, plan.route.coordinates[0]) <= 100)
        }
        let approaching = try #require(updates.firstIndex { if case .state(let s) = $0.kind { s.name == .approachingDestination } else { false } })
        let etaThere = updates[approaching...].compactMap { if case .driver(let d) = $0.kind { d } else { nil } }.first
        if let d = etaThere {
            #expect(d.eta <= 61 || Geodesy.distance(d.position, plan.route.coordinates.last!) <= 500)
        }
        // Fares: the estimate before confirming, the final at the end, in Monaco's currency.
        let fares = updates.compactMap { if case .fare(let f) = $0.kind { f } else { nil } }
        #expect(fares.map(\.kind) == [.estimate, .final])
        #expect(fares.allSatisfy { $0.currency == "EUR" } && fare == fares.last)
        #expect(abs(fare.distance - plan.route.distance) < 1)
        #expect(abs(fare.duration - plan.route.duration) <= 2)

        let history = try store.rides()
        #expect(history.map(\.id) == [id.rawValue])
        #expect(history[0].outcome == .completed && history[0].fareAmount == fare.amount)
        #expect(history[0].driverName == driver.name && history[0].pickupName == F.casino.name)
        #expect(simulation.fleet.free.count == 6)
    }

    @Test func theSameSeedGivesTheSameRide() async throws {
        let first = try await ride(RideRunner())
        let second = try await ride(RideRunner())
        #expect(first.updates == second.updates)
    }

    @Test func cancellingOnTheWayFreesTheDriverAndKeepsACancelledRide() async throws {
        let store = try AppStore.inMemory()
        let (updates, last, simulation) = try await ride(RideRunner(store: store, cancelAt: .driverEnRoute))
        #expect(last == .idle)
        #expect(states(updates).suffix(2) == [.driverEnRoute, .idle])
        let history = try store.rides()
        #expect(history.count == 1 && history[0].outcome == .cancelled && history[0].cancelledIn == "driverEnRoute")
        #expect(history[0].driverName != nil && history[0].fareAmount != nil)
        #expect(simulation.fleet.free.count == 6)
    }

    @Test func noDriverWithinTheLimitIsAnErrorThatCanBeRetried() throws {
        var simulation = try simulation(limit: 1)
        _ = try simulation.select(pickup: F.casino, destination: F.stade)
        _ = try simulation.quote(.standard)
        _ = try simulation.confirm()
        var updates: [RideUpdate] = []
        for _ in 0..<10 { updates += simulation.tick() }
        guard case .error(let error, let from) = simulation.state else {
            Issue.record("expected an error, got \(simulation.state.name)")
            return
        }
        #expect(error.kind == .noDriverAvailable(limit: 1, drivers: 6) && from.name == .searchingForDriver)
        #expect(error.description.contains("No driver available"))
        #expect(updates.contains { $0.kind == .error(error) })
        _ = try simulation.retry()
        #expect(simulation.state.name == .searchingForDriver)
        _ = try simulation.cancel()
        #expect(simulation.state == .idle)
    }

    @Test func aPacedRideWaitsOnTheInjectedClock() async throws {
        let clock = ImmediateClock()
        let (_, last, _) = try await ride(RideRunner(clock: clock))
        #expect(last.name == .rideCompleted)
        #expect(ImmediateClock.Instant().duration(to: clock.now) > .seconds(60))
    }
}
