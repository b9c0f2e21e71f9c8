import Foundation
import GemNavCore
import GemNavOSRM
import GemNavServer
import Testing

/// OSRM's query options on `/route/v1`, each checked on the response it shapes.
@Suite struct RouteOptionTests {
    static let trip = "/route/v1/driving/" + RouteEndpointTests.townTrip

    static func firstRoute(_ reply: JSONReply) throws -> [String: Any] {
        let routes = try #require(reply.body["routes"] as? [[String: Any]], "\(reply.body)")
        return try #require(routes.first)
    }

    @Test(arguments: Mode.allCases)
    func geometryFormats(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let five = try Self.firstRoute(try await client.json(Self.trip + "?overview=full"))
            let six = try Self.firstRoute(try await client.json(Self.trip + "?overview=full&geometries=polyline6"))
            let encoded5 = try #require(five["geometry"] as? String)
            let encoded6 = try #require(six["geometry"] as? String)
            let line5 = try #require(Polyline.decode(encoded5, precision: 5))
            let line6 = try #require(Polyline.decode(encoded6, precision: 6))
            #expect(line5.count == line6.count)
            #expect(zip(line5, line6).allSatisfy { abs($0.latitude - $1.latitude) < 1e-5 })
            let geojson = try Self.firstRoute(try await client.json(Self.trip + "?geometries=geojson&overview=full"))
            let geometry = try #require(geojson["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "LineString")
            #expect((geometry["coordinates"] as? [[Double]])?.count == line5.count)
            let none = try Self.firstRoute(try await client.json(Self.trip + "?overview=false"))
            #expect(none["geometry"] == nil)
            #expect(none["distance"] != nil)
        }
    }

    @Test(arguments: Mode.allCases)
    func annotations(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let listed = try Self.firstRoute(try await client.json(Self.trip + "?annotations=distance,speed"))
            let leg = try #require((listed["legs"] as? [[String: Any]])?.first)
            let annotation = try #require(leg["annotation"] as? [String: Any])
            #expect(Set(annotation.keys) == ["distance", "speed"])
            let all = try Self.firstRoute(try await client.json(Self.trip + "?annotations=true"))
            let allLeg = try #require((all["legs"] as? [[String: Any]])?.first)
            let allFields = try #require(allLeg["annotation"] as? [String: Any])
            #expect(Set(allFields.keys) == ["distance", "duration", "speed", "maxspeed"])
            let off = try Self.firstRoute(try await client.json(Self.trip + "?annotations=false"))
            #expect((off["legs"] as? [[String: Any]])?.first?["annotation"] == nil)
        }
    }

    @Test(arguments: Mode.allCases)
    func excludeAvoidsTheTollBridge(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let across = "/route/v1/driving/2.3502,48.8500;2.3640,48.8550"
            #expect(try await client.json(across).code == "Ok")
            let avoided = try await client.json(across + "?exclude=toll")
            #expect(avoided.status == .badRequest)
            #expect(avoided.code == "NoRoute")
            #expect(try await client.json(Self.trip + "?exclude=toll,motorway,ferry").code == "Ok")
        }
    }

    @Test(arguments: Mode.allCases)
    func bearingsAndRadiuses(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            #expect(try await client.json(Self.trip + "?bearings=90,20;").code == "Ok")
            #expect(try await client.json(Self.trip + "?bearings=;0,180").code == "Ok")
            #expect(try await client.json(Self.trip + "?radiuses=50;unlimited").code == "Ok")
            // A 5 m radius around a point 40 m from any road finds nothing.
            let far = try await client.json("/route/v1/driving/2.3502,48.8504;2.3545,48.8530?radiuses=5;")
            #expect(far.code == "NoSegment")
        }
    }

    @Test(arguments: Mode.allCases)
    func stepsLanguageAndPrompts(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let noSteps = try Self.firstRoute(try await client.json(Self.trip))
            #expect(((noSteps["legs"] as? [[String: Any]])?.first?["steps"] as? [Any])?.isEmpty == true)
            let french = try OSRMCodec.decodeResponse(
                try await client.json(Self.trip + "?steps=true&language=fr").raw).routes[0]
            let english = try OSRMCodec.decodeResponse(
                try await client.json(Self.trip + "?steps=true&language=en").raw).routes[0]
            #expect(french.legs[0].steps[0].maneuver.instruction != english.legs[0].steps[0].maneuver.instruction)
            let prompted = try OSRMCodec.decodeResponse(try await client.json(
                Self.trip + "?steps=true&voice_instructions=true&banner_instructions=true&voice_units=imperial").raw)
            let steps = prompted.routes[0].legs[0].steps
            #expect(steps.contains { !$0.voiceInstructions.isEmpty })
            #expect(steps.contains { !$0.bannerInstructions.isEmpty })
        }
    }

    @Test(arguments: Mode.allCases)
    func alternativesAndContinueStraight(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let options = ["alternatives=true", "alternatives=false", "alternatives=2", "alternatives=3",
                           "continue_straight=false", "generate_hints=false&hints=;"]
            for option in options {
                let reply = try await client.json(Self.trip + "?" + option)
                #expect(reply.code == "Ok", "\(option)")
            }
        }
    }

    @Test(arguments: Mode.allCases)
    func profileAliases(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            for profile in ["driving", "car"] {
                #expect(try await client.json("/route/v1/\(profile)/\(RouteEndpointTests.townTrip)").code == "Ok")
            }
            for profile in ["cycling", "bicycle", "bike", "walking", "foot", "hovercraft"] {
                let reply = try await client.json("/route/v1/\(profile)/\(RouteEndpointTests.townTrip)")
                #expect(reply.status == .badRequest)
                #expect(reply.code == "InvalidValue")
                #expect((reply.body["message"] as? String)?.contains("not available") == true)
            }
        }
    }
}
