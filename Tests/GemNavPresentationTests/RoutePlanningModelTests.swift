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
        let routes = try await Self.twoRoutes()
        let model = makeModel([.car: FixedProvider(routes: routes)])
        model.currentLocation = Self.west.coordinate
        #expect(model.availableModes == [.car])
        let store = ScreenStore(model)
        store.send(.setDestination(Self.east)) {
            $0.destination = Self.east
            $0.phase = .routeCalculating
        }
        let format = DisplayFormatter(), clockTime = TimeOfDayFormat()
        await store.run({ await model.settled() }) {
            $0.routes = zip(routes.indices, routes).map { i, route in
                RouteSummary(id: i, route: route, durationText: format.duration(route.duration),
                             distanceText: format.distance(route.distance),
                             arrivalText: clockTime.time(clock.now.addingTimeInterval(route.duration)),
                             via: ["Rue Basse", "Rue Haute"][i])
            }
            $0.phase = .routeReady
        }
        #expect(routes[0].duration < routes[1].duration, "the fastest first")
        store.send(.select(1)) { $0.selected = 1 }
        store.send(.select(7))                                      // no such route: nothing changes
        store.send(.navigationStarted) { $0.phase = .navigating }
        store.send(.reset) { $0 = RoutePlanningModel.State() }
        store.finish()
    }

    @Test func unknownPositionAsksForAStart() async {
        let store = ScreenStore(makeModel())
        store.send(.setDestination(Self.east)) {
            $0.destination = Self.east
            $0.phase = .error("Your position is not known yet: choose a start, or allow location access.")
        }
        store.send(.setOrigin(Self.west)) {
            $0.origin = Self.west
            $0.phase = .routeCalculating
        }
        await store.run({ await store.model.settled() }) {
            $0.phase = .routeReady
            $0.routes = store.state.routes
        }
        #expect(store.state.routes.first?.via == "Rue Basse")
        store.finish()
    }

    @Test func modeWithoutAProviderSaysSo() {
        let model = makeModel()
        model.currentLocation = Self.west.coordinate
        let store = ScreenStore(model)
        store.send(.setDestination(Self.east)) {
            $0.destination = Self.east
            $0.phase = .routeCalculating
        }
        store.send(.setMode(.bicycle)) {
            $0.mode = .bicycle
            $0.phase = .error("Bicycle routing is not available for this map.")
        }
        store.finish()
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
