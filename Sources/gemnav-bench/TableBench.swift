import ArgumentParser
import Foundation
import GemNavCore
import GemNavRouting

/// Times travel-time tables (many-to-many matrices) on a points file, one thread, as OSRM's
/// in-process `Table` is timed by bench/table_osrm.py on the same points.
struct TableBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table", abstract: "Benchmark table (matrix) queries on the points file of bench/table_osrm.py.")

    @Option(help: "Graph directory made by `gemnav import`.")
    var data: String

    @Option(help: "Points JSON ({\"points\": [[lon, lat], …]}); a S×D table uses points 0..<S as sources and S..<S+D as destinations.")
    var points: String

    @Option(help: "Table shapes, comma-separated SOURCESxDESTINATIONS.")
    var shapes: String = "100x100,1000x10"

    @Option(name: .customLong("repeat"), help: "Timed repetitions of each table (after one untimed run).")
    var repetitions: Int = 5

    @Option(help: "Where to write the results JSON.")
    var out: String

    struct PointsFile: Decodable { var points: [[Double]] }

    struct ShapeResult: Codable {
        var shape: String
        var sources: Int
        var destinations: Int
        /// Wall time of each timed run, milliseconds.
        var runs_ms: [Double]
        var min_ms: Double
        var median_ms: Double
        /// Seconds, null where unreachable; from the last run.
        var durations: [[Double?]]
    }

    struct Output: Codable {
        var engine = "gemnav"
        var graph_load_ms: Double
        var measure_ms: Double
        var tables: [ShapeResult]
    }

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1.") }
        guard (try? Self.parse(shapes)) != nil else { throw ValidationError("--shapes is a list like 100x100,1000x10.") }
    }

    static func parse(_ shapes: String) throws -> [(Int, Int)] {
        try shapes.split(separator: ",").map { shape in
            let parts = shape.split(separator: "x")
            guard parts.count == 2, let s = Int(parts[0]), let d = Int(parts[1]), s > 0, d > 0 else {
                throw ValidationError("'\(shape)' is not SOURCESxDESTINATIONS")
            }
            return (s, d)
        }
    }

    func run() throws {
        let file = try JSONDecoder().decode(PointsFile.self, from: Data(contentsOf: URL(fileURLWithPath: points)))
        let coordinates = file.points.map { Coordinate(latitude: $0[1], longitude: $0[0]) }
        let t0 = nowNanoseconds()
        let engine = try RoutingEngine(directory: URL(fileURLWithPath: data))
        let loadMs = Double(nowNanoseconds() - t0) / 1e6
        // The arcs' times and lengths are measured once per engine, on the first table: a
        // server pays it at its first request, so it is reported apart from the queries.
        let t1 = nowNanoseconds()
        _ = try engine.table(sources: [coordinates[0]], destinations: [coordinates[0]])
        let measureMs = Double(nowNanoseconds() - t1) / 1e6
        var results: [ShapeResult] = []
        for (s, d) in try Self.parse(shapes) {
            guard s + d <= coordinates.count else {
                throw ValidationError("\(s)x\(d) needs \(s + d) points, the file has \(coordinates.count)")
            }
            let sources = Array(coordinates[0..<s]), destinations = Array(coordinates[s..<(s + d)])
            var table = try engine.table(sources: sources, destinations: destinations)
            var runs: [Double] = []
            for _ in 0..<repetitions {
                let a = nowNanoseconds()
                table = try engine.table(sources: sources, destinations: destinations)
                runs.append(Double(nowNanoseconds() - a) / 1e6)
            }
            let sorted = runs.sorted()
            let result = ShapeResult(shape: "\(s)x\(d)", sources: s, destinations: d, runs_ms: runs, min_ms: sorted[0],
                                     median_ms: percentile(sorted: sorted, 50), durations: table.durations)
            print(String(format: "gemnav table %@  min %.1f ms  median %.1f ms  (%d runs)", result.shape, result.min_ms,
                         result.median_ms, runs.count))
            results.append(result)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(Output(graph_load_ms: loadMs, measure_ms: measureMs, tables: results))
            .write(to: URL(fileURLWithPath: out))
    }
}
