import Foundation
import GemNavCore
import GemNavServices
import Testing

/// Requests GemNav makes and the answers a real Valhalla 3.9.1 server (pyvalhalla's
/// `valhalla_service` on tiles of `Data/monaco.osm.pbf`) gave, captured by
/// `ci/valhalla_check.sh --capture`: `NAME.request.json` and `NAME.response.json` in
/// `Fixtures/valhalla/`.
enum ValhallaFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/valhalla")

    /// The queries whose requests were sent as GemNav builds them.
    static let queries: [String: RouteQuery] = [
        "monaco-route": RouteQuery(waypoints: [WholeTripTests.monteCarlo, WholeTripTests.fontvieille]),
        "monaco-stops-heading": RouteQuery(
            waypoints: [WholeTripTests.monteCarlo, WholeTripTests.condamine, WholeTripTests.larvotto], heading: 93.6),
        "monaco-alternates": RouteQuery(waypoints: [WholeTripTests.monteCarlo, WholeTripTests.condamine], alternatives: 2),
    ]

    static func request(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("\(name).request.json"))
    }

    static func response(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("\(name).response.json"))
    }

    /// The HTTP status Valhalla answered `name` with: 400 for its error bodies.
    static func status(_ name: String) -> Int { name.hasPrefix("error-") ? 400 : 200 }

    /// The fixture whose request is `body` (compared as JSON), if any.
    static func named(body: Data) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".request.json") }.map { String($0.dropLast(".request.json".count)) }
            .first { (try? sameJSON(request($0), body)) == true }
    }

    /// Whether two JSON texts hold the same value (key order and spacing aside).
    static func sameJSON(_ a: Data, _ b: Data) throws -> Bool {
        let options: JSONSerialization.WritingOptions = [.sortedKeys]
        return try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: a), options: options)
            == JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: b), options: options)
    }

    /// A provider answered from the fixtures as Valhalla answered them; an unknown request
    /// gets Valhalla's "failed to parse" error.
    static func provider() -> ValhallaHTTPRouteProvider {
        ValhallaHTTPRouteProvider(baseURL: URL(string: "http://valhalla.test:8002")!) { request in
            guard let name = named(body: request.httpBody ?? Data()) else {
                return (400, Data(#"{"error_code":100,"error":"Failed to parse json request","status_code":400}"#.utf8))
            }
            return (status(name), try response(name))
        }
    }
}
