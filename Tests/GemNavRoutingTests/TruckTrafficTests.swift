import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// Trucks with limits under live traffic: routed on the overlay's speeds, never through an
/// edge they do not fit, by the A* until the overlay's hierarchy is ready and by that
/// hierarchy after; exact against Dijkstra over the overlay's weights without those edges.
extension TrafficTests {
    /// From West (2, 0)–(2, 2) to East (2, 6)–(2, 8) by one of three ways: "Short" straight
    /// under a 3.5 m bridge, "Middle" by row 3 and "Long" by row 0.
    static func bridgeMap() throws -> RoutingEngine {
        var map = RoadMap()
        map.way([(2, 0), (2, 2)], ["highway": "residential", "name": "West"])
        map.way([(2, 2), (2, 4), (2, 6)], ["highway": "residential", "name": "Short", "maxheight": "3.5", "bridge": "yes"])
        map.way([(2, 2), (3, 2), (3, 6), (2, 6)], ["highway": "residential", "name": "Middle"])
        map.way([(2, 2), (0, 2), (0, 6), (2, 6)], ["highway": "residential", "name": "Long"])
        map.way([(2, 6), (2, 8)], ["highway": "residential", "name": "East"])
        return try map.engine(.truck)
    }

    /// Speed lines for both directions of every segment along `points` of the bridge map.
    static func speeds(_ points: [(Int, Int)], _ kmh: Double) -> [String] {
        zip(points, points.dropFirst()).flatMap { a, b in
            let (x, y) = (RoadMap.id(a.0, a.1), RoadMap.id(b.0, b.1))
            return ["\(x),\(y),\(kmh)", "\(y),\(x),\(kmh)"]
        }
    }

    static let short = [(2, 2), (2, 4), (2, 6)], middle = [(2, 2), (3, 2), (3, 6), (2, 6)]
    static let long = [(2, 2), (0, 2), (0, 6), (2, 6)]

    static func overlay(_ lines: [String], on graph: RoutingGraph) throws -> TrafficOverlay {
        try TrafficOverlay(SpeedUpdates(Data(lines.joined(separator: "\n").utf8), name: "bridge.csv"), graph: graph)
    }

    /// Traffic crawls on Middle, the way a 4 m truck takes without it: under traffic it takes
    /// Long at the overlay's speeds, never the bridge, by the A* and by the prepared hierarchy,
    /// exactly as a truck that fits the bridge does where traffic closes it; a 3.2 m truck
    /// keeps the bridge; tables agree with routes.
    @Test func tallTruckUnderTrafficAvoidsTheLowBridgeAtTheOverlaysSpeeds() throws {
        let engine = try Self.bridgeMap(), graph = engine.graph
        let tall = VehicleDimensions.truck
        var low = tall
        low.height = 3.2
        func route(_ engine: RoutingEngine, _ vehicle: VehicleDimensions) throws -> RoutePath {
            try engine.route(RouteRequest(waypoints: [RoadMap.at(2, 1), RoadMap.at(2, 7)], vehicle: vehicle))[0]
        }
        func table(_ engine: RoutingEngine, _ vehicle: VehicleDimensions) throws -> Double? {
            try engine.table(sources: [RoadMap.at(2, 1)], destinations: [RoadMap.at(2, 7)], vehicle: vehicle).durations[0][0]
        }
        let lowBase = try route(engine, low)
        #expect(lowBase.roadNames == ["West", "Short", "East"])
        #expect(try route(engine, tall).roadNames == ["West", "Middle", "East"])
        // Long at its imported speeds: what a truck fitting the bridge takes when the bridge and Middle are closed.
        let longOnly = RoutingEngine(graph: graph)
        longOnly.traffic = try Self.overlay(Self.speeds(Self.short, 0) + Self.speeds(Self.middle, 0), on: graph)
        let longBase = try route(longOnly, low)
        #expect(longBase.roadNames == ["West", "Long", "East"])

        let jam = Self.speeds(Self.middle, 3) + Self.speeds(Self.long, 10)
        engine.traffic = try Self.overlay(jam, on: graph)
        // The same traffic with the bridge closed, for a truck that fits under it: no limit
        // is searched, so this is the traffic route the tall truck must match.
        let closedBridge = RoutingEngine(graph: graph)
        closedBridge.traffic = try Self.overlay(jam + Self.speeds(Self.short, 0), on: graph)
        let expected = try route(closedBridge, low)
        #expect(expected.roadNames == ["West", "Long", "East"])
        #expect(expected.duration > longBase.duration * 1.5, "Long is slowed from \(longBase.duration) s to \(expected.duration) s")

        for stage in ["A*", "hierarchy"] {
            if stage == "hierarchy" { #expect(engine.prepareTrafficHierarchy()) }
            #expect(engine.trafficHierarchyIsReady == (stage == "hierarchy"))
            let slow = try route(engine, tall)
            #expect(slow.roadNames == ["West", "Long", "East"], "\(stage)")
            #expect(abs(slow.weight - expected.weight) < 0.001 && abs(slow.duration - expected.duration) < 0.01,
                    "\(stage): \(slow.weight) / \(slow.duration) s, expected \(expected.weight) / \(expected.duration) s")
            #expect(abs((try table(engine, tall) ?? -1) - slow.duration) < 0.01, "\(stage) table")
            // The bridge is not slowed: a truck that fits under it keeps its imported time.
            let under = try route(engine, low)
            #expect(under.roadNames == ["West", "Short", "East"] && abs(under.duration - lowBase.duration) < 0.01, "\(stage)")
            #expect(abs((try table(engine, low) ?? -1) - under.duration) < 0.01, "\(stage) table")
        }
    }

