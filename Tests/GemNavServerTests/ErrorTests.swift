import Foundation
import GemNavServer
import Hummingbird
import HummingbirdTesting
import Testing

/// Every OSRM error code the server sends, with its HTTP status and body.
@Suite struct ErrorTests {
    /// A request and the code and status it must be refused with.
    struct Case: Sendable, CustomTestStringConvertible {
        let uri: String
        let code: String
        let status: HTTPResponse.Status
        var testDescription: String { "\(code) \(uri.prefix(60))" }
    }

    static let trip = RouteEndpointTests.townTrip
    static let cases: [Case] = [
        Case(uri: "/", code: "InvalidUrl", status: .badRequest),
        Case(uri: "/foo/v1/driving/\(trip)", code: "InvalidUrl", status: .badRequest),
        Case(uri: "/route/v1/driving", code: "InvalidUrl", status: .badRequest),
        Case(uri: "/route/v1/driving/2.35,48.85;abc", code: "InvalidUrl", status: .badRequest),
        // A NUL byte inside a number: osrm-routed refuses the URL; Double(_:) alone stops at it.
        Case(uri: "/route/v1/driving/2.35%0002,48.85;2.36,48.85", code: "InvalidUrl", status: .badRequest),
        Case(uri: "/route/v1/driving/2.35,48.85%00;2.36,48.85", code: "InvalidUrl", status: .badRequest),
        Case(uri: "/match/v1/driving/\(trip)", code: "InvalidService", status: .badRequest),
        Case(uri: "/route/v2/driving/\(trip)", code: "InvalidVersion", status: .badRequest),
        Case(uri: "/route/v1/driving/2.3502,48.8500", code: "InvalidOptions", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?bearings=90,10", code: "InvalidOptions", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?radiuses=1;2;3", code: "InvalidOptions", status: .badRequest),
        Case(uri: "/nearest/v1/driving/\(trip)", code: "InvalidOptions", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?colour=red", code: "InvalidQuery", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?steps", code: "InvalidQuery", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?steps=true&steps=false", code: "InvalidQuery", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?steps=%zz", code: "InvalidQuery", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?geometries=wkt", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?overview=half", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?steps=yes", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?snapping=nearest", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?annotations=nodes", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?exclude=tunnel", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?bearings=400,10;", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?radiuses=-1;", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?radiuses=5%001;", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?language=de", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?voice_units=furlongs", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/200,48.85;2.35,48.85", code: "InvalidValue", status: .badRequest),
        Case(uri: "/route/v1/driving/2.3502,48.9500;2.3545,48.8530", code: "NoSegment", status: .badRequest),
        Case(uri: "/nearest/v1/driving/2.3500,48.9500", code: "NoSegment", status: .badRequest),
        Case(uri: "/route/v1/driving/2.3502,48.8500;2.3710,48.8450?radiuses=20;20", code: "NoRoute",
             status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?alternatives=4", code: "TooBig", status: .badRequest),
        Case(uri: "/route/v1/driving/" + Array(repeating: "2.3502,48.85", count: 101).joined(separator: ";"),
             code: "TooBig", status: .badRequest),
        Case(uri: "/nearest/v1/driving/2.3502,48.85?number=101", code: "TooBig", status: .badRequest),
        Case(uri: "/route/v1/driving/\(trip)?hints=" + String(repeating: "x", count: 9000), code: "TooBig",
             status: .uriTooLong),
    ]

    @Test(arguments: Mode.allCases, cases)
    func refusedWithCodeAndStatus(mode: Mode, c: Case) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let reply = try await client.json(c.uri)
            #expect(reply.code == c.code, "\(reply.body)")
            #expect(reply.status == c.status)
            #expect((reply.body["message"] as? String)?.isEmpty == false)
            #expect(reply.body.count == 2)
        }
    }

    @Test(arguments: Mode.allCases)
    func otherMethodsAreRefused(mode: Mode) async throws {
        let data = try TestMaps.town.get()
        try await withServer(mode, data) { client in
            let response = try await client.execute(uri: "/route/v1/driving/\(Self.trip)", method: .post)
            #expect(response.status == .methodNotAllowed)
        }
    }

    @Test func statusesFollowOSRM() {
        for kind in ServerError.Kind.allCases {
            switch kind {
            case .urlTooLong: #expect(kind.status == .uriTooLong)
            case .methodNotAllowed: #expect(kind.status == .methodNotAllowed)
            case .noSearchIndex: #expect(kind.status == .serviceUnavailable)
            case .internalError: #expect(kind.status == .internalServerError)
            default: #expect(kind.status == .badRequest, "\(kind.code)")
            }
        }
    }
}
