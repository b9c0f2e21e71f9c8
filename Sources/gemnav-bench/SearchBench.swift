import ArgumentParser
import Foundation
import GemNavCore
import GemNavOSM
import GemNavSearch

/// Builds a search index from an extract and times what users do with it: every keystroke
/// of realistic queries, reverse geocoding at random points, and the relevance suite.
struct SearchBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Benchmark search index build, per-keystroke search, reverse geocoding and relevance.")

    @Option(help: "The OSM extract to index (.osm.pbf).")
    var osm: String

    @Option(help: "Queries, one per line (bench/search/porto_queries.txt).")
    var queries: String

    @Option(help: "Relevance suite (bench/search/relevance.json).")
    var relevance: String

    @Option(help: "Region of the relevance entries to check: the extract name, e.g. porto_portugal.")
    var region: String

    @Option(help: "Where to write the results JSON.")
    var out: String

    struct Suite: Decodable {
        struct Entry: Decodable { var region: String; var query: String; var expected: [String] }
        var top: Int
        var entries: [Entry]
    }

    struct Output: Codable {
        var index_bytes: Int
        var pbf_bytes: Int
        var index_share_of_pbf: Double
        var build_s: Double
        var load_ms: Double
        var keystroke: KeystrokeTiming
        var reverse_p50_us: Double
        var reverse_p99_us: Double
        var relevance_hit_rate: Double
        var relevance_misses: [String]
    }

    func run() throws {
        let source = URL(fileURLWithPath: osm)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-search-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("search.idx")

        let t0 = nowNanoseconds()
        let builder = SearchIndexBuilder()
        try builder.build(from: OSMReader(contentsOf: source))
        let bytes = try builder.write(to: file)
        let buildSeconds = Double(nowNanoseconds() - t0) / 1e9
        let t1 = nowNanoseconds()
        let index = try SearchIndex(contentsOf: file)
        let loadMs = Double(nowNanoseconds() - t1) / 1e6

        let lines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let keystrokes = KeystrokeTiming(index: index, queries: lines)

        var rng = SystemRandomNumberGenerator()
        let box = try OSMReader(contentsOf: source).header.boundingBox
        let centre = index.centre
        let points = (0..<20_000).map { _ in
            Coordinate(latitude: Double.random(in: (box?.min.latitude ?? centre.latitude - 0.05)...(box?.max.latitude ?? centre.latitude + 0.05), using: &rng),
                       longitude: Double.random(in: (box?.min.longitude ?? centre.longitude - 0.05)...(box?.max.longitude ?? centre.longitude + 0.05), using: &rng))
        }
        let reverse = KeystrokeTiming.reverse(index: index, points: points)

        let suite = try JSONDecoder().decode(Suite.self, from: Data(contentsOf: URL(fileURLWithPath: relevance)))
        let entries = suite.entries.filter { $0.region == region }
        var misses: [String] = []
        for e in entries {
            let titles = ((try? index.search(e.query, near: nil, limit: suite.top)) ?? []).map(\.title)
            if !titles.contains(where: e.expected.contains) { misses.append(e.query) }
        }
        let pbfBytes = (try FileManager.default.attributesOfItem(atPath: osm)[.size] as? Int) ?? 0
        let output = Output(index_bytes: bytes, pbf_bytes: pbfBytes,
                            index_share_of_pbf: pbfBytes > 0 ? Double(bytes) / Double(pbfBytes) : 0,
                            build_s: buildSeconds, load_ms: loadMs, keystroke: keystrokes,
                            reverse_p50_us: reverse.p50, reverse_p99_us: reverse.p99,
                            relevance_hit_rate: entries.isEmpty ? 0 : Double(entries.count - misses.count) / Double(entries.count),
                            relevance_misses: misses)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(output).write(to: URL(fileURLWithPath: out))
        print(String(format: "search index %d bytes (%.1f%% of the PBF), built in %.2f s, loaded in %.2f ms",
                     bytes, output.index_share_of_pbf * 100, buildSeconds, loadMs))
        print(String(format: "keystrokes %d: p50 %.0f µs, p99 %.0f µs (CPU p99 %.0f µs); queries with results %.0f%%",
                     keystrokes.keystrokes, keystrokes.p50, keystrokes.p99, keystrokes.cpuP99, keystrokes.hitRate * 100))
        print(String(format: "reverse geocode: p50 %.1f µs, p99 %.1f µs", reverse.p50, reverse.p99))
        print(String(format: "relevance (%@, top %d): %d of %d", region, suite.top, entries.count - misses.count, entries.count))
    }
}
