import Foundation
import Testing
@testable import GemNavNavigation

/// Traffic while on the route: checks, the ETA following the provider's speeds, and the
/// "Faster route found" offer with its thresholds, acceptance, refusal and lapse.
@Suite struct FasterRouteTests {
    /// 6 km east then 3 km north at 12 m/s: 750 s.
    static let long = RouteFixture.route(RouteFixture.line([(0, 0), (6000, 0), (6000, 3000)]))

    /// A session on `long`, fed one fix a second along it.
    struct Drive {
        let clock = ManualClock()
        var session: NavigationSession
        var east = 0.0

        init() throws {
            session = try NavigationSession(route: FasterRouteTests.long, clock: clock)
            session.start()
        }

        @discardableResult
        mutating func next(_ seconds: Int = 1) -> [NavigationUpdate] {
            (0..<seconds).map { _ in
                clock.advance(by: 1)
                east += 12
                return session.update(LocationFix(coordinate: RouteFixture.point(east, 0), horizontalAccuracy: 5,
                                                  speed: 12, course: 90, timestamp: clock.now))
            }
        }

        mutating func check() throws -> RouteCheckRequest {
            let checked = session.checkRoute()
            let update = try #require(checked)
            guard case .routeCheckNeeded(let request) = update.events.first else { throw CheckMissing() }
            return request
        }

        var remaining: Double { session.state.progress?.durationRemaining ?? .nan }
    }

    struct CheckMissing: Error {}

    /// A straight route from the check's origin to its destination taking `seconds`.
    func shortcut(_ request: RouteCheckRequest, seconds: Double) -> Route {
        var route = RouteFixture.route([request.origin, request.stops.last!])
        route.duration = seconds
        return route
    }

    @Test func checkAsksFromThePositionThroughTheRestOfTheRoute() throws {
        var drive = try Drive()
        drive.next(10)
        let request = try drive.check()
        #expect(Geodesy.distance(request.origin, RouteFixture.point(120, 0)) < 2)
        #expect(request.heading.map { Geodesy.angleDifference($0, 90) < 1 } == true)
        #expect(request.stops.count == 1 && Geodesy.distance(request.stops[0], RouteFixture.point(6000, 3000)) < 1)
        // Points in the middle of the remaining steps, all on the route, ending at the destination.
        #expect(request.followPoints.count >= 3)
        #expect(request.followPoints.last == request.stops.last)
        let route = Self.long.geometry
        for p in request.followPoints {
            let off = zip(route, route.dropFirst()).map { Geodesy.project(p, onto: $0, $1).distance }.min() ?? .infinity
            #expect(off < 1, "\(p) is \(off) m off the route")
        }
    }

    @Test func trafficOnTheRouteMovesTheETAAndShrinksAsItIsDriven() throws {
        var drive = try Drive()
        drive.next(10)
        let before = drive.remaining
        let request = try drive.check()
        // The provider says the rest takes 5 minutes more; the fastest route is this one.
        let updateAnswer = drive.session.routeChecked(request.id, fastest: nil, currentDuration: before + 300)
        let update = try #require(updateAnswer)
        #expect(update.events.map(\.type) == ["progress"])
        #expect(abs(drive.remaining - (before + 300)) < 1)
        #expect(drive.session.fasterRoute == nil)
        // Half-way through what was left, half the delay is still ahead.
        drive.next(Int((before / 2).rounded()))
        #expect(abs(drive.remaining - (before / 2 + 150)) < 15)
    }

