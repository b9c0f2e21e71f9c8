import Foundation
@testable import GemNavOSM

/// Where the test maps live: the repository's embedded extract and the shared reference
/// extracts next to the repository (`<repo>/../shared/data/osm`).
enum TestFiles {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let embeddedMonaco = repositoryRoot.appendingPathComponent("Data/monaco.osm.pbf")

    static func shared(_ name: String) -> URL {
        repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/osm/\(name)")
    }

    static var sharedAvailable: Bool {
        FileManager.default.fileExists(atPath: shared("monaco.osm.pbf").path)
    }

    /// A fresh path named `name` (in its own temporary directory, so error messages show
    /// exactly `name`).
    static func temporary(_ name: String) -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gemnav-osm-tests-\(ProcessInfo.processInfo.processIdentifier)")
            .appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name)
    }

    /// Writes `data` to a temporary file and returns its URL.
    static func write(_ data: Data, name: String) throws -> URL {
        let url = temporary(name)
        try data.write(to: url)
        return url
    }

    /// Reads every entity of a file into memory (for small test files only).
    static func readAll(_ url: URL, _ kinds: OSMEntityKinds = .all) throws -> [OSMEntity] {
        var entities: [OSMEntity] = []
        try OSMReader(contentsOf: url).read(kinds) { entities.append($0) }
        return entities
    }
}

/// Builds small OSM XML documents in code.
///
/// ```swift
/// var map = OSMXMLBuilder()
/// map.node(1, lat: 43.7, lon: 7.4, tags: ["highway": "traffic_signals"])
/// map.way(10, refs: [1, 2], tags: ["highway": "residential"])
/// let url = try map.write()
/// ```
struct OSMXMLBuilder {
    private var body: [String] = []
    var generator = "GemNavTests"
    var bounds: (minLat: Double, minLon: Double, maxLat: Double, maxLon: Double)?

    mutating func node(_ id: Int64, lat: Double, lon: Double, tags: [String: String] = [:]) {
        let open = "  <node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\" version=\"1\""
        body.append(tags.isEmpty ? open + "/>" : open + ">\n" + Self.tagLines(tags) + "  </node>")
    }

    mutating func way(_ id: Int64, refs: [Int64], tags: [String: String] = [:]) {
        let refs = refs.map { "    <nd ref=\"\($0)\"/>\n" }.joined()
        body.append("  <way id=\"\(id)\" version=\"1\">\n" + refs + Self.tagLines(tags) + "  </way>")
    }

    mutating func relation(_ id: Int64, members: [OSMRelation.Member], tags: [String: String] = [:]) {
        let members = members.map {
            "    <member type=\"\($0.type.rawValue)\" ref=\"\($0.ref)\" role=\"\(Self.escape($0.role))\"/>\n"
        }.joined()
        body.append("  <relation id=\"\(id)\" version=\"1\">\n" + members + Self.tagLines(tags) + "  </relation>")
    }

    var xml: String {
        var lines = ["<?xml version='1.0' encoding='UTF-8'?>", "<osm version=\"0.6\" generator=\"\(generator)\">"]
        if let b = bounds {
            lines.append("  <bounds minlat=\"\(b.minLat)\" minlon=\"\(b.minLon)\" maxlat=\"\(b.maxLat)\" maxlon=\"\(b.maxLon)\"/>")
        }
        return (lines + body + ["</osm>", ""]).joined(separator: "\n")
    }

    func write(name: String = "map.osm") throws -> URL {
        try TestFiles.write(Data(xml.utf8), name: name)
    }

    private static func tagLines(_ tags: [String: String]) -> String {
        tags.sorted { $0.key < $1.key }
            .map { "    <tag k=\"\(escape($0.key))\" v=\"\(escape($0.value))\"/>\n" }.joined()
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
