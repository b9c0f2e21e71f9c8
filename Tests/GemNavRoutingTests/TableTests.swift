import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// The many-to-many table against the route service: every pair must match.
@Suite(.serialized) struct TableTests {
    static let monaco = Result { try GraphImporter(profile: .car).buildGraph(from: TestData.embeddedMonaco) }

    /// Points spread over Monaco: a grid, without the ones out at sea, plus two named places.
    static func points(_ engine: RoutingEngine) -> [Coordinate] {
        var out: [Coordinate] = []
        for lat in stride(from: 43.7260, through: 43.7500, by: 0.004) {
            for lon in stride(from: 7.4140, through: 7.4420, by: 0.007) {
                let c = Coordinate(latitude: lat, longitude: lon)
                if (try? engine.nearest(c, radius: 150)) != nil { out.append(c) }
            }
        }
        out.append(Coordinate(latitude: 43.7392, longitude: 7.4277))
        out.append(Coordinate(latitude: 43.7276, longitude: 7.4154))
        return out
    }

    @Test func everyPairMatchesItsRoute() throws {
        let engine = RoutingEngine(graph: try Self.monaco.get())
        let points = Self.points(engine)
        #expect(points.count >= 20)
        let table = try engine.table(sources: points, destinations: points)
        #expect(table.durations.count == points.count && table.durations.allSatisfy { $0.count == points.count })
        var compared = 0
        for (i, a) in points.enumerated() {
            for (j, b) in points.enumerated() {
                let route = try? engine.route(RouteRequest(waypoints: [a, b]))[0]
                guard let route else {
                    #expect(table.durations[i][j] == nil, "table has \(i)→\(j), route has none")
                    continue
                }
                let duration = try #require(table.durations[i][j], "table misses \(i)→\(j)")
                let distance = try #require(table.distances[i][j])
                #expect(abs(duration - route.duration) < 0.01, "\(i)→\(j): table \(duration) s, route \(route.duration) s")
                #expect(abs(distance - route.distance) < 0.05, "\(i)→\(j): table \(distance) m, route \(route.distance) m")
                compared += 1
            }
        }
        #expect(compared > points.count * points.count * 9 / 10)
    }

    /// Enough points that snapping and both search passes are split over the cores.
    @Test func largeTablesSplitOverCoresAgreeWithRoutes() throws {
        let engine = RoutingEngine(graph: try Self.monaco.get())
        var points: [Coordinate] = []
        for lat in stride(from: 43.7260, through: 43.7500, by: 0.0018) {
            for lon in stride(from: 7.4140, through: 7.4420, by: 0.003) {
                let c = Coordinate(latitude: lat, longitude: lon)
                if (try? engine.nearest(c, radius: 150)) != nil { points.append(c) }
            }
        }
        try #require(points.count >= 70)
        points = Array(points.prefix(70))
        let table = try engine.table(sources: points, destinations: points)
        for i in stride(from: 0, to: 70, by: 7) {
            for j in stride(from: 3, to: 70, by: 7) {
                let route = try engine.route(RouteRequest(waypoints: [points[i], points[j]]))[0]
                #expect(abs((table.durations[i][j] ?? -1) - route.duration) < 0.01, "\(i)→\(j)")
                #expect(abs((table.distances[i][j] ?? -1) - route.distance) < 0.05, "\(i)→\(j)")
            }
        }
        let row = try engine.table(sources: [points[5]], destinations: points)
        #expect(row.durations[0] == table.durations[5])
    }

    @Test func samePointIsZeroAndRoutesAreNotSymmetric() throws {
        let engine = RoutingEngine(graph: try Self.monaco.get())
        let points = Array(Self.points(engine).prefix(6))
        let table = try engine.table(sources: points, destinations: points)
        for i in points.indices {
            #expect(table.durations[i][i] == 0)
            #expect(table.distances[i][i] == 0)
        }
        // One-way streets make some return trips differ.
        let asymmetric = points.indices.contains { i in
            points.indices.contains { j in table.durations[i][j] != table.durations[j][i] }
        }
        #expect(asymmetric)
    }

    /// Two points on one long straight segment, on a two-way and on a one-way road: ahead is
    /// driven straight on, behind needs a turn-around or a loop; either way as `route` does.
    @Test(arguments: [true, false]) func sameEdgeAheadAndBehind(twoWay: Bool) throws {
        let graph = try Self.monaco.get()
        let engine = RoutingEngine(graph: graph)
        let found = (0..<graph.edgeCount).lazy.compactMap { e -> (Coordinate, Coordinate)? in
            guard graph.edgeFlags[e] & EdgeFlags.bigComponent != 0,
                  graph.isOpen(2 * e) && graph.isOpen(2 * e + 1) == twoWay else { return nil }
            for k in Int(graph.edgeGeometry[e])..<Int(graph.edgeGeometry[e + 1]) - 1 where graph.segmentMetres[k] > 80 {
                let p = graph.point(k), q = graph.point(k + 1)
                return (Geodesy.interpolate(p, q, fraction: 0.3), Geodesy.interpolate(p, q, fraction: 0.7))
            }
            return nil
        }.first
        let (a, b) = try #require(found)
        let table = try engine.table(sources: [a, b], destinations: [a, b])
        for (i, x) in [a, b].enumerated() {
            for (j, y) in [a, b].enumerated() {
                let route = try engine.route(RouteRequest(waypoints: [x, y]))[0]
                #expect(abs((table.durations[i][j] ?? -1) - route.duration) < 0.01, "\(i)→\(j)")
                #expect(abs((table.distances[i][j] ?? -1) - route.distance) < 0.05, "\(i)→\(j)")
            }
        }
        #expect(table.durations[0][1].map { $0 > 0 && $0 < 30 } == true)
        #expect(table.durations[1][0].map { $0 > 0 } == true)
    }

    @Test func waypointsAreSnappedLikeRoutes() throws {
        let engine = RoutingEngine(graph: try Self.monaco.get())
        let a = Coordinate(latitude: 43.7392, longitude: 7.4277), b = Coordinate(latitude: 43.7276, longitude: 7.4154)
        let table = try engine.table(sources: [a], destinations: [b, a])
        let route = try engine.route(RouteRequest(waypoints: [a, b]))[0]
        #expect(table.sources.count == 1 && table.destinations.count == 2)
        #expect(table.sources[0].input == a && table.destinations[0].input == b)
        #expect(RoadMetricTestDistance.metres(table.sources[0].location, route.waypoints[0].location) < 1)
        #expect(table.destinations[0].distance < 100)
    }

    @Test func badRequestsAreRefused() throws {
        let engine = RoutingEngine(graph: try Self.monaco.get())
        let a = Coordinate(latitude: 43.7392, longitude: 7.4277)
        #expect(throws: RoutingError.self) { try engine.table(sources: [], destinations: [a]) }
        #expect(throws: RoutingError.self) { try engine.table(sources: [a], destinations: [Coordinate(latitude: 91, longitude: 0)]) }
        do {
            _ = try engine.table(sources: [a], destinations: [Coordinate(latitude: 48.85, longitude: 2.35)])
            Issue.record("a point in Paris was snapped to Monaco")
        } catch let e as RoutingError {
            guard case .noSegment = e.kind else { Issue.record("expected noSegment, got \(e)"); return }
        }
    }
}

/// Metres between two points, for tolerances in tests.
enum RoadMetricTestDistance {
    static func metres(_ a: Coordinate, _ b: Coordinate) -> Double { RoadMetric.distance(a, b) }
}
