import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// Trucks with limits under live traffic: searched on the overlay's weights, never through an
/// edge they do not fit, exact against Dijkstra over those weights without those edges.
extension TrafficTests {
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
}
