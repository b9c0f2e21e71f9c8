import Foundation
import GemNavAssistant
import GemNavCore
import GemNavServices

/// The spoken half of `gemnav-bench assistant --spoken`: the set's English utterances spoken
/// by espeak-ng (voices and rates in turn), recognised by PocketSphinx with the map's grammar
/// and understood on the device, scored as the typed ones are; with the recognition time,
/// also as the time a 3-second command takes.
struct SpokenBench {
    /// espeak-ng voices and words per minute, taken in turn.
    static let voices = [("en-us", 150), ("en", 175), ("en-us+m3", 135), ("en+f3", 160), ("en-us+f2", 190)]

    let assistant: Assistant
    let recognizer: any SpeechRecognizer
    let position: Coordinate
    let directory: URL

    struct Result {
        var total = 0, correct = 0
        var seconds: [Double] = []
        var perThreeSeconds: [Double] = []
        var misses: [String] = []
    }

    /// Speaks, recognises and scores the English entries of `split` (at most `limit`).
    func score(_ set: UtteranceSet, split: String, limit: Int, progress: (Int, Int) -> Void) async throws -> Result {
        let entries = set.entries.filter { $0.split == split && $0.lang == "en" && ($0.context ?? []).isEmpty }.prefix(limit)
        var result = Result()
        for (n, entry) in entries.enumerated() {
            let (voice, rate) = Self.voices[entry.id % Self.voices.count]
            let wav = directory.appendingPathComponent("\(entry.id).wav")
            try Self.speak(entry.text, voice: voice, rate: rate, to: wav)
            let clip = try AudioClip(wav: Data(contentsOf: wav))
            let start = ContinuousClock.now
            let heard = try await recognizer.recognize(clip)
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            result.seconds.append(seconds)
            result.perThreeSeconds.append(seconds / max(clip.duration, 0.1) * 3)
            var context = ConversationContext(position: position)
            let turn = await assistant.respond(to: heard, in: &context, language: .en)
            result.total += 1
            if let why = UtteranceSet.mismatch(turn, entry.expect) {
                if split == "tuning" { result.misses.append("\(entry.id) \"\(entry.text)\" heard \"\(heard)\": \(why)") }
            } else {
                result.correct += 1
            }
            progress(n + 1, entries.count)
        }
        return result
    }

    /// `text` spoken by espeak-ng into `file` (22.05 kHz mono WAV; the clip reader resamples).
    static func speak(_ text: String, voice: String, rate: Int, to file: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng", "-v", voice, "-s", String(rate), "-w", file.path, text]
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ValidationErrorText("espeak-ng could not run (\(error)); install it with `apt-get install espeak-ng`.")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationErrorText("espeak-ng failed on \"\(text)\" (status \(process.terminationStatus)); install it with `apt-get install espeak-ng`.")
        }
    }

    struct ValidationErrorText: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
