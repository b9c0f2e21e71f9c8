import Foundation

/// Where test maps live: the repository's embedded extract and the shared reference extracts
/// beside the repository (`<repo>/../shared/data/osm`), plus fresh temporary paths.
public enum TestData {
    /// The package root.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Monaco extract shipped in the repository.
    public static let embeddedMonaco = repositoryRoot.appendingPathComponent("Data/monaco.osm.pbf")

    /// A reference extract from `shared/data/osm`.
    public static func shared(_ name: String) -> URL {
        repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/osm/\(name)")
    }

    /// Whether the shared extracts are present (they are beside every checkout CI makes).
    public static var sharedAvailable: Bool {
        FileManager.default.fileExists(atPath: shared("monaco.osm.pbf").path)
    }

    /// A fresh path named `name` in its own temporary directory (so messages show `name`).
    public static func temporary(_ name: String) -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gemnav-tests-\(ProcessInfo.processInfo.processIdentifier)")
            .appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name)
    }

    /// Writes `data` to a temporary file and returns its URL.
    public static func write(_ data: Data, name: String) throws -> URL {
        let url = temporary(name)
        try data.write(to: url)
        return url
    }
}
