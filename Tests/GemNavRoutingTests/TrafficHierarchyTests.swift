import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// The hierarchy re-contracted for a traffic overlay's weights: exact against Dijkstra over
/// those weights, with avoid exclusions too; swapped in when ready, observably and without
/// waiting; stored beside the overlay for later processes.
extension TrafficTests {
    /// A random overlay over a share of `graph`'s segments: slowdowns, speedups (up to 2.5×,
    /// so the base distances are no bound), closures, and all three rate forms.
    static func randomOverlay(_ graph: RoutingGraph, share: Double, rng: inout Generator, name: String) throws -> TrafficOverlay {
        var lines: [String] = []
        for s in try segments(graph).filter({ $0.2 > 0 }) where Double.random(in: 0..<1, using: &rng) < share {
            let roll = Double.random(in: 0..<1, using: &rng)
            let speed = roll < 0.02 ? 0 : roll < 0.4 ? s.2 * Double.random(in: 1...2.5, using: &rng)
                : s.2 * Double.random(in: 0.1...1, using: &rng)
            let rate = ["", ",", ",\(speed / 3.6 * 0.8)"][Int.random(in: 0..<3, using: &rng)]
            lines.append("\(s.0),\(s.1),\(speed)\(rate)")
        }
        return try TrafficOverlay(SpeedUpdates(Data(lines.joined(separator: "\n").utf8), name: name), graph: graph)
    }

    /// The reference: Dijkstra over every turn arc with the overlay's weights, never entering
    /// an edge whose flags meet `excluded` nor one of `blocked` (directed edges, originals).
    static func dijkstra(_ graph: RoutingGraph, _ overlay: TrafficOverlay, _ sources: [Phantom], _ targets: [Phantom],
                         excluded: UInt8, blocked: Set<Int32> = []) -> Int64?
    {
        func allowed(_ n: Int32) -> Bool {
            graph.edgeFlags[Int(graph.original(n)) >> 1] & excluded == 0 && !blocked.contains(graph.original(n))
        }
        var distance = [Int64](repeating: .max, count: graph.directedEdgeCount)
        let heap = BinaryHeap()
        var best = Int64.max
        for s in sources where allowed(s.node) {
            distance[Int(s.node)] = min(distance[Int(s.node)], -s.weightOffset)
            heap.push(-s.weightOffset, s.node)
            for t in targets where t.node == s.node && t.weightOffset >= s.weightOffset {
                best = min(best, t.weightOffset - s.weightOffset)
            }
        }
        while !heap.isEmpty {
            let (k, u) = heap.pop()
            guard k == distance[Int(u)], k < best else { continue }
            for i in Int(graph.arcOffset[Int(u)])..<Int(graph.arcOffset[Int(u) + 1]) {
                let v = graph.arcTarget[i]
                guard overlay.weight[Int(v)] != EdgeBasedGraph.closed, allowed(v) else { continue }
                let d = k + Int64(graph.arcWeight[i]) - Int64(graph.nodeWeight[Int(u)]) + Int64(overlay.weight[Int(u)])
                for t in targets where t.node == v { best = min(best, d + t.weightOffset) }
                if d < distance[Int(v)] {
                    distance[Int(v)] = d
                    heap.push(d, v)
                }
            }
        }
        return best == .max ? nil : best
    }

