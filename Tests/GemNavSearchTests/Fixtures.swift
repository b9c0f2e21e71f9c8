import Foundation
import GemNavCore
import GemNavOSM
@testable import GemNavSearch

/// Indexes built once per test run from the shared OSM extracts.
enum Fixtures {
    /// The repository root, found from this file's path.
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// repoRoot/../shared/data/osm.
    static let dataDirectory = repoRoot.deletingLastPathComponent().appendingPathComponent("shared/data/osm")

    static let monaco = Result { try load("monaco") }
    static let porto = Result { try load("porto_portugal") }
    static let andorra = Result { try load("andorra") }

    /// Builds the index of `name`.osm.pbf, writes it to a temporary file and maps it back.
    static func load(_ name: String) throws -> SearchIndex {
        let url = dataDirectory.appendingPathComponent("\(name).osm.pbf")
        let builder = SearchIndexBuilder()
        try builder.build(from: try OSMReader(contentsOf: url))
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("gemnav-search-\(name)-\(ProcessInfo.processInfo.processIdentifier).idx")
        try builder.write(to: out)
        // The mapping outlives the file's name, so the temporary file can go at once.
        defer { try? FileManager.default.removeItem(at: out) }
        return try SearchIndex(contentsOf: out)
    }
}
