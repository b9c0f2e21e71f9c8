import ArgumentParser
import Foundation
import GemNavServices
import GemNavTiles

/// Cuts every tile of one zoom over the data set from the tile source, cold (no cache), and
/// reports the time per tile: what a map costs the server the first time it is viewed.
struct TilesBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles", abstract: "Benchmark cutting every vector tile of a zoom, without a cache.")

    @Option(help: "Data directory made by `gemnav import` (with tiles.gemnav).")
    var data: String

    @Option(help: "Zoom whose tiles are cut (0–14).")
    var zoom: Int = 14

    @Option(help: "Where to write the results JSON (default: standard output only).")
    var out: String?

    struct Output: Codable {
        var engine = "gemnav"
        var measure = "TileSource.tile: one vector tile cut and encoded, cold (no tile cache), one thread; wall clock, and the thread's CPU time (which a busy machine does not inflate)"
        var zoom: Int
        var tiles: Int
        var non_empty: Int
        var p50_ms: Double
        var p90_ms: Double
        var p99_ms: Double
        var max_ms: Double
        var mean_ms: Double
        var cpu_p50_ms: Double
        var cpu_p99_ms: Double
        var cpu_max_ms: Double
        var mean_bytes: Double
        var max_bytes: Int
        var wall_s: Double
        var source_bytes: Int
        var features: Int
    }

    func run() throws {
        let url = MapData(directory: URL(fileURLWithPath: data)).tilesURL
        let source = try TileSource(contentsOf: url)
        let tiles = source.tiles(atZoom: zoom)
        guard !tiles.isEmpty else { throw ValidationError("--zoom must be 0 to \(TileSource.maxZoom).") }
        var millis: [Double] = [], cpu: [Double] = [], sizes: [Int] = []
        millis.reserveCapacity(tiles.count)
        let started = nowNanoseconds()
        for id in tiles {
            let t0 = nowNanoseconds(), c0 = microseconds(CLOCK_THREAD_CPUTIME_ID)
            let bytes = try source.tile(id)
            millis.append(Double(nowNanoseconds() - t0) / 1e6)
            cpu.append((microseconds(CLOCK_THREAD_CPUTIME_ID) - c0) / 1e3)
            sizes.append(bytes.count)
        }
        let wall = Double(nowNanoseconds() - started) / 1e9
        let sorted = millis.sorted(), cpuSorted = cpu.sorted()
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let output = Output(
            zoom: zoom, tiles: tiles.count, non_empty: sizes.filter { $0 > 0 }.count,
            p50_ms: percentile(sorted: sorted, 50), p90_ms: percentile(sorted: sorted, 90),
            p99_ms: percentile(sorted: sorted, 99), max_ms: sorted.last ?? .nan,
            mean_ms: millis.reduce(0, +) / Double(millis.count),
            cpu_p50_ms: percentile(sorted: cpuSorted, 50), cpu_p99_ms: percentile(sorted: cpuSorted, 99),
            cpu_max_ms: cpuSorted.last ?? .nan,
            mean_bytes: Double(sizes.reduce(0, +)) / Double(sizes.count), max_bytes: sizes.max() ?? 0,
            wall_s: wall, source_bytes: (attributes[.size] as? Int) ?? 0, features: source.featureCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = try encoder.encode(output)
        if let out { try json.write(to: URL(fileURLWithPath: out)) }
        print(String(decoding: json, as: UTF8.self))
    }
}
