import Foundation
import GemNavCore
import GemNavOSM
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// OSM `type=maneuver` relations: read as OSRM reads them, stored in the graph, and attached
/// to the junction of a route that drives their roads.
@Suite struct ManeuverRelationTests {
    /// A T junction at (2,2): "West" arrives from the west, "East" leaves to the east and
    /// "South" to the south.
    struct TJunction {
        var map = RoadMap()
        var west: Int64 = 0, east: Int64 = 0, south: Int64 = 0

        init() {
            let tags = ["highway": "secondary"]
            west = map.way([(2, 0), (2, 2)], tags.merging(["name": "West"]) { $1 })
            east = map.way([(2, 2), (2, 4)], tags.merging(["name": "East"]) { $1 })
            south = map.way([(2, 2), (0, 2)], tags.merging(["name": "South"]) { $1 })
        }

        mutating func maneuver(from: Int64, to: Int64, _ tags: [String: String]) {
            map.relation(ways: [("from", from), ("to", to)], via: (2, 2), tags: ["type": "maneuver"].merging(tags) { $1 })
        }
    }

    static func relation(_ members: [OSMRelation.Member], _ tags: [String: String]) -> ManeuverRelation? {
        ManeuverRelation.parse(OSMRelation(id: 1, members: members, tags: tags))
    }

    static let from = OSMRelation.Member(type: .way, ref: 10, role: "from")
    static let to = OSMRelation.Member(type: .way, ref: 11, role: "to")
    static let via = OSMRelation.Member(type: .node, ref: 3, role: "via")

    @Test func relationsAreReadAsOSRMReadsThem() {
        let fork = Self.relation([Self.from, Self.via, Self.to], ["type": "maneuver", "maneuver": "fork",
                                                                 "direction": "slight_left"])
        #expect(fork?.override == ManeuverOverride(type: .fork, modifier: .slightLeft))
        #expect(fork?.viaNode == 3 && fork?.fromWay == 10 && fork?.toWay == 11)
        // British spelling for the type and the key; the key's wins over the American one.
        let british = Self.relation([Self.from, Self.via, Self.to], ["type": "manoeuvre", "manoeuvre": "fork",
                                                                    "maneuver": "turn"])
        #expect(british?.override == ManeuverOverride(type: .fork))
        let uturn = Self.relation([Self.from, Self.via, Self.to], ["type": "maneuver", "maneuver": "uturn"])
        #expect(uturn?.override == ManeuverOverride(type: .turn, modifier: .uturn))
        let suppress = Self.relation([Self.from, Self.via, Self.to], ["type": "maneuver", "maneuver": "suppress"])
        #expect(suppress?.override == ManeuverOverride(suppresses: true))
    }

    @Test func relationsMissingAMemberOrAMeaningAreDropped() {
        let tags = ["type": "maneuver", "maneuver": "suppress"]
        #expect(Self.relation([Self.via, Self.to], tags) == nil)
        #expect(Self.relation([Self.from, Self.via], tags) == nil)
        // Via ways need the via node too: it says where the instruction goes.
        #expect(Self.relation([Self.from, .init(type: .way, ref: 12, role: "via"), Self.to], tags) == nil)
        #expect(Self.relation([Self.from, Self.via, .init(type: .node, ref: 4, role: "via"), Self.to], tags) == nil)
        #expect(Self.relation([Self.from, Self.via, Self.to], ["type": "maneuver", "maneuver": "sideways"]) == nil)
        #expect(Self.relation([Self.from, Self.via, Self.to], ["type": "restriction", "maneuver": "turn"]) == nil)
    }

    @Test func routeDrivingTheRelationCarriesItsOverride() throws {
        var t = TJunction()
        t.maneuver(from: t.west, to: t.south, ["maneuver": "turn", "direction": "sharp_right"])
        let engine = try t.map.engine()
        let turning = try engine.route((2, 1), (1, 2))
        #expect(turning.roadNames == ["West", "South"])
        #expect(turning.legs[0].junctions.map(\.maneuverOverride) == [ManeuverOverride(type: .turn, modifier: .sharpRight)])
        // Other turns at the same junction are not the relation's.
        #expect(try engine.route((2, 1), (2, 3)).legs[0].junctions.map(\.maneuverOverride) == [nil])
        #expect(try engine.route((1, 2), (2, 1)).legs[0].junctions.map(\.maneuverOverride) == [nil])
    }

    /// "West" and "East" alone would be one road through (2,2): with "South" closed to cars
    /// the junction is joined away, and the relation has no turn left to announce.
    @Test func relationOnAJoinedThroughRoadIsDropped() throws {
        var map = RoadMap()
        let west = map.way([(2, 0), (2, 2)], ["highway": "secondary", "name": "Main"])
        let east = map.way([(2, 2), (2, 4)], ["highway": "secondary", "name": "Main"])
        map.way([(2, 2), (0, 2)], ["highway": "construction", "name": "South"])
        map.relation(ways: [("from", west), ("to", east)], via: (2, 2),
                     tags: ["type": "maneuver", "maneuver": "turn", "direction": "slight_left"])
        let engine = try map.engine()
        #expect(engine.graph.maneuverOverrides.records.count == 0)
        #expect(try engine.route((2, 1), (2, 3)).legs[0].junctions.isEmpty)
    }

    /// A graph written before maneuver relations were stored has neither section: it loads,
    /// routes, and no junction carries an override.
    @Test func graphWithoutTheSectionsStillLoads() throws {
        var t = TJunction()
        t.maneuver(from: t.west, to: t.south, ["maneuver": "turn", "direction": "sharp_right"])
        let url = try t.map.osmFile()
        let (sections, _) = try GraphImporter(profile: .car).build(try OSMReader(contentsOf: url), source: "t.osm",
                                                                    progress: { _, _ in })
        #expect(sections.contains { $0.tag == ManeuverOverrideRecord.section })
        let old = sections.filter { $0.tag != ManeuverOverrideRecord.section && $0.tag != ManeuverOverrideRecord.pathSection }
        let file = TestData.temporary("graph").appendingPathComponent(GraphFile.fileName)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try GraphFile.write(old, to: file)
        let engine = try RoutingEngine(directory: file.deletingLastPathComponent())
        let path = try engine.route((2, 1), (1, 2))
        #expect(path.roadNames == ["West", "South"])
        #expect(path.legs[0].junctions.map(\.maneuverOverride) == [nil])
    }

    @Test func overridesNamingEdgesOutsideTheGraphAreRefused() throws {
        var t = TJunction()
        t.maneuver(from: t.west, to: t.south, ["maneuver": "fork"])
        let url = try t.map.osmFile()
        let (sections, _) = try GraphImporter(profile: .car).build(try OSMReader(contentsOf: url), source: "t.osm",
                                                                    progress: { _, _ in })
        let bad = sections.map { s in
            s.tag == ManeuverOverrideRecord.pathSection ? GraphSection(s.tag, [Int32(0), 999]) : s
        }
        let file = TestData.temporary("graph").appendingPathComponent(GraphFile.fileName)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try GraphFile.write(bad, to: file)
        let error = #expect(throws: RoutingError.self) { try RoutingEngine(directory: file.deletingLastPathComponent()) }
        #expect(error?.description.contains("maneuver relation") == true)
    }
}
