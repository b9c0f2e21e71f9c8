import GemNavCore

/// The routable part of an OSM file as a compressed, node-based graph: junctions joined by
/// edges, each edge a chain of OSM nodes along one way between two junctions.
/// Built once by `NetworkBuilder`, then turned into the edge-based graph and the CH.
struct RoadNetwork {
    /// Fixed-point (1e-7 degree) junction positions.
    var junctionLat: [Int32] = []
    var junctionLon: [Int32] = []
    /// Per junction: the node rules there (barrier, gate, signal, sign).
    var junctionRules: [NodeRules] = []
    /// OSM node id of each junction (restrictions name their via node by it).
    var junctionOSMId: [Int64] = []

    var edgeFrom: [Int32] = []
    var edgeTo: [Int32] = []
    /// `edgeGeometryOffset[e]..<edgeGeometryOffset[e+1]` indexes `geometryLat/Lon`, ends included.
    var edgeGeometryOffset: [Int32] = [0]
    var geometryLat: [Int32] = []
    var geometryLon: [Int32] = []
    /// OSM node id of each geometry point, so traffic updates keyed by node pairs find their segments.
    var geometryOSMId: [Int64] = []
    var edgeLength: [Float] = []
    var edgeWay: [Int64] = []
    var edgeAttributes: [Int32] = []
    /// Ferry crossing seconds for the whole way the edge belongs to, spread by length.
    var edgeFerrySeconds: [Float] = []

    var attributes: [WayAttributes] = []
    /// The map's maneuver relations on OSM nodes, resolved to edges once the network is final
    /// (`ManeuverOverrideTable`).
    var maneuverPaths: [ManeuverNodePath] = []

    var junctionCount: Int { junctionLat.count }
    var edgeCount: Int { edgeFrom.count }

    func coordinate(ofGeometry i: Int) -> Coordinate {
        Coordinate(latitude: Double(geometryLat[i]) * 1e-7, longitude: Double(geometryLon[i]) * 1e-7)
    }
}

/// Degrees ↔ the fixed-point integers graphs store (units of 1e-7 degree).
///
/// Node positions are kept to the microdegree (about 11 cm), as OSRM keeps them: every
/// segment's length, and so its duration in tenths of a second, then comes out as OSRM's.
/// At 1e-7 a 100 m segment could round to the other tenth.
enum Fixed {
    static func encode(_ degrees: Double) -> Int32 { Int32((degrees * 1e6).rounded()) * 10 }
    static func decode(_ value: Int32) -> Double { Double(value) * 1e-7 }
}
