import Foundation
import Testing
import GemNavCore
import GemNavOSM
@testable import GemNavSearch

/// Timings on Porto; meaningful in release builds, so they run only when
/// GEMNAV_SEARCH_BENCH=1 (`swift test -c release -Xswiftc -enable-testing`).
@Test(.enabled(if: ProcessInfo.processInfo.environment["GEMNAV_SEARCH_BENCH"] == "1"))
func portoPerformance() throws {
    let clock = ContinuousClock()
    let pbf = Fixtures.dataDirectory.appendingPathComponent("porto_portugal.osm.pbf")
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-bench-porto.idx")
    let reader = try OSMReader(contentsOf: pbf)
    let readOnly = clock.measure { try? reader.read(.all) { _ in } }
    let builder = SearchIndexBuilder()
    let build = try clock.measure { try builder.build(from: reader); try builder.write(to: out) }
    var loaded: SearchIndex?
    let load = try clock.measure { loaded = try SearchIndex(contentsOf: out) }
    let index = try #require(loaded)
    let queries = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("bench/search/porto_queries.txt"), encoding: .utf8)
        .split(separator: "\n").map(String.init)
    _ = SearchBenchmark.run(index: index, queries: queries)
    let plain = SearchBenchmark.run(index: index, queries: queries)
    let biased = SearchBenchmark.run(index: index, queries: queries, near: Coordinate(latitude: 41.1496, longitude: -8.6109))
    var rng = SystemRandomNumberGenerator()
    let points = (0..<20_000).map { _ in
        Coordinate(latitude: Double.random(in: 41.10...41.25, using: &rng), longitude: Double.random(in: -8.70 ... -8.50, using: &rng))
    }
    _ = SearchBenchmark.reverse(index: index, points: points)
    let reverse = SearchBenchmark.reverse(index: index, points: points)
    if ProcessInfo.processInfo.environment["GEMNAV_SEARCH_SLOWEST"] != nil {
        var timed: [(Double, String)] = []
        for q in queries {
            var prefix = ""
            for ch in q {
                prefix.append(ch)
                let start = SearchBenchmark.now(CLOCK_THREAD_CPUTIME_ID)
                _ = try? index.search(prefix, limit: 10)
                timed.append((SearchBenchmark.now(CLOCK_THREAD_CPUTIME_ID) - start, prefix))
            }
        }
        for (t, p) in timed.sorted(by: { $0.0 > $1.0 }).prefix(25) { print(Int(t), "µs", p) }
    }
    // Copenhagen: 35,000 addresses, the densest extract at hand, for reverse geocoding.
    let kbh = try Fixtures.load("kbh")
    let kbhPoints = (0..<20_000).map { _ in
        Coordinate(latitude: Double.random(in: 55.64...55.69, using: &rng), longitude: Double.random(in: 12.53...12.62, using: &rng))
    }
    _ = SearchBenchmark.reverse(index: kbh, points: kbhPoints)
    let kbhReverse = SearchBenchmark.reverse(index: kbh, points: kbhPoints)
    let pbfSize = try FileManager.default.attributesOfItem(atPath: pbf.path)[.size] as! Int
    print("""
        porto: full PBF read \(readOnly), index build+write \(build), load \(load)
        size \(index.file.data.count) bytes = \(Double(index.file.data.count) * 100 / Double(pbfSize))% of PBF
        keystrokes \(plain.keystrokes): p50 \(plain.p50) µs, p99 \(plain.p99) µs, max \(plain.max) µs, hit rate \(plain.hitRate)
          thread CPU: p50 \(plain.cpuP50) µs, p99 \(plain.cpuP99) µs
        biased: p50 \(biased.p50) µs, p99 \(biased.p99) µs, max \(biased.max) µs; CPU p50 \(biased.cpuP50) µs, p99 \(biased.cpuP99) µs
        reverse: p50 \(reverse.p50) µs, p99 \(reverse.p99) µs; kbh (35k addresses) p50 \(kbhReverse.p50) µs, p99 \(kbhReverse.p99) µs
        """)
}
