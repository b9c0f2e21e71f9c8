import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// Truck limits as restriction bits of the hierarchy: routes, alternatives and tables for a
/// vehicle must match the plain Dijkstra that skips the edges it does not fit, and never
/// pass one, also when the map has more distinct limits than bits.
@Suite(.serialized) struct TruckHierarchyTests {
    typealias SeededGenerator = HierarchyExactnessTests.SeededGenerator

    /// Limit values drawn per dimension (metres, tonnes), a few equal to each other on purpose.
    static let limitValues: [(tag: String, values: [String])] = [
        ("maxheight", ["3.0", "3.5", "3.8", "4.2", "4.5", "11'6\""]),
        ("maxweight", ["3.5", "7.5", "12", "26 t", "44"]),
        ("maxwidth", ["2.2", "2.5", "2.55", "3"]),
        ("maxlength", ["8", "10", "12", "18"]),
        ("maxaxleload", ["6", "8", "10", "12"]),
    ]

    /// A 20 × 20 grid of short ways, one in sixteen with a random limit (denser limits in every dimension make contraction combinatorial: see docs), some tolls and
    /// motorways, some one-way, and a few height restrictors on nodes.
    static func limitedGrid() throws -> URL {
        var map = GridMap()
        var rng = SeededGenerator(state: 17)
        func tags() -> [String: String] {
            let roll = Int.random(in: 0..<100, using: &rng)
            var t = ["highway": roll < 15 ? "motorway" : roll < 45 ? "primary" : roll < 75 ? "tertiary" : "residential"]
            if Int.random(in: 0..<100, using: &rng) < 10 { t["toll"] = "yes" }
            if Int.random(in: 0..<100, using: &rng) < 12 { t["oneway"] = "yes" }
            if Int.random(in: 0..<100, using: &rng) < 6 {
                let (tag, values) = limitValues[Int.random(in: 0..<limitValues.count, using: &rng)]
                let direction = ["", "", ":forward", ":backward"][Int.random(in: 0..<4, using: &rng)]
                t[tag + direction] = values[Int.random(in: 0..<values.count, using: &rng)]
            }
            return t
        }
        for r in 0..<20 {
            for c in 0..<20 {
                if c < 19 { map.way([(Double(r), Double(c)), (Double(r), Double(c + 1))], tags()) }
                if r < 19 { map.way([(Double(r), Double(c)), (Double(r + 1), Double(c))], tags()) }
                if Int.random(in: 0..<100, using: &rng) < 3 {
                    map.tagNode(Double(r), Double(c), ["barrier": "height_restrictor", "maxheight": "3.3"])
                }
            }
        }
        return try map.write()
    }

    static let grid = Result<RoutingEngine, any Error> { try RoutingEngine(graph: GraphImporter(profile: .truck).buildGraph(from: limitedGrid())) }

    /// The same grid with only 6 limit bits for its 19 distinct values, so most share a bit.
    static let mergedGrid = Result<RoutingEngine, any Error> {
        var importer = GraphImporter(profile: .truck)
        importer.limitBitCapacity = 6
        return try RoutingEngine(graph: importer.buildGraph(from: limitedGrid()))
    }

    /// A vehicle around the limits' range, often exactly at one of them.
    static func randomVehicle(_ rng: inout SeededGenerator) -> VehicleDimensions {
        func pick(_ range: ClosedRange<Double>, _ exact: [Double]) -> Double {
            Int.random(in: 0..<4, using: &rng) == 0 ? exact[Int.random(in: 0..<exact.count, using: &rng)]
                : (Double.random(in: range, using: &rng) * 10).rounded() / 10
        }
        return VehicleDimensions(height: pick(2.6...4.8, [3.5, 3.8, 4.2]), weight: pick(2...50, [7.5, 12, 26]),
                                 width: pick(2.0...3.2, [2.5, 2.55]), length: pick(6...20, [10, 12]),
                                 axleLoad: pick(5...13, [8, 10]))
    }

    /// A vehicle that in each dimension fits everything or nothing: with merged bits its
    /// exclusion is still exact (the largest value always has a bit of its own).
    static func allOrNothingVehicle(_ rng: inout SeededGenerator) -> VehicleDimensions {
        func pick() -> Double { Int.random(in: 0..<10, using: &rng) < 8 ? 0.5 : 99 }
        return VehicleDimensions(height: pick(), weight: pick(), width: pick(), length: pick(), axleLoad: pick())
    }

