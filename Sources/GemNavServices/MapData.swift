import Foundation
import GemNavCore
import GemNavRouting
import GemNavSearch
import GemNavTiles

/// Where one data set's files are: the routing graph directory, and the search index and the
/// map's tile source beside it.
public struct MapData: Sendable, Hashable {
    /// The search index's file name inside a directory made by `gemnav import`.
    public static let searchIndexFileName = "search.gemnav"

    /// Directory of the routing graph.
    public var graphDirectory: URL
    /// The search index file (it may be missing: data imported before search existed).
    public var searchIndexURL: URL
    /// The map's tile source (it may be missing: data imported before maps existed).
    public var tilesURL: URL

    /// The layout `gemnav import --output DIR` writes: the graph in `DIR`, the index and the
    /// tile source in it too.
    public init(directory: URL) {
        graphDirectory = directory
        searchIndexURL = directory.appendingPathComponent(Self.searchIndexFileName)
        tilesURL = directory.appendingPathComponent(TileSource.fileName)
    }

    /// Files at explicit places (the embedded cache shares one index and one tile source
    /// between profiles); without `tilesURL` the tile source sits beside the index.
    public init(graphDirectory: URL, searchIndexURL: URL, tilesURL: URL? = nil) {
        self.graphDirectory = graphDirectory
        self.searchIndexURL = searchIndexURL
        self.tilesURL = tilesURL ?? searchIndexURL.deletingLastPathComponent().appendingPathComponent(TileSource.fileName)
    }

    /// Loads the routing engine, with the traffic speeds `gemnav traffic` installed, if any.
    /// - Throws: `RoutingError` when the graph is missing, old or damaged; `TrafficError`
    ///   when the installed traffic is damaged or was made for another import.
    public func loadEngine() throws -> RoutingEngine {
        let engine = try RoutingEngine(directory: graphDirectory)
        engine.traffic = try TrafficFile.load(from: graphDirectory, graph: engine.graph)
        return engine
    }

    /// Maps the search index, or nil when the data set has none.
    /// - Throws: `SearchError` when the file exists but cannot be used.
    public func loadSearchIndex() throws -> SearchIndex? {
        guard FileManager.default.fileExists(atPath: searchIndexURL.path) else { return nil }
        return try SearchIndex(contentsOf: searchIndexURL)
    }

    /// A resolver for `texts`: the search index is loaded only when one of them is a name
    /// rather than `LAT,LON`.
    /// - Throws: `SearchError` when the index exists but cannot be used.
    public func placeResolver(for texts: [String]) throws -> PlaceResolver {
        let needsIndex = texts.contains { Coordinate(latLonString: $0) == nil }
        return PlaceResolver(index: needsIndex ? try loadSearchIndex() : nil, indexPath: searchIndexURL.path)
    }
}