    /// Traffic closes both ways round the bridge: the tall truck's error names the bridge,
    /// as without traffic, by the A* and by the prepared hierarchy; its table has no entry.
    @Test func tallTruckBlockedUnderTrafficIsToldWhichLimit() throws {
        let engine = try Self.bridgeMap()
        engine.traffic = try Self.overlay(Self.speeds(Self.middle, 0) + Self.speeds(Self.long, 0), on: engine.graph)
        let request = RouteRequest(waypoints: [RoadMap.at(2, 1), RoadMap.at(2, 7)], vehicle: .truck)
        for stage in ["A*", "hierarchy"] {
            if stage == "hierarchy" { #expect(engine.prepareTrafficHierarchy()) }
            let error = #expect(throws: RoutingError.self) { try engine.route(request) }
            #expect(error?.description.contains("blocked by maxheight 3.5 m on Short") == true,
                    "\(stage): \(String(describing: error))")
            let table = try engine.table(sources: [request.waypoints[0]], destinations: [request.waypoints[1]], vehicle: .truck)
            #expect(table.durations[0][0] == nil, "\(stage)")
        }
    }

    /// Random overlays on the truck grid and random vehicles: the A* skipping the edges a
    /// vehicle does not fit, and the overlay's hierarchy excluding its limit bits, both give
    /// the weight of Dijkstra over the overlay's weights without those edges, and never pass
    /// one; 600 pairs (each overlay costs a contraction, so few overlays and many pairs).
    @Test func truckSearchesUnderRandomTrafficMatchDijkstra() throws {
        let engine = try TruckHierarchyTests.grid.get(), graph = engine.graph
        var rng = Generator(state: 53)
        let context = QueryContext(graph: graph)
        let memo = PotentialMemo(nodes: graph.directedEdgeCount)
        var compared = 0, routed = 0, changedByLimits = 0
        var mismatches: [String] = []
        for round in 0..<2 {
            let overlay = try Self.randomOverlay(graph, share: 0.2, rng: &rng, name: "truck\(round).csv")
            let traffic = try #require(TrafficHierarchy.contract(overlay, on: graph)).engine.graph
            let trafficContext = QueryContext(graph: traffic)
            var pairs = 0
            while pairs < 300 {
                guard let fit = try engine.vehicleFit(for: TruckHierarchyTests.randomVehicle(&rng)) else { continue }
                let sources = graph.randomPhantoms(using: &rng) { engine.reweighted($0, overlay) }.filter(fit.allows)
                let targets = graph.randomPhantoms(using: &rng) { engine.reweighted($0, overlay) }.filter(fit.allows)
                guard !sources.isEmpty, !targets.isEmpty else { continue }
                pairs += 1
                compared += 1
                let reference = Self.dijkstra(graph, overlay, sources, targets, excluded: 0, blocked: fit.blocked)
                if reference != nil { routed += 1 }
                if reference != Self.dijkstra(graph, overlay, sources, targets, excluded: 0) { changedByLimits += 1 }
                let aStar = graph.trafficRoute(from: sources, to: targets, overlay: overlay, blocked: fit.blocked,
                                               context: context, memo: memo)
                let hierarchy = traffic.hierarchyRoute(from: sources, to: targets, excluded: fit.excluded, context: trafficContext)
                let sameEdge = sources.contains { s in targets.contains { $0.node == s.node } }
                for (name, path) in [("A*", aStar), ("hierarchy", hierarchy)] {
                    // The hierarchy leaves loops back onto the start edge to the plain search, as without traffic.
                    if path?.weight != reference, !(name == "hierarchy" && path == nil && sameEdge) {
                        mismatches.append("round \(round), \(fit.vehicle.summary): \(name) \(String(describing: path?.weight)), Dijkstra \(String(describing: reference))")
                    }
                    if let used = path?.nodes.first(where: fit.blocked.contains) {
                        mismatches.append("round \(round), \(fit.vehicle.summary): \(name) passes blocked edge \(used)")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
        #expect(compared == 600 && routed > compared / 2 && changedByLimits > 100,
                "\(routed) of \(compared) pairs routed, limits changed \(changedByLimits): too few to prove anything")
    }

    /// Through the engine, with all limit bits and with merged ones (inexact vehicles then take
    /// the plain search over the overlay's weights): a truck's routes and table under random
    /// traffic are the same by the A* and by the prepared hierarchy.
    @Test(arguments: ["all bits", "merged bits"])
    func truckRoutesAndTablesUnderTrafficAgreeBeforeAndAfterTheHierarchy(bits: String) throws {
        let base = try (bits == "all bits" ? TruckHierarchyTests.grid : TruckHierarchyTests.mergedGrid).get()
        let engine = RoutingEngine(graph: base.graph)
        var rng = Generator(state: 59)
        engine.traffic = try Self.randomOverlay(engine.graph, share: 0.2, rng: &rng, name: "trucks.csv")
        func point() -> Coordinate {
            GridMap.at(Double.random(in: 0...19, using: &rng).rounded(), Double.random(in: 0...19, using: &rng))
        }
        let requests = (0..<120).map { _ in
            let vehicle = bits == "merged bits" && Bool.random(using: &rng)
                ? TruckHierarchyTests.allOrNothingVehicle(&rng) : TruckHierarchyTests.randomVehicle(&rng)
            return RouteRequest(waypoints: [point(), point()], vehicle: vehicle)
        }
        let points = (0..<5).map { _ in point() }
        let vehicles = [VehicleDimensions.truck, TruckHierarchyTests.randomVehicle(&rng), TruckHierarchyTests.randomVehicle(&rng)]
        func answers() -> (routes: [RoutePath?], tables: [TravelTable?]) {
            (requests.map { try? engine.route($0)[0] },
             vehicles.map { try? engine.table(sources: points, destinations: points, vehicle: $0) })
        }
        #expect(!engine.trafficHierarchyIsReady)
        let byAStar = answers()
        #expect(engine.prepareTrafficHierarchy())
        let byHierarchy = answers()
        var compared = 0, inexact = 0, changedByTraffic = 0
        for (i, (a, h)) in zip(byAStar.routes, byHierarchy.routes).enumerated() {
            // A waypoint on a road the overlay closed both ways: the A* snapped to it and found
            // no way out; the hierarchy's graph snaps to the nearest open road.
            guard let a else { continue }
            compared += 1
            if try engine.vehicleFit(for: requests[i].vehicle)?.isExact == false { inexact += 1 }
            if let free = try? base.route(requests[i])[0], abs(free.duration - a.duration) > 0.01 { changedByTraffic += 1 }
            let h = try #require(h, "request \(i) routed by the A* only")
            // Two ways of the same weight may differ in time (a destination-only street costs
            // weight, not time): the durations must agree where both took the same way.
            let samePath = a.legs.map(\.coordinates) == h.legs.map(\.coordinates)
            #expect(abs(a.weight - h.weight) < 0.001 && (!samePath || abs(a.duration - h.duration) < 0.01),
                    "request \(i) for \(requests[i].vehicle?.summary ?? ""): A* \(a.weight) / \(a.duration) s, hierarchy \(h.weight) / \(h.duration) s")
        }
        // Trucks are routed on the overlay's speeds, not the imported ones.
        #expect(compared > 80 && changedByTraffic > compared / 2, "traffic changed \(changedByTraffic) of \(compared) routes")
        if bits == "merged bits" { #expect(inexact > 30) }
        for (k, (a, h)) in zip(byAStar.tables, byHierarchy.tables).enumerated() {
            let a = try #require(a), h = try #require(h)
            for i in points.indices {
                for j in points.indices {
                    guard let d = a.durations[i][j] else { continue }
                    #expect(abs((h.durations[i][j] ?? -1) - d) < 0.01, "vehicle \(k), \(i)→\(j): A* \(d) s, hierarchy \(String(describing: h.durations[i][j]))")
                }
            }
        }
    }
}
