import Foundation
import Logging

/// One support-log record as one line of text, positions withheld when asked.
struct SupportLogRecord {
    let stamp: String
    let level: Logger.Level
    let label: String
    let message: String
    let metadata: Logger.Metadata
    let error: String?
    let redacting: Bool

    /// `STAMP LEVEL label: message key=value… error=…` and a newline; metadata sorted by key
    /// so records compare and grep alike, line breaks escaped so a record is one line.
    var line: String {
        let metadata = redacting ? PositionRedaction.redact(self.metadata) : self.metadata
        var line = "\(stamp) \(level.rawValue.uppercased()) \(label): \(redacting ? PositionRedaction.redact(message) : message)"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(Self.text(of: value))"
        }
        if let error {
            line += " error=\(redacting ? PositionRedaction.redact(error) : error)"
        }
        return line.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n") + "\n"
    }

    private static func text(of value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let text): return text
        case .stringConvertible(let convertible): return convertible.description
        case .array(let values): return "[" + values.map(text(of:)).joined(separator: ", ") + "]"
        case .dictionary(let dictionary):
            return "[" + dictionary.sorted(by: { $0.key < $1.key }).map { "\($0.key): \(text(of: $0.value))" }
                .joined(separator: ", ") + "]"
        }
    }
}
