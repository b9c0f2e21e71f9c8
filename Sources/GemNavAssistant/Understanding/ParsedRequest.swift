import GemNavCore
import GemNavSearch

/// A place as the user named it, before it is looked up.
enum PlaceReference: Sendable, Hashable, Codable {
    /// Words to search ("stade louis ii").
    case text(String)
    /// The best place of a category by travel time.
    case category(SearchCategory)
    /// A favourite by name ("Home").
    case favourite(String)
    /// A position in the last list, 1-based; 0 is the last.
    case ordinal(Int)
    /// The user's position.
    case here
    /// What the conversation is about ("it", "there").
    case focus
}

/// What an utterance asks, with its slots filled from the words; places are still words.
struct ParsedRequest: Sendable, Hashable, Codable {
    /// The intent that won the vote, nil when nothing was recognised.
    var intent: Intent?
    /// The language most of the words belong to, nil when none is telling.
    var language: AssistantLanguage?
    /// The main place: destination, the stop to add, the place to save, the ride's destination.
    var place: PlaceReference?
    /// Stops named with "via".
    var stops: [PlaceReference] = []
    /// Where to look around ("near the casino").
    var anchor: PlaceReference?
    /// The name to save a favourite under.
    var name: String?
    /// Road kinds to avoid.
    var avoid: AvoidOptions = []
    /// Road kinds allowed again.
    var allow: AvoidOptions = []
    /// How to travel, when said.
    var profile: AssistantProfile?
    /// The guidance mode, when said.
    var mode: AssistantGuidanceMode?
    /// The language to speak, when one is named.
    var speaking: AssistantLanguage?
    /// Whether the user asked for the nearest one.
    var nearest = false
}
