/// Why a message from the page could not be handled, as one sentence the page shows and a
/// developer can act on.
public struct WebAppError: Error, Sendable, CustomStringConvertible {
    /// The precise failure.
    public enum Kind: Sendable, Equatable {
        /// The message is not JSON, or not an object with a string `intent`.
        case malformedMessage(String)
        /// `intent` names nothing the app does.
        case unknownIntent(String)
        /// The intent needs a field the message lacks.
        case missingField(String, intent: String)
        /// A field has a value the app does not accept.
        case invalidField(String, String)
        /// The intent is valid but does not apply to what the app shows now.
        case notNow(String)
        /// The session id asked for is not a session id.
        case invalidSession(String)
    }

    /// The precise failure.
    public let kind: Kind

    /// Wraps a kind.
    public init(_ kind: Kind) { self.kind = kind }

    /// Whether the connection must close: the page sent something that is not the protocol.
    /// An intent that does not apply now is only reported.
    public var closesConnection: Bool {
        switch kind {
        case .malformedMessage, .unknownIntent, .missingField, .invalidField, .invalidSession: return true
        case .notNow: return false
        }
    }

    /// A sentence for the page.
    public var description: String {
        switch kind {
        case .malformedMessage(let why):
            return "The message is not a valid GemNav intent (\(why)). Send a JSON object such as {\"intent\": \"type\", \"text\": \"casino\"}."
        case .unknownIntent(let name):
            return "'\(name)' is not an intent GemNav knows; see docs/webapp.md for the list."
        case .missingField(let field, let intent):
            return "The intent '\(intent)' needs the field '\(field)'."
        case .invalidField(let field, let why):
            return "The field '\(field)' is invalid: \(why)."
        case .notNow(let why):
            return "That cannot be done now: \(why)."
        case .invalidSession(let id):
            return "'\(id)' is not a session id; connect without one to start a new session."
        }
    }
}
