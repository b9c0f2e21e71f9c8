import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GemNavCore
import GemNavSearch

/// Search and reverse geocoding asked of a server that speaks Photon's API (`GET /api?q=…`,
/// `GET /reverse?lat=…&lon=…`, GeoJSON answers), as `gemnav serve` and Photon do: the routing
/// server chosen in Settings searches too when it can. The offline index answers whenever the
/// server fails, and alone for a while after that, so a dead server costs one timeout, not
/// one per keystroke. Categories ("pharmacy near me") are always the index's: Photon's API
/// has no category search.
public final class ServerPlaceSearch: PlaceSearching, @unchecked Sendable {
    // @unchecked: `failedAt` is only touched under `lock`.
    /// Sends one request and returns the HTTP status and body (injected in tests).
    public typealias Transport = OSRMHTTPRouteProvider.Transport

    /// The server's address.
    public let server: URL
    /// What answers when the server does not.
    public let fallback: any PlaceSearching
    /// Seconds a request may take before the index answers it.
    public let timeout: TimeInterval
    /// How long the index answers alone after the server failed.
    public let pause: Duration
    private let transport: Transport
    private let clock: any Clock<Duration>
    private let lock = NSLock()
    private var retryAfter: Deadline?

    /// Searches with the server at `server`, `fallback` answering while it fails.
    public init(server: URL, fallback: any PlaceSearching, timeout: TimeInterval = 3, pause: Duration = .seconds(30),
                clock: any Clock<Duration> = ContinuousClock(), transport: Transport? = nil)
    {
        self.server = server
        self.fallback = fallback
        self.timeout = timeout
        self.pause = pause
        self.clock = clock
        self.transport = transport ?? OSRMHTTPRouteProvider.urlSessionTransport
    }

    public func search(_ text: String, near: Coordinate?, limit: Int) async throws -> [Place] {
        // An empty or over-long query is refused the same way whoever answers.
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 200 else { return try await fallback.search(text, near: near, limit: limit) }
        var items = [URLQueryItem(name: "q", value: trimmed), URLQueryItem(name: "limit", value: String(limit))]
        if let near {
            items += [URLQueryItem(name: "lat", value: String(format: "%.6f", near.latitude)),
                      URLQueryItem(name: "lon", value: String(format: "%.6f", near.longitude))]
        }
        if let places = await ask("api", items) { return Array(places.prefix(limit)) }
        return try await fallback.search(text, near: near, limit: limit)
    }

    public func nearest(_ category: SearchCategory, near: Coordinate?, limit: Int) async -> [Place] {
        await fallback.nearest(category, near: near, limit: limit)
    }

    public func reverse(_ coordinate: Coordinate) async -> Place? {
        let items = [URLQueryItem(name: "lat", value: String(format: "%.6f", coordinate.latitude)),
                     URLQueryItem(name: "lon", value: String(format: "%.6f", coordinate.longitude))]
        if let places = await ask("reverse", items) { return places.first }
        return await fallback.reverse(coordinate)
    }

    /// The places the server lists at `path`, nil when it fails (or failed a moment ago).
    private func ask(_ path: String, _ items: [URLQueryItem]) async -> [Place]? {
        if let retryAfter = lock.withLock({ retryAfter }), !retryAfter.hasPassed { return nil }
        var components = URLComponents(url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        components?.queryItems = items
        guard let url = components?.url else { return nil }
        do {
            let (status, body) = try await transport(URLRequest(url: url, timeoutInterval: timeout))
            guard status == 200, let places = Self.places(inPhoton: body) else { throw URLError(.badServerResponse) }
            lock.withLock { retryAfter = nil }
            return places
        } catch {
            let deadline = Deadline(after: pause, on: clock)
            lock.withLock { retryAfter = deadline }
            return nil
        }
    }

    /// The places of a Photon GeoJSON FeatureCollection, nil when `body` is not one.
    static func places(inPhoton body: Data) -> [Place]? {
        guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              json["type"] as? String == "FeatureCollection", let features = json["features"] as? [[String: Any]]
        else { return nil }
        return features.compactMap { feature in
            guard let geometry = feature["geometry"] as? [String: Any],
                  let point = geometry["coordinates"] as? [Double], point.count >= 2,
                  let properties = feature["properties"] as? [String: Any]
            else { return nil }
            let coordinate = Coordinate(latitude: point[1], longitude: point[0])
            guard coordinate.isValid else { return nil }
            let street = properties["street"] as? String
            let number = properties["housenumber"] as? String
            let address = [number, street].compactMap { $0 }.joined(separator: " ")
            let name = properties["name"] as? String ?? (address.isEmpty ? nil : address)
            guard let name, !name.isEmpty else { return nil }
            let subtitle = [name == address ? nil : street, properties["city"] as? String]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            let id = (properties["osm_type"] as? String).flatMap { type in
                (properties["osm_id"] as? NSNumber).map { "\(Self.osmTypes[type] ?? type)/\($0.int64Value)" }
            }
            return Place(id: id, name: name, subtitle: subtitle, coordinate: coordinate,
                         category: (properties["category"] as? String).flatMap(SearchCategory.init(rawValue:)))
        }
    }

    /// Photon's one-letter OSM types as the index names them.
    private static let osmTypes = ["N": "node", "W": "way", "R": "relation"]
}
