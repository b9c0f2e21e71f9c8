import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GemNavCore

/// Checks that a routing server answers before the user switches to it: an OSRM-compatible
/// server answers `GET /nearest/v1/driving/LON,LAT` with JSON (`Ok`, or `NoSegment` away from
/// its map), which is enough to know it is there and speaks the protocol.
public struct ServerProbe: Sendable {
    /// Sends one request and returns the HTTP status and body (injected in tests).
    public typealias Transport = @Sendable (URLRequest) async throws -> (status: Int, body: Data)

    private let transport: Transport
    /// Seconds before the server counts as not answering.
    public var timeout: TimeInterval = 3

    /// A probe over `URLSession`, or over `transport`.
    public init(transport: Transport? = nil) {
        self.transport = transport ?? OSRMHTTPRouteProvider.urlSessionTransport
    }

    /// Nil when the server at `url` answers as an OSRM server near `point`; otherwise why not.
    public func problem(with url: URL, near point: Coordinate) async -> String? {
        guard let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            return "\(url.absoluteString) is not an http(s) address."
        }
        let probe = url.appendingPathComponent(String(format: "nearest/v1/driving/%.6f,%.6f", point.longitude, point.latitude))
        do {
            let (status, body) = try await transport(URLRequest(url: probe, timeoutInterval: timeout))
            guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any], json["code"] is String else {
                return "The server at \(url.absoluteString) answered, but not as an OSRM server (HTTP \(status))."
            }
            return nil
        } catch {
            return "The server at \(url.absoluteString) does not answer: \(error)."
        }
    }
}
