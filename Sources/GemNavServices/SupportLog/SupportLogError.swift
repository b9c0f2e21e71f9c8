import Foundation

/// Why the support log could not be exported or cleared. Writing never fails loudly: a record
/// that cannot be written is dropped, because logging must never stop navigation.
public struct SupportLogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// A log file exists but could not be read.
        case unreadable(path: String, reason: String)
        /// A log file could not be deleted.
        case undeletable(path: String, reason: String)
    }

    /// What went wrong.
    public var kind: Kind

    /// Wraps a kind.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// A sentence for a log or an alert.
    public var description: String {
        switch kind {
        case .unreadable(let path, let reason):
            return "The support log file \(path) could not be read: \(reason)"
        case .undeletable(let path, let reason):
            return "The support log file \(path) could not be deleted: \(reason)"
        }
    }
}
