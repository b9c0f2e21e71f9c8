import Foundation
import GemNavRouting
import GemNavSearch

/// What the server answers from: a routing engine and, when the data set has one, its
/// search index. Immutable and safe to share across threads.
public final class ServerData: Sendable {
    /// Route and nearest queries.
    public let engine: RoutingEngine
    /// Search and reverse geocoding, nil when the directory has no index.
    public let search: SearchIndex?

    /// Wraps a loaded engine and index (nil disables `/search` and `/reverse`).
    public init(engine: RoutingEngine, search: SearchIndex?) {
        self.engine = engine
        self.search = search
    }
}

/// Bounds on what one request may ask for, so no client can tie up a core for long.
public struct ServerLimits: Sendable, Hashable {
    /// Most coordinates in one route request (osrm-routed's `--max-viaroute-size` is 500).
    public var maxWaypoints: Int
    /// Most alternative routes (osrm-routed's `--max-alternatives` default).
    public var maxAlternatives: Int
    /// Most results of one nearest request (osrm-routed's `--max-nearest-size` default).
    public var maxNearest: Int
    /// Most results of one search.
    public var maxSearchResults: Int
    /// A table may have at most this many squared cells (osrm-routed's `--max-table-size`,
    /// default 100: 100 × 100 or 1,000 × 10).
    public var maxTableSize: Int
    /// Longest accepted request URI in bytes; longer ones get HTTP 414.
    public var maxURLBytes: Int

    /// Creates limits; the defaults suit a public-facing server.
    public init(maxWaypoints: Int = 100, maxAlternatives: Int = 3, maxNearest: Int = 100,
                maxSearchResults: Int = 50, maxURLBytes: Int = 8192, maxTableSize: Int = 100)
    {
        self.maxTableSize = maxTableSize
        self.maxWaypoints = maxWaypoints
        self.maxAlternatives = maxAlternatives
        self.maxNearest = maxNearest
        self.maxSearchResults = maxSearchResults
        self.maxURLBytes = maxURLBytes
    }
}
