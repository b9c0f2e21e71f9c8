import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// The graph file: atomic writes, checksum, format version, and clear errors for bad input.
@Suite struct GraphFileTests {
    func smallMap() throws -> URL {
        var map = OSMXMLBuilder()
        map.node(1, lat: 45.0, lon: 7.0)
        map.node(2, lat: 45.001, lon: 7.0)
        map.node(3, lat: 45.002, lon: 7.001)
        map.way(10, refs: [1, 2, 3], tags: ["highway": "residential", "name": "Via Roma"])
        return try map.write()
    }

    @Test func importWritesALoadableGraph() throws {
        let dir = TestData.temporary("graph")
        let summary = try GraphImporter(profile: .car).importGraph(from: try smallMap(), to: dir)
        #expect(summary.edges == 1)
        let engine = try RoutingEngine(directory: dir)
        let route = try engine.route(RouteRequest(waypoints: [Coordinate(latitude: 45.0, longitude: 7.0),
                                                              Coordinate(latitude: 45.002, longitude: 7.001)]))
        #expect(route[0].legs[0].roads[0].road.name == "Via Roma")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(leftovers == [GraphFile.fileName])
    }

    /// Three motorways meeting at one junction: every arc of the hierarchy points down, so the
    /// up arcs (and their restriction bits) are empty while the down arcs carry the motorway bit.
    @Test func graphWithRestrictionBitsOnlyOnDownArcsLoads() throws {
        var map = OSMXMLBuilder()
        map.node(1, lat: 1.0, lon: 1.0)
        map.node(2, lat: 0.99991, lon: 1.0)
        map.node(3, lat: 0.99991, lon: 1.00009)
        map.node(4, lat: 0.99991, lon: 1.00018)
        map.node(5, lat: 0.99982, lon: 1.0)
        map.way(6, refs: [2, 3, 4], tags: ["highway": "motorway", "name": "abc"])
        map.way(7, refs: [5, 3], tags: ["highway": "motorway", "name": "db"])
        map.way(8, refs: [1, 3], tags: ["highway": "motorway", "name": "eb"])
        let dir = TestData.temporary("graph")
        try GraphImporter(profile: .car).importGraph(from: try map.write(), to: dir)
        let engine = try RoutingEngine(directory: dir)
        let route = try engine.route(RouteRequest(waypoints: [Coordinate(latitude: 0.99991, longitude: 1.0),
                                                              Coordinate(latitude: 0.99991, longitude: 1.00018)]))
        #expect(Set(route[0].legs[0].roads.map(\.road.name)) == ["abc"])
        #expect(throws: RoutingError.self) {
            try engine.route(RouteRequest(waypoints: [Coordinate(latitude: 0.99991, longitude: 1.0),
                                                      Coordinate(latitude: 0.99991, longitude: 1.00018)],
                                          avoid: .motorways))
        }
    }

    @Test func missingDirectoryAsksForAnImport() {
        let error = #expect(throws: RoutingError.self) { try RoutingEngine(directory: TestData.temporary("nothing")) }
        #expect(error?.description.contains("gemnav import") == true)
    }

    @Test func otherFormatVersionAsksForAnImport() throws {
        let dir = TestData.temporary("graph")
        try GraphImporter(profile: .car).importGraph(from: try smallMap(), to: dir)
        let file = dir.appendingPathComponent(GraphFile.fileName)
        var bytes = try Data(contentsOf: file)
        bytes[8] = 99
        try bytes.write(to: file)
        let error = #expect(throws: RoutingError.self) { try RoutingEngine(directory: dir) }
        #expect(error?.kind == .dataVersion(file.path, found: 99, expected: Int(GraphFile.formatVersion)))
        #expect(error?.description.contains("gemnav import") == true)
    }

    @Test func damagedGraphIsRefused() throws {
        let dir = TestData.temporary("graph")
        try GraphImporter(profile: .car).importGraph(from: try smallMap(), to: dir)
        let file = dir.appendingPathComponent(GraphFile.fileName)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)
        let error = #expect(throws: RoutingError.self) { try RoutingEngine(directory: dir) }
        #expect(error?.description.contains("checksum") == true)
        try bytes.prefix(100).write(to: file)
        #expect(throws: RoutingError.self) { try RoutingEngine(directory: dir) }
    }

    @Test func brokenInputLeavesThePreviousGraphUntouched() throws {
        let dir = TestData.temporary("graph")
        try GraphImporter(profile: .car).importGraph(from: try smallMap(), to: dir)
        let before = try Data(contentsOf: dir.appendingPathComponent(GraphFile.fileName))
        let pbf = try Data(contentsOf: TestData.embeddedMonaco)
        let broken = try TestData.write(pbf.prefix(pbf.count / 2), name: "broken.osm.pbf")
        let error = #expect(throws: (any Error).self) { try GraphImporter(profile: .car).importGraph(from: broken, to: dir) }
        #expect("\(error!)".contains("broken.osm.pbf"))
        #expect(try Data(contentsOf: dir.appendingPathComponent(GraphFile.fileName)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [GraphFile.fileName])
    }

    @Test func mapWithoutRoadsSaysSo() throws {
        var map = OSMXMLBuilder()
        map.node(1, lat: 45.0, lon: 7.0, tags: ["amenity": "bench"])
        let error = #expect(throws: RoutingError.self) {
            try GraphImporter(profile: .car).importGraph(from: try map.write(name: "park.osm"), to: TestData.temporary("g"))
        }
        #expect(error?.description.contains("park.osm contains no roads") == true)
    }
}
