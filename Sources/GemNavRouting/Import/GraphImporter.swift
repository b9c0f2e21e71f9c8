import Foundation
import GemNavCore
import GemNavOSM

/// What an import produced.
public struct ImportSummary: Sendable, Codable {
    /// Profile name.
    public var profile: String
    /// The OSM file read.
    public var source: String
    /// Junctions (graph nodes) in the compressed road network.
    public var junctions: Int
    /// Road edges between junctions.
    public var edges: Int
    /// Directed edges (nodes of the edge-based graph).
    public var directedEdges: Int
    /// Permitted turns (arcs of the edge-based graph).
    public var turns: Int
    /// Arcs in the contraction hierarchy (turns plus shortcuts).
    public var hierarchyArcs: Int
    /// Turn restrictions read.
    public var restrictions: Int
    /// Bytes of the graph file.
    public var bytes: Int
    /// The area the roads cover.
    public var boundingBox: BoundingBox?
    /// Whether a traffic overlay installed for the directory's previous graph was removed.
    public var clearedTraffic = false
}

/// Turns an OSM file into a routing graph for one profile: reads roads, builds the
/// edge-based graph with turn costs and restrictions, contracts it, indexes segments for
/// snapping, and writes everything to one versioned, checksummed file.
public struct GraphImporter: Sendable {
    /// The profile the graph is built for.
    public let profile: Profile

    /// Creates an importer for a profile.
    /// How many restriction bits truck limits may use (fewer only in tests of merged thresholds).
    var limitBitCapacity = LimitBits.capacity

    public init(profile: Profile) { self.profile = profile }

