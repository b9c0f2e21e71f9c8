import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavRouting
import GemNavServices
import GemNavTestSupport
import Testing

/// The navigation screen under live traffic: a speed update on the road ahead makes the
/// screen check its route, offer the detour ("Faster route found, saves N min") by sight and
/// voice, and follow it when the user takes it.
@MainActor @Suite struct FasterRouteModelTests {
    /// Grande Rue goes 2 km straight east; Rue du Détour leaves it at its start, runs 300 m
    /// north of it and comes back at its end.
    struct Town {
        let engine: RoutingEngine
        /// The speed file line that slows Grande Rue to a crawl, both ways.
        let jam: Data

        init() throws {
            var map = GridMap()
            map.way([(0, 0), (0, 2)], ["highway": "secondary", "name": "Rue du Départ"])
            map.way([(0, 2), (0, 22)], ["highway": "secondary", "name": "Grande Rue"])
            map.way([(0, 2), (3, 2), (3, 22), (0, 22)], ["highway": "secondary", "name": "Rue du Détour"])
            map.way([(0, 22), (0, 24)], ["highway": "secondary", "name": "Rue d'Arrivée"])
            let a = map.node(0, 2), b = map.node(0, 22)
            jam = Data("\(a),\(b),4\n\(b),\(a),4\n".utf8)
            engine = RoutingEngine(graph: try GraphImporter(profile: .car).buildGraph(from: try map.write()))
        }

        /// The trip from the west end to the east end, and a navigation screen on the town.
        @MainActor
        func trip(clock: ManualClock) async throws -> (plan: TripPlan, model: NavigationModel) {
            let provider = EngineRouteProvider(engine: engine)
            let places = [Place(name: "Départ", coordinate: GridMap.at(0, 0.2)),
                          Place(name: "Arrivée", coordinate: GridMap.at(0, 23.8))]
            let plan = try await TripPlan.make(places: places, avoid: [], provider: provider)
            return (plan, NavigationModel(provider: provider, store: nil, clock: clock))
        }
    }

    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func aJamAheadOffersTheDetourAndTakingItFollowsIt() async throws {
        let town = try Town()
        let (plan, model) = try await town.trip(clock: clock)
        #expect(!plan.route.legs[0].steps.contains { $0.name == "Rue du Détour" })
        model.start(plan)

        var simulator = try RouteSimulator(route: plan.route, options: SimulationOptions())
        var followed = plan.route
        var offers: [String] = [], spoken: [String] = [], remaining: [String] = []
        var n = 0
        while let fix = simulator.next(), n < 1_000, model.state.phase != .arrived {
            n += 1
            clock.set(to: fix.timestamp)
            model.send(.fix(fix))
            await model.settled()
            if n == 2 {
                remaining.append(model.state.screen.remainingTimeText)
                town.engine.traffic = try TrafficOverlay(SpeedUpdates(town.jam, name: "jam.csv"), graph: town.engine.graph)
            }
            if let offer = model.state.fasterRoute, offers.last != offer {
                offers.append(offer)
                remaining.append(model.state.screen.remainingTimeText)
                model.send(.acceptFasterRoute)
            }
            spoken += model.takeEffects().compactMap { if case .speak(let s) = $0 { s } else { nil } }
            if let current = model.route, current != followed {
                followed = current
                try simulator.follow(current)
            }
        }
        #expect(offers.count == 1)
        let offer = try #require(offers.first)
        #expect(offer.hasPrefix("Faster route found, saves ") && offer.hasSuffix(" min"))
        #expect(spoken.contains(offer))
        // Before the offer was taken the ETA already showed the jam.
        #expect(remaining.count == 2 && remaining[0] != remaining[1])
        #expect(model.state.phase == .arrived)
        #expect(followed.legs[0].steps.contains { $0.name == "Rue du Détour" })
        #expect(model.state.fasterRoute == nil)
    }

    @Test func withoutTrafficNothingIsOffered() async throws {
        let (plan, model) = try await Town().trip(clock: clock)
        var events: [String] = []
        model.onUpdate = { events += $0.events.map(\.type) }
        model.start(plan)
        var simulator = try RouteSimulator(route: plan.route, options: SimulationOptions())
        while let fix = simulator.next(), model.state.phase != .arrived {
            clock.set(to: fix.timestamp)
            model.send(.fix(fix))
            await model.settled()
            #expect(model.state.fasterRoute == nil)
        }
        // The embedded engine says when its speeds change: no check without a change.
        #expect(!events.contains("routeCheckNeeded"))
        #expect(events.contains("arrived"))
    }
}
