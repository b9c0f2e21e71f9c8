import Foundation
import GemNavServer
import Testing

/// `/nearest/v1`, `/health`, `/search` and `/reverse`.
@Suite struct OtherEndpointTests {
    @Test(arguments: Mode.allCases)
    func nearestListsRoadsNearestFirst(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let one = try await client.json("/nearest/v1/driving/2.3515,48.8502")
            #expect(one.code == "Ok")
            let first = try #require((one.body["waypoints"] as? [[String: Any]])?.first)
            #expect(first["name"] as? String == "Rue Alpha")
            let location = try #require(first["location"] as? [Double])
            #expect(abs(location[1] - 48.85) < 1e-5)
            #expect(abs((first["distance"] as? Double ?? 0) - 22.2) < 1)
            let three = try await client.json("/nearest/v1/car/2.3530,48.8510?number=3")
            let waypoints = try #require(three.body["waypoints"] as? [[String: Any]])
            #expect(waypoints.count == 3)
            let distances = waypoints.compactMap { $0["distance"] as? Double }
            #expect(distances == distances.sorted())
        }
    }

    @Test(arguments: Mode.allCases)
    func health(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let reply = try await client.json("/health")
            #expect(reply.status == .ok)
            #expect(reply.body["status"] as? String == "ok")
            #expect(reply.body["profile"] as? String == "car")
            #expect(reply.body["search"] as? Bool == true)
        }
    }

    @Test(arguments: Mode.allCases)
    func searchAndReverseArePhotonShaped(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let found = try await client.json("/search?q=rue+gamma&lat=48.85&lon=2.35&limit=5")
            #expect(found.status == .ok)
            #expect(found.body["type"] as? String == "FeatureCollection")
            let features = try #require(found.body["features"] as? [[String: Any]])
            let top = try #require(features.first)
            #expect((top["properties"] as? [String: Any])?["name"] as? String == "Rue Gamma")
            #expect((top["geometry"] as? [String: Any])?["type"] as? String == "Point")
            let pharmacy = try await client.json("/search?q=pharmacie%20alpha")
            #expect((pharmacy.body["features"] as? [Any])?.isEmpty == false)
            let reverse = try await client.json("/reverse?lat=48.8501&lon=2.3515")
            let street = try #require((reverse.body["features"] as? [[String: Any]])?.first)
            #expect((street["properties"] as? [String: Any])?["name"] as? String == "Rue Alpha")
            let nowhere = try await client.json("/reverse?lat=10&lon=10")
            #expect((nowhere.body["features"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(arguments: Mode.allCases)
    func searchRefusesEmptyAndOverlongQueries(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            for uri in ["/search", "/search?q=", "/search?q=%20%2C", "/search?q=" + String(repeating: "a", count: 300),
                        "/search?q=rue&lat=48.85", "/search?q=rue&limit=0", "/reverse?lat=48.85"] {
                let reply = try await client.json(uri)
                #expect(reply.status == .badRequest, "\(uri)")
                #expect(["InvalidQuery", "InvalidValue"].contains(reply.code ?? ""), "\(uri): \(reply.body)")
                #expect((reply.body["message"] as? String)?.isEmpty == false)
            }
        }
    }

    @Test(arguments: Mode.allCases)
    func searchWithoutAnIndexSaysHowToBuildOne(mode: Mode) async throws {
        let data = try TestMaps.townWithoutSearch.get()
        try await withServer(mode, data) { client in
            let reply = try await client.json("/search?q=alpha")
            #expect(reply.status == .serviceUnavailable)
            #expect(reply.code == "NoSearchIndex")
            #expect(try await client.json("/health").body["search"] as? Bool == false)
            #expect(try await client.json("/route/v1/driving/\(RouteEndpointTests.townTrip)").code == "Ok")
        }
    }
}
