import Foundation
import Testing
import GemNavCore
import GemNavOSM
@testable import GemNavSearch

/// A hand-built town: two ways of one avenue (merged), a namesake street far away (kept
/// apart), an addressed building outline, a pharmacy, a café and the town itself.
enum Toy {
    static func node(_ id: Int64, _ lat: Double, _ lon: Double, _ tags: [String: String] = [:]) -> OSMEntity {
        .node(OSMNode(id: id, coordinate: Coordinate(latitude: lat, longitude: lon), tags: tags))
    }

    static let entities: [OSMEntity] = [
        node(1, 45.0000, 7.0000), node(2, 45.0000, 7.0020), node(3, 45.0000, 7.0040),
        node(4, 45.1000, 7.1000), node(5, 45.1000, 7.1010),
        node(10, 45.0003, 7.0010), node(11, 45.0003, 7.0012), node(12, 45.0005, 7.0012), node(13, 45.0005, 7.0010),
        node(20, 45.0001, 7.0030, ["amenity": "pharmacy", "name": "Pharmacie Centrale"]),
        node(21, 45.0002, 7.0005, ["amenity": "cafe", "name": "Café du Marché"]),
        node(22, 45.0010, 7.0020, ["place": "town", "name": "Villeneuve"]),
        node(23, 45.0004, 7.0035, ["amenity": "pharmacy"]),
        .way(OSMWay(id: 100, nodeRefs: [1, 2], tags: ["highway": "primary", "name": "Avenue des Tilleuls"])),
        .way(OSMWay(id: 101, nodeRefs: [2, 3], tags: ["highway": "primary", "name": "Avenue des Tilleuls"])),
        .way(OSMWay(id: 102, nodeRefs: [4, 5], tags: ["highway": "residential", "name": "Avenue des Tilleuls"])),
        .way(OSMWay(id: 103, nodeRefs: [10, 11, 12, 13, 10], tags: [
            "building": "yes", "addr:housenumber": "12", "addr:street": "Avenue des Tilleuls",
        ])),
    ]

    static func build() throws -> (SearchIndexBuilder, SearchIndex) {
        let builder = SearchIndexBuilder()
        try builder.build(from: OSMEntityList(entities))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-toy-\(UUID().uuidString).idx")
        try builder.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return (builder, try SearchIndex(contentsOf: url))
    }
}

@Suite struct SyntheticIndexTests {
    @Test func mergesWaysOfOneStreetAndKeepsNamesakesApart() throws {
        let (builder, index) = try Toy.build()
        let stats = try builder.statistics()
        #expect(stats.streets == 2)
        #expect(stats.places == 1)
        #expect(stats.addresses == 1)
        let streets = try index.search("avenue des tilleuls", limit: 5).filter { $0.kind == .street }
        #expect(streets.count == 2)
        #expect(streets.first?.city == "Villeneuve")
    }

    @Test func addressOnBuildingOutlineResolvesToItsCentroid() throws {
        let (_, index) = try Toy.build()
        let hit = try #require(try index.geocode("12 avenue des tilleuls"))
        #expect(hit.kind == .house)
        #expect(hit.title == "12 Avenue des Tilleuls")
        #expect(abs(hit.coordinate.latitude - 45.0004) < 1e-6)
        #expect(abs(hit.coordinate.longitude - 7.0011) < 1e-6)
        let reordered = try #require(try index.geocode("tilleuls 12"))
        #expect(reordered.coordinate == hit.coordinate)
    }

    @Test func categorySearchFindsNamedAndUnnamedByDistance() throws {
        let (_, index) = try Toy.build()
        let near = Coordinate(latitude: 45.0004, longitude: 7.0036)
        let hits = try index.search("pharmacy", near: near, limit: 5)
        #expect(hits.map(\.title) == ["Pharmacy", "Pharmacie Centrale"])
        #expect(hits.allSatisfy { $0.category == .pharmacy })
        #expect(hits[0].distance! < hits[1].distance!)
        #expect(try index.search("coffee", limit: 1).first?.title == "Café du Marché")
        #expect(try index.search("cafe du marche", limit: 1).first?.title == "Café du Marché")
    }

    @Test func reverseNamesAddressThenStreet() throws {
        let (_, index) = try Toy.build()
        let house = try #require(index.reverse(Coordinate(latitude: 45.00041, longitude: 7.00111)))
        #expect(house.title == "12 Avenue des Tilleuls")
        let street = try #require(index.reverse(Coordinate(latitude: 44.9998, longitude: 7.0035)))
        #expect(street.kind == .street)
        #expect(street.name == "Avenue des Tilleuls")
        #expect(street.distance! < 30)
        #expect(index.reverse(Coordinate(latitude: 46, longitude: 8)) == nil)
        // Just past each edge of the grid: empty windows, no trap.
        for (lat, lon) in [(45.106, 7.05), (44.994, 7.05), (45.05, 7.108), (45.05, 6.994)] {
            _ = index.reverse(Coordinate(latitude: lat, longitude: lon))
        }
    }

    @Test func rebuildingReplacesTheFormerContent() throws {
        let builder = SearchIndexBuilder()
        try builder.build(from: OSMEntityList(Toy.entities))
        let once = try builder.statistics()
        try builder.build(from: OSMEntityList(Toy.entities))
        #expect(try builder.statistics() == once)
    }

    @Test func buildReportsEachPhaseInOrder() throws {
        let builder = SearchIndexBuilder()
        var seen: [SearchBuildProgress] = []
        try builder.build(from: OSMEntityList(Toy.entities)) { seen.append($0) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-progress-\(UUID().uuidString).idx")
        try builder.write(to: url) { seen.append($0) }
        let phases: [SearchBuildProgress.Phase] = [.readingRelations, .readingWays, .readingNodes, .assembling, .writing]
        #expect(seen.map(\.phase).reduce(into: [SearchBuildProgress.Phase]()) { if $0.last != $1 { $0.append($1) } } == phases)
        #expect(seen.last?.fraction == 1)
    }

    @Test func queryErrors() throws {
        let (_, index) = try Toy.build()
        #expect(throws: SearchError(.emptyQuery)) { try index.search("  ,; ") }
        let long = String(repeating: "a", count: SearchIndex.maximumQueryLength + 1)
        #expect(throws: SearchError(.queryTooLong(length: long.count))) { try index.search(long) }
    }

    @Test func emptyDataIsAnError() {
        #expect(throws: SearchError(.nothingToIndex)) {
            try SearchIndexBuilder().encoded()
        }
    }
}
