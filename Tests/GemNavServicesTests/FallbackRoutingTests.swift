import Clocks
import Foundation
import GemNavServices
import GemNavTestSupport
import GemNavCore
import Testing

/// A chosen server that is down or slow hands routing to the embedded engine at once, says so,
/// and gets it back as soon as it answers again. Time is a test clock: nothing sleeps.
@Suite struct FallbackRoutingTests {
    /// A provider answering with a route of `distance` metres, or failing, as told.
    struct FakeProvider: RouteProvider {
        var name: String
        var answer: @Sendable (RouteQuery) async throws -> [Route]

        func routes(for query: RouteQuery) async throws -> [Route] { try await answer(query) }

        static func route(_ distance: Double) -> [Route] {
            [Route(distance: distance, duration: distance / 10, weight: distance / 10, geometry: [], legs: [])]
        }
    }

    /// Sources reported through `onChange`, in order.
    final class SourceLog: @unchecked Sendable {
        // @unchecked: `seen` is only touched under `lock`.
        private let lock = NSLock()
        private var seen: [RoutingSource] = []
        func add(_ s: RoutingSource) { lock.withLock { seen.append(s) } }
        var sources: [RoutingSource] { lock.withLock { seen } }
    }

    /// Whether the server is up; flipped by the test.
    final class Switch: @unchecked Sendable {
        private let lock = NSLock()
        private var on = false
        var isOn: Bool {
            get { lock.withLock { on } }
            set { lock.withLock { on = newValue } }
        }
    }

    let query = RouteQuery(waypoints: [Coordinate(latitude: 43.73, longitude: 7.42), Coordinate(latitude: 43.74, longitude: 7.43)])
    let engine = FakeProvider(name: "the embedded engine") { _ in FakeProvider.route(1000) }

    @Test func downServerFallsBackAtOnceAndComesBackWhenItAnswers() async throws {
        let up = Switch()
        let server = FakeProvider(name: "the server at http://osrm.test") { _ in
            guard up.isOn else { throw AppError(.serverUnreachable(url: "http://osrm.test", reason: "connection refused")) }
            return FakeProvider.route(2000)
        }
        let log = SourceLog()
        let provider = FallbackRouteProvider(primary: server, fallback: engine, clock: TestClock(),
                                             onChange: log.add)
        #expect(try await provider.route(for: query).distance == 1000)
        #expect(try await provider.route(for: query).distance == 1000)
        up.isOn = true
        #expect(try await provider.route(for: query).distance == 2000)
        #expect(log.sources.count == 2, "one notice per switch, not per request")
        guard case .fallback(let name, let primary, let reason) = log.sources.first else {
            Issue.record("no fallback notice")
            return
        }
        #expect(name == "the embedded engine" && primary == "the server at http://osrm.test")
        #expect(reason.contains("connection refused"))
        #expect(log.sources.first?.notice.hasPrefix("The server at http://osrm.test is not answering") == true)
        #expect(log.sources.last == .primary(name: "the server at http://osrm.test"))
    }

    @Test func slowServerIsNotWaitedForBeyondThePatience() async throws {
        let clock = TestClock()
        let hung = Gate()
        let server = FakeProvider(name: "the server at http://slow.test") { _ in
            await hung.wait()
            return FakeProvider.route(2000)
        }
        let provider = FallbackRouteProvider(primary: server, fallback: engine, patience: .seconds(3), clock: clock)
        let answer = Task { try await provider.route(for: query) }
        // The patience runs from the request; the clock moves once the server has it.
        await hung.arrived(1)
        await clock.advance(by: .seconds(4))
        #expect(try await answer.value.distance == 1000)
        await hung.open()
        guard case .fallback(_, _, let reason)? = provider.source else {
            Issue.record("the fallback did not answer")
            return
        }
        #expect(reason == "no answer within 3 s")
    }

    @Test func noRouteIsAnAnswerNotAnOutage() async throws {
        let server = FakeProvider(name: "the server at http://osrm.test") { _ in
            throw AppError(.noRoute("The routing server found no route (NoRoute): Impossible route between points"))
        }
        let provider = FallbackRouteProvider(primary: server, fallback: engine, clock: TestClock())
        await #expect(throws: AppError.self) { try await provider.route(for: query) }
        #expect(provider.source == .primary(name: "the server at http://osrm.test"))
    }
}
