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
    func missedTurnReroutesWithinThreeFixesAndArrives(seed: UInt64) async throws {
        var options = SimulationOptions()
        options.missedTurn = 1
        options.noiseMeters = 3
        options.seed = seed
        let provider = StraightLineProvider()
        var settings = NavigationSettings()
        settings.channels = .all
        let trip = try await simulateTrip(Self.lTurn, settings: settings, options: options, reroute: provider.rerouter)

        #expect(trip.count("offRoute") == 1)
        #expect(trip.rerouteEvents.count == 1 && trip.rerouteEvents[0].succeeded)
        #expect(trip.count("arrived") == 1)
        #expect(trip.eventList.last { $0.type != "progress" }?.type == "arrived")
        // The first fix truly beyond tolerance (25 m + accuracy) starts the count.
        let tolerance = 25 + options.reportedAccuracy
        let firstAway = try #require(trip.fixes.firstIndex { distance($0.truth!, to: Self.lTurn) > tolerance })
        // Without stops there is one update per fix until the reroute request.
        let rerouteUpdate = try #require(trip.updates.firstIndex { $0.has("rerouteNeeded") })
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

    /// A session off the route by 150 m or more, fed one fix a second moving east.
    struct OffRouteDrive {
        let clock = ManualClock()
        var session: NavigationSession
        var i = 0

        init(avoid: AvoidOptions = []) throws {
            session = try NavigationSession(route: RerouteAndStopTests.lTurn, clock: clock, avoid: avoid)
            session.start()
        }

        mutating func next(north: Double = 200) -> NavigationUpdate {
            clock.advance(by: 1)
            i += 1
            return session.update(LocationFix(coordinate: RouteFixture.point(Double(i) * 12, north), horizontalAccuracy: 5,
                                              speed: 12, course: 90, timestamp: clock.now))
        }
    }

    @Test func reroutesKeepAvoidOptionsAndAreSpacedOut() throws {
        var drive = try OffRouteDrive(avoid: [.tolls, .ferries])
        var requests: [(t: Double, request: RerouteRequest)] = []
        for _ in 0..<40 {
            let update = drive.next()
            for case .rerouteNeeded(let request) in update.events {
                requests.append((update.t, request))
                let answer = drive.session.rerouteFailed(request.id, reason: "unreachable")
                let failed = try #require(answer)
                #expect(failed.events == [.reroute(RerouteEvent(requestID: request.id, succeeded: false,
                                                                 origin: request.origin, distance: nil,
                                                                 duration: nil, message: "unreachable"))])
            }
        }
        #expect(requests.count == 4)
        #expect(requests.map(\.request.id) == [1, 2, 3, 4])
        #expect(zip(requests, requests.dropFirst()).allSatisfy { $1.t - $0.t >= 10 })
        #expect(requests.allSatisfy { $0.request.avoid == [.tolls, .ferries] })
    }

    @Test func supersededAndLateAnswersAreDropped() throws {
        var drive = try OffRouteDrive()
        var requests: [RerouteRequest] = []
        while requests.count < 2 {
            for case .rerouteNeeded(let request) in drive.next().events { requests.append(request) }
        }
        let toDestination = { (r: RerouteRequest) in RouteFixture.route([r.origin] + r.stops) }
        // The answer to the first request comes after the second was made: dropped.
        #expect(drive.session.acceptReroute(toDestination(requests[0]), for: requests[0].id) == nil)
        #expect(drive.session.route == Self.lTurn)
        // The current one is followed, from where the user is now, not where it was asked.
        drive.clock.advance(by: 3)
        let answer = drive.session.acceptReroute(toDestination(requests[1]), for: requests[1].id)
        let accepted = try #require(answer)
        #expect(accepted.events.first?.type == "progress" && accepted.has("reroute"))
        guard case .progress(let p) = accepted.events[0] else { return }
        #expect(Geodesy.distance(p.progress.location, requests[1].origin) < 1)
        #expect(drive.session.pendingReroute == nil)
        // An answer for a request already answered is dropped too.
        #expect(drive.session.acceptReroute(toDestination(requests[1]), for: requests[1].id) == nil)
    }

    @Test func answerAfterRejoiningTheRouteIsDropped() throws {
        var drive = try OffRouteDrive()
        var request: RerouteRequest?
        while request == nil {
            for case .rerouteNeeded(let r) in drive.next().events { request = r }
        }
        // Back on the route (y = 0) before the answer arrives.
        for _ in 0..<4 { drive.next(north: 0) }
        let r = try #require(request)
        #expect(drive.session.acceptReroute(RouteFixture.route([r.origin] + r.stops), for: r.id) == nil)
        #expect(drive.session.route == Self.lTurn)
    }

    @Test func providerReceivesTheAvoidOptions() async throws {
        let provider = StraightLineProvider()
        var options = SimulationOptions()
        options.missedTurn = 1
        let player = try TripPlayer(route: Self.lTurn, avoid: .motorways,
                                    source: .simulator(RouteSimulator(route: Self.lTurn, options: options)),
                                    reroute: provider.rerouter)
        _ = await player.record()
        #expect(provider.requests.map(\.avoid) == [.motorways])
    }

    static let twoStops = RouteFixture.route(legs: [
        RouteFixture.line([(0, 0), (500, 0)]),
        RouteFixture.line([(500, 0), (500, 400)]),
        RouteFixture.line([(500, 400), (100, 400)]),
    ])

    @Test func stopsPauseUntilAdvanced() async throws {
        let trip = try await simulateTrip(Self.twoStops)
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

    @Test func automaticModeDoesNotWait() async throws {
        var settings = NavigationSettings()
        settings.automaticallyAdvanceLegs = true
        let trip = try await simulateTrip(Self.twoStops, settings: settings)
        #expect(trip.count("waypointArrived") == 2 && trip.count("arrived") == 1)
        #expect(!trip.updates.contains { if case .arrivedAtStop = $0.state { true } else { false } })
    }

    @Test func advancingWithoutAStopIsAnError() async throws {
        var session = try NavigationSession(route: Self.twoStops, clock: ManualClock())
        session.start()
        #expect(throws: NavigationError(.notWaitingAtStop, "state is navigating")) { try session.advanceToNextLeg() }
    }

    @Test func rerouteOnALaterLegKeepsStopNumbers() async throws {
        let route = RouteFixture.route(legs: [
            RouteFixture.line([(0, 0), (500, 0)]),
            RouteFixture.line([(500, 0), (500, 400), (100, 400)]),
            RouteFixture.line([(100, 400), (100, 800)]),
        ])
        var options = SimulationOptions()
        options.missedTurn = 1  // the left turn at (500, 400), inside leg 1
        let provider = StraightLineProvider()
        let trip = try await simulateTrip(route, options: options, reroute: provider.rerouter)
        let arrivals = trip.eventList.compactMap { if case .waypointArrived(let w) = $0 { w.waypointIndex } else { nil } }
        #expect(arrivals == [1, 2])
        let arrived = trip.eventList.compactMap { if case .arrived(let a) = $0 { a.waypointIndex } else { nil } }
        #expect(arrived == [3])
        #expect(trip.rerouteEvents.count == 1)
        #expect(provider.requests.first?.stops.count == 2)
    }

    /// 1.5 km of motorway at `speed` m/s, then a slip road leaving at 20°. `described`: the
    /// exit's junction lists the motorway going on, as our engine's and OSRM's routes do.
    static func motorwayExit(speed: Double = 30, described: Bool = true) -> (route: Route, exit: Coordinate) {
        let exit = RouteFixture.point(1500, 0)
        let ramp = SimulatedPath.offset(exit, bearing: 90 + 20, distance: 800)
        var route = RouteFixture.route(legs: [[RouteFixture.origin, exit, ramp]], speed: speed, splitAbove: 15)
        if described, let i = route.legs[0].steps.firstIndex(where: { Geodesy.distance($0.maneuver.location, exit) < 1 }) {
            route.legs[0].steps[i].intersections[0] = Intersection(location: exit, bearings: [90, 110, 270],
                                                                    entry: [true, true, false], inIndex: 2, outIndex: 1)
        }
        return (route, exit)
    }

    /// A motorway exit leaving at 20° (a slip road), missed: the user is declared off route
    /// within 150 m or 5 s of the exit, whichever comes first, with 5 m of GPS noise. Slow
    /// (5 s come first), at 30 m/s (both at once) and fast (150 m come first).
    @Test(arguments: [15.0, 22, 30, 40], [UInt64(1), 2, 3, 4, 5])
    func missedMotorwayExitIsSeenWithin150MetresOr5Seconds(speed: Double, seed: UInt64) async throws {
        let (route, exit) = Self.motorwayExit(speed: speed)
        let (past, late) = try await missed(route, exit: exit, speed: speed, seed: seed)
        #expect(past <= 150 && late <= 5, "declared \(Int(past)) m and \(late) s past the exit at \(speed) m/s")
    }

    /// The same exit on a route whose junctions list no other road (a server that sends no
    /// intersections): only the distance from the route and the course give the user away,
    /// which at 30 m/s still takes no more than 150 m.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func missedUndescribedExitIsSeenWithin150Metres(seed: UInt64) async throws {
        let (route, exit) = Self.motorwayExit(speed: 30, described: false)
        let (past, _) = try await missed(route, exit: exit, speed: 30, seed: seed)
        // The fix 5 s past the exit lies 150 m on; a metre allows for the geometry's rounding.
        #expect(past <= 151, "declared \(Int(past)) m past the exit")
    }

    /// Metres and seconds past `exit` at which the user who missed it was declared off route.
    func missed(_ route: Route, exit: Coordinate, speed: Double, seed: UInt64) async throws -> (Double, Double) {
        var options = SimulationOptions()
        options.missedTurn = 1
        options.noiseMeters = 5
        options.seed = seed
        let trip = try await simulateTrip(route, options: options)
        let off = try #require(trip.updates.firstIndex { $0.has("offRoute") })
        let fix = trip.fixes[off]
        return (Geodesy.distance(try #require(fix.truth), exit), fix.timestamp.timeIntervalSince(options.start) - 1500 / speed)
    }

    /// The same motorway followed with noisy GPS: no false alarm, whatever the seed.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func followedMotorwayRaisesNoAlarm(seed: UInt64) async throws {
        var options = SimulationOptions()
        options.noiseMeters = 10
        options.seed = seed
        let trip = try await simulateTrip(Self.motorwayExit().route, options: options)
        #expect(trip.count("offRoute") == 0 && trip.count("arrived") == 1)
    }
}
