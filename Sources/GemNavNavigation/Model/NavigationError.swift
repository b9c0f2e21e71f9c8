import Foundation

/// Why a navigation operation failed. A struct (rather than a bare enum) so new context can be
/// added without breaking callers that switch on `code`.
public struct NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The precise failure.
    public enum Code: String, Sendable, Hashable {
        /// The route has no legs, or a leg has no geometry to follow.
        case invalidRoute
        /// The operation needs a trip in progress but the session is idle or complete.
        case notNavigating
        /// `advanceToNextLeg()` was called while not waiting at an intermediate stop.
        case notWaitingAtStop
        /// `resume()` was called while not paused.
        case notPaused
        /// The route provider could not produce a new route.
        case rerouteFailed
        /// A GPX document could not be read.
        case invalidGPX
        /// A recorded fix log could not be read.
        case invalidFixLog
    }

    /// The precise failure.
    public var code: Code
    /// Human-readable detail (which line, which value).
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}
