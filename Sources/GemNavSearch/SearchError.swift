import Foundation

/// Why a search, a build or an index load failed.
public struct SearchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Equatable {
        /// The query has no letter or digit.
        case emptyQuery
        /// The query is longer than `SearchIndex.maximumQueryLength` characters.
        case queryTooLong(length: Int)
        /// No index file at the path.
        case indexMissing
        /// The file is not a search index (wrong magic), or it is cut short.
        case indexCorrupt(reason: String)
        /// The file's checksum does not match its contents.
        case checksumMismatch
        /// The index was written by another format version.
        case unsupportedVersion(found: UInt32, expected: UInt32)
        /// The index could not be read or written.
        case io(reason: String)
        /// The OSM data gave nothing to index.
        case nothingToIndex
    }

    /// What went wrong.
    public var code: Code
    /// The index file concerned, when there is one.
    public var url: URL?

    /// Creates an error.
    public init(_ code: Code, url: URL? = nil) {
        self.code = code
        self.url = url
    }

    /// A sentence for the user, with the fix when there is one.
    public var description: String {
        let path = url.map { " (\($0.path))" } ?? ""
        let rebuild = "; run `gemnav import` to rebuild it"
        switch code {
        case .emptyQuery: return "The search query is empty"
        case .queryTooLong(let n):
            return "The search query is \(n) characters long; at most \(SearchIndex.maximumQueryLength) are allowed"
        case .indexMissing: return "No search index found\(path); run `gemnav import` to build it"
        case .indexCorrupt(let reason): return "The search index is corrupt: \(reason)\(path)\(rebuild)"
        case .checksumMismatch: return "The search index fails its checksum\(path)\(rebuild)"
        case .unsupportedVersion(let found, let expected):
            return "The search index has format version \(found), this build reads \(expected)\(path)\(rebuild)"
        case .io(let reason): return "Could not access the search index\(path): \(reason)"
        case .nothingToIndex: return "The OSM data has no named places, streets, addresses or points of interest"
        }
    }
}
