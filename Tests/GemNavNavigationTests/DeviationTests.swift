import Foundation
import Testing
@testable import GemNavNavigation

/// The road-not-taken detector and the debouncing of verdicts, fix by fix.
@Suite struct DeviationTests {
    /// A junction at the origin: the route leaves at 102°, a motorway goes on at 90°.
    static let motorway = RoadNotTaken(location: RouteFixture.origin, bearing: 90)

    /// A context for a fix `east`/`north` metres from the junction, with the route's own
    /// distance and bearing as the matcher would give them.
    static func context(east: Double, north: Double, course: Double, distanceFromRoute: Double,
                        accuracy: Double = 5) -> DeviationContext
    {
        let fix = LocationFix(coordinate: RouteFixture.point(east, north), horizontalAccuracy: accuracy, speed: 30,
                              course: course, timestamp: Date(timeIntervalSince1970: 0))
        return DeviationContext(fix: fix, distanceFromRoute: distanceFromRoute, routeBearing: 102, speed: 30,
                                roadsNotTaken: [motorway])
    }

    @Test func aFixOnTheRoadNotTakenHeadingAlongItIsOffRoute() {
        // 60 m on along the motorway: 12.5 m from the slip road.
        let verdict = RoadNotTakenDetector().evaluate(Self.context(east: 60, north: 0, course: 90, distanceFromRoute: 12.5))
        #expect(verdict == .offRoute(distance: 12.5))
    }

    @Test func aFixOnTheRouteHeadingAlongItIsOnRoute() {
        // 60 m along the slip road, 12.5 m south of the motorway.
        let onRamp = Self.context(east: 58.7, north: -12.5, course: 102, distanceFromRoute: 0)
        #expect(RoadNotTakenDetector().evaluate(onRamp) == .onRoute)
    }

    @Test func eitherKindOfEvidenceCanOutweighNoiseInTheOther() {
        let detector = RoadNotTakenDetector()
        // A noisy course (6° towards the route) on a fix clearly on the motorway.
        #expect(detector.evaluate(Self.context(east: 90, north: 0, course: 96, distanceFromRoute: 19)).isDeviation)
        // A fix thrown towards the route, with the course along the motorway.
        #expect(detector.evaluate(Self.context(east: 60, north: -8, course: 90, distanceFromRoute: 4.5)).isDeviation)
        // On the route near the junction, course along the route: nothing to see.
        #expect(!detector.evaluate(Self.context(east: 20, north: -2, course: 102, distanceFromRoute: 2)).isDeviation)
    }

    @Test func aWindingRouteIsJudgedByItsBestFittingBearing() {
        // The matched segment's bearing is 10° off the course, but the route nearby runs along it.
        var context = Self.context(east: 40, north: -3, course: 92, distanceFromRoute: 5, accuracy: 15)
        #expect(RoadNotTakenDetector().evaluate(context).isDeviation)
        context.courseDifference = 1
        #expect(RoadNotTakenDetector().evaluate(context) == .onRoute)
    }

    @Test func noJunctionOrNoCourseGivesNoVerdict() {
        var context = Self.context(east: 60, north: 0, course: 90, distanceFromRoute: 12.5)
        context.roadsNotTaken = []
        #expect(RoadNotTakenDetector().evaluate(context) == .noVerdict)
        context = Self.context(east: 60, north: 0, course: 90, distanceFromRoute: 12.5)
        context.speed = 2
        #expect(RoadNotTakenDetector().evaluate(context) == .noVerdict)
    }

    @Test func theRoadIsAStraightLineFromTheJunction() {
        #expect(abs(Self.motorway.distance(to: RouteFixture.point(100, 7)) - 7) < 0.01)
        // Behind the junction, the distance to the junction itself.
        #expect(abs(Self.motorway.distance(to: RouteFixture.point(-30, 40)) - 50) < 0.01)
    }

    @Test func threeOfTheLastFourVerdictsDeclareOffRoute() {
        var tracker = DeviationTracker(requiredFixes: 3)
        let off = DeviationVerdict.offRoute(distance: 30)
        for verdict in [off, off, .onRoute, .noVerdict] {
            tracker.record(verdict)
            #expect(!tracker.isOffRoute)
        }
        tracker.record(off)
        #expect(tracker.isOffRoute, "one stray fix among four delays, does not reset")
        tracker.reset()
        for verdict in [off, .onRoute, off, .onRoute, off] {
            tracker.record(verdict)
            #expect(!tracker.isOffRoute, "every other fix is not enough")
        }
    }
}
