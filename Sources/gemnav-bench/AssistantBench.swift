import ArgumentParser
import Foundation
import GemNavAssistant
import GemNavCore
import GemNavSearch
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

    @Flag(help: "Also score the English utterances spoken by espeak-ng and recognised by PocketSphinx (both installed).")
    var spoken = false

    @Option(help: "Spoken utterances per part at most (each is synthesised, then recognised).")
    var spokenLimit: Int = 80

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
        var spoken: Spoken?
    }

    struct Spoken: Codable {
        var tuning: Part
        var heldout: Part
        var recognition_p50_s: Double
        var recognition_p99_s: Double
        var three_second_command_p50_s: Double
        var three_second_command_p99_s: Double
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
        let spokenResult = spoken ? try await scoreSpoken(utterances, assistant: assistant, index: index, at: position) : nil
        let output = Output(
            tuning: Part(utterances: tuning.total, correct: tuning.correct, accuracy: tuning.accuracy),
            heldout: Part(utterances: heldout.total, correct: heldout.correct, accuracy: heldout.accuracy),
            latency_p50_ms: percentile(sorted: ms, 50), latency_p99_ms: percentile(sorted: ms, 99),
            latency_max_ms: ms.last ?? .nan, tuning_misses: tuning.misses, spoken: spokenResult)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(output).write(to: URL(fileURLWithPath: out))
        print(String(format: "tuning %d/%d (%.1f%%), held back %d/%d (%.1f%%)", tuning.correct, tuning.total,
                     tuning.accuracy * 100, heldout.correct, heldout.total, heldout.accuracy * 100))
        print(String(format: "latency per utterance: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d samples)",
                     output.latency_p50_ms, output.latency_p99_ms, output.latency_max_ms, ms.count))
        if let s = spokenResult {
            print(String(format: "spoken: tuning %d/%d (%.1f%%), held back %d/%d (%.1f%%)", s.tuning.correct, s.tuning.utterances,
                         s.tuning.accuracy * 100, s.heldout.correct, s.heldout.utterances, s.heldout.accuracy * 100))
            print(String(format: "recognition: p50 %.2f s, p99 %.2f s per utterance; a 3-second command p50 %.2f s, p99 %.2f s (target ≤ 1 s)",
                         s.recognition_p50_s, s.recognition_p99_s, s.three_second_command_p50_s, s.three_second_command_p99_s))
        }
    }

    /// The spoken set, synthesised into a temporary directory (never kept), recognised and scored.
    func scoreSpoken(_ utterances: UtteranceSet, assistant: Assistant, index: SearchIndex, at position: Coordinate)
        async throws -> Spoken
    {
        let recognizer = try PocketSphinxRecognizer(grammar: VoiceGrammar(placeNames: index.recordNames))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-spoken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bench = SpokenBench(assistant: assistant, recognizer: recognizer, position: position, directory: directory)
        func progress(_ part: String) -> (Int, Int) -> Void {
            { done, total in
                FileHandle.standardError.write(Data("\rspoken \(part): \(done)/\(total)\(done == total ? "\n" : "")".utf8))
            }
        }
        let tuning = try await bench.score(utterances, split: "tuning", limit: spokenLimit, progress: progress("tuning"))
        let heldout = try await bench.score(utterances, split: "heldout", limit: spokenLimit, progress: progress("held back"))
        let seconds = (tuning.seconds + heldout.seconds).sorted()
        let three = (tuning.perThreeSeconds + heldout.perThreeSeconds).sorted()
        func part(_ r: SpokenBench.Result) -> Part {
            Part(utterances: r.total, correct: r.correct, accuracy: r.total == 0 ? 0 : Double(r.correct) / Double(r.total))
        }
        return Spoken(tuning: part(tuning), heldout: part(heldout),
                      recognition_p50_s: percentile(sorted: seconds, 50), recognition_p99_s: percentile(sorted: seconds, 99),
                      three_second_command_p50_s: percentile(sorted: three, 50),
                      three_second_command_p99_s: percentile(sorted: three, 99), tuning_misses: tuning.misses)
    }
}
