import Foundation
import GemNavCore
import GemNavOSM

/// A small hand-drawn road map on a grid, written as OSM XML, so scenario tests read like
/// the sketch they test. Rows go north and columns east, about 100 m apart; positions may be
/// fractional (a node at (1.5, 2) lies half-way between rows 1 and 2), and every distinct
/// position is one OSM node shared by all ways through it.
///
/// ```swift
/// var map = GridMap()
/// map.way([(0, 0), (0, 2)], ["highway": "residential", "name": "Rue Basse"])
/// let url = try map.write()   // then GraphImporter(profile: .car).buildGraph(from: url)
/// ```
public struct GridMap: Sendable {
    /// Grid position (0, 0).
    public static let origin = Coordinate(latitude: 45.0, longitude: 7.0)
    /// Degrees of latitude between rows; columns are stretched so cells are about square.
    public static let spacing = 0.0009

    private var builder = OSMXMLBuilder()
    /// Node ids by position, in the order positions were first used.
    private var ids: [Position: Int64] = [:]
    private var nodeTags: [Int64: [String: String]] = [:]
    private var nextWay: Int64 = 1000
    private var nextRelation: Int64 = 5000

    /// A grid position; fractional rows and columns are allowed.
    private struct Position: Hashable, Sendable {
        var row: Double
        var col: Double
    }

    /// An empty map.
    public init() {}

    /// The coordinate of grid position (row, col).
    public static func at(_ row: Double, _ col: Double) -> Coordinate {
        Coordinate(latitude: origin.latitude + row * spacing, longitude: origin.longitude + col * spacing * 1.4)
    }

    /// The node id of a position, created on first use.
    public mutating func node(_ row: Double, _ col: Double) -> Int64 {
        let p = Position(row: row, col: col)
        if let id = ids[p] { return id }
        let id = Int64(ids.count + 1)
        ids[p] = id
        return id
    }

    /// Tags the node at a position (barriers, signals).
    public mutating func tagNode(_ row: Double, _ col: Double, _ tags: [String: String]) {
        nodeTags[node(row, col)] = tags
    }

    /// Adds a way through grid positions; returns its id.
    @discardableResult
    public mutating func way(_ points: [(Double, Double)], _ tags: [String: String]) -> Int64 {
        let refs = points.map { node($0.0, $0.1) }
        nextWay += 1
        builder.way(nextWay, refs: refs, tags: tags)
        return nextWay
    }

    /// Adds a relation (a restriction, a ferry route…); returns its id.
    @discardableResult
    public mutating func relation(_ members: [OSMRelation.Member], _ tags: [String: String]) -> Int64 {
        nextRelation += 1
        builder.relation(nextRelation, members: members, tags: tags)
        return nextRelation
    }

    /// The OSM XML document.
    public var xml: String {
        var b = builder
        for (p, id) in ids.sorted(by: { $0.value < $1.value }) {
            let c = Self.at(p.row, p.col)
            b.node(id, lat: c.latitude, lon: c.longitude, tags: nodeTags[id] ?? [:])
        }
        return b.xml
    }

    /// Writes the map to a fresh temporary `.osm` file.
    public func write() throws -> URL {
        try TestData.write(Data(xml.utf8), name: "grid.osm")
    }
}
