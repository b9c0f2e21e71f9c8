import ArgumentParser
import Foundation
import GemNavAssistant
import GemNavCore
import GemNavServices

/// Scores the on-device assistant on the labelled utterance set: accuracy of the tuning part
/// and, apart, of the held-back part tuning never looks at, and the latency per utterance
/// (parse, place lookup, travel-time ranking, reply).
struct AssistantBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assistant", abstract: "Benchmark the assistant's understanding: accuracy and latency per utterance.")

    @Option(help: "Data directory made by `gemnav import` on Monaco (graph and search index).")
    var data: String

    @Option(help: "The labelled utterances (Data/assistant/utterances.jsonl).")
    var set: String = "Data/assistant/utterances.jsonl"

    @Option(help: "Where the user is, LAT,LON (default: the index's centre).")
    var near: String?

    @Option(help: "Rounds over the set; latency counts every round.")
    var rounds: Int = 3

    @Option(help: "Where to write the results JSON.")
    var out: String

    struct Part: Codable {
        var utterances: Int
        var correct: Int
        var accuracy: Double
    }

    struct Output: Codable {
        var tuning: Part
        var heldout: Part
        var latency_p50_ms: Double
        var latency_p99_ms: Double
        var latency_max_ms: Double
        var tuning_misses: [String]
    }

    func run() async throws {
        let map = MapData(directory: URL(fileURLWithPath: data))
        guard let index = try map.loadSearchIndex() else {
            throw ValidationError("No search index in \(data): run `gemnav import` on the Monaco extract.")
        }
        let assistant = Assistant(places: IndexPlaceSearch(index: index),
                                  travel: EngineTravelTimes(engine: try map.loadEngine()), centre: index.centre)
        let position = near.flatMap { Coordinate(latLonString: $0) } ?? index.centre
        let utterances = try UtteranceSet(contentsOf: URL(fileURLWithPath: set))
        var tuning = await utterances.score("tuning", with: assistant, at: position)
        // Only the held-back part's counts are printed: its misses would invite tuning on it.
        var heldout = await utterances.score("heldout", with: assistant, at: position)
        var samples = tuning.latencies + heldout.latencies
        for _ in 1..<max(1, rounds) {
            tuning = await utterances.score("tuning", with: assistant, at: position)
            heldout = await utterances.score("heldout", with: assistant, at: position)
            samples += tuning.latencies + heldout.latencies
        }
        let ms = samples.map { $0 * 1000 }.sorted()
        let output = Output(
            tuning: Part(utterances: tuning.total, correct: tuning.correct, accuracy: tuning.accuracy),
            heldout: Part(utterances: heldout.total, correct: heldout.correct, accuracy: heldout.accuracy),
            latency_p50_ms: percentile(sorted: ms, 50), latency_p99_ms: percentile(sorted: ms, 99),
            latency_max_ms: ms.last ?? .nan, tuning_misses: tuning.misses)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(output).write(to: URL(fileURLWithPath: out))
        print(String(format: "tuning %d/%d (%.1f%%), held back %d/%d (%.1f%%)", tuning.correct, tuning.total,
                     tuning.accuracy * 100, heldout.correct, heldout.total, heldout.accuracy * 100))
        print(String(format: "latency per utterance: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d samples)",
                     output.latency_p50_ms, output.latency_p99_ms, output.latency_max_ms, ms.count))
    }
}
