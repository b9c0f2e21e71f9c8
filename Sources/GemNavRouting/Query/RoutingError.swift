import GemNavCore

/// Why routing could not answer, in words that tell the user what to do next.
public struct RoutingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The precise failure.
    public enum Kind: Sendable, Equatable {
        /// No graph at the path.
        case dataMissing(String)
        /// A graph from another format version.
        case dataVersion(String, found: Int, expected: Int)
        /// A damaged graph file.
        case dataCorrupt(String, String)
        /// Writing the graph failed.
        case writeFailed(String, String)
        /// No routable road within `radius` metres of the coordinate.
        case noSegment(Coordinate, radius: Double)
        /// The points are not connected (islands, one-way traps, excluded roads).
        case noRoute(String)
        /// The request itself is wrong (too few waypoints, bad option).
        case invalidRequest(String)
        /// The input file has no roads this profile can use.
        case noRoads(String, profile: String)
    }

    /// The precise failure.
    public let kind: Kind

    /// Wraps a kind.
    public init(_ kind: Kind) { self.kind = kind }

    /// A sentence for the user.
    public var description: String {
        switch kind {
        case .dataMissing(let p):
            return "No routing graph at \(p). Build one with `gemnav import FILE.osm.pbf --profile car --output DIR`."
        case .dataVersion(let p, let found, let expected):
            return "The routing graph at \(p) has format version \(found), this GemNav reads version \(expected). Rebuild it with `gemnav import`."
        case .dataCorrupt(let p, let why):
            return "The routing graph at \(p) is unusable: \(why). Rebuild it with `gemnav import`."
        case .writeFailed(let p, let why):
            return "Could not write \(p): \(why). Nothing was changed."
        case .noSegment(let c, let r):
            return String(format: "No road within %.0f m of %.6f,%.6f. Pick a point on or near a road inside the map's area.", r, c.latitude, c.longitude)
        case .noRoute(let why):
            return "No route found: \(why)."
        case .invalidRequest(let why):
            return "Invalid route request: \(why)."
        case .noRoads(let p, let profile):
            return "\(p) contains no roads usable by the \(profile) profile. Check the file and the --profile option."
        }
    }
}
