import Foundation
import GemNavCore
import GemNavOSRM
import GemNavServer
import Testing

/// `/route/v1` answers: OSRM's shape, steps with maneuvers, geometries that decode.
@Suite struct RouteEndpointTests {
    /// Rue Alpha's west end to Rue Gamma, in the hand-written town.
    static let townTrip = "2.3502,48.8500;2.3545,48.8530"

    @Test(arguments: Mode.allCases)
    func townRouteHasLegsStepsAndGeometry(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let reply = try await client.json("/route/v1/driving/\(Self.townTrip)?steps=true&overview=full")
            #expect(reply.status == .ok)
            #expect(reply.code == "Ok")
            let response = try OSRMCodec.decodeResponse(reply.raw)
            let route = try #require(response.routes.first)
            #expect(route.distance > 500 && route.distance < 1000)
            #expect(route.duration > 0)
            #expect(response.waypoints.count == 2)
            #expect(route.legs.count == 1)
            let steps = route.legs[0].steps
            #expect(steps.first?.maneuver.type == .depart)
            #expect(steps.last?.maneuver.type == .arrive)
            #expect(steps.contains { $0.name == "Rue Beta" })
            #expect(steps.allSatisfy { !$0.maneuver.instruction.isEmpty })
            #expect(route.geometry.count >= 3)
            #expect(abs(route.geometry[0].latitude - 48.85) < 0.0005)
            #expect(abs(route.geometry.last!.longitude - 2.3545) < 0.0005)
        }
    }

    @Test(arguments: Mode.allCases)
    func viaPointsMakeOneLegEach(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let reply = try await client.json("/route/v1/car/2.3502,48.8500;2.3558,48.8500;2.3545,48.8530?steps=true")
            let route = try #require(try OSRMCodec.decodeResponse(reply.raw).routes.first)
            #expect(route.legs.count == 2)
            #expect(route.legs.allSatisfy { $0.steps.last?.maneuver.type == .arrive })
        }
    }

    @Test(arguments: Mode.allCases)
    func escapedAndPolylineCoordinatesAreRead(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        let line = Polyline.encode([Coordinate(latitude: 48.85, longitude: 2.3502),
                                    Coordinate(latitude: 48.853, longitude: 2.3545)])
        let polyline = try #require("polyline(\(line))".addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        try await withServer(mode, data) { client in
            let plain = try await client.json("/route/v1/driving/\(Self.townTrip)")
            let escaped = try await client.json("/route/v1/driving/2.3502%2C48.8500%3B2.3545%2C48.8530.json?bearings=90%2C20%3B")
            let encoded = try await client.json("/route/v1/driving/\(polyline)")
            for reply in [escaped, encoded] {
                #expect(reply.code == "Ok", "\(reply.body)")
                let routes = reply.body["routes"] as? [[String: Any]]
                #expect(routes?.first?["distance"] as? Double == (plain.body["routes"] as? [[String: Any]])?.first?["distance"] as? Double)
            }
        }
    }

    @Test(arguments: Mode.allCases)
    func monacoRouteMatchesItsOwnSteps(mode: Mode) async throws {
        let data = try TestMaps.monaco.get()
        try await withServer(mode, data) { client in
            // Place du Casino to the Stade Louis II.
            let reply = try await client.json(
                "/route/v1/driving/7.4278,43.7395;7.4155,43.7275?steps=true&geometries=polyline6&overview=full")
            #expect(reply.code == "Ok")
            let response = try OSRMCodec.decodeResponse(reply.raw, geometries: .polyline6)
            let route = try #require(response.routes.first)
            #expect(route.distance > 1000 && route.distance < 6000)
            let stepDistance = route.legs[0].steps.reduce(0) { $0 + $1.distance }
            #expect(abs(stepDistance - route.distance) < 5)
            #expect(route.legs[0].steps.count >= 4)
            #expect(route.legs[0].steps.dropLast().contains { !$0.name.isEmpty })
            let start = route.geometry[0]
            #expect(abs(start.latitude - 43.7395) < 0.002 && abs(start.longitude - 7.4278) < 0.002)
        }
    }

    @Test(arguments: Mode.allCases)
    func monacoAlternativesAreDistinctRoutes(mode: Mode) async throws {
        let data = try TestMaps.monaco.get()
        try await withServer(mode, data) { client in
            let reply = try await client.json("/route/v1/driving/7.4206,43.7310;7.4378,43.7490?alternatives=2")
            let routes = try OSRMCodec.decodeResponse(reply.raw).routes
            #expect((1...3).contains(routes.count))
            #expect(Set(routes.map(\.geometry)).count == routes.count)
            #expect(zip(routes, routes.dropFirst()).allSatisfy { $0.weight <= $1.weight + 0.1 })
        }
    }
}
