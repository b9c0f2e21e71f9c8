import GemNavCore
import Logging

/// Withholds positions from support-log records while recording consent is not granted.
///
/// Three nets, so that no caller leaks a position by mistake: metadata under a position key
/// (`SupportLog.positionKeys`), any metadata value that is a `Coordinate`, and any
/// "LAT,LON"-looking pair of decimals in the message, a string value or an error.
enum PositionRedaction {
    /// What replaces a withheld position.
    static let withheld = "[position withheld]"

    /// `value` with every position in it withheld.
    static func redact(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        switch value {
        case .string(let text):
            return .string(redact(text))
        case .stringConvertible(let convertible):
            if convertible is Coordinate { return .string(withheld) }
            return .string(redact(convertible.description))
        case .array(let values):
            return .array(values.map(redact))
        case .dictionary(let dictionary):
            return .dictionary(redact(dictionary))
        }
    }

    /// `metadata` with the values under position keys withheld and the others redacted.
    static func redact(_ metadata: Logger.Metadata) -> Logger.Metadata {
        metadata.reduce(into: [:]) { result, entry in
            result[entry.key] = SupportLog.positionKeys.contains(entry.key.lowercased())
                ? .string(withheld) : redact(entry.value)
        }
    }

    /// `text` with every position withheld: a pair of decimals ("43.7396,7.4276",
    /// "-8.6110, 41.1466"; three or more decimals, i.e. 100 m or finer) or a labelled degree
    /// ("latitude: 43.7396", the way Swift prints a value holding a coordinate).
    static func redact(_ text: String) -> String {
        text.replacing(#/-?\d{1,3}\.\d{3,}\s*[,;]\s*-?\d{1,3}\.\d{3,}/#, with: withheld)
            .replacing(#/(?i)\b(?:lat|latitude|lon|lng|longitude)\b\s*[:=]\s*-?\d{1,3}\.\d+/#, with: withheld)
    }
}
