import Foundation
import GemNavTiles

/// Builds a map tile source from an OSM file, reporting progress like the graph importer.
public enum TileSourceImport {
    /// Reads `source` and writes the tile source to `url` (atomically).
    /// - Throws: `OSMReadError` or `TileError`.
    @discardableResult
    public static func build(from source: URL, to url: URL,
                             progress: @escaping @Sendable (String, Double) -> Void) throws -> TileBuildSummary
    {
        try TileSourceBuilder().build(from: source, to: url, progress: { progress(stageName($0.phase), $0.fraction) })
    }

    private static func stageName(_ phase: TileBuildProgress.Phase) -> String {
        switch phase {
        case .readingRelations: return "Map: relations"
        case .readingWays: return "Map: ways"
        case .readingNodes: return "Map: nodes"
        case .assembling: return "Map: assembling"
        case .writing: return "Map: writing"
        }
    }
}
