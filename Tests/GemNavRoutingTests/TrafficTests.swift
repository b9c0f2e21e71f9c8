import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// Traffic overlays: speeds keyed by OSM node pairs mapped onto directed edges as import
/// computes them, and the A* search with hierarchy potentials exact against Dijkstra.
@Suite(.serialized) struct TrafficTests {
    typealias Generator = HierarchyExactnessTests.SeededGenerator
    static let graph = Result { try GraphImporter(profile: .car).buildGraph(from: TestData.embeddedMonaco) }

    /// Every drivable segment of the graph once per open direction: (from id, to id, base km/h).
    static func segments(_ graph: RoutingGraph) throws -> [(Int64, Int64, Double)] {
        let section = try #require(graph.trafficSegments)
        let ids = try #require(section.nodeIDs(count: graph.geometryLat.count))
        var out: [(Int64, Int64, Double)] = []
        for e in 0..<graph.edgeCount {
            let record = section.records[Int(section.edgeRecord[e])]
            for i in Int(graph.edgeGeometry[e])..<(Int(graph.edgeGeometry[e + 1]) - 1) where ids[i] != ids[i + 1] {
                if graph.isOpen(2 * e) { out.append((ids[i], ids[i + 1], record.forwardSpeed)) }
                if graph.isOpen(2 * e + 1) { out.append((ids[i + 1], ids[i], record.backwardSpeed)) }
            }
        }
        return out
    }

    @Test func baseSpeedsReproduceTheImportedWeightsAndDurations() throws {
        let graph = try Self.graph.get()
        let all = try Self.segments(graph).filter { $0.2 > 0 }
        // An empty rate keeps the weight; the duration is recomputed from the speed.
        let csv = all.map { "\($0.0),\($0.1),\($0.2)," }.joined(separator: "\n")
        let overlay = try TrafficOverlay(SpeedUpdates(Data(csv.utf8), name: "base.csv"), graph: graph)
        #expect(overlay.summary.unknownSegments == 0)
        #expect(overlay.summary.matchedSegments == Set(all.map { "\($0.0),\($0.1)" }).count)
        #expect(overlay.changes.isEmpty, "\(overlay.changes.count) edges differ from import, first \(overlay.changes.prefix(3))")
        #expect(overlay.potentialScale == 1)
    }

    @Test func speedsChangeDurationsPerSegmentAndZeroCloses() throws {
        let graph = try Self.graph.get()
        let all = try Self.segments(graph).filter { $0.2 > 0 }
        let (a, b, speed) = all[all.count / 2]
        let slower = try TrafficOverlay(SpeedUpdates(Data("\(a),\(b),\(speed / 2)\n42,43,50\n".utf8), name: "t.csv"),
                                        graph: graph)
        #expect(slower.summary.lines == 2 && slower.summary.matchedSegments == 1 && slower.summary.unknownSegments == 1)
        let change = try #require(slower.changes.first)
        #expect(slower.changes.count == 1)
        #expect(change.duration > graph.nodeDuration[Int(change.node)])
        let closed = try TrafficOverlay(SpeedUpdates(Data("\(a),\(b),0".utf8), name: "t.csv"), graph: graph)
        #expect(closed.changes.map(\.weight) == [EdgeBasedGraph.closed] && closed.summary.closedEdges == 1)
        let faster = try TrafficOverlay(SpeedUpdates(Data("\(a),\(b),\(speed * 3)".utf8), name: "t.csv"), graph: graph)
        #expect(faster.potentialScale < 1)
    }

