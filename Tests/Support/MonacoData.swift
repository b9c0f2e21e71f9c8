import Foundation
import GemNavRouting
import GemNavServices

/// The embedded Monaco map imported once per test process (graph and search index).
public enum MonacoData {
    /// The graph and index in a temporary directory, or why the import failed.
    public static let data: Result<MapData, any Error> = Result {
        let dir = TestData.temporary("monaco-app")
        try? FileManager.default.removeItem(at: dir)
        let data = MapData(directory: dir)
        _ = try GraphImporter(profile: .car).importGraph(from: TestData.embeddedMonaco, to: dir)
        try SearchIndexImport.build(from: TestData.embeddedMonaco, to: data.searchIndexURL, progress: { _, _ in })
        return data
    }
}

