import Foundation
import GemNavCore

/// Hands a trip to another maps app (the Free tier's "open in Maps", seed 001): the URL to
/// open for each target, with stops and travel mode where the target supports them.
public enum ExternalMapsLink {
    /// The apps a trip can be handed to.
    public enum Target: String, Sendable, Hashable, CaseIterable {
        /// Google Maps' app scheme (`comgooglemaps://`).
        case googleMapsApp
        /// Google Maps on the web: the fallback when the app is not installed; takes stops.
        case googleMapsWeb
        /// Apple Maps (`maps://`).
        case appleMaps
        /// Any Android or desktop maps app (`geo:` URI, RFC 5870): destination only.
        case geo
    }

    /// How the trip is travelled.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// By car.
        case driving
        /// On foot.
        case walking
        /// By bicycle.
        case bicycling
    }

    /// The URL opening `target` with directions to `destination` through `stops`.
    /// Google Maps' app scheme and `geo:` take no stops: the first stop becomes the next
    /// destination there, so the user is never sent past a stop they asked for.
    public static func url(_ target: Target, to destination: Coordinate, via stops: [Coordinate] = [],
                           mode: Mode = .driving) -> URL
    {
        func point(_ c: Coordinate) -> String { String(format: "%.6f,%.6f", c.latitude, c.longitude) }
        let next = stops.first ?? destination
        var components = URLComponents()
        switch target {
        case .googleMapsApp:
            components.scheme = "comgooglemaps"
            components.host = ""
            components.queryItems = [URLQueryItem(name: "daddr", value: point(next)),
                                     URLQueryItem(name: "directionsmode", value: mode.rawValue)]
        case .googleMapsWeb:
            components.scheme = "https"
            components.host = "www.google.com"
            components.path = "/maps/dir/"
            var items = [URLQueryItem(name: "api", value: "1"),
                         URLQueryItem(name: "destination", value: point(destination)),
                         URLQueryItem(name: "travelmode", value: mode.rawValue)]
            if !stops.isEmpty {
                items.append(URLQueryItem(name: "waypoints", value: stops.map(point).joined(separator: "|")))
            }
            components.queryItems = items
        case .appleMaps:
            components.scheme = "maps"
            components.host = ""
            // Apple Maps reads several `daddr` values as stops, in order.
            let flag = mode == .driving ? "d" : mode == .walking ? "w" : "c"
            components.queryItems = (stops + [destination]).map { URLQueryItem(name: "daddr", value: point($0)) }
                + [URLQueryItem(name: "dirflg", value: flag)]
        case .geo:
            return URL(string: "geo:\(point(next))?q=\(point(next))")!
        }
        return components.url!
    }
}
