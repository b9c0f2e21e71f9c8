import Foundation
import GemNavCore
import Testing
@testable import GemNavOSM
import GemNavTestSupport

@Suite struct XMLReaderTests {
    @Test func builtMapRoundTrips() throws {
        var map = OSMXMLBuilder()
        map.bounds = (43.7, 7.4, 43.8, 7.5)
        map.node(1, lat: 43.7370125, lon: 7.422028)
        map.node(2, lat: -33.5, lon: -70.25, tags: ["highway": "traffic_signals"])
        map.way(10, refs: [1, 2, 1], tags: ["highway": "residential", "name": "Rue <A> & \"B\""])
        map.relation(20, members: [.init(type: .way, ref: 10, role: "from"), .init(type: .node, ref: 2, role: "via")],
                     tags: ["type": "restriction", "restriction": "no_left_turn"])
        let url = try map.write()
        let reader = try OSMReader(contentsOf: url)
        #expect(reader.format == .xml)
        #expect(reader.header.writingProgram == "GemNavTests")
        #expect(reader.header.boundingBox == BoundingBox(min: Coordinate(latitude: 43.7, longitude: 7.4),
                                                         max: Coordinate(latitude: 43.8, longitude: 7.5)))
        let entities = try TestData.readAll(url)
        #expect(entities == [
            .node(OSMNode(id: 1, coordinate: Coordinate(latitude: 43.7370125, longitude: 7.422028))),
            .node(OSMNode(id: 2, coordinate: Coordinate(latitude: -33.5, longitude: -70.25),
                          tags: ["highway": "traffic_signals"])),
            .way(OSMWay(id: 10, nodeRefs: [1, 2, 1], tags: ["highway": "residential", "name": "Rue <A> & \"B\""])),
            .relation(OSMRelation(id: 20, members: [.init(type: .way, ref: 10, role: "from"),
                                                   .init(type: .node, ref: 2, role: "via")],
                                  tags: ["type": "restriction", "restriction": "no_left_turn"])),
        ])
        #expect(try TestData.readAll(url, .ways) == [entities[2]])
        #expect(try OSMReader.counts(of: url) == (2, 1, 1))
    }

    @Test func handWrittenSyntaxVariants() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE osm [ <!ENTITY x "y"> ]>
            <!-- exported by hand; <node> in a comment is ignored -->
            <osm generator='JOSM' version='0.6' upload='false'>\r
              <bounds maxlon="7.5" maxlat='43.8' minlon="7.4" minlat="43.7" />
              <node lon='7.41' lat="43.71" id='-5' action='modify'>
                <tag v='a &amp; b &lt;c&gt; &quot;q&quot; &apos;s&apos; &#233;&#xE9;' k="name"/>
              </node>
              <node id="6" lat="43.72" lon="7.42" action="delete"/>
              <node id="7" visible="false" version="2"/>
              <way id="8"><nd ref="-5"/><nd
                 ref="6"/><tag k="note" v="x > y"/></way>
              <![CDATA[ <way id="99"/> ]]>
              <relation id="9"><member ref="8" type="way"/></relation>
            </osm>
            """
        let url = try TestData.write(Data(xml.utf8), name: "variants.osm")
        #expect(try OSMReader(contentsOf: url).header.writingProgram == "JOSM")
        #expect(try TestData.readAll(url) == [
            .node(OSMNode(id: -5, coordinate: Coordinate(latitude: 43.71, longitude: 7.41),
                          tags: ["name": "a & b <c> \"q\" 's' éé"])),
            .way(OSMWay(id: 8, nodeRefs: [-5, 6], tags: ["note": "x > y"])),
            .relation(OSMRelation(id: 9, members: [.init(type: .way, ref: 8, role: "")])),
        ])
    }

    /// A real extract written out as XML must read back identical to the PBF, across the
    /// tokenizer's chunk boundaries.
    @Test(.enabled(if: TestData.sharedAvailable)) func xmlCopyOfExtractMatchesPBF() throws {
        let pbf = try TestData.readAll(TestData.shared("andorra.osm.pbf"))
        var map = OSMXMLBuilder()
        for entity in pbf {
            switch entity {
            case .node(let n): map.node(n.id, lat: n.coordinate.latitude, lon: n.coordinate.longitude, tags: n.tags)
            case .way(let w): map.way(w.id, refs: w.nodeRefs, tags: w.tags)
            case .relation(let r): map.relation(r.id, members: r.members, tags: r.tags)
            }
        }
        let url = try map.write()
        #expect(try Data(contentsOf: url).count > 2 * XMLTokenizer.chunkSize)
        var fractions: [Double] = []
        var xml: [OSMEntity] = []
        try OSMReader(contentsOf: url).read(progress: { fractions.append($0) }) { xml.append($0) }
        #expect(xml == pbf)
        #expect(fractions.count > 2 && fractions.last == 1)
    }

    @Test(arguments: [
        ("<osm>\n<node id='1' lat='1' lon='2'>\n</way>\n</osm>", 3, "</way> closes <node> opened at line 2"),
        ("<osm>\n<way id='1'>\n<nd ref='1'/>\n", 4, "the file ends inside <way> opened at line 2"),
        ("<osm>\n<node id='1' lat='1' lon='2'", 2, "the file ends inside a tag"),
        ("<osm>\n\n<node id='1' lat=1 lon='2'/></osm>", 3, "is not quoted"),
        ("<osm>\n<node id='x' lat='1' lon='2'/></osm>", 2, "invalid id \"x\""),
        ("<osm>\n<node id='1' lon='2'/></osm>", 2, "has no lat attribute"),
        ("<osm>\n<way id='1'>\n<tag k='a' v='&nbsp;'/></way></osm>", 3, "&nbsp;"),
        ("<osm>\n<!-- never closed", 2, "inside a comment"),
        ("<osm>\n<relation id='1'><member type='area' ref='1'/></relation></osm>", 2, "invalid type"),
    ])
    func malformedXMLNamesTheLine(_ xml: String, _ line: Int, _ fragment: String) throws {
        let url = try TestData.write(Data(xml.utf8), name: "bad.osm")
        let error = try #require(throws: OSMReadError.self) { try TestData.readAll(url) }
        #expect(error.line == line)
        #expect(error.description.contains(fragment), "\(error)")
        #expect(error.description.hasPrefix("\(url.lastPathComponent): malformed OSM XML at line \(line)"), "\(error)")
    }

    @Test(arguments: [
        ("<gpx version='1.1'></gpx>", "root element is <gpx>"),
        ("<?xml version='1.0'?><!-- nothing -->", "no <osm> element"),
        ("", "empty"),
        ("PK\u{3}\u{4} zip archive", "match neither"),
    ])
    func nonOSMFilesAreRejected(_ text: String, _ fragment: String) throws {
        let url = try TestData.write(Data(text.utf8), name: "other.osm")
        let error = try #require(throws: OSMReadError.self) { try OSMReader(contentsOf: url) }
        guard case .notOSM = error.kind else { Issue.record("\(error)"); return }
        #expect(error.description.contains(fragment), "\(error)")
    }

    @Test func gzipIsExplained() throws {
        let url = try TestData.write(Data([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0]), name: "map.osm.gz")
        let error = try #require(throws: OSMReadError.self) { try OSMReader(contentsOf: url) }
        #expect(error.description.contains("gunzip"))
    }

    @Test func missingFileIsUnreadable() throws {
        let error = try #require(throws: OSMReadError.self) {
            try OSMReader(contentsOf: TestData.temporary("absent.osm.pbf"))
        }
        #expect(error.kind == .unreadable(reason: "no such file"))
    }
}
