import Foundation
import Testing
@testable import GemNavNavigation

/// A session fed with hand-made fixes.
final class FixFeeder {
    let clock = ManualClock()
    var session: NavigationSession
    private var time = 0.0

    init(_ route: Route, settings: NavigationSettings = NavigationSettings()) throws {
        session = try NavigationSession(route: route, settings: settings, clock: clock)
        session.start()
    }

    /// Feeds a fix at `east`/`north` metres from the fixture origin, one second after the last.
    @discardableResult
    func feed(_ east: Double, _ north: Double, accuracy: Double = 5, speed: Double? = 10, course: Double? = 90)
        -> NavigationUpdate
    {
        time += 1
        clock.advance(by: 1)
        return session.update(LocationFix(coordinate: RouteFixture.point(east, north), horizontalAccuracy: accuracy,
                                          speed: speed, course: course, timestamp: clock.now))
    }
}

extension NavigationUpdate {
    func has(_ type: String) -> Bool { events.contains { $0.type == type } }
}

@Suite struct SessionTests {
    static let eastward = RouteFixture.route(RouteFixture.line([(0, 0), (2000, 0)]))

    @Test func idleSessionIgnoresFixes() throws {
        var session = try NavigationSession(route: Self.eastward, clock: ManualClock())
        let update = session.update(LocationFix(coordinate: RouteFixture.origin, horizontalAccuracy: 5,
                                                timestamp: Date()))
        #expect(update.events.isEmpty && update.state == .idle)
    }

    @Test func invalidFixesAreIgnored() throws {
        let feeder = try FixFeeder(Self.eastward)
        feeder.feed(100, 0)
        let bad = feeder.session.update(LocationFix(coordinate: Coordinate(latitude: .nan, longitude: 7),
                                                    horizontalAccuracy: 5, timestamp: feeder.clock.now))
        #expect(bad.events.isEmpty)
        #expect(abs((bad.state.progress?.distanceRemaining ?? 0) - 1900) < 1)
    }

    @Test func rejectsRoutesWithoutLegs() {
        let empty = Route(distance: 0, duration: 0, weight: 0, geometry: [], legs: [])
        #expect(throws: NavigationError.self) { try NavigationSession(route: empty, clock: ManualClock()) }
    }

    @Test func progressReportsRemainingSpeedLimitAndSpeeding() throws {
        let feeder = try FixFeeder(Self.eastward)
        let update = feeder.feed(500, 3, speed: 16)
        let p = try #require(update.state.progress)
        #expect(abs(p.distanceRemaining - 1500) < 1)
        #expect(abs(p.durationRemaining - 1500 / 12) < 1)
        #expect(abs(p.eta.timeIntervalSince(feeder.clock.now) - p.durationRemaining) < 1e-6)
        #expect(p.roadName == "Road 1")
        #expect(p.speedLimitKmh == 50)
        #expect(p.isOverSpeedLimit)  // 16 m/s = 57.6 km/h
        #expect(abs(p.distanceFromRoute - 3) < 0.5)
        #expect(feeder.feed(510, 0, speed: 10).state.progress?.isOverSpeedLimit == false)
    }

    @Test func annotationMaxspeedOverridesTheStepLimit() throws {
        var route = RouteFixture.route(RouteFixture.line([(0, 0), (300, 0), (600, 0)]))
        // The two collinear pieces form one step; annotate its two segments.
        route.legs[0].annotation = Annotation(distance: [300, 300], duration: [30, 10], speed: [10, 30],
                                              maxspeed: [30, nil])
        let feeder = try FixFeeder(route)
        let first = try #require(feeder.feed(100, 0).state.progress)
        #expect(first.speedLimitKmh == 30)
        #expect(abs(first.durationRemaining - (20 + 10)) < 0.5)
        feeder.feed(250, 0, speed: 150)
        let second = try #require(feeder.feed(400, 0, speed: 150).state.progress)
        #expect(second.speedLimitKmh == 50)
    }

