import Foundation
import GemNavCore
import Testing
@testable import GemNavOSM
import GemNavTestSupport

/// Reading real extracts; expected figures are from `osmium fileinfo -e` and pyosmium.
@Suite struct PBFReaderTests {
    static let expectedCounts: [(String, Int, Int, Int)] = [
        ("monaco.osm.pbf", 180_118, 27_377, 212),
        ("kbh.osm.pbf", 132_142, 15_597, 379),
        ("andorra.osm.pbf", 69_644, 2_725, 74),
        ("monaco-gh.osm.pbf", 13_739, 1_944, 77),
        ("moscow.osm.pbf", 8_402, 1_652, 272),
        ("krems.osm.pbf", 15_042, 2_402, 73),
        ("porto_portugal.osm.pbf", 347_944, 51_458, 357),
        ("isle-of-man-2020-03-14.osm.pbf", 221_860, 28_337, 320),
    ]

    @Test(.enabled(if: TestData.sharedAvailable), arguments: expectedCounts)
    func countsMatchOsmium(_ expected: (String, Int, Int, Int)) throws {
        let url = TestData.shared(expected.0)
        let counts = try OSMReader.counts(of: url)
        #expect(counts.nodes == expected.1)
        #expect(counts.ways == expected.2)
        #expect(counts.relations == expected.3)

        var decoded = (nodes: 0, ways: 0, relations: 0)
        var last = 0.0
        try OSMReader(contentsOf: url).read(progress: { fraction in
            #expect(fraction >= last && fraction <= 1)
            last = fraction
        }) { entity in
            switch entity {
            case .node(let node):
                decoded.nodes += 1
                #expect(node.coordinate.isValid)
            case .way: decoded.ways += 1
            case .relation: decoded.relations += 1
            }
        }
        #expect(decoded == counts)
        #expect(last == 1)
    }

    @Test func embeddedMonacoReads() throws {
        let reader = try OSMReader(contentsOf: TestData.embeddedMonaco)
        #expect(reader.format == .pbf)
        let counts = try OSMReader.counts(of: TestData.embeddedMonaco)
        #expect(counts == (180_118, 27_377, 212))
    }

    @Test func monacoHeader() throws {
        let header = try OSMReader(contentsOf: TestData.embeddedMonaco).header
        let box = try #require(header.boundingBox)
        #expect(box.min == Coordinate(latitude: 43.71, longitude: 7.349))
        #expect(box.max == Coordinate(latitude: 43.77, longitude: 7.491))
        #expect(header.writingProgram == "osmconvert 0.7T")
        #expect(header.requiredFeatures.contains("OsmSchema-V0.6"))
        #expect(header.requiredFeatures.contains("DenseNodes"))
    }

    @Test func monacoKnownObjects() throws {
        var crossing: OSMNode?, firstNode: OSMNode?, avenue: OSMWay?, restriction: OSMRelation?
        try OSMReader(contentsOf: TestData.embeddedMonaco).read { entity in
            switch entity {
            case .node(let node):
                if firstNode == nil { firstNode = node }
                if node.id == 21_918_589 { crossing = node }
            case .way(let way) where way.id == 4_097_656: avenue = way
            case .relation(let relation) where relation.id == 3_410_831: restriction = relation
            default: break
            }
        }
        #expect(firstNode == OSMNode(id: 21_911_863, coordinate: Coordinate(latitude: 43.7370125, longitude: 7.422028)))
        #expect(crossing == OSMNode(id: 21_918_589, coordinate: Coordinate(latitude: 43.7472768, longitude: 7.4317457),
                                    tags: ["highway": "crossing", "crossing": "island", "crossing_ref": "zebra"]))
        #expect(avenue?.nodeRefs == [21_912_089, 1_079_750_744, 2_104_793_864, 1_110_560_507, 21_912_093,
                                     21_912_095, 1_079_751_630, 21_912_097, 21_912_099])
        #expect(avenue?.tags == ["name": "Avenue Princesse Alice", "lanes": "2", "oneway": "yes", "highway": "primary"])
        #expect(restriction?.members == [
            .init(type: .way, ref: 92_627_431, role: "from"),
            .init(type: .way, ref: 254_596_488, role: "to"),
            .init(type: .node, ref: 273_244_852, role: "via"),
        ])
        #expect(restriction?.tags == ["type": "restriction", "restriction": "only_straight_on"])
    }

    @Test func kindsAreFilteredAndReadsRepeat() throws {
        let reader = try OSMReader(contentsOf: TestData.embeddedMonaco)
        var ways = 0, relations = 0, other = 0
        try reader.read([.ways, .relations]) { entity in
            switch entity {
            case .way: ways += 1
            case .relation: relations += 1
            case .node: other += 1
            }
        }
        var nodes = 0
        try reader.read(.nodes) { entity in
            if case .node = entity { nodes += 1 } else { other += 1 }
        }
        #expect((nodes, ways, relations, other) == (180_118, 27_377, 212, 0))
    }

    @Test func visitorErrorsPassThroughUnchanged() throws {
        struct Stop: Error {}
        var seen = 0
        #expect(throws: Stop.self) {
            try OSMReader(contentsOf: TestData.embeddedMonaco).read(.ways) { _ in
                seen += 1
                if seen == 3 { throw Stop() }
            }
        }
        #expect(seen == 3)
    }
}
