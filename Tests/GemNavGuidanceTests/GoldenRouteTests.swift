import Foundation
import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// Graphs of real extracts, imported once per test run (Porto takes seconds in debug builds).
enum RealGraphs {
    /// Monaco, from the extract in the repository.
    static let monaco: RoutingEngine? = load(TestData.embeddedMonaco)
    /// Porto, from the shared extracts; nil when they are not beside the checkout.
    static let porto: RoutingEngine? = load(TestData.shared("porto_portugal.osm.pbf"))
    /// Krems an der Donau, from the shared extracts; nil when they are not beside the checkout.
    static let krems: RoutingEngine? = load(TestData.shared("krems.osm.pbf"))

    private static func load(_ url: URL) -> RoutingEngine? {
        guard FileManager.default.fileExists(atPath: url.path),
              let graph = try? GraphImporter(profile: .car).buildGraph(from: url)
        else { return nil }
        return RoutingEngine(graph: graph)
    }
}

/// Whole routes on real data compared with reviewed text in `Fixtures/golden/`: each step's
/// maneuver, instruction, road and length. Run with `GEMNAV_RECORD_GOLDEN=1` to rewrite the
/// files after a deliberate change, then review the diff.
@Suite struct GoldenRouteTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var from: Coordinate
        var to: Coordinate
        var testDescription: String { name }

        init(_ name: String, _ from: (Double, Double), _ to: (Double, Double)) {
            self.name = name
            self.from = Coordinate(latitude: from.0, longitude: from.1)
            self.to = Coordinate(latitude: to.0, longitude: to.1)
        }
    }

    static let monacoCases = [
        Case("monaco-casino-to-stade-louis-ii", (43.7396, 7.4278), (43.7276, 7.4155)),
        Case("monaco-palace-to-larvotto", (43.7314, 7.4200), (43.7445, 7.4350)),
        Case("monaco-port-to-jardin-exotique", (43.7350, 7.4230), (43.7310, 7.4135)),
        Case("monaco-gare-to-fontvieille", (43.7390, 7.4210), (43.7280, 7.4180)),
        Case("monaco-saint-roman-to-place-d-armes", (43.7480, 7.4390), (43.7322, 7.4202)),
    ]

    static let portoCases = [
        Case("porto-aliados-to-casa-da-musica", (41.1485, -8.6110), (41.1588, -8.6306)),
        Case("porto-ribeira-to-dragao", (41.1405, -8.6135), (41.1618, -8.5837)),
        Case("porto-boavista-to-foz", (41.1560, -8.6400), (41.1530, -8.6760)),
        Case("porto-matosinhos-to-campanha", (41.1820, -8.6900), (41.1485, -8.5855)),
        Case("porto-ramalde-to-freixo", (41.1700, -8.6500), (41.1400, -8.5900)),
    ]

    @Test(arguments: monacoCases)
    func monaco(_ c: Case) throws {
        try check(c, on: try #require(RealGraphs.monaco))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestData.shared("porto_portugal.osm.pbf").path)),
          arguments: portoCases)
    func porto(_ c: Case) throws {
        try check(c, on: try #require(RealGraphs.porto))
    }

    private func check(_ c: Case, on engine: RoutingEngine) throws {
        let path = try engine.route(RouteRequest(waypoints: [c.from, c.to]))[0]
        let route = Guidance.route(from: path)
        GuidanceSanity.check(route)
        let text = Self.describe(route)
        let file = Self.goldenDirectory.appendingPathComponent("\(c.name).txt")
        if ProcessInfo.processInfo.environment["GEMNAV_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "\(c.name) differs from Fixtures/golden/\(c.name).txt (GEMNAV_RECORD_GOLDEN=1 rewrites it)")
    }

    /// The golden files live in the source tree so update mode rewrites the reviewed copies.
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden")

    /// One line per step: maneuver, instruction, road name (and ref), metres.
    static func describe(_ route: Route) -> String {
        var lines = ["# \(Int(route.distance.rounded())) m, \(Int(route.duration.rounded())) s"]
        for step in route.legs.flatMap(\.steps) {
            let m = step.maneuver
            let maneuver = [m.type.rawValue, m.modifier?.rawValue, m.exit.map { "exit \($0)" }]
                .compactMap { $0 }.joined(separator: " ")
            let road = step.ref.isEmpty ? step.name : "\(step.name) [\(step.ref)]"
            lines.append("\(maneuver) | \(m.instruction) | \(road) | \(Int(step.distance.rounded())) m")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
