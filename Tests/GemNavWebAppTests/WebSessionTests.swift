import Clocks
import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
@testable import GemNavWebApp
import Testing

/// A tab's session driven in process, as the WebSocket would: intents in as JSON text, state
/// messages out, on the Monaco map with a test clock.
@MainActor @Suite struct WebSessionTests {
    let timer = TestClock()
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))

    func sessions() throws -> WebSessions {
        let environment = try MonacoData.appEnvironment(clock: clock, timer: timer)
        return WebSessions(clock: clock) { zone, locale in
            var page = environment
            page.timeZone = zone
            page.locale = locale
            return AppComposition.build(page)
        }
    }

    /// Reads messages until one satisfies `done` (each message is a JSON object).
    func next(_ messages: inout AsyncStream<String>.Iterator, until done: ([String: Any]) -> Bool = { _ in true })
        async throws -> [String: Any]
    {
        for _ in 0..<50 {
            guard let text = await messages.next(isolation: #isolation) else { break }
            let message = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            if done(message) { return message }
        }
        Issue.record("no such message")
        return [:]
    }

    func state(_ message: [String: Any]) -> [String: Any] { message["state"] as? [String: Any] ?? [:] }

    @Test func searchPlanAndResumeOverMessages() async throws {
        let sessions = try sessions()
        let session = try sessions.open(nil, timeZone: try #require(TimeZone(identifier: "Europe/Paris")))
        var messages = session.attach().messages.makeAsyncIterator()
        let first = try await next(&messages)
        #expect(first["type"] as? String == "state" && first["session"] as? String == session.id)
        #expect(state(first)["screen"] as? String == "map")

        try session.receive(#"{"intent":"open","screen":"search"}"#)
        try session.receive(#"{"intent":"type","text":"casino"}"#)
        await timer.advance(by: .seconds(1))
        await session.app.search.settled()
        let found = try await next(&messages) { (self.state($0)["search"] as? [String: Any])?["results"] as? [Any] != nil
            && ((self.state($0)["search"] as? [String: Any])?["results"] as? [Any])?.isEmpty == false }
        let results = try #require((state(found)["search"] as? [String: Any])?["results"] as? [[String: Any]])
        let casino = try #require(results.first { ($0["name"] as? String)?.contains("Casino") == true })

        try session.receive(#"{"intent":"pick","id":"\#(casino["id"] as! String)"}"#)
        try session.receive(#"{"intent":"directions"}"#)
        await session.app.planning.settled()
        let planned = try await next(&messages) { (self.state($0)["planning"] as? [String: Any])?["phase"] as? String == "routeReady" }
        let routes = try #require((state(planned)["planning"] as? [String: Any])?["routes"] as? [[String: Any]])
        #expect(!routes.isEmpty && routes[0]["selected"] as? Bool == true)
        // 08:00 GMT on the test clock: the page in Paris sees its own clock time.
        #expect((routes[0]["arrival"] as? String)?.hasPrefix("09:") == true)
        let lines = state(planned)["routeLines"] as? [[[Double]]]
        #expect(lines?.count == routes.count && (lines?.first?.count ?? 0) > 1)

        // The tab reloads: the same id finds the same app where it was.
        session.detach(1)
        #expect(try sessions.open(session.id) === session)
        var again = session.attach().messages.makeAsyncIterator()
        let resumed = try await next(&again)
        #expect((state(resumed)["planning"] as? [String: Any])?["phase"] as? String == "routeReady")
        #expect(state(resumed)["routeLines"] != nil, "a new connection gets the lines again")
        // Another tab gets its own app.
        #expect(try sessions.open(nil) !== session)
    }

    /// Searches `query` on `session` and picks the first result whose name contains `name`.
    func pick(_ query: String, _ name: String, on session: WebSession) async throws -> String {
        try session.receive(#"{"intent":"open","screen":"search"}"#)
        try session.receive(#"{"intent":"type","text":"\#(query)"}"#)
        await timer.advance(by: .seconds(1))
        await session.app.search.settled()
        let place = try #require(session.app.search.state.results.first { $0.name.contains(name) })
        try session.receive(#"{"intent":"pick","id":"\#(place.id)"}"#)
        return place.name
    }

    @Test func theMapPinsThePickedPlaceTheStopsAndTheDestination() async throws {
        let all = try sessions()
        let session = try all.open(nil)
        let other = try all.open(nil)
        let stadium = try await pick("stade", "Stade Louis", on: session)
        #expect(WebState(session.app).markers.map(\.label) == ["Place: \(stadium)"], "a picked place is pinned")
        try session.receive(#"{"intent":"directions"}"#)
        await session.app.planning.settled()
        let casino = try await pick("casino", "Casino de Monte", on: session)
        try session.receive(#"{"intent":"addStop"}"#)
        await session.app.planning.settled()
        let planned = WebState(session.app).markers
        #expect(planned.map(\.label) == ["Stop 1: \(casino)", "Destination: \(stadium)"])
        #expect(planned.map(\.kind) == ["stop", "destination"] && planned.map(\.number) == [1, nil])
        let card = session.app.planning.state
        #expect(planned.last?.lat == card.destination?.coordinate.latitude
            && planned.last?.lon == card.destination?.coordinate.longitude)

        // The trip keeps its pins while guided, under the consent question too, and drops them at its end.
        try session.receive(#"{"intent":"start"}"#)
        #expect(WebState(session.app).screen == "navigation")
        #expect(WebState(session.app).markers == planned)
        try session.receive(#"{"intent":"consent","granted":false}"#)
        #expect(WebState(session.app).markers == planned)
        // Settings show the answer given to the trip's disclosure, in this tab and in another.
        try session.receive(#"{"intent":"open","screen":"settings"}"#)
        #expect(WebState(session.app).settings.consent == "denied")
        try session.receive(#"{"intent":"open","screen":"navigation"}"#)
        try other.receive(#"{"intent":"open","screen":"settings"}"#)
        #expect(WebState(other.app).settings.consent == "denied")
        try session.receive(#"{"intent":"endTrip"}"#)
        #expect(WebState(session.app).markers.allSatisfy { $0.kind == "place" }, "only a place still picked in search")
    }

    @Test func thePageIsAskedToMoveTheMapOnceToThePickedPlaceThenToItsRoutes() async throws {
        let session = try sessions().open(nil)
        var messages = session.attach().messages.makeAsyncIterator()
        func camera(_ message: [String: Any]) -> [String: Any]? {
            (state(message)["map"] as? [String: Any])?["camera"] as? [String: Any]
        }
        _ = try await pick("stade", "Stade Louis", on: session)
        let placed = try await next(&messages) { camera($0) != nil }
        let place = try #require(session.app.search.state.destination?.coordinate)
        let onPlace = try #require(camera(placed))
        #expect(onPlace["lat"] as? Double == place.latitude && onPlace["lon"] as? Double == place.longitude)
        #expect(onPlace["zoom"] as? Double == 16 && onPlace["revision"] as? Int == 1 && onPlace["bounds"] == nil)
        #expect((state(placed)["map"] as? [String: Any])?["following"] as? Bool == false)

        try session.receive(#"{"intent":"directions"}"#)
        await session.app.planning.settled()
        let fitted = try await next(&messages) { camera($0)?["bounds"] != nil }
        let onRoutes = try #require(camera(fitted))
        let bounds = try #require(onRoutes["bounds"] as? [[Double]])
        #expect(onRoutes["revision"] as? Int == 2 && onRoutes["maxZoom"] as? Double == 17)
        #expect(bounds.count == 2 && bounds[0][0] < bounds[1][0] && bounds[0][1] < bounds[1][1])
        #expect((bounds[0][0]...bounds[1][0]).contains(place.longitude) && (bounds[0][1]...bounds[1][1]).contains(place.latitude))
        let routes = session.app.planning.state.routes.flatMap(\.route.geometry)
        #expect(!routes.isEmpty && routes.allSatisfy {
            (bounds[0][0]...bounds[1][0]).contains($0.longitude) && (bounds[0][1]...bounds[1][1]).contains($0.latitude)
        })
    }

    @Test func theScreenIsKeptOnOnlyWhereThePageCanKeepIt() async throws {
        let sessions = try sessions()
        func trip(capabilities: String) async throws -> Bool {
            let session = try sessions.open(nil)
            try session.receive(capabilities)
            _ = try await pick("stade", "Stade Louis", on: session)
            try session.receive(#"{"intent":"directions"}"#)
            await session.app.planning.settled()
            try session.receive(#"{"intent":"start"}"#)
            try session.receive(#"{"intent":"consent","granted":false}"#)
            #expect(WebState(session.app).tripUnderWay)
            return WebState(session.app).keepScreenOn
        }
        #expect(try await trip(capabilities: #"{"intent":"capabilities","vibrate":true,"speech":true,"wakeLock":true}"#))
        #expect(try await trip(capabilities: #"{"intent":"capabilities","vibrate":true,"speech":true}"#),
                "a page that does not say can")
        #expect(try await !trip(capabilities: #"{"intent":"capabilities","vibrate":true,"speech":true,"wakeLock":false}"#))
    }

    @Test func badMessagesAreExplained() throws {
        let session = try sessions().open(nil)
        func failure(_ text: String) -> WebAppError? {
            do { try session.receive(text) } catch let e as WebAppError { return e } catch { return nil }
            return nil
        }
        let notJSON = try #require(failure("hello"))
        #expect(notJSON.closesConnection && notJSON.description.contains("not a valid GemNav intent"))
        #expect(failure(#"{"intent":"fly"}"#)?.kind == .unknownIntent("fly"))
        #expect(failure(#"{"intent":"type"}"#)?.kind == .missingField("text", intent: "type"))
        #expect(failure(#"{"intent":"open","screen":"moon"}"#)?.closesConnection == true)
        #expect(failure(#"{"intent":"location","lat":91,"lon":0}"#)?.description.contains("not on Earth") == true)
        let early = try #require(failure(#"{"intent":"addStop"}"#))
        #expect(!early.closesConnection, "a valid intent that does not apply now keeps the connection")
        #expect(throws: WebAppError.self) { try WebSessions(clock: clock) { _, _ in throw CancellationError() }.open("../etc") }
    }
}
