import Foundation
import GemNavSearch

/// Why the app layer (data discovery, place resolution, route providers) could not go on,
/// as one sentence that tells the user what to do next.
public struct AppError: Error, Sendable, CustomStringConvertible {
    /// The precise failure.
    public enum Kind: Sendable {
        /// A place argument is neither `LAT,LON` nor a name the search index knows.
        case placeNotFound(String)
        /// A place name matches several places; `choices` are the best ones.
        case ambiguousPlace(String, choices: [SearchResult])
        /// A place name was given but the data set has no search index.
        case searchUnavailable(place: String, indexPath: String)
        /// A routing server could not be reached or answered with an HTTP error.
        case serverUnreachable(url: String, reason: String)
        /// A routing server answered something that is not a usable OSRM route response.
        case invalidServerResponse(url: String, reason: String)
        /// The route provider found no route.
        case noRoute(String)
        /// A trip would be recorded but the user has not yet said whether trips may be.
        case consentAwaited(store: String)
    }

    /// The precise failure.
    public let kind: Kind

    /// Wraps a kind.
    public init(_ kind: Kind) { self.kind = kind }

    /// A sentence for the user.
    public var description: String {
        switch kind {
        case .placeNotFound(let text):
            return "No place called '\(text)' in the map data. Try another spelling, `gemnav search`, or LAT,LON."
        case .ambiguousPlace(let text, let choices):
            let lines = choices.enumerated().map { i, r in
                "  \(i + 1). \(PlaceResolver.label(r))  (\(PlaceResolver.latLon(r.coordinate)))"
            }
            return (["'\(text)' matches several places; name one more precisely or give LAT,LON:"] + lines)
                .joined(separator: "\n")
        case .searchUnavailable(let place, let path):
            return "Cannot look up '\(place)': no search index at \(path). Rebuild the data with `gemnav import`, or give LAT,LON."
        case .serverUnreachable(let url, let reason):
            return "The routing server at \(url) could not be reached: \(reason)."
        case .invalidServerResponse(let url, let reason):
            return "The routing server at \(url) sent an unusable answer: \(reason)."
        case .noRoute(let why):
            return why
        case .consentAwaited(let store):
            return "Location recording consent has not been given yet (store: \(store)): ask before the trip starts."
        }
    }
}