    @Test func startingMidRouteFindsTheStep() throws {
        let route = RouteFixture.route(RouteFixture.line([(0, 0), (400, 0), (400, 400), (800, 400)]))
        let feeder = try FixFeeder(route)
        let update = feeder.feed(400, 150, course: 0)
        #expect(update.state.progress?.stepIndex == 1)
        #expect(abs((update.state.progress?.stepDistanceRemaining ?? 0) - 250) < 1)
        #expect(update.events.contains { if case .banner(let b) = $0 { b.modifier == .right } else { false } })
    }

    @Test func offRouteNeedsThreeConsecutiveFixes() throws {
        let feeder = try FixFeeder(Self.eastward)
        feeder.feed(100, 0)
        #expect(!feeder.feed(110, 80).has("offRoute"))
        #expect(!feeder.feed(120, 80).has("offRoute"))
        let third = feeder.feed(130, 80)
        #expect(third.has("offRoute"))
        #expect(third.state.progress?.isOffRoute == true)
        #expect(!feeder.feed(140, 80).has("offRoute"), "reported once per episode")
        #expect(feeder.feed(150, 0).state.progress?.isOffRoute == false)
    }

    @Test func poorAccuracyGivesNoVerdict() throws {
        let feeder = try FixFeeder(Self.eastward)
        feeder.feed(100, 0)
        for i in 0..<10 { #expect(!feeder.feed(110 + Double(i) * 10, 120, accuracy: 80).has("offRoute")) }
        // Poor fixes neither count towards nor reset the streak.
        feeder.feed(220, 80)
        feeder.feed(230, 80, accuracy: 90)
        feeder.feed(240, 80)
        #expect(feeder.feed(250, 80).has("offRoute"))
    }

    @Test func accuracyWidensTheTolerance() throws {
        let feeder = try FixFeeder(Self.eastward)
        for i in 0..<5 { #expect(!feeder.feed(Double(i) * 10, 50, accuracy: 40).has("offRoute")) }
    }

    @Test func drivingTheWrongWayIsDetected() throws {
        let feeder = try FixFeeder(Self.eastward)
        feeder.feed(500, 0, course: 90)
        var reasons: [OffRouteReason] = []
        for i in 1...4 {
            for e in feeder.feed(500 - Double(i) * 10, 0, course: 270).events {
                if case .offRoute(let o) = e { reasons.append(o.reason) }
            }
        }
        #expect(reasons == [.wrongWay])
    }

    @Test func wrongWayIsNotJudgedWhenStandingStill() throws {
        let feeder = try FixFeeder(Self.eastward)
        for _ in 0..<5 { #expect(!feeder.feed(500, 0, speed: 0.5, course: 270).has("offRoute")) }
    }

    @Test func pauseAndResume() throws {
        let feeder = try FixFeeder(Self.eastward)
        feeder.feed(100, 0)
        try feeder.session.pause()
        let paused = feeder.feed(600, 0)
        #expect(paused.events.map(\.type) == ["progress"])
        guard case .paused = paused.state else { Issue.record("not paused"); return }
        #expect(throws: NavigationError.self) { try feeder.session.advanceToNextLeg() }
        try feeder.session.resume()
        let resumed = try #require(feeder.feed(700, 0).state.progress)
        #expect(abs(resumed.distanceRemaining - 1300) < 1)
    }

    @Test func eventTimeNeverRunsBackwards() throws {
        let clock = ManualClock()
        var session = try NavigationSession(route: Self.eastward, clock: clock)
        session.start()
        clock.advance(by: 5)
        let a = session.update(LocationFix(coordinate: RouteFixture.point(50, 0), horizontalAccuracy: 5, timestamp: clock.now))
        clock.set(to: clock.now.addingTimeInterval(-3))
        let b = session.update(LocationFix(coordinate: RouteFixture.point(60, 0), horizontalAccuracy: 5, timestamp: clock.now))
        #expect(a.t == 5 && b.t == 5)
    }
}
