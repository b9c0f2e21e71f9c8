import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GemNavCore

/// Checks that a routing server answers before the user switches to it, and which protocol
/// it speaks. A Valhalla server answers `GET /status` with its version and the actions it
/// offers (`route` among them); an OSRM-compatible server answers
/// `GET /nearest/v1/driving/LON,LAT` with JSON (`Ok`, or `NoSegment` away from its map).
public struct ServerProbe: Sendable {
    /// Sends one request and returns the HTTP status and body (injected in tests).
    public typealias Transport = @Sendable (URLRequest) async throws -> (status: Int, body: Data)

    /// What the probe found.
    public enum Finding: Sendable, Hashable {
        /// A server of this kind answers.
        case server(RoutingServerKind)
        /// No usable server there, and why.
        case problem(String)
    }

    private let transport: Transport
    /// Seconds before the server counts as not answering (per request).
    public var timeout: TimeInterval = 3

    /// A probe over `URLSession`, or over `transport`.
    public init(transport: Transport? = nil) {
        self.transport = transport ?? OSRMHTTPRouteProvider.urlSessionTransport
    }

    /// The kind of routing server at `url` (an OSRM one is asked for a road near `point`), or
    /// why there is none.
    public func examine(_ url: URL, near point: Coordinate) async -> Finding {
        guard let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            return .problem("\(url.absoluteString) is not an http(s) address.")
        }
        do {
            let (_, statusBody) = try await transport(URLRequest(url: url.appendingPathComponent("status"), timeoutInterval: timeout))
            if Self.isValhallaStatus(statusBody) { return .server(.valhalla) }
            let nearest = url.appendingPathComponent(String(format: "nearest/v1/driving/%.6f,%.6f", point.longitude, point.latitude))
            let (code, body) = try await transport(URLRequest(url: nearest, timeoutInterval: timeout))
            guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any], json["code"] is String else {
                return .problem("The server at \(url.absoluteString) answered, but neither as an OSRM server nor as a Valhalla server (HTTP \(code)).")
            }
            return .server(.osrm)
        } catch {
            return .problem("The server at \(url.absoluteString) does not answer: \(error).")
        }
    }

    /// Whether the server at `url` also searches places as Photon does (`gemnav serve` and
    /// Photon answer `GET /api?q=…` with a GeoJSON FeatureCollection; OSRM and Valhalla do not).
    public func offersSearch(_ url: URL, near point: Coordinate) async -> Bool {
        var components = URLComponents(url: url.appendingPathComponent("api"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "q", value: "a"), URLQueryItem(name: "limit", value: "1"),
                                  URLQueryItem(name: "lat", value: String(format: "%.6f", point.latitude)),
                                  URLQueryItem(name: "lon", value: String(format: "%.6f", point.longitude))]
        guard let search = components?.url,
              let (status, body) = try? await transport(URLRequest(url: search, timeoutInterval: timeout))
        else { return false }
        return status == 200 && ServerPlaceSearch.places(inPhoton: body) != nil
    }

    /// Whether `body` is a Valhalla `/status` answer that offers routing.
    static func isValhallaStatus(_ body: Data) -> Bool {
        guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              json["version"] is String, let actions = json["available_actions"] as? [String] else { return false }
        return actions.contains("route")
    }
}