    /// Imports `osmFile` into `directory/graph.gemnav` (created if needed), replacing any
    /// previous graph only once the new one is complete. A traffic overlay installed for the
    /// previous graph is removed: the speeds of a file applied to other data (or the same data
    /// an hour ago) would otherwise stay in force, unseen, whenever the weights happen to match.
    /// - Parameter progress: called with a stage name and its completed fraction.
    public func importGraph(from osmFile: URL, to directory: URL,
                            progress: @escaping @Sendable (String, Double) -> Void = { _, _ in })
        throws -> ImportSummary
    {
        let reader = try OSMReader(contentsOf: osmFile)
        var (sections, summary) = try build(reader, source: osmFile.lastPathComponent, progress: progress)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw RoutingError(.writeFailed(directory.path, error.localizedDescription))
        }
        progress("Writing graph", 0)
        let url = directory.appendingPathComponent(GraphFile.fileName)
        try GraphFile.write(sections, to: url)
        sections = []
        summary.bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        summary.clearedTraffic = try TrafficFile.clear(in: directory)
        progress("Writing graph", 1)
        return summary
    }

    /// Builds a graph for immediate use (tests, small maps): written to a temporary file that
    /// is mapped and unlinked at once, so nothing is left on disk.
    public func buildGraph(from osmFile: URL) throws -> RoutingGraph {
        let reader = try OSMReader(contentsOf: osmFile)
        let (sections, _) = try build(reader, source: osmFile.lastPathComponent, progress: { _, _ in })
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gemnav-graph-\(getpid())-\(UUID().uuidString).gemnav")
        try GraphFile.write(sections, to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try RoutingGraph(file: MappedFile(url: url), path: osmFile.path)
    }

    func build(_ reader: OSMReader, source: String, progress: @escaping (String, Double) -> Void)
        throws -> ([GraphSection], ImportSummary)
    {
        var (net, restrictions) = try NetworkBuilder(profile: profile).build(from: reader, progress: progress)
        guard net.edgeCount > 0 else { throw RoutingError(.noRoads(source, profile: profile.name)) }
        net.mergePassNodes(keeping: restrictions)
        let incidence = JunctionIncidence(net)
        // Junction arms carry the bearing a driver perceives (OSRM's representative
        // coordinate, divided roads merged): turn modifiers are decided on it, and, as in
        // OSRM, turn costs are paid by the angle between such bearings.
        let leaves = (0..<(net.edgeCount * 2)).map { end in
            let attr = net.attributes[Int(net.edgeAttributes[end >> 1])]
            return (end & 1 == 0 ? attr.forwardSpeed : attr.backwardSpeed) > 0
        }
        let perceived = net.perceivedBearings(incidence)
        let divided = SegregatedRoads(net, incidence: incidence, perceived: perceived, leaves: leaves)
        let (bearings, initialBearings) = divided.mergedBearings(initial: net.initialBearings())
        let ebg = EdgeBasedGraphBuilder(profile: profile).build(net, incidence: incidence, restrictions: restrictions,
                                                                bearings: bearings)
        let limitRecords = profile.keepsVehicleLimits ? net.limitRecords() : []
        let limitBits = LimitBits(edges: limitRecords, capacity: limitBitCapacity)
        progress("Contracting", 0)
        // The contractor's working graph is freed as soon as the hierarchy is flat.
        let hierarchy: Hierarchy = {
            var contractor = Contractor(ebg, restrictions: Self.restrictionBits(net, ebg, limits: limitRecords, limitBits))
            return contractor.run { progress("Contracting", $0) }
        }()
        progress("Indexing", 0)
        let (layout, cellOffsets, cellEntries) = SpatialGridBuilder.build(net)
        let (component, isBig) = Components.label(ebg, edgeCount: net.edgeCount)
        // Metres from each geometry point to the next along its edge, so routes are measured
        // without trigonometry at query time.
        var segmentMetres = [Float](repeating: 0, count: net.geometryLat.count)
        for e in 0..<net.edgeCount {
            for i in Int(net.edgeGeometryOffset[e])..<(Int(net.edgeGeometryOffset[e + 1]) - 1) {
                segmentMetres[i] = Float(RoadMetric.distance(net.coordinate(ofGeometry: i), net.coordinate(ofGeometry: i + 1)))
            }
        }
        let internalEdges = divided.intersectionInternalEdges()
        var roads = RoadTableBuilder()
        var edgeRoadIndex = [UInt32](repeating: 0, count: net.edgeCount * 2)
        let rings = RingKinds.classify(net, incidence: incidence, perceived: perceived)
        for e in 0..<net.edgeCount {
            let attr = net.attributes[Int(net.edgeAttributes[e])]
            edgeRoadIndex[2 * e] = roads.index(of: attr.forwardRoad.onRing(rings[e]))
            edgeRoadIndex[2 * e + 1] = roads.index(of: attr.backwardRoad.onRing(rings[e]))
        }
        // Everything a route needs about a junction's roads, side by side and in bearing
        // order, so assembling a route reads one short run of memory per junction.
        var junctionArms = [JunctionArmRecord]()
        junctionArms.reserveCapacity(incidence.ends.count)
        for j in 0..<net.junctionCount {
            let arms = incidence.ends[Int(incidence.offset[j])..<Int(incidence.offset[j + 1])].map { end in
                JunctionArmRecord(leaving: end, road: edgeRoadIndex[Int(end)], bearing: bearings[Int(end)],
                                  initialBearing: initialBearings[Int(end)],
                                  canArrive: ebg.nodeWeight[Int(end ^ 1)] != EdgeBasedGraph.closed,
                                  insideCrossing: internalEdges[Int(end)])
            }
            junctionArms += arms.sorted { $0.exactBearing < $1.exactBearing }
        }
        var edgeFlags = [UInt8]()
        edgeFlags.reserveCapacity(net.edgeCount)
        for e in 0..<net.edgeCount {
            let attr = net.attributes[Int(net.edgeAttributes[e])]
            var flags: UInt8 = 0
            if attr.isToll { flags |= EdgeFlags.toll }
            if attr.isMotorway { flags |= EdgeFlags.motorway }
            if attr.isFerry { flags |= EdgeFlags.ferry }
            if isBig[e] { flags |= EdgeFlags.bigComponent }
            if !attr.isStartpoint { flags |= EdgeFlags.notStartpoint }
            edgeFlags.append(flags)
        }
        let box = BoundingBox(min: Coordinate(latitude: layout.minLat, longitude: layout.minLon),
                              max: Coordinate(latitude: layout.minLat + layout.cellLat * Double(layout.rows),
                                              longitude: layout.minLon + layout.cellLon * Double(layout.cols)))
        let meta = GraphMeta(profile: profile.name, source: source, grid: layout, boundingBox: box)
        var sections: [GraphSection] = [
            GraphSection("meta", try JSONEncoder().encode(meta)),
            GraphSection("jlat", net.junctionLat), GraphSection("jlon", net.junctionLon),
            GraphSection("efrom", net.edgeFrom), GraphSection("eto", net.edgeTo),
            GraphSection("egeo", net.edgeGeometryOffset),
            GraphSection("glat", net.geometryLat), GraphSection("glon", net.geometryLon),
            GraphSection("gdist", segmentMetres),
            GraphSection("elen", net.edgeLength), GraphSection("eroad", edgeRoadIndex),
            GraphSection("eflags", edgeFlags), GraphSection("ecomp", component),
            GraphSection("ndup", ebg.duplicateOf), GraphSection("nweight", ebg.nodeWeight), GraphSection("ndur", ebg.nodeDuration),
            GraphSection("aoff", ebg.arcOffset), GraphSection("atgt", ebg.arcTarget),
            GraphSection("awgt", ebg.arcWeight), GraphSection("adur", ebg.arcTurnDuration),
            GraphSection("joff", incidence.offset), GraphSection("jarms", junctionArms),
            GraphSection("chid", hierarchy.searchID), GraphSection("chedge", hierarchy.directedEdge),
            GraphSection("upoff", hierarchy.upOffset), GraphSection("up", hierarchy.up),
            GraphSection("upres", hierarchy.upRestrictions),
            GraphSection("dnoff", hierarchy.downOffset), GraphSection("dn", hierarchy.down),
            GraphSection("dnres", hierarchy.downRestrictions),
            GraphSection("gcell", cellOffsets), GraphSection("gseg", cellEntries),
        ]
        sections += roads.sections()
        if profile.keepsVehicleLimits {
            sections.append(GraphSection(EdgeLimitRecord.section, limitRecords))
            sections.append(GraphSection(LimitBits.section, limitBits.records))
        }
        sections.append(TrafficSection.make(net))
        sections += ManeuverOverrideTableBuilder.sections(net, incidence: incidence)
        progress("Indexing", 1)
        let summary = ImportSummary(
            profile: profile.name, source: source, junctions: net.junctionCount, edges: net.edgeCount,
            directedEdges: ebg.nodeCount, turns: ebg.arcTarget.count,
            hierarchyArcs: hierarchy.up.count + hierarchy.down.count, restrictions: restrictions.count,
            bytes: 0, boundingBox: box)
        return (sections, summary)
    }
}