    @Test func limitBitsAreOnePerValueOrSharedByNeighbours() throws {
        func record(_ height: Double) -> EdgeLimitRecord { EdgeLimitRecord(edge: 0, PhysicalLimits(height: height)) }
        let edges = [3.0, 3.5, 3.8, 4.2, 4.5, 3.5].map(record)
        let all = LimitBits(edges: edges)
        #expect(all.records.map(\.code) == [300, 350, 380, 420, 450])
        #expect(all.records.allSatisfy { $0.isThreshold == 1 })
        // An edge carries the bits of every threshold at or above its limit.
        #expect(all.bits(of: record(3.8)) == 0b11100 << 3)
        // A 4.0 m truck is blocked by 3.0…3.8: one bit, that of 3.8, closes exactly those.
        let tall = all.exclusion(for: VehicleDimensions(height: 4.0, weight: 1, width: 1, length: 1, axleLoad: 1))
        #expect(tall.bits == 1 << 5 && tall.exact)
        #expect(all.exclusion(for: VehicleDimensions(height: 2.9, weight: 1, width: 1, length: 1, axleLoad: 1)).bits == 0)
        // Two bits for five values: groups {3.0, 3.5, 3.8} and {4.2, 4.5}.
        let merged = LimitBits(edges: edges, capacity: 2)
        #expect(merged.records.map(\.isThreshold) == [0, 0, 1, 0, 1])
        #expect(merged.bits(of: record(3.0)) == 0b11 << 3 && merged.bits(of: record(4.2)) == 0b10 << 3)
        let atGroupEnd = merged.exclusion(for: VehicleDimensions(height: 4.0, weight: 1, width: 1, length: 1, axleLoad: 1))
        #expect(atGroupEnd.bits == 1 << 3 && atGroupEnd.exact)
        // A 3.6 m truck is blocked by 3.5, whose bit also closes 3.8: conservative, so inexact.
        let inGroup = merged.exclusion(for: VehicleDimensions(height: 3.6, weight: 1, width: 1, length: 1, axleLoad: 1))
        #expect(inGroup.bits == 1 << 3 && !inGroup.exact)
    }

