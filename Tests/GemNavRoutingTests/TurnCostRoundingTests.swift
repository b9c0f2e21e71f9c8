import Foundation
import GemNavCore
import GemNavRouting
import Testing

/// OSRM stores turn durations in tenths of a second, so its route times are whole tenths;
/// ours must add up the same way (OSRM's "Encounters a traffic light" and ferry times).
@Suite struct TurnCostRoundingTests {
    @Test func turnCostsAreWholeTenths() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 2), (0, 4)], ["highway": "primary", "name": "Main"])
        map.way([(0, 2), (2, 2)], ["highway": "primary", "name": "Side"])
        map.way([(0, 2), (-2, 2)], ["highway": "primary", "name": "Other"])
        map.tagNode(0, 2, ["highway": "traffic_signals"])
        let path = try map.engine().route((0, 0), (2, 2))
        let junction = try #require(path.legs[0].junctions.first { $0.turnCost > 0 })
        #expect(abs(junction.turnCost * 10 - (junction.turnCost * 10).rounded()) < 1e-6)
        let tenths = path.legs[0].duration * 10
        #expect(abs(tenths - tenths.rounded()) < 1e-6)
    }
}
