import Foundation
import GemNavCore
import GemNavOSM

/// Anything that streams OSM objects in passes; `OSMReader` is one, `OSMEntityList` another.
public protocol OSMEntitySource {
    /// Calls `visit` for each object of the requested kinds, in file order, reporting the
    /// fraction (0…1) of the source consumed now and then.
    func read(_ kinds: OSMEntityKinds, progress: ((Double) -> Void)?, _ visit: (OSMEntity) throws -> Void) throws
}

extension OSMReader: OSMEntitySource {}

/// OSM objects held in memory, for tests and small programmatic inputs.
public struct OSMEntityList: OSMEntitySource, Sendable {
    /// The objects, in any order.
    public var entities: [OSMEntity]

    /// Wraps `entities`.
    public init(_ entities: [OSMEntity]) { self.entities = entities }

    /// Visits the objects of the requested kinds.
    public func read(_ kinds: OSMEntityKinds, progress: ((Double) -> Void)?, _ visit: (OSMEntity) throws -> Void) throws {
        for entity in entities {
            switch entity {
            case .node where kinds.contains(.nodes), .way where kinds.contains(.ways),
                 .relation where kinds.contains(.relations):
                try visit(entity)
            default: continue
            }
        }
        progress?(1)
    }
}

/// How far an index build is, for the CLI's progress bar.
public struct SearchBuildProgress: Sendable, Hashable {
    /// The step under way.
    public enum Phase: String, Sendable, Hashable {
        /// Pass 1: relations, noting boundary and POI member ways.
        case readingRelations
        /// Pass 2: ways, noting which nodes are needed.
        case readingWays
        /// Pass 3: nodes, keeping only the needed coordinates.
        case readingNodes
        /// Merging streets, attaching addresses, building the token dictionary.
        case assembling
        /// Writing the file.
        case writing
    }

    /// The step under way.
    public var phase: Phase
    /// Fraction of that step done, 0…1.
    public var fraction: Double
}

/// Builds the offline search index from OSM objects.
///
/// Reading is three passes so memory follows what gets indexed, not the file: relations
/// first (boundaries and POI areas, noting their member ways), then ways (named streets,
/// addressed buildings, POI areas and those members, noting the node ids they need), then
/// nodes (features themselves, and the coordinates of just the noted nodes). A PBF reader
/// skips the blocks of other kinds, so the extra passes cost little.
public final class SearchIndexBuilder {
    var features: [RawFeature] = []
    var streetWays: [RawStreetWay] = []
    private var neededNodes = Set<Int64>()
    /// Relation features waiting for the first node of their first way, by way id.
    private var firstWayOf: [Int64: [Int]] = [:]
    var boundaries: [RawBoundary] = []
    private var boundaryWays: [Int64: [Int]] = [:]
    var nodeCoordinates: [Int64: Coordinate] = [:]
    private var assembled: IndexTables?

    /// Creates an empty builder.
    public init() {}

    /// Reads `source` in three passes and assembles the index, replacing anything the
    /// builder held before.
    /// - Throws: what the source throws, or `SearchError` `.nothingToIndex`.
    public func build(from source: some OSMEntitySource, progress: ((SearchBuildProgress) -> Void)? = nil) throws {
        features = []
        streetWays = []
        neededNodes = []
        firstWayOf = [:]
        boundaries = []
        boundaryWays = [:]
        nodeCoordinates = [:]
        assembled = nil
        try source.read(.relations, progress: { progress?(SearchBuildProgress(phase: .readingRelations, fraction: $0)) }) {
            if case .relation(let relation) = $0 { addRelation(relation) }
        }
        try source.read(.ways, progress: { progress?(SearchBuildProgress(phase: .readingWays, fraction: $0)) }) {
            if case .way(let way) = $0 { addWay(way) }
        }
        try source.read(.nodes, progress: { progress?(SearchBuildProgress(phase: .readingNodes, fraction: $0)) }) {
            if case .node(let node) = $0 { addNode(node) }
        }
        progress?(SearchBuildProgress(phase: .assembling, fraction: 0))
        _ = try tables()
        progress?(SearchBuildProgress(phase: .assembling, fraction: 1))
    }

