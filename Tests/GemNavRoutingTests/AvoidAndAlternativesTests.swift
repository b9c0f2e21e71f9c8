import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// Avoid options and alternatives answered through the hierarchy, end to end through the
/// engine: routes and their alternatives keep off excluded roads, and stops keep their legs.
@Suite(.serialized) struct AvoidAndAlternativesTests {
    static let grid = Result { try GraphImporter(profile: .car).buildGraph(from: HierarchyExactnessTests.restrictedGrid()) }

    /// Corners and edges of the grid, far enough apart for several ways across.
    static let pairs: [((Double, Double), (Double, Double))] = [
        ((0, 0), (23, 23)), ((0, 23), (23, 0)), ((2, 3), (20, 19)), ((11, 0), (12, 23)), ((0, 12), (23, 11)),
    ]

    /// The avoidable kinds of road a route drives on.
    func kinds(_ route: RoutePath) -> AvoidOptions {
        var found: AvoidOptions = []
        for stretch in route.legs.flatMap(\.roads) {
            if stretch.road.isToll { found.insert(.tolls) }
            if stretch.road.roadClass == .motorway || stretch.road.roadClass == .motorwayLink { found.insert(.motorways) }
            if stretch.road.roadClass == .ferry { found.insert(.ferries) }
        }
        return found
    }

    @Test(arguments: [AvoidOptions.tolls, .motorways, [.tolls, .motorways]])
    func alternativesWithAvoidOptionsKeepOffTheAvoidedRoads(avoid: AvoidOptions) throws {
        let engine = RoutingEngine(graph: try Self.grid.get())
        var withAlternatives = 0
        for (a, b) in Self.pairs {
            let request = RouteRequest(waypoints: [GridMap.at(a.0, a.1), GridMap.at(b.0, b.1)], alternatives: 3, avoid: avoid)
            guard let routes = try? engine.route(request) else { continue }
            if routes.count > 1 { withAlternatives += 1 }
            for route in routes {
                #expect(kinds(route).isDisjoint(with: avoid), "\(a) → \(b) uses a road it avoids")
                #expect(route.weight <= routes[0].weight * 1.3 + 1)
            }
            let plain = try engine.route(RouteRequest(waypoints: request.waypoints))[0]
            #expect(routes[0].weight >= plain.weight)
        }
        #expect(withAlternatives > 0, "no pair had an alternative avoiding \(avoid.words)")
    }

    @Test func alternativesWithStopsTakeOneLegAnotherWay() throws {
        let engine = RoutingEngine(graph: try Self.grid.get())
        let stops = [GridMap.at(0, 0), GridMap.at(12, 12), GridMap.at(23, 23)]
        let routes = try engine.route(RouteRequest(waypoints: stops, alternatives: 2))
        try #require(routes.count > 1, "no alternative for a trip with a stop")
        let best = routes[0]
        for alternative in routes.dropFirst() {
            #expect(alternative.legs.count == 2 && alternative.waypoints == best.waypoints)
            let changed = zip(alternative.legs, best.legs).filter { $0.coordinates != $1.coordinates }
            #expect(changed.count == 1, "an alternative with stops changes exactly one leg")
            #expect(alternative.weight >= best.weight && alternative.weight <= best.weight * 1.3 + 1)
        }
    }
}

extension AvoidAndAlternativesTests {
    /// A table with avoid options reports, for every pair, the route with the same options.
    @Test func tablesWithAvoidOptionsMatchTheirRoutes() throws {
        let engine = RoutingEngine(graph: try Self.grid.get())
        let points = stride(from: 0.0, through: 23, by: 4.6).flatMap { r in [GridMap.at(r, 0.5), GridMap.at(r, 22.5)] }
        let avoid: AvoidOptions = [.tolls, .motorways]
        let table = try engine.table(sources: points, destinations: points, avoid: avoid)
        var compared = 0
        for (i, a) in points.enumerated() {
            for (j, b) in points.enumerated() {
                let route = try? engine.route(RouteRequest(waypoints: [a, b], avoid: avoid))[0]
                #expect((route == nil) == (table.durations[i][j] == nil), "\(i)→\(j): table and route disagree on reachability")
                guard let route, let duration = table.durations[i][j] else { continue }
                #expect(abs(duration - route.duration) < 0.01, "\(i)→\(j): table \(duration) s, route \(route.duration) s")
                compared += 1
            }
        }
        // Avoiding both leaves much of this grid unreachable; enough pairs remain to compare.
        #expect(compared >= 40)
    }
}