    /// Random vehicles and random points (with avoid options now and then): the hierarchy with
    /// the vehicle's bits gives the plain Dijkstra's weight without its blocked edges, and
    /// never uses one.
    @Test func limitedHierarchyMatchesDijkstraForRandomVehicles() throws {
        let engine = try Self.grid.get(), graph = engine.graph
        #expect(graph.limitBits.records.count >= 10 && graph.limitBits.records.allSatisfy { $0.isThreshold == 1 })
        let context = QueryContext(graph: graph)
        var rng = SeededGenerator(state: 23)
        var compared = 0, changed = 0, routed = 0
        var mismatches: [String] = []
        while compared < 1000 {
            let vehicle = Self.randomVehicle(&rng)
            let avoid: UInt8 = [0, 0, 0, EdgeFlags.toll, EdgeFlags.motorway][Int.random(in: 0..<5, using: &rng)]
            guard let fit = try engine.vehicleFit(for: vehicle) else { continue }
            #expect(fit.isExact)
            let sources = graph.randomPhantoms(using: &rng).filter { fit.allows($0) && graph.edgeFlags[Int($0.node >> 1)] & avoid == 0 }
            let targets = graph.randomPhantoms(using: &rng).filter { fit.allows($0) && graph.edgeFlags[Int($0.node >> 1)] & avoid == 0 }
            guard !sources.isEmpty, !targets.isEmpty else { continue }
            compared += 1
            let fast = graph.hierarchyRoute(from: sources, to: targets, excluded: UInt32(avoid) | fit.excluded, context: context)
            let plain = graph.plainRoute(from: sources, to: targets, excluded: avoid, blocked: fit.blocked, context: context)
            let free = graph.plainRoute(from: sources, to: targets, excluded: avoid, context: context)
            if plain != nil { routed += 1 }
            if plain?.weight != free?.weight { changed += 1 }
            if fast?.weight != plain?.weight {
                let sameEdge = sources.contains { s in targets.contains { $0.node == s.node } }
                if fast == nil && sameEdge { continue }
                mismatches.append("\(vehicle.summary): hierarchy \(String(describing: fast?.weight)), dijkstra \(String(describing: plain?.weight))")
            }
            if let used = fast?.nodes.first(where: fit.blocked.contains) {
                mismatches.append("\(vehicle.summary) passes directed edge \(used), limited \(String(describing: graph.limits(ofDirectedEdge: Int(used))))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
        // The limits must matter, or the test proves nothing.
        #expect(changed > 50 && routed > 600, "limits changed \(changed) of \(compared) routes, \(routed) routed")
    }

    /// Through the engine: a truck's route is the reference route's weight, with or without
    /// merged limit bits (inexact vehicles then take the plain search), or both find none.
    @Test(arguments: ["all bits", "merged bits"])
    func truckRoutesMatchTheReference(bits: String) throws {
        let engine = try (bits == "all bits" ? Self.grid : Self.mergedGrid).get()
        if bits == "merged bits" { #expect(engine.graph.limitBits.records.contains { $0.isThreshold == 0 }) }
        var rng = SeededGenerator(state: 31)
        var exact = 0, inexact = 0, noRoute = 0
        for _ in 0..<250 {
            let vehicle = bits == "merged bits" && Bool.random(using: &rng)
                ? Self.allOrNothingVehicle(&rng) : Self.randomVehicle(&rng)
            func point() -> Coordinate {
                GridMap.at(Double.random(in: 0...19, using: &rng).rounded(), Double.random(in: 0...19, using: &rng))
            }
            let request = RouteRequest(waypoints: [point(), point()], vehicle: vehicle)
            if try engine.vehicleFit(for: vehicle)?.isExact == false { inexact += 1 } else { exact += 1 }
            let fast = Result { try engine.route(request)[0] }, reference = Result { try engine.referenceRoute(request) }
            switch (fast, reference) {
            case (.success(let a), .success(let b)):
                #expect(abs(a.weight - b.weight) < 1e-6, "\(vehicle.summary): \(a.weight) vs reference \(b.weight)")
            case (.failure(let a), .failure(let b)):
                #expect("\(a)" == "\(b)")
                noRoute += 1
            default:
                Issue.record("\(vehicle.summary): route \(fast), reference \(reference)")
            }
        }
        #expect(exact > 50)
        if bits == "merged bits" { #expect(inexact > 50) } else { #expect(inexact == 0 && noRoute < 125) }
    }

    /// Alternatives for trucks come from the hierarchy too, and none passes a limit the
    /// vehicle exceeds (checked on the coordinates, against the graph's list of limited edges).
    @Test func truckAlternativesNeverPassALimit() throws {
        let engine = try Self.grid.get()
        var rng = SeededGenerator(state: 37)
        var alternatives = 0
        for _ in 0..<120 {
            let vehicle = Self.randomVehicle(&rng)
            let closed = engine.graph.limitedEdges.filter { vehicle.exceeded($0.limits) != nil }
            let a = GridMap.at(Double(Int.random(in: 0...4, using: &rng)), Double.random(in: 0...19, using: &rng))
            let b = GridMap.at(Double(Int.random(in: 15...19, using: &rng)), Double.random(in: 0...19, using: &rng))
            guard let routes = try? engine.route(RouteRequest(waypoints: [a, b], alternatives: 3, vehicle: vehicle)) else { continue }
            alternatives += routes.count - 1
            for (k, route) in routes.enumerated() {
                let points = route.legs.flatMap(\.coordinates)
                for (p, q) in zip(points, points.dropFirst()) {
                    if let edge = closed.first(where: { near($0.start, p) && near($0.end, q) }) {
                        Issue.record("route \(k) for \(vehicle.summary) passes \(edge.limits) at \(p)")
                    }
                }
            }
        }
        #expect(alternatives > 40, "only \(alternatives) alternatives offered")
    }

    private func near(_ a: Coordinate, _ b: Coordinate) -> Bool {
        abs(a.latitude - b.latitude) < 1e-6 && abs(a.longitude - b.longitude) < 1e-6
    }

    /// A truck's table agrees with its routes pair by pair (the plain search's where bits are merged).
    @Test(arguments: ["all bits", "merged bits"])
    func truckTablesMatchTruckRoutes(bits: String) throws {
        let engine = try (bits == "all bits" ? Self.grid : Self.mergedGrid).get()
        var rng = SeededGenerator(state: 41)
        let points = (0..<7).map { _ in GridMap.at(Double.random(in: 0...19, using: &rng).rounded(), Double.random(in: 0...19, using: &rng)) }
        for vehicle in [VehicleDimensions.truck, Self.randomVehicle(&rng), Self.randomVehicle(&rng),
                        VehicleDimensions(height: 3.6, weight: 8, width: 2.5, length: 11, axleLoad: 9)] {
            let table = try engine.table(sources: points, destinations: points, vehicle: vehicle)
            for i in points.indices {
                for j in points.indices {
                    let route = try? engine.route(RouteRequest(waypoints: [points[i], points[j]], vehicle: vehicle))[0]
                    #expect((table.durations[i][j] == nil) == (route == nil), "\(i)→\(j) for \(vehicle.summary)")
                    guard let route, let duration = table.durations[i][j] else { continue }
                    #expect(abs(duration - route.duration) < 0.01, "\(i)→\(j): table \(duration) s, route \(route.duration) s")
                }
            }
        }
    }
}
