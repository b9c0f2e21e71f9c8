import Foundation

/// A decoding failure in a few words (which field, and what was wrong with it), for messages
/// about JSON another program sent: a server's answer, a model's proposal.
public enum DecodingSummary {
    /// `error` in a few words; errors other than `DecodingError` as they describe themselves.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context)
            return "no '\(key.stringValue)'\(at.isEmpty ? "" : " in \(at)")"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "malformed JSON" : "unreadable value at \(path(context))"
        @unknown default:
            return String(describing: error)
        }
    }
}
