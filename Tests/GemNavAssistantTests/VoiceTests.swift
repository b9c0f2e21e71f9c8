import Foundation
import GemNavCore
import GemNavSearch
import GemNavServices
import GemNavTestSupport
import Testing
@testable import GemNavAssistant

/// Speech in: WAV files read and brought to 16 kHz mono, the grammar made of the command
/// phrases and the map's names, and — only where PocketSphinx, its English model and
/// espeak-ng are installed — a spoken command recognised and understood.
@Suite struct VoiceTests {
    /// A PCM WAV file of `samples` (interleaved when `channels` > 1).
    static func wav(_ samples: [Int16], rate: Int, channels: Int = 1, bits: Int = 16) -> Data {
        var d = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("RIFF".utf8)); u32(36 + samples.count * 2); d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(channels); u32(rate)
        u32(rate * channels * bits / 8); u16(channels * bits / 8); u16(bits)
        d.append(contentsOf: Array("data".utf8)); u32(samples.count * 2)
        for s in samples { withUnsafeBytes(of: s.littleEndian) { d.append(contentsOf: $0) } }
        return d
    }

    @Test func wavFilesAreBroughtTo16kHzMono() throws {
        let second = (0..<22_050).map { Int16(sin(Double($0) * 2 * .pi * 440 / 22_050) * 10_000) }
        let clip = try AudioClip(wav: Self.wav(second, rate: 22_050))
        #expect(abs(clip.samples.count - 16_000) <= 1 && abs(clip.duration - 1) < 0.001)
        #expect(clip.samples.map { abs(Int($0)) }.max()! > 9_000)

        let stereo = try AudioClip(wav: Self.wav([1000, 3000, -2000, -4000], rate: 16_000, channels: 2))
        #expect(stereo.samples == [2000, -3000])
        let upsampled = try AudioClip(wav: Self.wav([0, 800, 1600, 2400], rate: 8_000))
        #expect(upsampled.samples == [0, 400, 800, 1200, 1600, 2000, 2400, 2400])

        #expect(throws: SpeechError.self) { try AudioClip(wav: Data("not a wav file at all".utf8)) }
        var eightBit = Self.wav([0, 0], rate: 16_000)
        eightBit[34] = 8
        do {
            _ = try AudioClip(wav: eightBit)
            Issue.record("8-bit audio should be refused")
        } catch {
            #expect(error.description.contains("16-bit PCM"))
        }
    }

    @Test func theLanguageModelHasTheCommandShapesAndOnlyTheDictionaryWords() throws {
        let grammar = VoiceGrammar(placeNames: ["Stade Louis II", "Place du Palais", "O"])
        #expect(grammar.places == [["stade", "louis", "ii"], ["place", "du", "palais"]])
        #expect(grammar.words.isSuperset(of: ["take", "me", "to", "pharmacy", "tolls", "stade", "palais"]))
        let arpa = grammar.languageModel(keeping: ["take", "me", "to", "the", "stade", "louis", "place", "find", "a",
                                                   "pharmacy", "avoiding", "tolls"])
        #expect(arpa.hasPrefix("\\data\\\nngram 1=") && arpa.hasSuffix("\\end\\\n"))
        let trigrams = Set(arpa.split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") })
        #expect(trigrams.contains("take me to") && trigrams.contains("me to the") && trigrams.contains("<s> take me"))
        #expect(arpa.contains(" pharmacy ") && arpa.contains(" tolls "), "every category and option is in")
        #expect(!arpa.contains(" ii") && !arpa.contains("palais") && !arpa.contains(" du "), "words the recognizer cannot say are left out")
    }

    @Test func everyHistorysProbabilitiesAddUpToOne() throws {
        // P(w | h) over the whole vocabulary, seen words and backed-off ones, sums to 1.
        let sentences = [["take", "me", "to", "the", "casino"], ["take", "me", "home"], ["find", "the", "casino"],
                         ["take", "the", "bus"]]
        let arpa = TrigramModel(sentences: sentences).arpa
        var p1: [String: Double] = [:], b1: [String: Double] = [:], p2: [String: Double] = [:]
        var section = 0
        for line in arpa.split(separator: "\n") {
            if line.hasPrefix("\\") { section = Int(String(line.dropFirst().first ?? "0")) ?? 0; continue }
            let parts = line.split(separator: " ").map(String.init)
            guard let logp = Double(parts.first ?? "") else { continue }
            if section == 1 { p1[parts[1]] = pow(10, logp); b1[parts[1]] = pow(10, Double(parts[2])!) }
            if section == 2 { p2[parts[1] + " " + parts[2]] = pow(10, logp) }
        }
        for history in ["take", "the", "<s>"] {
            let total = p1.keys.filter { $0 != "<s>" }.reduce(0.0) { sum, word in
                sum + (p2[history + " " + word] ?? b1[history]! * p1[word]!)
            }
            #expect(abs(total - 1) < 1e-3, "P(· | \(history)) sums to \(total)")
        }
    }

    @Test func aMissingRecognizerSaysHowToInstallIt() {
        let error = SpeechError(.recognizerMissing("libpocketsphinx.so.3 is not installed"))
        #expect(error.description.contains("apt-get install libpocketsphinx3 pocketsphinx-en-us"))
    }

    static let canSpeakAndListen = PocketSphinxRecognizer.isAvailable
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")

    @Test(.enabled(if: canSpeakAndListen,
                   "needs `apt-get install libpocketsphinx3 pocketsphinx-en-us espeak-ng`: skipped where they are missing"))
    func aSpokenCommandIsRecognisedAndUnderstood() async throws {
        let data = try MonacoData.data.get()
        let index = try #require(try data.loadSearchIndex())
        let recognizer = try PocketSphinxRecognizer(grammar: VoiceGrammar(placeNames: index.recordNames))
        let wav = TestData.temporary("command.wav")
        let speak = Process()
        speak.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        speak.arguments = ["-v", "en-us", "-s", "150", "-w", wav.path, "find a pharmacy"]
        try speak.run()
        speak.waitUntilExit()
        let heard = try await recognizer.recognize(try AudioClip(wav: Data(contentsOf: wav)))
        let assistant = Assistant(places: IndexPlaceSearch(index: index), travel: nil, centre: index.centre)
        var context = ConversationContext()
        let turn = await assistant.respond(to: heard, in: &context, language: .en)
        guard case .findNearby(.pharmacy, _)? = turn.actions.first else {
            Issue.record("heard \"\(heard)\", understood \(turn.actions)")
            return
        }
    }
}

/// Pronunciations for the words CMUdict lacks, from espeak-ng's IPA.
@Suite struct PronouncerTests {
    @Test func ipaBecomesTheModelsPhones() {
        #expect(EspeakPronouncer.arpabet("hˈɜːkjuːl") == ["HH", "ER", "K", "Y", "UW", "L"])
        #expect(EspeakPronouncer.arpabet("kəndˈæmaɪn") == ["K", "AH", "N", "D", "AE", "M", "AY", "N"])
        #expect(EspeakPronouncer.arpabet("ˌoʊʃənˌɑːɡɹɐfˈiːk") == ["OW", "SH", "AH", "N", "AA", "G", "R", "AH", "F", "IY", "K"])
        #expect(EspeakPronouncer.arpabet("qʘ") == nil, "a sound the model lacks leaves the word out")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng"),
                   "needs `apt-get install espeak-ng`: skipped where it is missing"))
    func namesGetAPronunciation() {
        let said = EspeakPronouncer().pronunciations(["fontvieille", "condamine", "x2"])
        #expect(said["condamine"] == "K AH N D AE M AY N" && said["fontvieille"]?.hasPrefix("F AO N T") == true)
        #expect(said["x2"] == nil, "only words of letters are said")
    }
}
