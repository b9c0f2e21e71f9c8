/// Why a traffic update could not be read or installed, in words that say what to fix.
public struct TrafficError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The precise failure.
    public enum Kind: Sendable, Equatable {
        /// A line of a segment-speed file is malformed (file, 1-based line, what is wrong).
        case malformedLine(String, line: Int, String)
        /// The file could not be read or written (path, reason).
        case unreadable(String, String)
        /// The graph was imported before it stored OSM node ids (graph path).
        case graphWithoutNodeIDs(String)
        /// An installed overlay was computed for another graph (overlay path).
        case staleOverlay(String)
        /// An installed overlay file is damaged (path, what is wrong).
        case damagedOverlay(String, String)
    }

    /// The precise failure.
    public let kind: Kind

    /// Wraps a kind.
    public init(_ kind: Kind) { self.kind = kind }

    /// A sentence for the user.
    public var description: String {
        switch kind {
        case .malformedLine(let file, let line, let why):
            return "\(file) line \(line): \(why). Each line must be FROM_OSM_NODE,TO_OSM_NODE,SPEED_KMH[,RATE]; nothing from this file was applied."
        case .unreadable(let path, let why):
            return "Could not read or write \(path): \(why)."
        case .graphWithoutNodeIDs(let path):
            return "The routing graph at \(path) has no OSM node ids for traffic updates. Rebuild it with `gemnav import`."
        case .staleOverlay(let path):
            return "The traffic overlay \(path) was made for another graph (it was re-imported since). Run `gemnav traffic` again, or `gemnav traffic --clear`."
        case .damagedOverlay(let path, let why):
            return "The traffic overlay \(path) is damaged: \(why). Run `gemnav traffic` again, or `gemnav traffic --clear`."
        }
    }
}
