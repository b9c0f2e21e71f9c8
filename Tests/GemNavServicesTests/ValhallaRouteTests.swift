import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavRouting
import GemNavServices
import Testing

/// The Valhalla provider speaks Valhalla's own `/route` JSON: its requests are the ones a real
/// Valhalla server answered (fixtures), its answers become routes GemNav guides end to end, and
/// Valhalla's errors say what went wrong.
@Suite struct ValhallaRouteTests {
    let provider = ValhallaFixtures.provider()

    func route(_ name: String) async throws -> [Route] {
        try await provider.routes(for: try #require(ValhallaFixtures.queries[name]))
    }

    @Test(arguments: ["monaco-route", "monaco-stops-heading", "monaco-alternates"])
    func requestIsTheOneValhallaAnswered(name: String) throws {
        let request = provider.request(try #require(ValhallaFixtures.queries[name]))
        #expect(request.httpMethod == "POST" && request.url?.absoluteString == "http://valhalla.test:8002/route")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = try #require(request.httpBody)
        #expect(try ValhallaFixtures.sameJSON(body, ValhallaFixtures.request(name)), "\(String(decoding: body, as: UTF8.self))")
    }

    @Test func avoidOptionsCostingAndLanguageGoInTheRequest() throws {
        let bicycle = ValhallaHTTPRouteProvider(baseURL: URL(string: "http://valhalla.test/")!, costing: .bicycle,
                                                guidance: GuidanceOptions(language: "fr"))
        let query = RouteQuery(waypoints: [WholeTripTests.monteCarlo, WholeTripTests.condamine, WholeTripTests.fontvieille],
                               avoid: [.tolls, .motorways, .ferries], alternatives: 2)
        let body = try #require(bicycle.request(query).httpBody)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["costing"] as? String == "bicycle")
        let exclusions = try #require((json["costing_options"] as? [String: Any])?["bicycle"] as? [String: Int])
        #expect(exclusions == ["use_tolls": 0, "use_highways": 0, "use_ferry": 0])
        #expect(json["alternates"] == nil, "Valhalla has alternates only between two points")
        #expect((json["directions_options"] as? [String: String]) == ["units": "kilometers", "language": "fr"])
        let tollsOnly = try #require(ValhallaHTTPRouteProvider(baseURL: URL(string: "http://v.test")!)
            .request(RouteQuery(waypoints: query.waypoints, avoid: .tolls)).httpBody)
        #expect(String(decoding: tollsOnly, as: UTF8.self).contains(#""costing_options":{"auto":{"use_tolls":0}}"#))
    }

    @Test func aTrucksSizeGoesInItsCostingOptions() throws {
        let truck = ValhallaHTTPRouteProvider(baseURL: URL(string: "http://valhalla.test/")!, costing: .truck)
        var vehicle = VehicleDimensions.truck
        vehicle.height = 3.6
        let query = RouteQuery(waypoints: [WholeTripTests.monteCarlo, WholeTripTests.condamine], vehicle: vehicle)
        let body = try #require(truck.request(query).httpBody)
        #expect(String(decoding: body, as: UTF8.self).contains(
            #""costing_options":{"truck":{"axle_load":10,"height":3.6,"length":16.5,"weight":40,"width":2.55}}"#))
        // A car query carries no size, and no options at all without avoid options.
        let car = try #require(ValhallaHTTPRouteProvider(baseURL: URL(string: "http://v.test")!).request(query).httpBody)
        #expect(!String(decoding: car, as: UTF8.self).contains("costing_options"))
    }

    @Test func monacoAnswerBecomesAGuidedRoute() async throws {
        let routes = try await route("monaco-route")
        let answer = try #require(try JSONSerialization.jsonObject(with: ValhallaFixtures.response("monaco-route")) as? [String: Any])
        let trip = try #require(answer["trip"] as? [String: Any])
        let maneuvers = try #require(((trip["legs"] as? [[String: Any]])?.first?["maneuvers"]) as? [[String: Any]])
        #expect(routes.count == 1)
        let route = try #require(routes.first)
        let steps = try #require(route.legs.first?.steps)
        #expect(steps.count == maneuvers.count)
        #expect(abs(route.distance - 1000 * ((trip["summary"] as? [String: Any])?["length"] as? Double ?? 0)) < 0.5)
        #expect(steps.first?.maneuver.type == .depart && steps.last?.maneuver.type == .arrive)
        #expect(route.geometry.first == steps.first?.maneuver.location && route.geometry.last == steps.last?.maneuver.location)
        for (a, b) in zip(steps, steps.dropFirst()) {
            #expect(a.geometry.last == b.maneuver.location, "steps are joined at their maneuvers")
            #expect(b.geometry.first == b.maneuver.location)
        }
        #expect(abs(steps.map(\.distance).reduce(0, +) - route.distance) < 5)
        // "Turn left onto Boulevard des Moulins." (type 15), bearings as Valhalla gave them.
        let left = steps[1]
        #expect(left.name == "Boulevard des Moulins" && left.maneuver.type == .turn && left.maneuver.modifier == .left)
        #expect(left.maneuver.bearingBefore == 304 && left.maneuver.bearingAfter == 207)
        #expect(left.maneuver.instruction == "Turn left onto Boulevard des Moulins.")
        #expect(left.intersections.first?.bearings == [124, 207])
        // Type 26 on a named ring, then 27: a rotary with its exit, the exit road named.
        let ring = try #require(steps.firstIndex { $0.maneuver.type == .rotary })
        #expect(steps[ring].rotaryName == "Giratoire Aureglia" && steps[ring].maneuver.exit == 3)
        #expect(steps[ring + 1].maneuver.type == .exitRotary && steps[ring + 1].name == "Tunnel Dorsale")
        // An unnamed ring is a plain roundabout.
        #expect(steps.contains { $0.maneuver.type == .roundabout && $0.maneuver.exit == 1 && $0.rotaryName == nil })
        // GemNav's own prompts and banners, in its words.
        let spoken = steps.flatMap(\.voiceInstructions).map(\.announcement)
        #expect(spoken.contains { $0.contains("At Giratoire Aureglia, take the 3rd exit onto Tunnel Dorsale") })
        #expect(spoken.contains { $0.hasPrefix("You have arrived at your destination") })
        #expect(steps.dropLast().allSatisfy { !$0.bannerInstructions.isEmpty })
        #expect(steps[0].bannerInstructions.first?.primary.text == "Boulevard des Moulins")
        #expect(steps[0].bannerInstructions.first?.primary.modifier == .left)
        #expect(route.legs[0].summary.contains("Avenue d'Ostende"))
    }

    @Test func bearingsValhallaLeftOutComeFromTheShape() async throws {
        let given = try #require(try await route("monaco-route").first).legs[0].steps
        let text = String(decoding: try ValhallaFixtures.response("monaco-route"), as: UTF8.self)
        let bare = Data(text.replacing(try Regex(#""bearing_(before|after)":[0-9]+,"#), with: "").utf8)
        let provider = ValhallaHTTPRouteProvider(baseURL: URL(string: "http://valhalla.test")!) { _ in (200, bare) }
        let computed = try await provider.route(for: try #require(ValhallaFixtures.queries["monaco-route"])).legs[0].steps
        #expect(computed.count == given.count)
        for (a, b) in zip(given, computed) {
            // Valhalla measures along the edge's first stretch; on a tight ring the shape's
            // first segment bends away further.
            let ring = [ManeuverType.rotary, .roundabout, .exitRotary, .exitRoundabout].contains(a.maneuver.type)
            let tolerance = ring ? 40.0 : 25.0
            #expect(abs(Geodesy.turnAngle(from: Double(a.maneuver.bearingBefore), to: Double(b.maneuver.bearingBefore))) <= tolerance)
            #expect(abs(Geodesy.turnAngle(from: Double(a.maneuver.bearingAfter), to: Double(b.maneuver.bearingAfter))) <= tolerance)
            #expect(a.maneuver.type == b.maneuver.type && (ring || a.maneuver.modifier == b.maneuver.modifier))
        }
    }

    @Test func stopsMakeLegsAndAlternatesMakeRoutes() async throws {
        let stops = try #require(try await route("monaco-stops-heading").first)
        #expect(stops.legs.count == 2)
        #expect(stops.legs.allSatisfy { $0.steps.first?.maneuver.type == .depart && $0.steps.last?.maneuver.type == .arrive })
        let firstLeg = stops.legs[0].steps.flatMap(\.voiceInstructions).map(\.announcement)
        #expect(firstLeg.contains { $0.contains("1st destination") }, "\(firstLeg)")
        #expect(abs(stops.distance - stops.legs.map(\.distance).reduce(0, +)) < 1)
        #expect(stops.geometry.first == stops.legs[0].steps.first?.maneuver.location)
        #expect(stops.geometry.last == stops.legs[1].steps.last?.maneuver.location)

        let alternates = try await route("monaco-alternates")
        #expect(alternates.count == 3, "the best route and Valhalla's two alternates")
        #expect(Set(alternates.map(\.distance)).count == 3)
        #expect(alternates.allSatisfy { $0.legs.count == 1 && $0.weightName == "auto" })
    }

    @Test func valhallaRouteIsNavigatedToArrival() async throws {
        let route = try #require(try await route("monaco-route").first)
        let trip = try await Trip.simulate(route, provider: nil)
        TripChecks.contract(trip)
        #expect(trip.count("reroute") == 0 && trip.count("offRoute") == 0)
        let spoken = trip.events.compactMap { if case .voice(let v) = $0.event { v.text } else { nil } }
        #expect(spoken.contains { $0.contains("turn left onto Boulevard des Moulins") || $0.contains("Turn left onto Boulevard des Moulins") },
                "\(spoken)")
        // Every maneuver is announced on the step leading to it, alone or chained to the one before.
        var announced = Set<Int>()
        for case .voice(let v) in trip.events.map(\.event) { announced.insert(v.stepIndex) }
        let steps = route.legs[0].steps
        for s in steps.indices.dropLast() where steps[s + 1].maneuver.type != .exitRotary && steps[s + 1].maneuver.type != .exitRoundabout {
            #expect(announced.contains(s) || announced.contains(s - 1), "maneuver \(s + 1) (\(steps[s + 1].maneuver.instruction)) never announced")
        }
        #expect(TripChecks.arrivalSpoken(trip, legs: 1))
        #expect(trip.count("banner") >= steps.count / 2)
    }

    @Test func multiStopValhallaTripStopsAndArrives() async throws {
        let route = try #require(try await route("monaco-stops-heading").first)
        let trip = try await Trip.simulate(route, provider: nil)
        TripChecks.contract(trip, stops: 1)
    }

    @Test func missedTurnOnAValhallaRouteIsReroutedByTheFallback() async throws {
        let route = try #require(try await route("monaco-route").first)
        // The server went away after the first answer: the embedded engine reroutes.
        let down = ValhallaHTTPRouteProvider(baseURL: URL(string: "http://valhalla.test")!) { request in
            throw AppError(.serverUnreachable(url: request.url!.absoluteString, reason: "connection refused"))
        }
        let engine = try Fixtures.provider(Fixtures.monacoEngine)
        let trip = try await Trip.simulate(route, provider: FallbackRouteProvider(primary: down, fallback: engine),
                                           missedTurn: 2)
        TripChecks.contract(trip)
        #expect(trip.count("offRoute") >= 1)
        #expect(trip.events.contains { if case .reroute(let r) = $0.event { r.succeeded } else { false } })
    }

    @Test func valhallaErrorsSayWhatWasWrong() async throws {
        let query = try #require(ValhallaFixtures.queries["monaco-route"])
        func failure(_ status: Int, _ body: String) async -> AppError? {
            let provider = ValhallaHTTPRouteProvider(baseURL: URL(string: "http://valhalla.test")!) { _ in (status, Data(body.utf8)) }
            do {
                _ = try await provider.routes(for: query)
                return nil
            } catch {
                return error as? AppError
            }
        }
        for (name, words) in [("error-no-route", "No path could be found"), ("error-no-edges", "too far from any road")] {
            let answer = await failure(400, String(decoding: try ValhallaFixtures.response(name), as: UTF8.self))
            let error = try #require(answer)
            guard case .noRoute(let text) = error.kind else {
                Issue.record("\(name): \(error)")
                continue
            }
            #expect(text.contains(words) && text.contains("Valhalla"), "\(text)")
        }
        let refusal = await failure(400, #"{"error_code":125,"error":"No costing method found: 'nope'","status_code":400}"#)
        let refused = try #require(refusal)
        #expect(refused.description.contains("error 125") && refused.description.contains("No costing method found"))
        guard case .invalidServerResponse = refused.kind else { Issue.record("a refused request is an outage: \(refused)"); return }
        #expect(await failure(502, "<html>Bad gateway</html>")?.description.contains("HTTP status 502") == true)
        #expect(await failure(200, "{\"trip\":")?.description.contains("malformed JSON") == true)
        #expect(await failure(200, #"{"status":0}"#)?.description.contains("no 'trip'") == true)
        let broken = String(decoding: try ValhallaFixtures.response("monaco-route"), as: UTF8.self)
            .replacingOccurrences(of: #""end_shape_index":8,"#, with: #""end_shape_index":8000,"#)
        #expect(await failure(200, broken)?.description.contains("lies outside") == true)
    }
}
