import Foundation
import GemNavServer
import Hummingbird
import HummingbirdTesting
import Testing

/// `/table/v1` answers: OSRM's shape, the same durations as `/route`, nulls, fallbacks, errors.
@Suite struct TableEndpointTests {
    /// Casino, Stade Louis II, the port, Larvotto, Moneghetti (lon,lat).
    static let monacoPoints = "7.4277,43.7392;7.4154,43.7276;7.4225,43.7355;7.4370,43.7460;7.4150,43.7345"
    /// Rue Alpha's west end and Rue Isolée, the town's island.
    static let island = "2.3502,48.8500;2.3710,48.8450"

    @Test(arguments: Mode.allCases)
    func monacoTableMatchesRoutes(mode: Mode) async throws {
        let data = try TestMaps.monaco.get()
        try await withServer(mode, data) { client in
            let reply = try await client.json("/table/v1/driving/\(Self.monacoPoints)?annotations=duration,distance")
            #expect(reply.status == .ok)
            #expect(reply.code == "Ok", "\(reply.body)")
            let durations = try #require(reply.body["durations"] as? [[Double]])
            let distances = try #require(reply.body["distances"] as? [[Double]])
            #expect(durations.count == 5 && durations.allSatisfy { $0.count == 5 })
            #expect((reply.body["sources"] as? [[String: Any]])?.count == 5)
            let destinations = try #require(reply.body["destinations"] as? [[String: Any]])
            #expect(destinations.count == 5)
            #expect(destinations[0]["location"] as? [Double] != nil && destinations[0]["name"] is String
                && destinations[0]["distance"] is Double)
            let points = Self.monacoPoints.split(separator: ";")
            for i in 0..<5 {
                #expect(durations[i][i] == 0 && distances[i][i] == 0)
                for j in 0..<5 where j != i {
                    let route = try await client.json("/route/v1/driving/\(points[i]);\(points[j])?overview=false")
                    let best = try #require((route.body["routes"] as? [[String: Any]])?.first)
                    #expect(best["duration"] as? Double == durations[i][j], "\(i)→\(j)")
                    #expect(best["distance"] as? Double == distances[i][j], "\(i)→\(j)")
                }
            }
        }
    }

    @Test(arguments: Mode.allCases)
    func sourcesAndDestinationsPickRowsAndColumns(mode: Mode) async throws {
        let data = try TestMaps.monaco.get()
        try await withServer(mode, data) { client in
            let full = try await client.json("/table/v1/driving/\(Self.monacoPoints)")
            let all = try #require(full.body["durations"] as? [[Double]])
            #expect(full.body["distances"] == nil)
            let part = try await client.json("/table/v1/driving/\(Self.monacoPoints)?sources=3;0&destinations=1;4;1")
            #expect(part.body["durations"] as? [[Double]] == [[all[3][1], all[3][4], all[3][1]], [all[0][1], all[0][4], all[0][1]]])
            #expect((part.body["sources"] as? [Any])?.count == 2)
            #expect((part.body["destinations"] as? [Any])?.count == 3)
            let named = try await client.json("/table/v1/driving/\(Self.monacoPoints)?sources=all&destinations=2")
            #expect(named.body["durations"] as? [[Double]] == all.map { [$0[2]] })
            let distancesOnly = try await client.json("/table/v1/driving/\(Self.monacoPoints)?annotations=distance&skip_waypoints=true")
            #expect(distancesOnly.body["durations"] == nil && distancesOnly.body["sources"] == nil)
            #expect((distancesOnly.body["distances"] as? [[Double]])?.count == 5)
            let scaled = try await client.json("/table/v1/driving/\(Self.monacoPoints)?sources=0&scale_factor=2")
            let row = try #require((scaled.body["durations"] as? [[Double]])?.first)
            for (j, d) in row.enumerated() { #expect(abs(d - 2 * all[0][j]) <= 0.1 + 1e-9) }
        }
    }

    @Test(arguments: Mode.allCases)
    func unreachableIsNullUnlessAFallbackSpeedIsGiven(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let plain = try await client.json("/table/v1/driving/\(Self.island)?radiuses=20;20&annotations=duration,distance")
            #expect(plain.code == "Ok", "\(plain.body)")
            let durations = try #require(plain.body["durations"] as? [[Any]])
            #expect(durations[0][1] is NSNull && durations[1][0] is NSNull)
            #expect(durations[0][0] as? Double == 0)
            #expect((plain.body["distances"] as? [[Any]])?[0][1] is NSNull)
            #expect(plain.body["fallback_speed_cells"] == nil)
            let estimated = try await client.json("/table/v1/driving/\(Self.island)?radiuses=20;20&annotations=duration,distance&fallback_speed=10")
            let d = try #require(estimated.body["durations"] as? [[Double]])
            let m = try #require(estimated.body["distances"] as? [[Double]])
            #expect(m[0][1] > 1500 && m[0][1] < 2000)
            #expect(abs(d[0][1] - m[0][1] / 10) <= 0.1)
            #expect(estimated.body["fallback_speed_cells"] as? [[Int]] == [[0, 1], [1, 0]])
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let uri: String
        let code: String
        var testDescription: String { "\(code) \(uri.prefix(70))" }
    }

    static let trip = RouteEndpointTests.townTrip
    static let errors: [Case] = [
        Case(uri: "/table/v1/driving/2.3502,48.8500", code: "InvalidOptions"),
        Case(uri: "/table/v1/driving/\(trip)?sources=2", code: "InvalidOptions"),
        Case(uri: "/table/v1/driving/\(trip)?destinations=0;7", code: "InvalidOptions"),
        Case(uri: "/table/v1/driving/\(trip)?radiuses=5", code: "InvalidOptions"),
        Case(uri: "/table/v1/driving/\(trip)?sources=first", code: "InvalidValue"),
        Case(uri: "/table/v1/driving/\(trip)?sources=-1", code: "InvalidValue"),
        Case(uri: "/table/v1/driving/\(trip)?annotations=speed", code: "InvalidValue"),
        Case(uri: "/table/v1/driving/\(trip)?fallback_speed=0", code: "InvalidValue"),
        Case(uri: "/table/v1/driving/\(trip)?scale_factor=-2", code: "InvalidValue"),
        Case(uri: "/table/v1/driving/\(trip)?fallback_coordinate=middle", code: "InvalidValue"),
        Case(uri: "/table/v1/walking/\(trip)", code: "InvalidValue"),
        Case(uri: "/table/v1/driving/\(trip)?steps=true", code: "InvalidQuery"),
        Case(uri: "/table/v1/driving/\(trip)?sources", code: "InvalidQuery"),
        Case(uri: "/table/v1/driving/2.3502,48.9500;2.3545,48.8530", code: "NoSegment"),
        Case(uri: "/table/v2/driving/\(trip)", code: "InvalidVersion"),
        // 3 × 3 cells against a limit of 2 × 2.
        Case(uri: "/table/v1/driving/\(trip);2.3530,48.8500", code: "TooBig"),
    ]

    @Test(arguments: Mode.allCases, errors)
    func refusedWithOSRMCodes(mode: Mode, c: Case) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data, limits: ServerLimits(maxTableSize: 2)) { client in
            let reply = try await client.json(c.uri)
            #expect(reply.code == c.code, "\(reply.body)")
            #expect(reply.status == .badRequest)
            #expect((reply.body["message"] as? String)?.isEmpty == false)
        }
    }

    @Test(arguments: Mode.allCases)
    func tableSizeLimitCountsCells(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data, limits: ServerLimits(maxTableSize: 2)) { client in
            // 4 × 1 cells fit a 2 × 2 limit although there are 4 sources.
            let points = "\(Self.trip);2.3530,48.8500;2.3560,48.8500"
            let reply = try await client.json("/table/v1/driving/\(points)?destinations=0")
            #expect(reply.code == "Ok", "\(reply.body)")
            #expect((reply.body["durations"] as? [[Double]])?.count == 4)
        }
    }
}
