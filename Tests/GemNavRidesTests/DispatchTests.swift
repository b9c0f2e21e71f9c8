import Foundation
import GemNavCore
import GemNavRides
import GemNavServices
import Synchronization
import Testing

/// Dispatch on Monaco's roads: the driver sent is the nearest by driving time, asked in one
/// many-to-one matrix query.
@Suite struct DispatchTests {
    typealias F = RideFixtures

    /// On Boulevard Albert 1er by the harbour.
    let pickup = Coordinate(latitude: 43.735422, longitude: 7.423119)
    /// 135 m away as the crow flies, but more than twice as far by driving time.
    let nearByDistance = Driver(id: "near", name: "Ana", car: "Renault Zoe, white", plate: "AA-111-AA", rating: 4.9,
                                position: Coordinate(latitude: 43.735416, longitude: 7.421433))
    /// 274 m away, but the quicker drive to the pickup.
    let nearByTime = Driver(id: "fast", name: "Luca", car: "Kia Niro, red", plate: "BB-222-BB", rating: 4.7,
                            position: Coordinate(latitude: 43.732959, longitude: 7.423047))

    /// Counts the queries asked of the matrix beneath.
    final class CountingMatrix: TravelTimeMatrix {
        let base: any TravelTimeMatrix
        let queries = Mutex<[(sources: Int, destinations: Int)]>([])
        init(_ base: any TravelTimeMatrix) { self.base = base }
        func durations(from sources: [Coordinate], to destinations: [Coordinate]) throws(RideError) -> [[Double?]] {
            queries.withLock { $0.append((sources.count, destinations.count)) }
            return try base.durations(from: sources, to: destinations)
        }
    }

    @Test func theNearestDriverByTimeWinsOverTheNearestByDistance() throws {
        let engine = try F.engine.get()
        let drivers = [nearByDistance, nearByTime]
        // The case as built: nearer by distance, farther by time.
        let times = try EngineTravelTimes(engine: engine).durations(from: drivers.map(\.position), to: [pickup])
            .map { try #require($0[0]) }
        #expect(Geodesy.distance(nearByDistance.position, pickup) < Geodesy.distance(nearByTime.position, pickup))
        #expect(times[0] > times[1] * 1.5)

        let matrix = CountingMatrix(EngineTravelTimes(engine: engine))
        let choice = try Dispatcher(matrix: matrix).choose(among: drivers.map(\.position), for: pickup)
        #expect(choice.index == 1 && choice.eta == times[1])
        #expect(matrix.queries.withLock { $0.map(\.sources) == [2] && $0.map(\.destinations) == [1] })
    }

    @Test func theRideIsAssignedToTheNearestByTimeAndDrivesThereOnRoads() throws {
        let engine = try F.engine.get()
        let matrix = CountingMatrix(EngineTravelTimes(engine: engine))
        var simulation = RideSimulation(
            planner: RidePlanner(engine: engine, book: try TariffBook.bundled()), dispatcher: Dispatcher(matrix: matrix),
            fleet: DriverFleet(engine: engine, drivers: [nearByDistance, nearByTime]), start: F.start, seed: 1)
        _ = try simulation.select(pickup: Place(name: "Harbour", coordinate: pickup), destination: F.stade)
        _ = try simulation.quote(.standard)
        _ = try simulation.confirm()
        var positions: [Coordinate] = []
        for _ in 0..<600 where simulation.state.name != .rideInProgress {
            for update in simulation.tick() { if case .driver(let d) = update.kind { positions.append(d.position) } }
        }
        #expect(simulation.state.driver?.id == "fast")
        #expect(matrix.queries.withLock { $0.count } == 1)
        // One position a second, never jumping farther than a car drives in a second in town.
        #expect(positions.count > 10)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { Geodesy.distance($0, $1) < 40 })
        // The other driver was never engaged.
        #expect(simulation.fleet.members.filter(\.isBusy).map(\.driver.id) == ["fast"])
    }

    @Test func anXLRideGoesToAnXLCarEvenWhenASmallerOneIsNearer() throws {
        let engine = try F.engine.get()
        var van = nearByDistance
        (van.id, van.car, van.rideClass) = ("van", "Mercedes V-Class, black", .xl)
        var simulation = RideSimulation(
            planner: RidePlanner(engine: engine, book: try TariffBook.bundled()),
            dispatcher: Dispatcher(matrix: EngineTravelTimes(engine: engine)),
            fleet: DriverFleet(engine: engine, drivers: [van, nearByTime]), start: F.start, seed: 1)
        _ = try simulation.select(pickup: Place(name: "Harbour", coordinate: pickup), destination: F.stade)
        _ = try simulation.quote(.xl)
        _ = try simulation.confirm()
        for _ in 0..<60 where simulation.state.driver == nil { _ = simulation.tick() }
        #expect(simulation.state.driver?.id == "van")
        // A standard ride may go to either; the quicker one wins.
        #expect(RideClass.xl.serves(.standard) && !RideClass.standard.serves(.xl))
    }

    @Test(arguments: [1, 2, 1_800_000_000] as [UInt64])
    func everySimulatedFleetOffersXLCars(seed: UInt64) throws {
        let fleet = try DriverFleet(engine: try F.engine.get(), count: 8, seed: seed)
        let xl = fleet.members.filter { $0.driver.rideClass == .xl }
        #expect(xl.count == 2)
        #expect(xl.allSatisfy { ["Mercedes V-Class, black", "VW Multivan, grey"].contains($0.driver.car) })
        #expect(fleet.free(for: .xl).count == 2 && fleet.free(for: .standard).count == 8)
    }

    /// Monaco's extract reaches far into the French hills: over the whole box some seeded fleets
    /// had no XL car within the dispatcher's 15 minutes (the web app's XL ride then failed one
    /// run in about 40). Around the pickup, every driver is within the area's reach.
    @Test(arguments: Array(0..<24))
    func aFleetAroundThePickupAlwaysHasAnXLCarWithinReach(run: Int) throws {
        let engine = try F.engine.get()
        let pickup = [F.casino.coordinate, F.stade.coordinate, F.palace.coordinate][run % 3]
        let area = DriverFleet.ServiceArea(centre: pickup)
        let fleet = try DriverFleet(engine: engine, count: 8, seed: UInt64(1_790_000_000 + run * 7919), area: area)
        let times = try EngineTravelTimes(engine: engine).durations(from: fleet.members.map(\.driver.position), to: [pickup])
        #expect(times.allSatisfy { ($0[0] ?? .infinity) <= area.reach + 60 })
        let xl = fleet.free(for: .xl)
        #expect(xl.count == 2)
        #expect(try Dispatcher(matrix: EngineTravelTimes(engine: engine)).choose(among: xl.map(\.position), for: pickup).eta
                <= area.reach + 60)
    }