    @Test func aRouteSavingTwoMinutesAndTenPercentIsOfferedAndCanBeTaken() throws {
        var drive = try Drive()
        drive.next(10)
        let request = try drive.check()
        let current = drive.remaining + 200
        let faster = shortcut(request, seconds: current - 180)
        let updateAnswer = drive.session.routeChecked(request.id, fastest: faster, currentDuration: current)
        let update = try #require(updateAnswer)
        let offered = try #require(update.events.compactMap { e -> FasterRouteEvent? in
            if case .fasterRoute(let f) = e { return f } else { return nil }
        }.first)
        #expect(offered.status == .offered && offered.saving == 180)
        #expect(offered.message == "Faster route found, saves 3 min")
        // The offer survives a few fixes, then is taken: the session follows the new route.
        drive.next(3)
        let acceptedAnswer = drive.session.acceptFasterRoute()
        let accepted = try #require(acceptedAnswer)
        #expect(accepted.events.first?.type == "progress")
        #expect(accepted.events.contains { if case .fasterRoute(let f) = $0 { f.status == .accepted } else { false } })
        #expect(drive.session.route == faster)
        #expect(drive.session.fasterRoute == nil)
        // The new route is timed at the latest speeds: no traffic delay is added to it.
        #expect(drive.remaining <= faster.duration)
    }

    @Test(arguments: [(saving: 100.0, current: 2000.0), (saving: 130.0, current: 1400.0)])
    func smallSavingsAreNotOffered(saving: Double, current: Double) throws {
        var drive = try Drive()
        drive.next(10)
        let request = try drive.check()
        let answer = drive.session.routeChecked(request.id, fastest: shortcut(request, seconds: current - saving),
                                                currentDuration: current)
        let update = try #require(answer)
        #expect(!update.has("fasterRoute"))
        #expect(drive.session.fasterRoute == nil)
    }

    @Test func aDeclinedOfferIsOnlyRepeatedWhenItSavesClearlyMore() throws {
        var drive = try Drive()
        drive.next(10)
        var request = try drive.check()
        _ = drive.session.routeChecked(request.id, fastest: shortcut(request, seconds: 1000), currentDuration: 1300)
        let declinedAnswer = drive.session.dismissFasterRoute()
        let declined = try #require(declinedAnswer)
        #expect(declined.events.contains { if case .fasterRoute(let f) = $0 { f.status == .declined } else { false } })
        #expect(drive.session.route == Self.long)
        // The same saving again: not offered; two minutes more: offered.
        request = try drive.check()
        _ = drive.session.routeChecked(request.id, fastest: shortcut(request, seconds: 1000), currentDuration: 1300)
        #expect(drive.session.fasterRoute == nil)
        request = try drive.check()
        _ = drive.session.routeChecked(request.id, fastest: shortcut(request, seconds: 1000), currentDuration: 1430)
        #expect(drive.session.fasterRoute?.saving == 430)
    }

    @Test func anUnansweredOfferLapses() throws {
        var drive = try Drive()
        drive.next(10)
        let request = try drive.check()
        _ = drive.session.routeChecked(request.id, fastest: shortcut(request, seconds: 600), currentDuration: 1000)
        #expect(drive.session.fasterRoute != nil)
        let updates = drive.next(Int(NavigationSettings().fasterRoute.offerLifetime) + 1)
        #expect(updates.flatMap(\.events).contains { if case .fasterRoute(let f) = $0 { f.status == .expired } else { false } })
        #expect(drive.session.fasterRoute == nil)
        let lapsed = drive.session.acceptFasterRoute()
        #expect(lapsed == nil)
        #expect(drive.session.route == Self.long)
    }

    @Test func supersededAnswersAreDropped() throws {
        var drive = try Drive()
        drive.next(10)
        let first = try drive.check()
        let second = try drive.check()
        let late = drive.session.routeChecked(first.id, fastest: shortcut(first, seconds: 100), currentDuration: 1000)
        #expect(late == nil)
        let answered = drive.session.routeChecked(second.id, fastest: nil, currentDuration: nil)
        #expect(answered != nil)
        let again = drive.session.routeChecked(second.id, fastest: nil, currentDuration: nil)
        #expect(again == nil)
    }

    @Test func noCheckWhileOffRoute() throws {
        var drive = try Drive()
        drive.next(5)
        for i in 1...5 {
            drive.clock.advance(by: 1)
            drive.session.update(LocationFix(coordinate: RouteFixture.point(60 + Double(i) * 12, 300), horizontalAccuracy: 5,
                                             speed: 12, course: 90, timestamp: drive.clock.now))
        }
        let check = drive.session.checkRoute()
        #expect(check == nil)
    }
}