    /// Contracted without any change, in a fresh order, the hierarchy is the imported one arc
    /// for arc, restriction bits included: the turn graph and the bits are rebuilt from the
    /// graph exactly as import builds them (car on Monaco, car with tolls, motorways and
    /// ferries, truck with limits).
    @Test func contractingTheImportedWeightsReproducesTheImportedHierarchy() throws {
        let graphs = [
            ("monaco", try Self.graph.get()),
            ("restricted grid", try GraphImporter(profile: .car).buildGraph(from: HierarchyExactnessTests.restrictedGrid())),
            ("truck grid", try TruckHierarchyTests.grid.get().graph),
        ]
        for (name, graph) in graphs {
            let unchanged = TrafficOverlay(changes: [], summary: TrafficSummary(lines: 0, segments: 0, matchedSegments: 0,
                                                                               unknownSegments: 0, changedEdges: 0, closedEdges: 0),
                                           graph: graph)
            let made = try #require(TrafficHierarchy.contract(unchanged, on: graph, order: .fresh)).engine.graph
            func same<T: Equatable>(_ a: FlatArray<T>, _ b: FlatArray<T>) -> Bool {
                a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
            }
            #expect(same(made.arcOffset, graph.arcOffset) && same(made.arcTarget, graph.arcTarget)
                && same(made.arcWeight, graph.arcWeight) && same(made.arcTurnDuration, graph.arcTurnDuration), "\(name): turns")
            #expect(same(made.searchID, graph.searchID) && same(made.upOffset, graph.upOffset) && same(made.up, graph.up)
                && same(made.downOffset, graph.downOffset) && same(made.down, graph.down), "\(name): hierarchy")
            #expect(same(made.upRestrictions, graph.upRestrictions) && same(made.downRestrictions, graph.downRestrictions),
                    "\(name): restriction bits")
            #expect(name == "monaco" || graph.hasRestrictionBits, "\(name) has no restriction bits to compare")
        }
    }

    /// The re-contracted hierarchy against Dijkstra over the overlay's weights: random
    /// overlays on Monaco and on a grid of tolls, motorways and ferries, both node orders,
    /// random exclusion sets on the grid; 1,600 pairs.
    @Test func recontractedHierarchyMatchesDijkstraUnderRandomTraffic() throws {
        let grid = try GraphImporter(profile: .car).buildGraph(from: HierarchyExactnessTests.restrictedGrid())
        var rng = Generator(state: 15)
        var compared = 0, routed = 0, changedByTraffic = 0, changedByExclusion = 0
        var mismatches: [String] = []
        for round in 0..<8 {
            let graph = round % 2 == 0 ? try Self.graph.get() : grid
            let engine = RoutingEngine(graph: graph)
            let overlay = try Self.randomOverlay(graph, share: 0.2, rng: &rng, name: "r\(round).csv")
            #expect(overlay.summary.closedEdges > 0 && overlay.potentialScale < 1)
            let order: TrafficHierarchy.Order = round % 4 < 2 ? .imported : .fresh
            let traffic = try #require(TrafficHierarchy.contract(overlay, on: graph, order: order)).engine.graph
            let context = QueryContext(graph: traffic)
            var pairs = 0
            while pairs < 200 {
                let excluded: UInt8 = graph === grid ? [0, EdgeFlags.toll, EdgeFlags.motorway, EdgeFlags.ferry,
                                                        EdgeFlags.toll | EdgeFlags.motorway][Int.random(in: 0..<5, using: &rng)] : 0
                func allowed(_ p: [Phantom]) -> [Phantom] { p.filter { graph.edgeFlags[Int($0.node >> 1)] & excluded == 0 } }
                let sources = allowed(graph.randomPhantoms(using: &rng) { engine.reweighted($0, overlay) })
                let targets = allowed(graph.randomPhantoms(using: &rng) { engine.reweighted($0, overlay) })
                guard !sources.isEmpty, !targets.isEmpty else { continue }
                pairs += 1
                let fast = traffic.hierarchyRoute(from: sources, to: targets, excluded: UInt32(excluded), context: context)
                let reference = Self.dijkstra(graph, overlay, sources, targets, excluded: excluded)
                compared += 1
                if reference != nil { routed += 1 }
                if fast?.weight != reference {
                    // The hierarchy leaves loops back onto the start edge to the plain search, as without traffic.
                    let sameEdge = sources.contains { s in targets.contains { $0.node == s.node } }
                    if fast == nil && sameEdge { continue }
                    mismatches.append("round \(round) avoiding \(excluded) \(sources) → \(targets): hierarchy \(String(describing: fast?.weight)), Dijkstra \(String(describing: reference))")
                }
                guard let fast else { continue }
                // The unpacked path is drivable under the overlay, avoids what was excluded and
                // weighs what the search says.
                var weight = -fast.source.weightOffset + fast.target.weightOffset
                for i in 1..<max(1, fast.nodes.count) {
                    let arc = try #require(traffic.arc(from: fast.nodes[i - 1], to: fast.nodes[i]))
                    weight += Int64(traffic.arcWeight[arc])
                }
                #expect(weight == fast.weight)
                #expect(fast.nodes.allSatisfy { overlay.weight[Int($0)] != EdgeBasedGraph.closed && graph.edgeFlags[Int($0 >> 1)] & excluded == 0 })
                if graph.hierarchyRoute(from: sources, to: targets, excluded: UInt32(excluded), context: QueryContext(graph: graph))?.nodes != fast.nodes {
                    changedByTraffic += 1
                }
                if excluded != 0, traffic.hierarchyRoute(from: sources, to: targets, context: context)?.nodes != fast.nodes {
                    changedByExclusion += 1
                }
            }
        }
        #expect(compared == 1600)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
        #expect(routed > compared * 3 / 4, "only \(routed) of \(compared) pairs connected")
        #expect(changedByTraffic > 200 && changedByExclusion > 100,
                "traffic changed \(changedByTraffic) routes, exclusions \(changedByExclusion): too few to prove anything")
    }

    /// Routes from coordinates under a heavy overlay, by the A* and then by the prepared
    /// hierarchy: the engine says which it uses, both give the same weight and duration, and
    /// the hierarchy offers alternatives and answers tables like its routes.
    @Test func preparedHierarchyAnswersLikeTheAStarAndSaysSo() throws {
        let graph = try Self.graph.get()
        let engine = RoutingEngine(graph: graph)
        var rng = Generator(state: 1502)
        #expect(engine.trafficHierarchyIsReady)
        engine.traffic = try Self.randomOverlay(graph, share: 0.3, rng: &rng, name: "heavy.csv")
        #expect(!engine.trafficHierarchyIsReady)
        // Points on roads of the connected network, a few metres off.
        func point() -> Coordinate {
            while true {
                let e = Int.random(in: 0..<graph.edgeCount, using: &rng)
                guard graph.edgeFlags[e] & EdgeFlags.bigComponent != 0 else { continue }
                let p = graph.point(Int(graph.edgeGeometry[e]))
                return Coordinate(latitude: p.latitude + Double.random(in: -5e-5...5e-5, using: &rng),
                                  longitude: p.longitude + Double.random(in: -5e-5...5e-5, using: &rng))
            }
        }
        let requests = (0..<150).map { _ in RouteRequest(waypoints: [point(), point(), point()].prefix(Int.random(in: 2...3, using: &rng)).map { $0 }) }
        func answer(_ r: RouteRequest) -> RoutePath? { try? engine.route(r)[0] }
        let byAStar = requests.map(answer)
        #expect(engine.prepareTrafficHierarchy())
        #expect(engine.trafficHierarchyIsReady)
        let byHierarchy = requests.map(answer)
        var compared = 0
        for (i, (a, h)) in zip(byAStar, byHierarchy).enumerated() {
            // A waypoint on a road the overlay closed both ways: the A* snapped to it and found
            // no way out; the hierarchy's graph snaps to the nearest open road.
            guard let a else { continue }
            compared += 1
            let h = try #require(h, "request \(i) routed by the A* only")
            // Two ways of the same weight (turns weigh whole tenths of a second, as in OSRM)
            // may differ in time: the durations must agree where both took the same way.
            let samePath = a.legs.map(\.coordinates) == h.legs.map(\.coordinates)
            #expect(abs(a.weight - h.weight) < 0.001 && (!samePath || abs(a.duration - h.duration) < 0.01),
                    "request \(i): A* \(a.weight) / \(a.duration) s, hierarchy \(h.weight) / \(h.duration) s")
        }
        // Random closures cut Monaco's one-way streets and tunnels: about a third of these trips have no open way.
        #expect(compared > 80)
        var alternatives = 0
        for r in requests.prefix(40) where r.waypoints.count == 2 {
            var request = r
            request.alternatives = 2
            alternatives += ((try? engine.route(request).count) ?? 1) - 1
        }
        #expect(alternatives > 0, "no alternatives offered under traffic")
        let points = (0..<6).map { _ in point() }
        let table = try engine.table(sources: points, destinations: points)
        for i in points.indices {
            for j in points.indices where i != j {
                guard let route = try? engine.route(RouteRequest(waypoints: [points[i], points[j]]))[0] else { continue }
                #expect(abs((table.durations[i][j] ?? -1) - route.duration) < 0.01)
            }
        }
    }

    /// A feed hands each reload's contraction to its runner; queries use the A* until the work
    /// has run, then the hierarchy. A reload arriving while a contraction runs makes it give up.
    @Test func feedContractsEachReloadByItsRunnerAndANewerOverlaySupersedes() throws {
        let graph = try Self.graph.get()
        let engine = RoutingEngine(graph: graph), sameGraph = RoutingEngine(graph: graph)
        let all = try Self.segments(graph).filter { $0.2 > 0 }
        let url = TestData.temporary("contracted.csv")
        func write(_ text: String, at seconds: TimeInterval) throws {
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
        }
        final class Pending: @unchecked Sendable {
            var work: [@Sendable () -> Void] = []
        }
        let pending = Pending()
        let feed = TrafficFeed(url: url, engines: [engine, sameGraph]) { pending.work.append($0) }
        try write(all.prefix(300).map { "\($0.0),\($0.1),\($0.2 / 4)" }.joined(separator: "\n"), at: 1_000)
        guard case .applied = feed.refresh() else { Issue.record("first file not applied"); return }
        // Both engines share the overlay, so one contraction serves both.
        #expect(pending.work.count == 1 && engine.traffic === sameGraph.traffic)
        #expect(!engine.trafficHierarchyIsReady && !sameGraph.trafficHierarchyIsReady)
        pending.work.removeFirst()()
        #expect(engine.trafficHierarchyIsReady && sameGraph.trafficHierarchyIsReady)
        try write(all.suffix(300).map { "\($0.0),\($0.1),0" }.joined(separator: "\n"), at: 2_000)
        guard case .applied = feed.refresh() else { Issue.record("second file not applied"); return }
        #expect(!engine.trafficHierarchyIsReady)
        let superseded = try #require(engine.traffic)
        // A reload lands while this contraction runs: it stops, and leaves the newer overlay
        // to its own contraction.
        try write(all.prefix(50).map { "\($0.0),\($0.1),7" }.joined(separator: "\n"), at: 3_000)
        #expect(!engine.prepareTrafficHierarchy(cancelled: {
            if engine.traffic === superseded { _ = feed.refresh() }
            return false
        }))
        #expect(superseded.hierarchy == nil && engine.traffic !== superseded && !engine.trafficHierarchyIsReady)
        #expect(pending.work.count == 2)
        for work in pending.work { work() }
        #expect(engine.trafficHierarchyIsReady && superseded.hierarchy == nil)
    }

    /// `gemnav traffic` stores the hierarchy beside the overlay; loading maps it for that
    /// overlay only, a new overlay removes it, and a damaged one is reported.
    @Test func storedHierarchyLoadsForItsOverlayOnly() throws {
        let dir = TestData.temporary("traffic-hierarchy")
        _ = try GraphImporter(profile: .car).importGraph(from: TestData.embeddedMonaco, to: dir)
        let graph = try RoutingGraph(directory: dir)
        var rng = Generator(state: 77)
        let first = try Self.randomOverlay(graph, share: 0.2, rng: &rng, name: "a.csv")
        try TrafficFile.install(first, into: dir)
        #expect(try TrafficFile.load(from: dir, graph: graph)?.hierarchy == nil)
        let made = try #require(TrafficHierarchy.contract(first, on: graph))
        try made.write(into: dir)
        let loaded = try #require(try TrafficFile.load(from: dir, graph: graph))
        let stored = try #require(loaded.hierarchy)
        #expect(stored.arcCount == made.arcCount)
        let engine = RoutingEngine(graph: graph)
        engine.traffic = loaded
        #expect(engine.trafficHierarchyIsReady)
        let request = RouteRequest(waypoints: [Coordinate(latitude: 43.7392, longitude: 7.4277),
                                               Coordinate(latitude: 43.7276, longitude: 7.4154)])
        let fromFile = try engine.route(request)[0]
        engine.traffic = first
        first.hierarchy = TrafficHierarchy.contract(first, on: graph)
        #expect(engine.trafficHierarchyIsReady)
        #expect(abs(try engine.route(request)[0].weight - fromFile.weight) < 0.001)
        // Another overlay: the stored hierarchy is not its own.
        let hierarchyFile = dir.appendingPathComponent(TrafficHierarchy.fileName)
        let saved = try Data(contentsOf: hierarchyFile)
        try TrafficFile.install(try Self.randomOverlay(graph, share: 0.2, rng: &rng, name: "b.csv"), into: dir)
        #expect(!FileManager.default.fileExists(atPath: hierarchyFile.path))
        try saved.write(to: hierarchyFile)
        #expect(try TrafficFile.load(from: dir, graph: graph)?.hierarchy == nil)
        try Data(saved.prefix(saved.count / 2)).write(to: hierarchyFile)
        #expect(throws: TrafficError.self) { try TrafficFile.load(from: dir, graph: graph) }
        #expect(try TrafficFile.clear(in: dir))
        #expect(!FileManager.default.fileExists(atPath: hierarchyFile.path))
    }
}
