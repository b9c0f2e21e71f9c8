import Foundation
import GemNavCore

/// A routing graph loaded from disk (memory-mapped) or built in memory: road geometry,
/// the edge-based graph with its turns, the contraction hierarchy and the snapping grid.
/// Immutable, so one graph serves any number of concurrent queries.
public final class RoutingGraph: @unchecked Sendable {
    private let file: MappedFile
    /// What holds the arrays a graph with its own metric does not share with its base.
    private let metricStorage: [AnyObject]
    /// The profile the graph was built for.
    public let profile: Profile
    let meta: GraphMeta

    let junctionLat: FlatArray<Int32>, junctionLon: FlatArray<Int32>
    let edgeFrom: FlatArray<Int32>, edgeTo: FlatArray<Int32>
    let edgeGeometry: FlatArray<Int32>
    let geometryLat: FlatArray<Int32>, geometryLon: FlatArray<Int32>
    /// Metres from each geometry point to the next one of its edge.
    let segmentMetres: FlatArray<Float>
    let edgeLength: FlatArray<Float>
    let edgeRoad: FlatArray<UInt32>
    let edgeFlags: FlatArray<UInt8>
    let edgeComponent: FlatArray<Int32>
    let nodeWeight: FlatArray<UInt32>, nodeDuration: FlatArray<UInt32>
    /// Originals of the directed-edge copies past `2 × edges` (via-way restrictions).
    let duplicateOf: FlatArray<Int32>
    let arcOffset: FlatArray<Int32>, arcTarget: FlatArray<Int32>
    let arcWeight: FlatArray<UInt32>, arcTurnDuration: FlatArray<UInt32>
    /// Per junction, its arms in bearing order (`junctionOffset[j]..<junctionOffset[j+1]`).
    let junctionOffset: FlatArray<Int32>, junctionArms: FlatArray<JunctionArmRecord>
    /// Hierarchy search id of each directed edge, and back (see `Hierarchy`).
    let searchID: FlatArray<Int32>, directedEdgeOf: FlatArray<Int32>
    let upOffset: FlatArray<Int32>, up: FlatArray<HierarchyArc>
    let downOffset: FlatArray<Int32>, down: FlatArray<HierarchyArc>
    /// Restriction bits of each `up` and `down` arc (see `Contractor`); empty when no road
    /// has any, and then nothing is ever excluded.
    let upRestrictions: FlatArray<UInt32>, downRestrictions: FlatArray<UInt32>
    /// Whether any road carries restriction bits. Checks both directions: on a tiny map
    /// one of them may have no arcs at all.
    var hasRestrictionBits: Bool { upRestrictions.count + downRestrictions.count > 0 }
    let cellOffset: FlatArray<Int32>, cellEntries: FlatArray<Int32>
    let roads: RoadTable
    /// Limits of the directed edges that have any, by directed edge (truck graphs; else empty).
    let edgeLimits: FlatArray<EdgeLimitRecord>
    /// Which restriction bits stand for which limits (truck graphs; else no records).
    let limitBits: LimitBits
    /// OSM node ids and base speeds for traffic updates (nil in graphs made before them).
    let trafficSegments: TrafficSegments?
    /// The map's maneuver relations (`type=maneuver`), found along each route.
    let maneuverOverrides: ManeuverOverrideTable

    /// Loads the graph in `directory` (as written by `gemnav import`).
    public convenience init(directory: URL) throws {
        let url = directory.appendingPathComponent(GraphFile.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw RoutingError(.dataMissing(directory.path))
        }
        try self.init(file: MappedFile(url: url), path: url.path)
    }

