import Foundation
import GemNavOSM
import GemNavSearch

/// Builds a search index file from an OSM file, reporting progress like the graph importer.
public enum SearchIndexImport {
    /// Reads `source` and writes the index to `url` (atomically).
    /// - Returns: the index's statistics and file size.
    /// - Throws: `OSMReadError` or `SearchError`.
    @discardableResult
    public static func build(from source: URL, to url: URL,
                             progress: @escaping @Sendable (String, Double) -> Void) throws
        -> (statistics: SearchIndexStatistics, bytes: Int)
    {
        let builder = SearchIndexBuilder()
        let report: (SearchBuildProgress) -> Void = { progress(stageName($0.phase), $0.fraction) }
        try builder.build(from: try OSMReader(contentsOf: source), progress: report)
        let bytes = try builder.write(to: url, progress: report)
        return (try builder.statistics(), bytes)
    }

    private static func stageName(_ phase: SearchBuildProgress.Phase) -> String {
        switch phase {
        case .readingRelations: return "Search: relations"
        case .readingWays: return "Search: ways"
        case .readingNodes: return "Search: nodes"
        case .assembling: return "Search: assembling"
        case .writing: return "Search: writing"
        }
    }
}
