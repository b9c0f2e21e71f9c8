import GemNavCore
@testable import GemNavRouting
import Testing

/// OSRM's geometry arithmetic, where GemNav must land on the same side of a threshold.
@Suite struct RoadMetricTests {
    /// Monaco's Square Lamark meets Boulevard du Jardin Exotique where a one-way road leaves
    /// 30.05° off straight by OSRM's `computeAngle` (Web Mercator, arctangent table) but
    /// 29.997° off by the ruler's bearings; OSRM's crossing classification compares it with
    /// 30°, so only its own arithmetic tells the piece before it is inside a crossing.
    @Test func angleIsOSRMsMercatorAngle() {
        let arriving = Coordinate(latitude: 43.737145, longitude: 7.41756)
        let junction = Coordinate(latitude: 43.737172, longitude: 7.417672)
        let leaving = Coordinate(latitude: 43.737212, longitude: 7.417721)
        let angle = RoadMetric.angle(arriving, junction, leaving)
        // 210.0453 by OSRM's own formula and table, recomputed outside GemNav.
        #expect(abs(angle - 210.0453) < 0.0005)
        let heading = RoadMetric.bearing(arriving, junction)
        let turn = RoadMetric.bearing(junction, leaving) - heading
        #expect(180 - turn < 210)
    }

    @Test func angleOfAStraightRoadIsHalfTurnAndOfARightTurnBelowIt() {
        let a = Coordinate(latitude: 45, longitude: 7), b = Coordinate(latitude: 45.001, longitude: 7)
        #expect(abs(RoadMetric.angle(a, b, Coordinate(latitude: 45.002, longitude: 7)) - 180) < 0.02)
        #expect(abs(RoadMetric.angle(a, b, Coordinate(latitude: 45.001, longitude: 7.001)) - 90) < 0.02)
        #expect(RoadMetric.angle(a, a, b) == 180)
    }
}
