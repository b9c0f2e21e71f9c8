import Clocks
import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavRouting
import GemNavServices
import GemNavTestSupport
import Testing

/// A provider answering with fixed routes (the engine's own alternatives are tested in Routing).
struct FixedProvider: RouteProvider {
    var name = "the fixed provider"
    let routes: [Route]
    func routes(for query: RouteQuery) async throws -> [Route] { routes }
}

/// A provider that answers once the test opens its gate.
struct SlowProvider: RouteProvider {
    var name = "the test provider"
    let gate: Gate
    let routes: [Route]

    func routes(for query: RouteQuery) async throws -> [Route] {
        await gate.wait()
        return routes
    }
}

@MainActor @Suite struct RoutePlanningModelTests {
    /// Two ways from the west end to the east end: Rue Basse straight along row 0, and the
    /// slightly longer Rue Haute over row 1.
    static let engine: RoutingEngine = {
        var map = GridMap()
        map.way([(0, 0), (0, 6)], ["highway": "secondary", "name": "Rue Basse"])
        map.way([(0, 0), (1, 1), (1, 5), (0, 6)], ["highway": "secondary", "name": "Rue Haute"])
        map.way([(0, 6), (0, 8)], ["highway": "residential", "name": "Impasse Est"])
        // Side streets make junctions half-way along both, so each is a route of its own.
        map.way([(1, 3), (2, 3)], ["highway": "residential", "name": "Rue du Nord"])
        map.way([(0, 3), (-1, 3)], ["highway": "residential", "name": "Rue du Sud"])
        return RoutingEngine(graph: try! GraphImporter(profile: .car).buildGraph(from: try! map.write()))
    }()

    static let west = Place(name: "West", coordinate: GridMap.at(0, -0.0))
    static let east = Place(name: "East", coordinate: GridMap.at(0, 7.5))
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))  // 08:00 UTC

    func makeModel(_ providers: [TravelProfile: any RouteProvider] = [.car: EngineRouteProvider(engine: RoutePlanningModelTests.engine)])
        -> RoutePlanningModel
    {
        RoutePlanningModel(providers: providers, clock: clock, timeFormat: TimeOfDayFormat())
    }

    /// The fastest route along Rue Basse, and one forced over Rue Haute (through a stop there).
    static func twoRoutes() async throws -> [Route] {
        let engine = EngineRouteProvider(engine: Self.engine)
        let fast = try await engine.route(for: RouteQuery(waypoints: [west.coordinate, east.coordinate]))
        let over = try await engine.route(for: RouteQuery(waypoints: [west.coordinate, GridMap.at(1, 3), east.coordinate]))
        return [fast, over]
    }

    @Test func destinationGivesTheRoutesWithTheirViaAndArrival() async throws {
        let model = makeModel([.car: FixedProvider(routes: try await Self.twoRoutes())])
        model.currentLocation = Self.west.coordinate
        #expect(model.state.phase == .idle && model.availableModes == [.car])
        model.send(.setDestination(Self.east))
        #expect(model.state.phase == .routeCalculating)
        await model.settled()
        #expect(model.state.phase == .routeReady)
        let routes = model.state.routes
        #expect(routes.count == 2 && model.state.selected == 0)
        #expect(routes.map(\.via) == ["Rue Basse", "Rue Haute"])
        #expect(routes[0].route.duration < routes[1].route.duration)
        let first = routes[0]
        #expect(first.distanceText == DisplayFormatter().distance(first.route.distance))
        #expect(first.arrivalText == DisplayFormatter().clockTime(clock.now.addingTimeInterval(first.route.duration)))
        model.send(.select(1))
        #expect(model.state.selectedRoute?.via == "Rue Haute")
        model.send(.navigationStarted)
        #expect(model.state.phase == .navigating)
    }

    @Test func unknownPositionAsksForAStart() async {
        let model = makeModel()
        model.send(.setDestination(Self.east))
        #expect(model.state.phase == .error("Your position is not known yet: choose a start, or allow location access."))
        model.send(.setOrigin(Self.west))
        await model.settled()
        #expect(model.state.phase == .routeReady)
    }

    @Test func modeWithoutAProviderSaysSo() {
        let model = makeModel()
        model.currentLocation = Self.west.coordinate
        model.send(.setDestination(Self.east))
        model.send(.setMode(.bicycle))
        #expect(model.state.phase == .error("Bicycle routing is not available for this map."))
    }

    @Test func stopsAreAddedMovedAndRemoved() async {
        let model = makeModel()
        model.currentLocation = Self.west.coordinate
        let a = Place(name: "A", coordinate: GridMap.at(1, 3)), b = Place(name: "B", coordinate: GridMap.at(0, 3))
        model.send(.setDestination(Self.east))
        model.send(.addStop(a))
        model.send(.addStop(b))
        model.send(.moveStop(from: 1, to: 0))
        #expect(model.state.stops == [b, a])
        await model.settled()
        #expect(model.state.routes.allSatisfy { $0.route.legs.count == 3 }, "alternatives pass every stop too")
        model.send(.removeStop(0))
        await model.settled()
        #expect(model.state.stops == [a] && model.state.routes[0].route.legs.count == 2)
    }

    @Test func avoidOptionsAreKeptAndNoRouteGivesTheReason() async {
        let model = makeModel()
        model.currentLocation = Self.west.coordinate
        model.send(.setAvoid(.tolls, true))
        model.send(.setDestination(Place(name: "Nowhere", coordinate: Coordinate(latitude: 10, longitude: 10))))
        await model.settled()
        #expect(model.state.avoid == .tolls)
        guard case .error(let reason) = model.state.phase else {
            Issue.record("expected an error, got \(model.state.phase)")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func onlyTheLatestRequestIsShown() async throws {
        let slow = try await EngineRouteProvider(engine: Self.engine).routes(for: RouteQuery(
            waypoints: [Self.west.coordinate, Self.east.coordinate]))
        let car = Gate(), foot = Gate()
        let model = makeModel([.car: SlowProvider(gate: car, routes: slow),
                               .foot: SlowProvider(gate: foot, routes: [slow[0]])])
        model.currentLocation = Self.west.coordinate
        model.send(.setDestination(Self.east))     // car: slow
        model.send(.setMode(.foot))                // foot: answers first
        await foot.open()
        await model.settled()
        #expect(model.state.routes.count == 1)
        await car.arrived(1)
        await car.open()                           // the car answer arrives late: dropped
        for _ in 0..<100 { await Task.yield() }
        #expect(model.state.routes.count == 1 && model.state.mode == .foot)
    }
}
