import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavRouting
import GemNavTestSupport
import Testing

/// The navigation screen folded from a whole simulated trip on a hand-drawn map: east along
/// Rue Basse, left into Rue Haute, to the end.
@Suite struct NavigationViewStateTests {
    func route(language: String = "en", units: DistanceUnits = .metric) throws -> Route {
        var map = GridMap()
        map.way([(0, 0), (0, 6)], ["highway": "residential", "name": "Rue Basse", "maxspeed": "50"])
        map.way([(0, 6), (5, 6)], ["highway": "residential", "name": "Rue Haute", "maxspeed": "30"])
        let engine = RoutingEngine(graph: try GraphImporter(profile: .car).buildGraph(from: try map.write()))
        let path = try engine.route(RouteRequest(waypoints: [GridMap.at(0, 0.2), GridMap.at(4.8, 6)]))[0]
        return Guidance.route(from: path, options: GuidanceOptions(language: language, units: units))
    }

    /// Every screen of the trip, one per update.
    func screens(_ route: Route, language: String = "en", units: DistanceUnits = .metric,
                 options: SimulationOptions = SimulationOptions()) async throws
        -> [NavigationViewState]
    {
        var settings = NavigationSettings()
        settings.units = units
        settings.language = language
        settings.channels = .all
        let player = try TripPlayer(route: route, settings: settings, source: .simulator(RouteSimulator(route: route, options: options)))
        var screen = NavigationViewState(format: DisplayFormatter(language: language, units: units))
        var screens: [NavigationViewState] = []
        var pace = DrivenPace()
        await player.run { _, updates in
            for update in updates {
                screen.apply(update, pace: &pace)
                screens.append(screen)
            }
        }
        return screens
    }

    @Test func theBannerShowsWhichLaneToTake() async throws {
        var map = GridMap()
        // A plain turn:lanes is read on one-way roads only, as OSRM does; both-way roads say which way.
        map.way([(0, 0), (0, 6)], ["highway": "secondary", "name": "Rue Basse", "turn:lanes:forward": "left|through|through"])
        map.way([(0, 6), (0, 10)], ["highway": "secondary", "name": "Rue Basse"])
        map.way([(0, 6), (5, 6)], ["highway": "residential", "name": "Rue Haute"])
        let engine = RoutingEngine(graph: try GraphImporter(profile: .car).buildGraph(from: try map.write()))
        let path = try engine.route(RouteRequest(waypoints: [GridMap.at(0, 0.2), GridMap.at(4.8, 6)]))[0]
        let route = Guidance.route(from: path, options: GuidanceOptions())
        let screens = try await screens(route)
        let turn = try #require(screens.compactMap(\.banner).first { $0.icon == .left })
        #expect(turn.lanes.map(\.icons) == [[.left], [.straight], [.straight]])
        #expect(turn.lanes.map(\.isActive) == [true, false, false])
        #expect(turn.lanes[0].directions == "left")
    }

    @Test func bannerRouteInfoAndSpeedFollowTheTrip() async throws {
        let screens = try await screens(try route())
        let first = try #require(screens.first)
        #expect(first.tripState == "navigating" && first.street == "Rue Basse")
        #expect(first.banner?.icon == .left && first.banner?.instruction.contains("Rue Haute") == true)
        #expect(first.limitText == "50 km/h")
        // The banner's distance counts down as the car drives.
        let distances = screens.prefix { $0.banner?.icon == .left }.compactMap(\.banner?.distanceText)
        #expect(distances.count > 10 && distances.first != distances.last)
        // After the turn: the new street, its limit, the arrival banner.
        let after = try #require(screens.first { $0.street == "Rue Haute" })
        #expect(after.limitText == "30 km/h" && after.banner?.icon == .arrive)
        #expect(screens.contains { $0.lastCue?.pattern.kind == .left })
        #expect(screens.contains { $0.lastPrompt?.contains("Rue Haute") == true })
        let last = try #require(screens.last)
        #expect(last.tripState == "complete" && last.banner == nil)
        #expect(last.remainingDistanceText == "0 m" && last.remainingTimeText == "0 sec")
        #expect(screens.allSatisfy { !$0.isOffRoute })
    }

    @Test func theTimeLeftFollowsThePaceDriven() async throws {
        let route = try route()
        var slow = SimulationOptions()
        slow.speedFactor = 0.5
        let planned = try await screens(route)
        let driven = try await screens(route, options: slow)
        /// "45 sec" or "2 min" in seconds.
        func seconds(_ text: String) -> Double {
            let n = Double(text.split(separator: " ")[0]) ?? 0
            return text.hasSuffix("min") ? n * 60 : n
        }
        // Where both trips have the same distance left, after a minute of slow driving (the pace
        // is smoothed over about a minute).
        let late = driven.filter { $0.elapsed > 60 && $0.tripState == "navigating" }
        let pairs = late.compactMap { d in
            planned.first { $0.remainingDistanceText == d.remainingDistanceText }.map { (planned: $0, driven: d) }
        }
        // Within the last minute the time is worded to the second.
        let pair = try #require(pairs.first { (20...45).contains(seconds($0.planned.remainingTimeText)) })
        #expect(seconds(pair.driven.remainingTimeText) >= 1.3 * seconds(pair.planned.remainingTimeText),
                "half the speed: \(pair.driven.remainingTimeText) left against \(pair.planned.remainingTimeText) planned")
    }

    @Test func frenchImperialIsWordedFromItsTable() async throws {
        let screens = try await screens(try route(language: "fr", units: .imperial), language: "fr", units: .imperial)
        let first = try #require(screens.first)
        #expect(first.remainingDistanceText.hasSuffix(" ft") || first.remainingDistanceText.hasSuffix(" mi"))
        #expect(first.limitText == "31 mph")
        #expect(screens.contains { $0.lastPrompt?.contains("à gauche") == true })
        #expect(screens.last?.remainingTimeText == "0 s")
    }
}
