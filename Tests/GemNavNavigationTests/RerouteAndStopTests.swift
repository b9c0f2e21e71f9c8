import Foundation
import Testing
@testable import GemNavNavigation

@Suite struct RerouteAndStopTests {
    static let lTurn = RouteFixture.route(RouteFixture.line([(0, 0), (600, 0), (600, 500)]))

    /// Metres from a point to the nearest point of a route's geometry.
    func distance(_ c: Coordinate, to route: Route) -> Double {
        zip(route.geometry, route.geometry.dropFirst()).map { Geodesy.project(c, onto: $0, $1).distance }.min() ?? 0
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func missedTurnReroutesWithinThreeFixesAndArrives(seed: UInt64) throws {
        var options = SimulationOptions()
        options.missedTurn = 1
        options.noiseMeters = 3
        options.seed = seed
        let provider = StraightLineProvider()
        var settings = NavigationSettings()
        settings.channels = .all
        let trip = try simulateTrip(Self.lTurn, settings: settings, options: options, provider: provider)

        #expect(trip.count("offRoute") == 1)
        #expect(trip.rerouteEvents.count == 1 && trip.rerouteEvents[0].succeeded)
        #expect(trip.count("arrived") == 1)
        #expect(trip.eventList.last { $0.type != "progress" }?.type == "arrived")
        // The first fix truly beyond tolerance (25 m + accuracy) starts the count.
        let tolerance = 25 + options.reportedAccuracy
        let firstAway = try #require(trip.fixes.firstIndex { distance($0.truth!, to: Self.lTurn) > tolerance })
        let rerouteUpdate = try #require(trip.updates.firstIndex { $0.has("reroute") })
        #expect(rerouteUpdate - firstAway <= 2, "reroute on the third deviating fix at the latest")
        // The provider was asked from the user's position to the destination, with a heading.
        let request = try #require(provider.requests.first)
        #expect(request.stops.count == 1 && Geodesy.distance(request.stops[0], RouteFixture.point(600, 500)) < 1)
        #expect(request.heading.map { Geodesy.angleDifference($0, 90) < 15 } == true)
        // No prompt while off route: none between the off-route and the reroute.
        let events = trip.eventList
        let off = try #require(events.firstIndex { $0.type == "offRoute" })
        let re = try #require(events.firstIndex { $0.type == "reroute" })
        #expect(!events[off..<re].contains { $0.type == "voice" })
        // An off-route haptic alert goes with it.
        #expect(trip.hapticEvents.contains { $0.pattern.kind == .offRoute })
    }

    @Test func reroutesKeepAvoidOptionsAndAreSpacedOut() throws {
        let clock = ManualClock()
        let session = try NavigationSession(route: Self.lTurn, clock: clock, routeProvider: FailingProvider(),
                                            avoid: [.tolls, .ferries])
        session.start()
        var attempts: [Double] = []
        for i in 0..<40 {
            clock.advance(by: 1)
            let fix = LocationFix(coordinate: RouteFixture.point(Double(i) * 12, 200), horizontalAccuracy: 5,
                                  speed: 12, course: 90, timestamp: clock.now)
            let update = session.update(fix)
            for case .reroute(let r) in update.events {
                #expect(!r.succeeded && r.message != nil)
                attempts.append(update.t)
            }
        }
        #expect(attempts.count == 4)
        #expect(zip(attempts, attempts.dropFirst()).allSatisfy { $1 - $0 >= 10 })
        #expect(session.avoid == [.tolls, .ferries])
    }

    @Test func providerReceivesTheAvoidOptions() throws {
        let provider = StraightLineProvider()
        let clock = ManualClock()
        let session = try NavigationSession(route: Self.lTurn, clock: clock, routeProvider: provider,
                                            avoid: .motorways)
        session.start()
        for i in 0..<4 {
            clock.advance(by: 1)
            session.update(LocationFix(coordinate: RouteFixture.point(Double(i) * 10, 150), horizontalAccuracy: 5,
                                       speed: 10, course: 90, timestamp: clock.now))
        }
        #expect(provider.requests.map(\.avoid) == [.motorways])
    }

    static let twoStops = RouteFixture.route(legs: [
        RouteFixture.line([(0, 0), (500, 0)]),
        RouteFixture.line([(500, 0), (500, 400)]),
        RouteFixture.line([(500, 400), (100, 400)]),
    ])

    @Test func stopsPauseUntilAdvanced() throws {
        let trip = try simulateTrip(Self.twoStops)
        let arrivals = trip.eventList.compactMap { if case .waypointArrived(let w) = $0 { w.waypointIndex } else { nil } }
        #expect(arrivals == [1, 2])
        #expect(trip.count("arrived") == 1)
        // While waiting at a stop only progress is emitted, and the state says so.
        let waiting = trip.updates.filter { if case .arrivedAtStop = $0.state { true } else { false } }
        #expect(waiting.count >= 4)
        let idle = waiting.filter { !$0.has("waypointArrived") }
        #expect(idle.count >= 4 && idle.allSatisfy { $0.events.allSatisfy { $0.type == "progress" } })
        // Guidance resumes on the next leg: prompts for leg 1 and leg 2 exist.
        #expect(Set(trip.voiceEvents.map(\.legIndex)) == [0, 1, 2])
    }

    @Test func automaticModeDoesNotWait() throws {
        var settings = NavigationSettings()
        settings.automaticallyAdvanceLegs = true
        let trip = try simulateTrip(Self.twoStops, settings: settings)
        #expect(trip.count("waypointArrived") == 2 && trip.count("arrived") == 1)
        #expect(!trip.updates.contains { if case .arrivedAtStop = $0.state { true } else { false } })
    }

    @Test func advancingWithoutAStopIsAnError() throws {
        let session = try NavigationSession(route: Self.twoStops, clock: ManualClock())
        session.start()
        #expect(throws: NavigationError(.notWaitingAtStop, "state is navigating")) { try session.advanceToNextLeg() }
    }

    @Test func rerouteOnALaterLegKeepsStopNumbers() throws {
        let route = RouteFixture.route(legs: [
            RouteFixture.line([(0, 0), (500, 0)]),
            RouteFixture.line([(500, 0), (500, 400), (100, 400)]),
            RouteFixture.line([(100, 400), (100, 800)]),
        ])
        var options = SimulationOptions()
        options.missedTurn = 1  // the left turn at (500, 400), inside leg 1
        let provider = StraightLineProvider()
        let trip = try simulateTrip(route, options: options, provider: provider)
        let arrivals = trip.eventList.compactMap { if case .waypointArrived(let w) = $0 { w.waypointIndex } else { nil } }
        #expect(arrivals == [1, 2])
        let arrived = trip.eventList.compactMap { if case .arrived(let a) = $0 { a.waypointIndex } else { nil } }
        #expect(arrived == [3])
        #expect(trip.rerouteEvents.count == 1)
        #expect(provider.requests.first?.stops.count == 2)
    }
}
