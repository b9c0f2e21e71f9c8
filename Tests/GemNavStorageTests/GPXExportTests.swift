import Foundation
import GemNavCore
import GemNavStorage
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects what the tests check from a parsed GPX document.
private final class GPXProbe: NSObject, XMLParserDelegate {
    var rootAttributes: [String: String] = [:]
    var rootNamespace: String?
    var name = ""
    var times: [String] = []
    var points: [(lat: Double, lon: Double)] = []
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:])
    {
        text = ""
        switch element {
        case "gpx":
            rootAttributes = attributes
            rootNamespace = namespaceURI
        case "trkpt":
            points.append((Double(attributes["lat"] ?? "") ?? .nan, Double(attributes["lon"] ?? "") ?? .nan))
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
                qualifiedName: String?)
    {
        if element == "name" { name = text }
        if element == "time" { times.append(text) }
    }
}

private func parse(_ gpx: String) throws -> GPXProbe {
    let parser = XMLParser(data: Data(gpx.utf8))
    parser.shouldProcessNamespaces = true
    let probe = GPXProbe()
    parser.delegate = probe
    let ok = parser.parse()
    #expect(ok, "GPX is not well-formed: \(String(describing: parser.parserError))")
    return probe
}

@Suite struct GPXExportTests {
    @Test func exportIsWellFormedGPX11() throws {
        let recorder = try grantedRecorder()
        let start = Date(timeIntervalSince1970: 1_790_000_000.25)
        let origin = #"Café "Le <Rocher>" & Sons' "#
        let trip = try #require(try recorder.startTrip(at: start, originName: origin))
        var fixes = northboundFixes(count: 3, from: start)
        fixes[1].speed = nil
        fixes[1].course = nil
        try recorder.append(fixes, to: trip)
        try recorder.finishTrip(trip, at: start + 3, destinationName: "Port\u{1}Hercule")

        let gpx = try recorder.store.exportGPX(trip)
        let probe = try parse(gpx)
        #expect(probe.rootNamespace == "http://www.topografix.com/GPX/1/1")
        #expect(probe.rootAttributes["version"] == "1.1")
        #expect(probe.rootAttributes["creator"] == "GemNav")
        // Special characters come back as written; the control character is dropped.
        #expect(probe.name == origin + " → PortHercule")
        #expect(probe.points.count == 3)
        #expect(abs(probe.points[2].lat - 43.7302) < 1e-9 && probe.points[2].lon == 7.42)
        // Metadata time, then one per point, in UTC with a Z.
        #expect(probe.times.first == "2026-09-21T14:13:20.250Z")
        #expect(probe.times.count == 4 && probe.times.allSatisfy { $0.hasSuffix("Z") })
        #expect(gpx.contains("<gpxtpx:speed>11.00</gpxtpx:speed>"))
    }

    @Test func unnamedTripIsNamedByItsStart() throws {
        let recorder = try grantedRecorder()
        let trip = try #require(try recorder.startTrip(at: Date(timeIntervalSince1970: 0)))
        let probe = try parse(try recorder.store.exportGPX(trip))
        #expect(probe.name == "GemNav trip 1970-01-01T00:00:00.000Z")
        #expect(probe.points.isEmpty)
    }

    @Test func unknownTripIsAnError() throws {
        let store = try AppStore.inMemory()
        #expect(throws: StorageError(.tripNotFound(TripID(rawValue: 1)))) {
            try store.exportGPX(TripID(rawValue: 1))
        }
    }
}
