import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GemNavCore
import GemNavOSRM
import GemNavNavigation

/// A `RouteProvider` that asks an OSRM-compatible HTTP server (osrm-routed, `gemnav serve`)
/// with `GET /route/v1/{profile}/{lon,lat;…}` and decodes the answer with `OSRMCodec`, steps,
/// voice and banner instructions included. A Valhalla server is asked in its own JSON
/// (`ValhallaHTTPRouteProvider`), which carries more than its OSRM-shaped output.
public struct OSRMHTTPRouteProvider: RouteProvider, Sendable {
    /// Sends one request and returns the HTTP status and body. Injected so tests can answer
    /// without a network; the default uses `URLSession`.
    public typealias Transport = @Sendable (URLRequest) async throws -> (status: Int, body: Data)

    /// The server's base URL, e.g. `http://localhost:5000`.
    public let baseURL: URL
    /// The profile path component (`driving`, `car`, …).
    public let profile: String
    /// Seconds before a request is abandoned.
    public let timeout: TimeInterval
    private let transport: Transport

    /// Creates a provider for `baseURL`.
    public init(baseURL: URL, profile: String = "driving", timeout: TimeInterval = 10,
                transport: Transport? = nil)
    {
        self.baseURL = baseURL
        self.profile = profile
        self.timeout = timeout
        self.transport = transport ?? Self.urlSessionTransport
    }

    /// The request URL for `query`.
    public func requestURL(_ query: RouteQuery) -> URL {
        let points = query.waypoints.map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }
        var items = [
            URLQueryItem(name: "overview", value: "full"), URLQueryItem(name: "steps", value: "true"),
            URLQueryItem(name: "geometries", value: "polyline6"),
            URLQueryItem(name: "annotations", value: "distance,duration,speed,maxspeed"),
            URLQueryItem(name: "voice_instructions", value: "true"),
            URLQueryItem(name: "banner_instructions", value: "true"),
        ]
        if query.alternatives > 0 {
            items.append(URLQueryItem(name: "alternatives", value: String(query.alternatives)))
        }
        if let heading = query.heading, heading.isFinite {
            // OSRM's `bearings` has one `value,range` per coordinate; empty means unconstrained.
            let first = "\(Int(heading.rounded()) % 360),\(Int(EngineRouteProvider.headingTolerance))"
            let rest = Array(repeating: "", count: query.waypoints.count - 1)
            items.append(URLQueryItem(name: "bearings", value: ([first] + rest).joined(separator: ";")))
        }
        let excluded = [(AvoidOptions.tolls, "toll"), (.motorways, "motorway"), (.ferries, "ferry")]
            .filter { query.avoid.contains($0.0) }.map(\.1)
        if !excluded.isEmpty { items.append(URLQueryItem(name: "exclude", value: excluded.joined(separator: ","))) }
        var components = URLComponents(
            url: baseURL.appendingPathComponent("route/v1/\(profile)/\(points.joined(separator: ";"))"),
            resolvingAgainstBaseURL: false)!
        components.queryItems = items
        return components.url!
    }

    /// "the server at URL".
    public var name: String { "the server at \(baseURL.absoluteString)" }

    /// Fetches and decodes the routes (the best first; the server adds alternatives when asked).
    /// - Throws: `AppError` `.serverUnreachable`, `.invalidServerResponse` or `.noRoute`.
    public func routes(for query: RouteQuery) async throws -> [Route] {
        let url = requestURL(query)
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (status, body) = try await transport(request)
        let response: OSRMResponse
        do {
            // Error bodies (`{"code":"NoRoute",…}`) come with 400: decode them for their message.
            response = try OSRMCodec.decodeResponse(body, geometries: .polyline6)
        } catch {
            if case .serviceError(let code, let message) = error.kind {
                throw AppError(.noRoute("The routing server found no route (\(code)): \(message)"))
            }
            let reason = (200..<300).contains(status) ? error.description : "HTTP status \(status)"
            throw AppError(.invalidServerResponse(url: url.absoluteString, reason: reason))
        }
        guard !response.routes.isEmpty else { throw AppError(.noRoute("The routing server returned no route.")) }
        return response.routes
    }

    /// Sends `request` with `URLSession`, giving up after its `timeoutInterval`.
    public static let urlSessionTransport: Transport = { request in
        let url = request.url?.absoluteString ?? ""
        let data: Data, response: URLResponse
        do {
            (data, response) = try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
                // Linux's URLSession does not apply `timeoutInterval` to a server that accepts
                // the connection and never answers: the deadline is kept here.
                group.addTask { try await URLSession.shared.data(for: request) }
                group.addTask {
                    try await Task.sleep(for: .seconds(request.timeoutInterval))
                    return nil
                }
                defer { group.cancelAll() }
                guard let answer = try await group.next() ?? nil else {
                    throw AppError(.serverUnreachable(
                        url: url, reason: "no answer within \(request.timeoutInterval.formatted()) s"))
                }
                return answer
            }
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError(.serverUnreachable(url: url, reason: error.localizedDescription))
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode else {
            throw AppError(.serverUnreachable(url: url, reason: "no HTTP response"))
        }
        return (status, data)
    }
}