    @Test func malformedLinesNameTheirLineAndNothingIsInstalled() {
        func error(_ text: String) -> TrafficError? {
            do { _ = try SpeedUpdates(Data(text.utf8), name: "speeds.csv"); return nil } catch { return error as? TrafficError }
        }
        #expect(error("1,2,30\n3,4,x\n") == TrafficError(.malformedLine("speeds.csv", line: 2, "the speed 'x' is not a number of km/h ≥ 0")))
        #expect(error("1,2,30\n\n3,4,5\n")?.kind == .malformedLine("speeds.csv", line: 2, "the line is empty"))
        if case .malformedLine(_, let line, _)? = error("1,2\n")?.kind { #expect(line == 1) } else { Issue.record("two columns accepted") }
        if case .malformedLine(_, let line, _)? = error("1,2,3,junk\n")?.kind { #expect(line == 1) } else { Issue.record("junk rate accepted") }
        #expect(error("1,2,3,,junk\r\n5,6,7,8.5\n") == nil)
    }

    @Test func installedOverlayRoundTripsAndClears() throws {
        let graph = try Self.graph.get()
        let all = try Self.segments(graph).filter { $0.2 > 0 }
        let csv = all.prefix(200).map { "\($0.0),\($0.1),\($0.2 / 3)" }.joined(separator: "\n")
        let overlay = try TrafficOverlay(SpeedUpdates(Data(csv.utf8), name: "t.csv"), graph: graph)
        let dir = TestData.temporary("traffic-dir")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try TrafficFile.install(overlay, into: dir)
        let loaded = try #require(try TrafficFile.load(from: dir, graph: graph))
        #expect(loaded.changes == overlay.changes && loaded.summary == overlay.summary)
        #expect(loaded.weight == overlay.weight && loaded.duration == overlay.duration)
        #expect(try TrafficFile.clear(in: dir))
        #expect(try TrafficFile.load(from: dir, graph: graph) == nil)
    }

    /// Speeds were computed for the previous graph: a new import into the directory starts
    /// from the imported speeds and says so, even when its weights match the old ones.
    @Test func aNewImportRemovesTheInstalledTraffic() throws {
        let dir = TestData.temporary("traffic-reimport")
        let importer = GraphImporter(profile: .car)
        #expect(try importer.importGraph(from: TestData.embeddedMonaco, to: dir).clearedTraffic == false)
        let graph = try RoutingGraph(directory: dir)
        let (a, b, speed) = try #require(try Self.segments(graph).first { $0.2 > 0 })
        try TrafficFile.install(try TrafficOverlay(SpeedUpdates(Data("\(a),\(b),\(speed / 2)".utf8), name: "t.csv"), graph: graph),
                                into: dir)
        #expect(try importer.importGraph(from: TestData.embeddedMonaco, to: dir).clearedTraffic)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(TrafficFile.fileName).path))
    }

    /// The A* search with hierarchy potentials against a plain Dijkstra over the overlay's
    /// weights: random overlays slowing, speeding up and closing roads, 1,200 random pairs.
    @Test func potentialSearchMatchesDijkstraUnderRandomTraffic() throws {
        let graph = try Self.graph.get()
        let engine = RoutingEngine(graph: graph)
        let all = try Self.segments(graph).filter { $0.2 > 0 }
        var rng = Generator(state: 2026)
        let context = QueryContext(graph: graph)
        let memo = PotentialMemo(nodes: graph.directedEdgeCount)
        var compared = 0, routed = 0, changedRoutes = 0
        var mismatches: [String] = []
        for round in 0..<6 {
            var lines: [String] = []
            for s in all where Double.random(in: 0..<1, using: &rng) < 0.15 {
                let roll = Double.random(in: 0..<1, using: &rng)
                let speed = roll < 0.02 ? 0 : roll < 0.4 ? s.2 * Double.random(in: 1...2.5, using: &rng)
                    : s.2 * Double.random(in: 0.1...1, using: &rng)
                let rate = ["", ",", ",\(speed / 3.6 * 0.8)"][Int.random(in: 0..<3, using: &rng)]
                lines.append("\(s.0),\(s.1),\(speed)\(rate)")
            }
            let overlay = try TrafficOverlay(SpeedUpdates(Data(lines.joined(separator: "\n").utf8), name: "r\(round).csv"),
                                             graph: graph)
            #expect(overlay.potentialScale < 1 && overlay.summary.closedEdges > 0)
            for _ in 0..<200 {
                let sources = graph.randomPhantoms(using: &rng) { engine.reweighted($0, overlay) }
                let targets = graph.randomPhantoms(using: &rng) { engine.reweighted($0, overlay) }
                let fast = graph.trafficRoute(from: sources, to: targets, overlay: overlay, context: context, memo: memo)
                let reference = Self.dijkstra(graph, overlay, sources, targets, excluded: 0)
                compared += 1
                if reference != nil { routed += 1 }
                if fast?.weight != reference {
                    mismatches.append("round \(round) \(sources) → \(targets): A* \(String(describing: fast?.weight)), Dijkstra \(String(describing: reference))")
                }
                if let fast {
                    // The path is drivable under the overlay and weighs what the search says.
                    var weight = -fast.source.weightOffset + fast.target.weightOffset
                    for i in 1..<max(1, fast.nodes.count) {
                        let u = fast.nodes[i - 1]
                        let arc = try #require(graph.arc(from: u, to: fast.nodes[i]))
                        weight += Int64(graph.arcWeight[arc]) - Int64(graph.nodeWeight[Int(u)]) + Int64(overlay.weight[Int(u)])
                    }
                    #expect(weight == fast.weight)
                    #expect(fast.nodes.allSatisfy { overlay.weight[Int($0)] != EdgeBasedGraph.closed })
                    let base = graph.hierarchyRoute(from: sources, to: targets, context: context)
                    if base?.nodes != fast.nodes { changedRoutes += 1 }
                }
            }
        }
        #expect(compared == 1200)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
        #expect(routed > 900, "only \(routed) of \(compared) pairs connected")
        #expect(changedRoutes > 100, "traffic changed only \(changedRoutes) routes")
    }

    @Test func routesUseTheOverlayAndClearingRestoresTheBase() throws {
        let graph = try Self.graph.get()
        let engine = RoutingEngine(graph: graph)
        let request = RouteRequest(waypoints: [Coordinate(latitude: 43.7392, longitude: 7.4277),
                                               Coordinate(latitude: 43.7276, longitude: 7.4154)])
        let base = try engine.route(request)[0]
        let all = try Self.segments(graph).filter { $0.2 > 0 }
        let csv = all.map { "\($0.0),\($0.1),\($0.2 / 2)" }.joined(separator: "\n")
        engine.traffic = try TrafficOverlay(SpeedUpdates(Data(csv.utf8), name: "half.csv"), graph: graph)
        let slow = try engine.route(request)[0]
        // Half speed everywhere: driving time doubles (within the per-segment rounding), turns stay.
        #expect(slow.duration > base.duration * 1.3 && slow.duration < base.duration * 2.1)
        let table = try engine.table(sources: request.waypoints, destinations: request.waypoints)
        #expect(abs((table.durations[0][1] ?? 0) - slow.duration) < 0.01)
        engine.traffic = nil
        let again = try engine.route(request)[0]
        #expect(again.duration == base.duration && again.distance == base.distance)
    }

    @Test func feedReloadsOnChangeAndKeepsTheLastGoodOverlay() throws {
        let graph = try Self.graph.get()
        let engine = RoutingEngine(graph: graph)
        let all = try Self.segments(graph).filter { $0.2 > 0 }
        let url = TestData.temporary("live.csv")
        func write(_ text: String, at seconds: TimeInterval) throws {
            try Data(text.utf8).write(to: url)
            // Explicit times: two writes within one clock tick must still count as a change.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
        }
        // Contractions are not what this test is about: they are never run.
        let feed = TrafficFeed(url: url, engines: [engine]) { _ in }
        try write(all.prefix(10).map { "\($0.0),\($0.1),5" }.joined(separator: "\n"), at: 1_000)
        guard case .applied(let first) = feed.refresh() else { Issue.record("first file not applied"); return }
        #expect(first.matchedSegments == Set(all.prefix(10).map { "\($0.0),\($0.1)" }).count)
        #expect(feed.refresh() == .unchanged)
        let applied = try #require(engine.traffic)
        try write("1,2,30\nbad line\n", at: 2_000)
        guard case .failed(let why) = feed.refresh() else { Issue.record("bad file accepted"); return }
        #expect(why.contains("line 2"))
        #expect(engine.traffic === applied)
        try write("", at: 3_000)
        #expect(feed.refresh() == .applied(TrafficSummary(lines: 0, segments: 0, matchedSegments: 0, unknownSegments: 0,
                                                          changedEdges: 0, closedEdges: 0)))
    }
}
