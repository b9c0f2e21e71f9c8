import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// The contraction hierarchy must give exactly the plain Dijkstra weight on the same graph.
@Suite(.serialized) struct HierarchyExactnessTests {
    /// A deterministic generator (SplitMix64) so failures reproduce.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let extracts: [(String, URL)] = [
        ("monaco", TestData.embeddedMonaco), ("andorra", TestData.shared("andorra.osm.pbf")),
    ]

    @Test(arguments: extracts)
    func hierarchyMatchesDijkstraOnRandomPairs(name: String, file: URL) throws {
        try #require(FileManager.default.fileExists(atPath: file.path), "\(file.path) is missing")
        let graph = try GraphImporter(profile: .car).buildGraph(from: file)
        let context = QueryContext(graph: graph)
        var rng = SeededGenerator(state: 42)
        var compared = 0, routed = 0
        var mismatches: [String] = []
        while compared < 1000 {
            let sources = graph.randomPhantoms(using: &rng), targets = graph.randomPhantoms(using: &rng)
            let fast = graph.hierarchyRoute(from: sources, to: targets, context: context)
            let plain = graph.plainRoute(from: sources, to: targets, context: context)
            compared += 1
            if plain != nil { routed += 1 }
            if fast?.weight != plain?.weight {
                // The hierarchy defers loops back onto the start edge to the plain search.
                let sameEdge = sources.contains { s in targets.contains { $0.node == s.node } }
                if fast == nil && sameEdge { continue }
                mismatches.append("\(sources) → \(targets): hierarchy \(String(describing: fast?.weight)), dijkstra \(String(describing: plain?.weight))")
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
        #expect(routed > 950, "\(name): only \(routed) of 1000 pairs connected")
    }

    /// A 24 × 24 grid of short ways whose kinds, tolls, ferries and one-way tags are drawn at
    /// random, so avoid options change many routes (no real extract at hand has enough).
    static func restrictedGrid() throws -> URL {
        var map = GridMap()
        var rng = SeededGenerator(state: 5)
        func tags() -> [String: String] {
            let roll = Int.random(in: 0..<100, using: &rng)
            if roll < 5 { return ["route": "ferry", "duration": "00:0\(Int.random(in: 1...9, using: &rng))"] }
            var t = ["highway": roll < 25 ? "motorway" : roll < 50 ? "primary" : roll < 75 ? "tertiary" : "residential"]
            if Int.random(in: 0..<100, using: &rng) < 20 { t["toll"] = "yes" }
            if Int.random(in: 0..<100, using: &rng) < 15 { t["oneway"] = "yes" }
            return t
        }
        for r in 0..<24 {
            for c in 0..<24 {
                if c < 23 { map.way([(Double(r), Double(c)), (Double(r), Double(c + 1))], tags()) }
                if r < 23 { map.way([(Double(r), Double(c)), (Double(r + 1), Double(c))], tags()) }
            }
        }
        return try map.write()
    }

    /// With avoid options the hierarchy must still give the plain Dijkstra's weight with the
    /// same roads excluded, for every combination, and never pass through an excluded road.
    @Test func hierarchyWithExclusionsMatchesDijkstra() throws {
        let graph = try GraphImporter(profile: .car).buildGraph(from: Self.restrictedGrid())
        let context = QueryContext(graph: graph)
        let sets: [UInt8] = [EdgeFlags.toll, EdgeFlags.motorway, EdgeFlags.ferry, EdgeFlags.toll | EdgeFlags.motorway,
                             EdgeFlags.toll | EdgeFlags.ferry, EdgeFlags.toll | EdgeFlags.motorway | EdgeFlags.ferry]
        var rng = SeededGenerator(state: 99)
        var compared = 0, changed = 0, routed = 0
        var mismatches: [String] = []
        while compared < 1200 {
            let excluded = sets[compared % sets.count]
            func randomPhantom() -> Phantom {
                while true {
                    let n = Int.random(in: 0..<(2 * graph.edgeCount), using: &rng)
                    guard graph.isOpen(n), graph.edgeFlags[n >> 1] & excluded == 0 else { continue }
                    return Phantom(node: Int32(n), weightOffset: 0, metres: 0)
                }
            }
            let s = randomPhantom(), t = randomPhantom()
            guard s.node != t.node else { continue }
            compared += 1
            let fast = graph.hierarchyRoute(from: [s], to: [t], excluded: UInt32(excluded), context: context)
            let plain = graph.plainRoute(from: [s], to: [t], excluded: excluded, context: context)
            let unrestricted = graph.plainRoute(from: [s], to: [t], context: context)
            if plain != nil { routed += 1 }
            if plain?.weight != unrestricted?.weight { changed += 1 }
            if fast?.weight != plain?.weight {
                mismatches.append("\(s.node) → \(t.node) avoiding \(excluded): hierarchy \(String(describing: fast?.weight)), dijkstra \(String(describing: plain?.weight))")
            }
            if let used = fast?.nodes.first(where: { graph.edgeFlags[Int($0 >> 1)] & excluded != 0 }) {
                mismatches.append("\(s.node) → \(t.node) avoiding \(excluded) uses edge \(used >> 1)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
        // The exclusions must matter, or the test proves nothing.
        #expect(changed > 300 && routed > 600, "exclusions changed \(changed) of \(compared) routes, \(routed) routed")
    }

    @Test func unpackedPathsAreConnectedTurnsWithTheSearchWeight() throws {
        let graph = try GraphImporter(profile: .car).buildGraph(from: TestData.embeddedMonaco)
        let context = QueryContext(graph: graph)
        var rng = SeededGenerator(state: 7)
        var checked = 0
        while checked < 200 {
            let a = Int32(Int.random(in: 0..<graph.directedEdgeCount, using: &rng))
            let b = Int32(Int.random(in: 0..<graph.directedEdgeCount, using: &rng))
            guard graph.isOpen(Int(a)), graph.isOpen(Int(b)), a != b else { continue }
            let s = Phantom(node: a, weightOffset: 0, metres: 0), t = Phantom(node: b, weightOffset: 0, metres: 0)
            guard let path = graph.hierarchyRoute(from: [s], to: [t], context: context) else { continue }
            var weight: Int64 = 0
            for i in 1..<path.nodes.count {
                let arc = try #require(graph.arc(from: path.nodes[i - 1], to: path.nodes[i]))
                weight += Int64(graph.arcWeight[arc])
            }
            #expect(path.nodes.first == a && path.nodes.last == b)
            #expect(weight == path.weight)
            checked += 1
        }
    }
}

extension RoutingGraph {
    /// A random point part-way along a random open road of the connected network, as the
    /// phantoms a search starts or ends at; `reweighted` adjusts them (for a traffic overlay).
    func randomPhantoms(using rng: inout HierarchyExactnessTests.SeededGenerator,
                        reweighted: ([Phantom]) -> [Phantom] = { $0 }) -> [Phantom]
    {
        while true {
            let e = Int.random(in: 0..<edgeCount, using: &rng)
            guard edgeFlags[e] & EdgeFlags.bigComponent != 0 else { continue }
            let length = Double(edgeLength[e])
            let snap = Snap(edge: e, offset: length * Double.random(in: 0...1, using: &rng), segment: 0,
                            location: point(Int(edgeGeometry[e])), distance: 0,
                            forwardAllowed: isOpen(2 * e), backwardAllowed: isOpen(2 * e + 1),
                            isBigComponent: true, input: point(Int(edgeGeometry[e])))
            let p = reweighted(phantoms(snap))
            if !p.isEmpty { return p }
        }
    }
}
