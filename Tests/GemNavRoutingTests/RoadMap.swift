import Foundation
import GemNavCore
import GemNavOSM
import GemNavRouting
import GemNavTestSupport

/// A small hand-drawn road map on a grid (rows go north, columns east, ~100 m apart), written
/// as OSM XML and imported, so scenario tests read like the sketch they test.
struct RoadMap {
    private var builder = OSMXMLBuilder()
    private var nodes = Set<Int64>()
    private var nextWay: Int64 = 1000
    private var nextRelation: Int64 = 5000
    private var nodeTags: [Int64: [String: String]] = [:]

    static let origin = Coordinate(latitude: 45.0, longitude: 7.0)
    static let spacing = 0.0009

    /// The node id at grid position (row, col).
    static func id(_ row: Int, _ col: Int) -> Int64 { Int64(row * 100 + col + 1) }

    /// The coordinate of grid position (row, col), or a fraction of the way to the next one.
    static func at(_ row: Double, _ col: Double) -> Coordinate {
        Coordinate(latitude: origin.latitude + row * spacing, longitude: origin.longitude + col * spacing * 1.4)
    }

    /// Tags a grid node (barriers, signals).
    mutating func tagNode(_ row: Int, _ col: Int, _ tags: [String: String]) {
        nodeTags[Self.id(row, col)] = tags
    }

    /// Adds a way through grid points; returns its id.
    @discardableResult
    mutating func way(_ points: [(Int, Int)], _ tags: [String: String]) -> Int64 {
        let refs = points.map { Self.id($0.0, $0.1) }
        nodes.formUnion(refs)
        nextWay += 1
        builder.way(nextWay, refs: refs, tags: tags)
        return nextWay
    }

    /// Adds a restriction relation.
    mutating func restriction(_ kind: String, from: Int64, via: (Int, Int)? = nil, viaWays: [Int64] = [], to: Int64,
                              tags: [String: String] = [:]) {
        nextRelation += 1
        var members = [OSMRelation.Member(type: .way, ref: from, role: "from")]
        if let v = via { members.append(.init(type: .node, ref: Self.id(v.0, v.1), role: "via")) }
        members += viaWays.map { .init(type: .way, ref: $0, role: "via") }
        members.append(.init(type: .way, ref: to, role: "to"))
        builder.relation(nextRelation, members: members, tags: ["type": "restriction", "restriction": kind].merging(tags) { $1 })
    }

    /// Adds a relation with these members (`role`, way id) and tags, for restrictions naming
    /// several ways in or out.
    mutating func relation(ways members: [(String, Int64)], via: (Int, Int)? = nil, tags: [String: String]) {
        nextRelation += 1
        var list = members.map { OSMRelation.Member(type: .way, ref: $0.1, role: $0.0) }
        if let v = via { list.append(.init(type: .node, ref: Self.id(v.0, v.1), role: "via")) }
        builder.relation(nextRelation, members: list, tags: tags)
    }

    /// Writes the map to a fresh temporary `.osm` file.
    func osmFile() throws -> URL {
        var b = builder
        for id in nodes.sorted() {
            let row = Int(id - 1) / 100, col = Int(id - 1) % 100
            let c = Self.at(Double(row), Double(col))
            b.node(id, lat: c.latitude, lon: c.longitude, tags: nodeTags[id] ?? [:])
        }
        return try b.write()
    }

    /// Imports the map for a profile and returns an engine on it.
    func engine(_ profile: Profile = .car) throws -> RoutingEngine {
        RoutingEngine(graph: try GraphImporter(profile: profile).buildGraph(from: try osmFile()))
    }
}

extension RoutePath {
    /// Road names in driving order, consecutive repeats merged.
    var roadNames: [String] {
        var names: [String] = []
        for leg in legs {
            for r in leg.roads where names.last != r.road.name { names.append(r.road.name) }
        }
        return names
    }
}

extension RoutingEngine {
    /// The best route between two grid positions.
    func route(_ from: (Double, Double), _ to: (Double, Double), avoid: AvoidOptions = []) throws -> RoutePath {
        try route(RouteRequest(waypoints: [RoadMap.at(from.0, from.1), RoadMap.at(to.0, to.1)], avoid: avoid))[0]
    }
}
