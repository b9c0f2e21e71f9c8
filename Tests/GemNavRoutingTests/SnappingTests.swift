import GemNavCore
import GemNavRouting
import Testing

/// Where waypoints are placed, as OSRM places them: on the nearest road unless a big component
/// (≥ 1,000 directed edges) offers an alternative, on whichever road through a junction the
/// route leaves or arrives by, and never on a ferry.
@Suite struct SnappingTests {
    /// "Main" west–east along row 0; "Spur" a one-way into Main's middle from the north, so
    /// its start is its own tiny component.
    func spurMap() throws -> RoutingEngine {
        var map = RoadMap()
        map.way([(0, 0), (0, 2), (0, 4)], ["highway": "residential", "name": "Main"])
        map.way([(2, 2), (1, 2), (0, 2)], ["highway": "residential", "name": "Spur", "oneway": "yes"])
        return try map.engine()
    }

    @Test func aSmallMapKeepsEveryWaypointOnItsNearestRoad() throws {
        let engine = try spurMap()
        #expect(try engine.route((1.8, 2), (0, 3.5)).roadNames == ["Spur", "Main"])
        // The spur cannot be reached: OSRM answers no route rather than moving the end.
        #expect(throws: RoutingError.self) { try engine.route((0, 3.5), (1.8, 2)) }
    }

    @Test func aJunctionWaypointStartsOnTheRoadTheRouteLeavesBy() throws {
        let engine = try spurMap()
        for (from, to, names) in [((0.0, 2.0), (0.0, 3.5), ["Main"]), ((1.8, 2.0), (0.0, 2.0), ["Spur"])] {
            // A zero-length piece of the other road would show as a second name.
            #expect(try engine.route(from, to).roadNames == names)
        }
    }

    @Test func aWaypointOnAFerryIsPlacedOnTheNearestRoad() throws {
        var map = RoadMap()
        map.way([(0, 0), (0, 2)], ["highway": "residential", "name": "Quay"])
        map.way([(0, 2), (0, 8)], ["route": "ferry", "name": "Ferry"])
        map.way([(0, 8), (0, 10)], ["highway": "residential", "name": "Far Quay"])
        let route = try map.engine().route((0, 2.5), (0, 9.5))
        // It starts where the quay meets the ferry, straight onto the ferry.
        #expect(route.roadNames == ["Quay", "Ferry", "Far Quay"])
        #expect(route.waypoints[0].location.longitude == RoadMap.at(0, 2).longitude)
    }

    /// Andorra's CG-1 at the border: a two-way road splits into two one-way carriageways
    /// that both end at the map's edge. No U-turn is allowed where it splits, so driving
    /// north on it starts from nowhere and driving south ends nowhere; OSRM still counts it
    /// in the network it leads into (a road's two directions are one component) and starts
    /// the route on it, not on the nearest street of the grid.
    @Test func aRoadReachedOnlyTheOtherWayRoundBelongsToTheNetwork() throws {
        var map = RoadMap()
        // A grid of two-way streets, rows 3...20 and columns 0...17: a big component.
        for i in 0..<18 {
            map.way((0..<18).map { (3 + i, $0) }, ["highway": "residential", "name": "Row \(i)"])
            map.way((0..<18).map { (3 + $0, i) }, ["highway": "residential", "name": "Column \(i)"])
        }
        map.way([(3, 5), (2, 5), (1, 5)], ["highway": "primary", "name": "Border"])
        map.way([(0, 6), (1, 5)], ["highway": "primary", "name": "Border", "oneway": "yes"])
        map.way([(1, 5), (0, 4)], ["highway": "primary", "name": "Border", "oneway": "yes"])
        let route = try map.engine().route((1.5, 5), (10, 10))
        #expect(route.roadNames.first == "Border")
        #expect(abs(route.waypoints[0].location.latitude - RoadMap.at(1.5, 5).latitude) < 1e-6)
    }
}