extension GraphImporter {
    /// Each directed edge's restriction bits: the road kinds a request may avoid
    /// (`AvoidOptions`' bits) and, on a truck graph, the thresholds of its limits (see
    /// `LimitBits`); empty when the map has none, so its hierarchy stays plain.
    static func restrictionBits(_ net: RoadNetwork, _ ebg: EdgeBasedGraph, limits: [EdgeLimitRecord],
                                _ limitBits: LimitBits) -> [UInt32]
    {
        var limited: [Int32: UInt32] = [:]
        for record in limits { limited[record.edge] = limitBits.bits(of: record) }
        var bits = [UInt32](repeating: 0, count: ebg.nodeCount)
        var any = false
        for n in 0..<ebg.nodeCount {
            let directed = n < 2 * net.edgeCount ? Int32(n) : ebg.duplicateOf[n - 2 * net.edgeCount]
            let attr = net.attributes[Int(net.edgeAttributes[Int(directed >> 1)])]
            var b: UInt8 = 0
            if attr.isToll { b |= EdgeFlags.toll }
            if attr.isMotorway { b |= EdgeFlags.motorway }
            if attr.isFerry { b |= EdgeFlags.ferry }
            bits[n] = UInt32(b) | (limited[directed] ?? 0)
            any = any || bits[n] != 0
        }
        return any ? bits : []
    }
}

/// Small facts about a graph stored as JSON in its `meta` section.
struct GraphMeta: Codable, Sendable {
    var profile: String
    var source: String
    var grid: SpatialGridLayout
    var boundingBox: BoundingBox
}

/// One road at a junction as stored in the graph.
struct JunctionArmRecord: BitwiseCopyable {
    /// The directed edge leaving the junction along this road (`e << 1 | side`).
    var leaving: Int32
    /// Index in the road table of that directed edge's attributes.
    var road: UInt32
    /// Bearing leaving the junction, whole degrees (as intersections list it).
    var bearing: UInt16
    /// What rounding took off the bearing, in 1/200 degree: turn angles are decided on the
    /// exact bearing.
    var fraction: Int8
    /// `insideCrossing` and `canArrive` bits.
    var flags: UInt8
    /// The bearing of the road's first 2 m (`PerceivedBearing.initialBearing`), in 1/65536
    /// of a full turn.
    var initial: UInt16

    /// The leaving edge is the short piece inside a divided road's crossing
    /// (`SegregatedRoads.intersectionInternalEdges`).
    static let insideCrossing: UInt8 = 1
    /// Traffic may arrive at the junction along this road.
    static let canArrive: UInt8 = 2

    init(leaving: Int32, road: UInt32, bearing exact: Double, initialBearing: Double, canArrive: Bool,
         insideCrossing: Bool)
    {
        self.leaving = leaving
        self.road = road
        let whole = exact.rounded()
        bearing = UInt16(Int(whole) % 360)
        fraction = Int8((exact - whole) * 200)
        flags = (canArrive ? Self.canArrive : 0) | (insideCrossing ? Self.insideCrossing : 0)
        initial = UInt16(Int((initialBearing * 65536 / 360).rounded()) & 0xFFFF)
    }

    /// The initial bearing, degrees 0..<360.
    var initialBearing: Double { Double(initial) * 360 / 65536 }

    /// The bearing before rounding, degrees (may fall just below 0).
    var exactBearing: Double { Double(bearing) + Double(fraction) / 200 }
}

/// Per-edge flag bits.
enum EdgeFlags {
    // The avoidable kinds share AvoidOptions' bits, so a request's options mask edges directly.
    static let toll = AvoidOptions.tolls.rawValue, motorway = AvoidOptions.motorways.rawValue
    static let ferry = AvoidOptions.ferries.rawValue, bigComponent: UInt8 = 8
    /// Waypoints are never snapped onto it (ferries, private service roads).
    static let notStartpoint: UInt8 = 16
}

extension RoadInfo {
    /// The road as guidance should announce it on a ring of this kind (unchanged off rings).
    func onRing(_ kind: RingKind?) -> RoadInfo {
        guard let kind else { return self }
        var road = self
        road.isRoundabout = kind != .none
        road.isRotary = kind == .rotary
        road.isRoundaboutIntersection = kind == .intersection
        return road
    }
}