    @Test func aFleetAroundAPickupOffTheRoadsSaysThePickupIsTheProblem() throws {
        let sea = Coordinate(latitude: 43.5, longitude: 7.0), engine = try F.engine.get()
        do throws(RideError) {
            _ = try DriverFleet(engine: engine, count: 8, seed: 1, area: .init(centre: sea))
            Issue.record("a fleet was placed around a point in the sea")
        } catch {
            guard case .noRoute(let why) = error.kind else { Issue.record("\(error)"); return }
            #expect(why.contains("No road within") && !why.contains("driver"))
        }
    }

    @Test func anAreaWithNoRoadsInReachKeepsItsDriversOnTheCentresRoad() throws {
        let engine = try F.engine.get()
        let fleet = try DriverFleet(engine: engine, count: 3, seed: 1, area: .init(centre: F.stade.coordinate, reach: 0.001))
        let road = try #require(try engine.nearest(F.stade.coordinate).first?.location)
        #expect(fleet.members.allSatisfy { Geodesy.distance($0.driver.position, road) < 1 })
    }

    @Test func driversStoredBeforeCarsHadAClassReadAsStandard() throws {
        let old = #"{"id":"D1","name":"Ana","car":"Renault Zoe, white","plate":"AA-111-AA","rating":4.9,"position":{"latitude":43.7,"longitude":7.4}}"#
        let driver = try JSONDecoder().decode(Driver.self, from: Data(old.utf8))
        #expect(driver.rideClass == .standard && driver.name == "Ana")
        let round = try JSONDecoder().decode(Driver.self, from: JSONEncoder().encode(Driver(
            id: "D2", name: "Hugo", car: "VW Multivan, grey", plate: "BB-222-BB", rating: 4.8,
            position: pickup, rideClass: .xl)))
        #expect(round.rideClass == .xl)
    }
}
