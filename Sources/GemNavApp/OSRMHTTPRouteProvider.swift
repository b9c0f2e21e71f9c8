import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GemNavCore
import GemNavOSRM
import GemNavNavigation

/// A `RouteProvider` that asks an OSRM-compatible HTTP server (osrm-routed, Valhalla's OSRM
/// output, `gemnav serve`) with `GET /route/v1/{profile}/{lon,lat;…}` and decodes the answer
/// with `OSRMCodec`, steps, voice and banner instructions included.
public struct OSRMHTTPRouteProvider: RouteProvider, Sendable {
    /// Sends one request and returns the HTTP status and body. Injected so tests can answer
    /// without a network; the default uses `URLSession`.
    public typealias Transport = @Sendable (URLRequest) throws -> (status: Int, body: Data)

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

    /// The request URL for a route from `origin` through `stops`.
    public func requestURL(from origin: Coordinate, heading: Double?, to stops: [Coordinate],
                           avoid: AvoidOptions) -> URL
    {
        let points = ([origin] + stops).map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }
        var query = [
            URLQueryItem(name: "overview", value: "full"), URLQueryItem(name: "steps", value: "true"),
            URLQueryItem(name: "geometries", value: "polyline6"),
            URLQueryItem(name: "annotations", value: "distance,duration,speed,maxspeed"),
            URLQueryItem(name: "voice_instructions", value: "true"),
            URLQueryItem(name: "banner_instructions", value: "true"),
        ]
        if let heading, heading.isFinite {
            // OSRM's `bearings` has one `value,range` per coordinate; empty means unconstrained.
            let first = "\(Int(heading.rounded()) % 360),\(Int(EngineRouteProvider.headingTolerance))"
            query.append(URLQueryItem(name: "bearings", value: ([first] + stops.map { _ in "" }).joined(separator: ";")))
        }
        let excluded = [(AvoidOptions.tolls, "toll"), (.motorways, "motorway"), (.ferries, "ferry")]
            .filter { avoid.contains($0.0) }.map(\.1)
        if !excluded.isEmpty { query.append(URLQueryItem(name: "exclude", value: excluded.joined(separator: ","))) }
        var components = URLComponents(
            url: baseURL.appendingPathComponent("route/v1/\(profile)/\(points.joined(separator: ";"))"),
            resolvingAgainstBaseURL: false)!
        components.queryItems = query
        return components.url!
    }

    /// Fetches and decodes the best route.
    /// - Throws: `AppError` `.serverUnreachable`, `.invalidServerResponse` or `.noRoute`.
    public func route(from origin: Coordinate, heading: Double?, to stops: [Coordinate],
                      avoid: AvoidOptions) throws -> Route
    {
        let url = requestURL(from: origin, heading: heading, to: stops, avoid: avoid)
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (status, body) = try transport(request)
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
        guard let route = response.routes.first else {
            throw AppError(.noRoute("The routing server returned no route."))
        }
        return route
    }

    /// Sends `request` with `URLSession` and waits for the answer: route providers are
    /// synchronous so the session stays deterministic (see `RouteProvider`).
    static let urlSessionTransport: Transport = { request in
        let done = DispatchSemaphore(value: 0)
        let box = TransportResult()
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            box.set(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
            done.signal()
        }
        task.resume()
        done.wait()
        let url = request.url?.absoluteString ?? ""
        let (data, status, error) = box.get()
        if let error { throw AppError(.serverUnreachable(url: url, reason: error.localizedDescription)) }
        guard let status, let data else { throw AppError(.serverUnreachable(url: url, reason: "no HTTP response")) }
        return (status, data)
    }
}

/// Hands a completion handler's result to the waiting thread.
private final class TransportResult: @unchecked Sendable {
    // @unchecked: written once by the completion handler, read after the semaphore, and
    // guarded by the lock anyway.
    private let lock = NSLock()
    private var data: Data?
    private var status: Int?
    private var error: Error?

    func set(data: Data?, status: Int?, error: Error?) {
        lock.lock()
        defer { lock.unlock() }
        (self.data, self.status, self.error) = (data, status, error)
    }

    func get() -> (Data?, Int?, Error?) {
        lock.lock()
        defer { lock.unlock() }
        return (data, status, error)
    }
}
