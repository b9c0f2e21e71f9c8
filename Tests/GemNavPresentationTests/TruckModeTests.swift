import Clocks
import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavRouting
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// A provider that remembers every query and answers with fixed routes.
final class RecordingProvider: RouteProvider, @unchecked Sendable {
    let name = "the recording provider"
    let routes: [Route]
    private let lock = NSLock()
    private var seen: [RouteQuery] = []

    init(routes: [Route]) { self.routes = routes }

    var queries: [RouteQuery] { lock.withLock { seen } }

    func routes(for query: RouteQuery) async throws -> [Route] {
        lock.withLock { seen.append(query) }
        return routes
    }
}

/// The route card's truck mode: Pro only, the truck's dimensions typed on the card and sent
/// with every route request, reroutes included.
@MainActor @Suite struct TruckModeTests {
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))

    func routes() async throws -> [Route] { try await RoutePlanningModelTests.twoRoutes() }

    @Test func truckModeIsOfferedOnlyWhenTheTierIncludesIt() async throws {
        let car = RecordingProvider(routes: try await routes()), truck = RecordingProvider(routes: try await routes())
        var pro = false
        let model = RoutePlanningModel(providers: [.car: car, .truck: truck], clock: clock, timeFormat: TimeOfDayFormat(),
                                       allows: { $0 != .truck || pro })
        #expect(model.availableModes == [.car])
        model.currentLocation = RoutePlanningModelTests.west.coordinate
        model.send(.setDestination(RoutePlanningModelTests.east))
        model.send(.setMode(.truck))
        await model.settled()
        #expect(model.state.phase == .error("Truck routing is part of GemNav Pro: choose Pro in Settings, or another travel mode."))
        #expect(truck.queries.isEmpty)
        pro = true
        #expect(model.availableModes == [.car, .truck])
        model.send(.recalculate)
        await model.settled()
        #expect(model.state.phase == .routeReady)
        #expect(truck.queries.last?.vehicle == .truck)
    }

    @Test func typedDimensionsAreSentAndBadOnesExplained() async throws {
        let car = RecordingProvider(routes: try await routes()), truck = RecordingProvider(routes: try await routes())
        let model = RoutePlanningModel(providers: [.car: car, .truck: truck], clock: clock, timeFormat: TimeOfDayFormat())
        model.currentLocation = RoutePlanningModelTests.west.coordinate
        model.send(.setDestination(RoutePlanningModelTests.east))
        model.send(.setVehicleDimension("height", "3.2"))
        await model.settled()
        // Not in truck mode: kept for later, no new request.
        #expect(car.queries.count == 1 && car.queries[0].vehicle == nil)
        model.send(.setMode(.truck))
        await model.settled()
        model.send(.setVehicleDimension("weight", "12"))
        await model.settled()
        #expect(truck.queries.map { $0.vehicle?.height } == [3.2, 3.2])
        #expect(truck.queries.last?.vehicle?.weight == 12)
        model.send(.setVehicleDimension("height", "42"))
        await model.settled()
        #expect(truck.queries.count == 2, "a refused value asks for nothing")
        #expect(model.state.vehicle.height == 3.2)
        #expect(model.state.vehicleProblem?.contains("vehicle height '42'") == true)
        model.send(.setVehicleDimension("height", "3.9"))
        #expect(model.state.vehicleProblem == nil && model.state.vehicle.height == 3.9)
    }

    @Test func aProTruckTripReroutesWithItsTruck() async throws {
        let store = try AppStore.inMemory()
        let car = EngineRouteProvider(engine: RoutePlanningModelTests.engine)
        let truck = RecordingProvider(routes: try await routes())
        var settings = AppSettings()
        settings.tier = .pro
        let app = AppComposition.build(AppComposition.Environment(
            providers: [.car: car, .truck: truck], places: FakePlaces(clock: TestClock()), store: store,
            settings: InMemorySettings(settings), clock: clock, timer: TestClock(), centre: RoutePlanningModelTests.west.coordinate,
            timeZone: .gmt))
        app.map.send(.permissionChanged(.whenInUse))
        #expect(app.planning.availableModes.contains(.truck))
        app.planning.currentLocation = RoutePlanningModelTests.west.coordinate
        app.planning.send(.setMode(.truck))
        app.planning.send(.setVehicleDimension("length", "12"))
        app.planning.send(.setDestination(RoutePlanningModelTests.east))
        await app.planning.settled()
        app.send(.startNavigation)
        app.navigation.send(.consent(granted: false))
        // Far off the route, heading away: the reroute goes to the truck provider with the truck.
        for i in 1...6 {
            clock.advance(by: 1)
            app.send(.located(LocationFix(coordinate: GridMap.at(5, Double(i)), horizontalAccuracy: 5, speed: 10,
                                          course: 90, timestamp: clock.now)))
        }
        await app.navigation.settled()
        let reroute = try #require(truck.queries.last)
        #expect(reroute.alternatives == 0 && reroute.vehicle?.length == 12)
    }
}
