import Foundation

/// One setting as stored: the JSON document, the version of its shape and when it was written.
///
/// The store does not know what a setting means; the app defines the type and its version,
/// and reads an older version's JSON itself when it changes the shape.
public struct StoredSetting: Sendable, Hashable {
    /// The key it is stored under.
    public var key: String
    /// The JSON document (UTF-8).
    public var json: Data
    /// The version of the JSON's shape, as given to `AppStore.setSetting(_:key:version:at:)`.
    public var version: Int
    /// When it was last written.
    public var updatedAt: Date

    /// Creates a stored setting.
    public init(key: String, json: Data, version: Int, updatedAt: Date) {
        self.key = key
        self.json = json
        self.version = version
        self.updatedAt = updatedAt
    }

    /// Decodes the JSON as `type`. Fields the type does not know are ignored, so a setting
    /// written by a newer app with more fields still reads.
    ///
    /// - Throws: `StorageError` `.unreadableSetting` naming the field that does not fit.
    public func decode<T: Decodable>(_ type: T.Type) throws(StorageError) -> T {
        do {
            return try JSONDecoder().decode(type, from: json)
        } catch let error as DecodingError {
            throw StorageError(.unreadableSetting(key: key, version: version, reason: Self.describe(error)))
        } catch {
            throw StorageError(.unreadableSetting(key: key, version: version, reason: "\(error)"))
        }
    }

    /// "units: expected String" rather than DecodingError's full dump.
    private static func describe(_ error: DecodingError) -> String {
        func at(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        }
        switch error {
        case .keyNotFound(let key, let context):
            let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            return "\(path) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return at(context)
        @unknown default:
            return "\(error)"
        }
    }
}
