import Foundation
import GemNavCore

/// Checks and tidies the fields favourites and recent destinations share, before any write, so
/// that a bad value is reported precisely instead of being stored.
enum PlaceFields {
    /// The name without surrounding whitespace.
    ///
    /// - Throws: `StorageError` `.invalidPlace(.emptyName)` when nothing is left.
    static func name(_ raw: String) throws(StorageError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw StorageError(.invalidPlace(.emptyName)) }
        return name
    }

    /// The subtitle without surrounding whitespace; nil when nothing is left, so that "no
    /// address" has one representation.
    static func subtitle(_ raw: String?) -> String? {
        guard let subtitle = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !subtitle.isEmpty
        else { return nil }
        return subtitle
    }

    /// Throws `StorageError` `.invalidPlace(.coordinate)` unless `coordinate` is valid WGS84.
    static func check(_ coordinate: Coordinate) throws(StorageError) {
        guard coordinate.isValid else { throw StorageError(.invalidPlace(.coordinate)) }
    }
}
