import Foundation
import Testing
@testable import GemNavNavigation

/// Routes that fool a nearest-segment matcher: self-crossings, overlaps and parallel roads.
@Suite struct MatchingTests {
    /// Checks that distance travelled only grows (within GPS jitter: a 4σ along-track error of 8 m
    /// noise is ~35 m, far below a jump to another pass of the route) and no off-route occurs.
    func checkSmoothProgress(_ trip: TripRecording, sourceLocation: SourceLocation = #_sourceLocation) {
        let remaining = trip.progressEvents.filter { $0.state == "navigating" }.map {
            $0.progress.distanceRemaining
        }
        let worstJump = zip(remaining, remaining.dropFirst()).map { $1 - $0 }.max() ?? 0
        #expect(worstJump < 60, "remaining distance jumped back by \(worstJump) m", sourceLocation: sourceLocation)
        #expect(trip.count("offRoute") == 0, sourceLocation: sourceLocation)
        #expect(trip.count("arrived") == 1, sourceLocation: sourceLocation)
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func loopThatCrossesItself(seed: UInt64) async throws {
        // East, north, west, then south straight across the first road, then east again.
        let route = RouteFixture.route(RouteFixture.line([(0, 0), (400, 0), (400, 300), (200, 300), (200, -300),
                                                          (600, -300)]))
        var options = SimulationOptions()
        options.noiseMeters = 8
        options.seed = seed
        checkSmoothProgress(try await simulateTrip(route, options: options))
    }

    @Test(arguments: [UInt64(21), 22, 23])
    func circuitDrivenTwice(seed: UInt64) async throws {
        let block = [(0.0, 0.0), (300, 0), (300, 300), (0, 300)]
        let route = RouteFixture.route(RouteFixture.line(block + block + [(0, 0), (0, -200)]))
        var options = SimulationOptions()
        options.noiseMeters = 8
        options.seed = seed
        let trip = try await simulateTrip(route, options: options)
        checkSmoothProgress(trip)
        // Every turn of both laps was announced.
        #expect(Set(trip.voiceEvents.map(\.stepIndex)).count == route.legs[0].steps.count - 1)
    }

    @Test(arguments: [UInt64(31), 32, 33])
    func outAndBackOnTheSameRoad(seed: UInt64) async throws {
        // A U-turn: the way back overlaps the way out in the opposite direction.
        let route = RouteFixture.route(RouteFixture.line([(0, 0), (500, 0), (500, 8), (0, 8), (0, 200)]))
        var options = SimulationOptions()
        options.noiseMeters = 6
        options.seed = seed
        let trip = try await simulateTrip(route, options: options)
        checkSmoothProgress(trip)
    }

    @Test(arguments: [UInt64(41), 42, 43])
    func hairpinBetweenParallelRoads(seed: UInt64) async throws {
        // Two parallel roads 40 m apart joined by a short link, driven in opposite directions.
        let route = RouteFixture.route(RouteFixture.line([(0, 0), (600, 0), (600, 40), (0, 40), (0, 400)]))
        var options = SimulationOptions()
        options.noiseMeters = 10
        options.seed = seed
        checkSmoothProgress(try await simulateTrip(route, options: options))
    }

    @Test func takingTheParallelRoadIsOffRoute() async throws {
        // The route runs east on y = 0; the driver takes a parallel road 60 m north.
        let route = RouteFixture.route(RouteFixture.line([(0, 0), (2000, 0)]))
        let feeder = try FixFeeder(route)
        feeder.feed(0, 0)
        feeder.feed(10, 20)
        var offRoute = false
        for i in 2..<10 { offRoute = offRoute || feeder.feed(Double(i) * 10, 60).has("offRoute") }
        #expect(offRoute)
    }

    @Test func windowKeepsPerFixWorkIndependentOfRouteLength() async throws {
        // A 4 km road with 2 000 vertices: one fix may examine at most 2 × cap segments.
        let points = (0..<2000).map { i in RouteFixture.point(Double(i) * 2, 0) }
        let leg = LegGeometry(leg: RouteFixture.route(points).legs[0])
        let matcher = RouteMatcher(settings: MatchingSettings())
        let fix = LocationFix(coordinate: RouteFixture.point(2000, 0), horizontalAccuracy: 5, speed: 10,
                              course: 90, timestamp: Date())
        let previous = matcher.match(fix, on: leg, previous: nil, elapsed: 0, speed: 10)
        #expect(abs(previous.along - 2000) < 2)
        let far = LocationFix(coordinate: RouteFixture.point(3900, 0), horizontalAccuracy: 5, speed: 10,
                              course: 90, timestamp: Date())
        // Far beyond the window: the match stays near the previous position instead of jumping.
        let windowed = matcher.match(far, on: leg, previous: previous, elapsed: 1, speed: 10)
        #expect(windowed.along < 2000 + 600)
    }
}