    init(file: MappedFile, path: String) throws {
        self.file = file
        metricStorage = []
        let s = try GraphFile.decode(file.bytes, path: path)
        func section(_ tag: String) throws -> UnsafeRawBufferPointer {
            guard let b = s[tag] else { throw RoutingError(.dataCorrupt(path, "section \(tag) is missing")) }
            return b
        }
        do {
            meta = try JSONDecoder().decode(GraphMeta.self, from: Data(try section("meta")))
        } catch let e as RoutingError {
            throw e
        } catch {
            throw RoutingError(.dataCorrupt(path, "its description cannot be read"))
        }
        guard let p = Profile.named(meta.profile) else {
            throw RoutingError(.dataCorrupt(path, "it names an unknown profile \(meta.profile)"))
        }
        profile = p
        junctionLat = FlatArray(try section("jlat")); junctionLon = FlatArray(try section("jlon"))
        edgeFrom = FlatArray(try section("efrom")); edgeTo = FlatArray(try section("eto"))
        edgeGeometry = FlatArray(try section("egeo"))
        geometryLat = FlatArray(try section("glat")); geometryLon = FlatArray(try section("glon"))
        segmentMetres = FlatArray(try section("gdist"))
        edgeLength = FlatArray(try section("elen"))
        edgeRoad = FlatArray(try section("eroad")); edgeFlags = FlatArray(try section("eflags"))
        edgeComponent = FlatArray(try section("ecomp"))
        duplicateOf = FlatArray(try section("ndup"))
        nodeWeight = FlatArray(try section("nweight")); nodeDuration = FlatArray(try section("ndur"))
        arcOffset = FlatArray(try section("aoff")); arcTarget = FlatArray(try section("atgt"))
        arcWeight = FlatArray(try section("awgt")); arcTurnDuration = FlatArray(try section("adur"))
        junctionOffset = FlatArray(try section("joff")); junctionArms = FlatArray(try section("jarms"))
        searchID = FlatArray(try section("chid")); directedEdgeOf = FlatArray(try section("chedge"))
        upOffset = FlatArray(try section("upoff")); up = FlatArray(try section("up"))
        downOffset = FlatArray(try section("dnoff")); down = FlatArray(try section("dn"))
        upRestrictions = FlatArray(try section("upres")); downRestrictions = FlatArray(try section("dnres"))
        cellOffset = FlatArray(try section("gcell")); cellEntries = FlatArray(try section("gseg"))
        roads = RoadTable(blob: try section("rstr"), offsets: FlatArray(try section("rsoff")),
                          records: FlatArray(try section("roads")),
                          pronunciations: FlatArray(s["rpron"] ?? UnsafeRawBufferPointer(start: nil, count: 0)))
        edgeLimits = FlatArray(s[EdgeLimitRecord.section] ?? UnsafeRawBufferPointer(start: nil, count: 0))
        let limitBitRecords = FlatArray<LimitBitRecord>(s[LimitBits.section] ?? UnsafeRawBufferPointer(start: nil, count: 0))
        limitBits = LimitBits(records: (0..<limitBitRecords.count).map { limitBitRecords[$0] })
        let edges = edgeFrom.count
        trafficSegments = s[TrafficSection.tag].flatMap { TrafficSegments($0, edgeCount: edges) }
        maneuverOverrides = try ManeuverOverrideTable(sections: s, directedEdges: 2 * edges, file: path)
        let nodes = nodeWeight.count
        guard edgeTo.count == edges, edgeGeometry.count == edges + 1, nodes == 2 * edges + duplicateOf.count,
              nodeDuration.count == nodes, arcOffset.count == nodes + 1, searchID.count == nodes,
              directedEdgeOf.count == nodes, upOffset.count == nodes + 1,
              downOffset.count == nodes + 1, edgeRoad.count == 2 * edges,
              upRestrictions.count + downRestrictions.count == 0
                || (upRestrictions.count == up.count && downRestrictions.count == down.count),
              segmentMetres.count == geometryLat.count, geometryLon.count == geometryLat.count,
              cellOffset.count == meta.grid.rows * meta.grid.cols + 1
        else { throw RoutingError(.dataCorrupt(path, "its sections disagree in size")) }
    }

    /// `base`'s roads and turns under another metric (see `TrafficHierarchy`): node and arc
    /// weights and durations, and the hierarchy contracted for them, replace the base's;
    /// everything else is `base`'s own memory, shared.
    init(_ base: RoutingGraph, metric m: MetricArrays) {
        file = base.file
        metricStorage = m.storage
        profile = base.profile; meta = base.meta
        junctionLat = base.junctionLat; junctionLon = base.junctionLon
        edgeFrom = base.edgeFrom; edgeTo = base.edgeTo; edgeGeometry = base.edgeGeometry
        geometryLat = base.geometryLat; geometryLon = base.geometryLon; segmentMetres = base.segmentMetres
        edgeLength = base.edgeLength; edgeRoad = base.edgeRoad; edgeFlags = base.edgeFlags
        edgeComponent = base.edgeComponent; duplicateOf = base.duplicateOf
        junctionOffset = base.junctionOffset; junctionArms = base.junctionArms
        cellOffset = base.cellOffset; cellEntries = base.cellEntries
        roads = base.roads; edgeLimits = base.edgeLimits; limitBits = base.limitBits
        trafficSegments = base.trafficSegments; maneuverOverrides = base.maneuverOverrides
        nodeWeight = m.nodeWeight; nodeDuration = m.nodeDuration
        arcOffset = m.arcOffset; arcTarget = m.arcTarget; arcWeight = m.arcWeight; arcTurnDuration = m.arcTurnDuration
        searchID = m.searchID; directedEdgeOf = m.directedEdgeOf
        upOffset = m.upOffset; up = m.up; downOffset = m.downOffset; down = m.down
        upRestrictions = m.upRestrictions; downRestrictions = m.downRestrictions
    }

    /// Number of road edges.
    public var edgeCount: Int { edgeFrom.count }
    /// Number of directed edges (edge-based nodes).
    public var directedEdgeCount: Int { nodeWeight.count }
    /// The area covered by the roads.
    public var boundingBox: BoundingBox { meta.boundingBox }
    @inline(__always) func point(_ i: Int) -> Coordinate {
        Coordinate(latitude: Fixed.decode(geometryLat[i]), longitude: Fixed.decode(geometryLon[i]))
    }

    func junctionPoint(_ j: Int) -> Coordinate {
        Coordinate(latitude: Fixed.decode(junctionLat[j]), longitude: Fixed.decode(junctionLon[j]))
    }

    /// The road attributes of directed edge `n`.
    func road(of n: Int) -> RoadInfo { roads.road(edgeRoad[n]) }

    func isOpen(_ n: Int) -> Bool { nodeWeight[n] != EdgeBasedGraph.closed }

    /// The directed edge a search node stands for (itself, or the original of a copy).
    @inline(__always) func original(_ n: Int32) -> Int32 {
        Int(n) < 2 * edgeCount ? n : duplicateOf[Int(n) - 2 * edgeCount]
    }
}