    /// Pass 1: takes a relation: a named area or POI, or an administrative boundary whose
    /// member ways the next pass keeps.
    public func addRelation(_ relation: OSMRelation) {
        assembled = nil
        let tags = relation.tags
        if tags["boundary"] == "administrative", let name = tags["name"],
           let level = tags["admin_level"].flatMap(Int.init)
        {
            boundaries.append(RawBoundary(name: name, level: level))
            for m in relation.members where m.type == .way {
                boundaryWays[m.ref, default: []].append(boundaries.count - 1)
            }
            return
        }
        guard tags["type"] != "restriction",
              var feature = RawFeature(tags: tags, type: .relation, id: relation.id)
        else { return }
        // A relation is placed at its label or centre node when it names one, else at the
        // first node of its first way: good enough for a search pin, no geometry assembly.
        if let node = relation.members.first(where: { $0.type == .node && ["label", "admin_centre"].contains($0.role) }) {
            feature.refs = [node.ref]
            neededNodes.insert(node.ref)
        } else if let way = relation.members.first(where: { $0.type == .way }) {
            firstWayOf[way.ref, default: []].append(features.count)
        } else {
            return
        }
        features.append(feature)
    }

    /// Pass 2: takes a way: a named street, an addressed building, a POI area, or a member
    /// that pass 1 asked for.
    public func addWay(_ way: OSMWay) {
        assembled = nil
        guard let first = way.nodeRefs.first else { return }
        if let owners = firstWayOf[way.id] {
            for i in owners { features[i].refs = [first] }
            neededNodes.insert(first)
        }
        if let owners = boundaryWays[way.id] {
            for b in owners { boundaries[b].ways.append(way.nodeRefs) }
            neededNodes.formUnion(way.nodeRefs)
        }
        guard !way.tags.isEmpty else { return }
        // An unnamed motorway is known by its number: "IC 1;IC 23" reads "IC 1 / IC 23".
        if let name = way.tags["name"] ?? way.tags["ref"]?.replacingOccurrences(of: ";", with: " / "),
           let highway = way.tags["highway"],
           !Self.nonStreetHighways.contains(highway)
        {
            streetWays.append(RawStreetWay(id: way.id, name: name, roadRef: way.tags["ref"], highway: highway,
                                           refs: way.nodeRefs))
            neededNodes.formUnion(way.nodeRefs)
        } else if var feature = RawFeature(tags: way.tags, type: .way, id: way.id) {
            feature.refs = way.nodeRefs
            features.append(feature)
            neededNodes.formUnion(way.nodeRefs)
        }
    }

    /// Pass 3: takes a node, keeping it as a feature or as a coordinate something needs.
    public func addNode(_ node: OSMNode) {
        assembled = nil
        if neededNodes.contains(node.id) { nodeCoordinates[node.id] = node.coordinate }
        guard !node.tags.isEmpty, var feature = RawFeature(tags: node.tags, type: .node, id: node.id) else { return }
        feature.point = node.coordinate
        features.append(feature)
    }

    /// Counts of what the index holds.
    public func statistics() throws -> SearchIndexStatistics { try tables().statistics }

    /// The encoded index file.
    public func encoded() throws -> Data { try tables().encoded() }

    /// Writes the index atomically: to a temporary file beside `url`, then renamed over it,
    /// so a reader never maps a half-written index.
    /// - Returns: the file size in bytes.
    @discardableResult
    public func write(to url: URL, progress: ((SearchBuildProgress) -> Void)? = nil) throws -> Int {
        progress?(SearchBuildProgress(phase: .writing, fraction: 0))
        let data = try encoded()
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temp)
            // rename(2) replaces the target atomically, which FileManager does not promise.
            guard rename(temp.path, url.path) == 0 else {
                throw SearchError(.io(reason: String(cString: strerror(errno))), url: url)
            }
        } catch {
            try? FileManager.default.removeItem(at: temp)
            if let known = error as? SearchError { throw known }
            throw SearchError(.io(reason: error.localizedDescription), url: url)
        }
        progress?(SearchBuildProgress(phase: .writing, fraction: 1))
        return data.count
    }

    private func tables() throws -> IndexTables {
        if let done = assembled { return done }
        let tables = try IndexAssembler(builder: self).assemble()
        assembled = tables
        return tables
    }

    /// `highway=*` values that are not streets one can live on or be routed along.
    static let nonStreetHighways: Set<String> = [
        "bus_stop", "platform", "proposed", "construction", "abandoned", "razed", "services",
        "rest_area", "elevator", "street_lamp", "traffic_signals", "crossing", "emergency_access_point",
    ]
}

/// Counts of what an index holds.
public struct SearchIndexStatistics: Sendable, Hashable, Codable {
    /// Places (`place=*`).
    public var places: Int
    /// Streets after merging ways of the same name and neighbourhood.
    public var streets: Int
    /// Points of interest.
    public var pois: Int
    /// House-numbered addresses.
    public var addresses: Int
    /// Distinct folded tokens.
    public var tokens: Int
}
