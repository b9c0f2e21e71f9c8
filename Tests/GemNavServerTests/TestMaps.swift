import Foundation
import GemNavServices
import GemNavOSM
import GemNavRouting
import GemNavSearch
import GemNavServer
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// Data directories built once per test run: a hand-written town, the same without a search
/// index, and Monaco from the repository's embedded extract.
enum TestMaps {
    /// A small town near 48.85 N, 2.35 E. Rue Alpha runs east from node 1 to node 3; Rue Beta,
    /// Rue Gamma and Rue Delta close a block north of it; a toll bridge is the only way to
    /// Rue Lointaine; Rue Isolée is an island no road reaches.
    static let townXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
          <node id="1" lat="48.8500" lon="2.3500"/>
          <node id="2" lat="48.8500" lon="2.3530"/>
          <node id="3" lat="48.8500" lon="2.3560"/>
          <node id="4" lat="48.8530" lon="2.3530"/>
          <node id="5" lat="48.8530" lon="2.3560"/>
          <node id="6" lat="48.8530" lon="2.3600"/>
          <node id="7" lat="48.8530" lon="2.3640"/>
          <node id="8" lat="48.8560" lon="2.3640"/>
          <node id="9" lat="48.8450" lon="2.3700"/>
          <node id="10" lat="48.8450" lon="2.3720"/>
          <node id="20" lat="48.8505" lon="2.3545"><tag k="amenity" v="pharmacy"/><tag k="name" v="Pharmacie Alpha"/></node>
          <way id="101"><nd ref="1"/><nd ref="2"/><nd ref="3"/>
            <tag k="highway" v="residential"/><tag k="name" v="Rue Alpha"/></way>
          <way id="102"><nd ref="2"/><nd ref="4"/>
            <tag k="highway" v="residential"/><tag k="name" v="Rue Beta"/></way>
          <way id="103"><nd ref="4"/><nd ref="5"/>
            <tag k="highway" v="residential"/><tag k="name" v="Rue Gamma"/></way>
          <way id="104"><nd ref="3"/><nd ref="5"/>
            <tag k="highway" v="residential"/><tag k="name" v="Rue Delta"/></way>
          <way id="105"><nd ref="5"/><nd ref="6"/>
            <tag k="highway" v="secondary"/><tag k="name" v="Pont à Péage"/><tag k="toll" v="yes"/></way>
          <way id="106"><nd ref="6"/><nd ref="7"/><nd ref="8"/>
            <tag k="highway" v="residential"/><tag k="name" v="Rue Lointaine"/></way>
          <way id="107"><nd ref="9"/><nd ref="10"/>
            <tag k="highway" v="residential"/><tag k="name" v="Rue Isolée"/></way>
        </osm>
        """

    /// The town's graph and search index.
    static let town = Result { try build("town", source: writeTown(), search: true) }
    /// The town's graph alone.
    static let townWithoutSearch = Result { try build("town-nosearch", source: writeTown(), search: false) }
    /// Monaco's car graph and search index.
    static let monaco = Result {
        let pbf = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/monaco.osm.pbf")
        return try build("monaco", source: pbf, search: true)
    }

    /// A scratch directory unique to this test process.
    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gemnav-server-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A graph (no search index) imported from hand-written OSM XML.
    static func graph(_ name: String, xml: String) throws -> ServerData {
        let url = scratch.appendingPathComponent("\(name).osm")
        try Data(xml.utf8).write(to: url)
        return try build(name, source: url, search: false)
    }

    private static func writeTown() throws -> URL {
        let url = scratch.appendingPathComponent("town.osm")
        try Data(townXML.utf8).write(to: url)
        return url
    }

    /// Imports `source` for the car profile into a fresh directory, with a search index beside
    /// the graph when asked, as `gemnav import` lays it out.
    private static func build(_ name: String, source: URL, search: Bool) throws -> ServerData {
        let map = MapData(directory: scratch.appendingPathComponent(name))
        _ = try GraphImporter(profile: .car).importGraph(from: source, to: map.graphDirectory)
        if search {
            let builder = SearchIndexBuilder()
            try builder.build(from: try OSMReader(contentsOf: source))
            try builder.write(to: map.searchIndexURL)
        }
        return ServerData(engine: try map.loadEngine(), search: try map.loadSearchIndex())
    }
}
