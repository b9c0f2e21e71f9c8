import GemNavCore
import GemNavServices

/// A place found for the user, with how far it is from them.
public struct Candidate: Sendable, Hashable, Codable {
    /// The place.
    public var place: Place
    /// Seconds to get there by the trip's profile, nil when the router could not tell.
    public var duration: Double?
    /// Metres along the route when routed, else as the crow flies.
    public var distance: Double

    /// A candidate from its parts.
    public init(place: Place, duration: Double?, distance: Double) {
        self.place = place
        self.duration = duration
        self.distance = distance
    }
}

/// What looking up a place gave.
enum Resolution: Sendable, Hashable {
    /// The one place meant.
    case found(Candidate)
    /// Several places fit equally: the user must choose.
    case choices([Candidate])
    /// Nothing fits these words.
    case notFound(String)
    /// A favourite that is not saved yet.
    case unsetFavourite(String)
    /// "The second one" with no list, or past its end.
    case noList
    /// A place was needed and none was said.
    case missing
}
