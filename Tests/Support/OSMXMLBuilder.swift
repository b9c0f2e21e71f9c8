import Foundation
import GemNavOSM

/// Builds small OSM XML documents in code.
///
/// ```swift
/// var map = OSMXMLBuilder()
/// map.node(1, lat: 43.7, lon: 7.4, tags: ["highway": "traffic_signals"])
/// map.way(10, refs: [1, 2], tags: ["highway": "residential"])
/// let url = try map.write()
/// ```
public struct OSMXMLBuilder: Sendable {
    /// An empty map.
    public init() {}

    private var body: [String] = []
    /// The `generator` attribute.
    public var generator = "GemNavTests"
    /// An optional `<bounds>` element.
    public var bounds: (minLat: Double, minLon: Double, maxLat: Double, maxLon: Double)?

    /// Adds a node.
    public mutating func node(_ id: Int64, lat: Double, lon: Double, tags: [String: String] = [:]) {
        let open = "  <node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\" version=\"1\""
        body.append(tags.isEmpty ? open + "/>" : open + ">\n" + Self.tagLines(tags) + "  </node>")
    }

    /// Adds a way.
    public mutating func way(_ id: Int64, refs: [Int64], tags: [String: String] = [:]) {
        let refs = refs.map { "    <nd ref=\"\($0)\"/>\n" }.joined()
        body.append("  <way id=\"\(id)\" version=\"1\">\n" + refs + Self.tagLines(tags) + "  </way>")
    }

    /// Adds a relation.
    public mutating func relation(_ id: Int64, members: [OSMRelation.Member], tags: [String: String] = [:]) {
        let members = members.map {
            "    <member type=\"\($0.type.rawValue)\" ref=\"\($0.ref)\" role=\"\(Self.escape($0.role))\"/>\n"
        }.joined()
        body.append("  <relation id=\"\(id)\" version=\"1\">\n" + members + Self.tagLines(tags) + "  </relation>")
    }

    /// The document.
    public var xml: String {
        var lines = ["<?xml version='1.0' encoding='UTF-8'?>", "<osm version=\"0.6\" generator=\"\(generator)\">"]
        if let b = bounds {
            lines.append("  <bounds minlat=\"\(b.minLat)\" minlon=\"\(b.minLon)\" maxlat=\"\(b.maxLat)\" maxlon=\"\(b.maxLon)\"/>")
        }
        return (lines + body + ["</osm>", ""]).joined(separator: "\n")
    }

    /// Writes the document to a fresh temporary file.
    public func write(name: String = "map.osm") throws -> URL {
        try TestData.write(Data(xml.utf8), name: name)
    }

    private static func tagLines(_ tags: [String: String]) -> String {
        tags.sorted { $0.key < $1.key }
            .map { "    <tag k=\"\(escape($0.key))\" v=\"\(escape($0.value))\"/>\n" }.joined()
    }

    /// Escapes XML special characters.
    public static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
