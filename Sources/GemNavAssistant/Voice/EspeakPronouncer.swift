import Foundation

/// Pronunciations, in the recognizer's phone set, for words its dictionary lacks: the map's
/// names are full of them ("hercule", "fontvieille", "condamine"), and a word without a
/// pronunciation can never be heard. espeak-ng (already GemNav's voice on Linux) turns each
/// word into IPA, which is mapped to CMUdict's ARPAbet phones. When espeak-ng is missing the
/// words are simply left out, as before.
struct EspeakPronouncer {
    /// The espeak-ng executable.
    var executable = "/usr/bin/espeak-ng"

    /// ARPAbet pronunciations of `words` (lower-case letters only; others are skipped), those
    /// espeak-ng could say with phones the model has.
    func pronunciations(_ words: [String]) -> [String: String] {
        let sayable = words.filter { !$0.isEmpty && $0.allSatisfy { $0.isLetter && $0.isASCII } }
        guard !sayable.isEmpty, FileManager.default.isExecutableFile(atPath: executable),
              let output = run(sayable.joined(separator: "\n"))
        else { return [:] }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true)
        // One line per word: anything else means the lines can no longer be matched to words.
        guard lines.count == sayable.count else { return [:] }
        var out: [String: String] = [:]
        for (word, ipa) in zip(sayable, lines) {
            if let phones = Self.arpabet(String(ipa)), !phones.isEmpty { out[word] = phones.joined(separator: " ") }
        }
        return out
    }

    private func run(_ input: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-v", "en-us", "-q", "--ipa"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        // Written from another thread: a large input would fill the pipe while we wait to read.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// IPA (as espeak-ng writes it for English) to ARPAbet phones; nil when a sound has no
    /// counterpart in the model's phone set.
    static func arpabet(_ ipa: String) -> [String]? {
        // Stress, length, syllable and tie marks carry no phone of their own here.
        let scalars = ipa.unicodeScalars.filter {
            !["ˈ", "ˌ", "ː", "ˑ", ".", "‿", " ", "-"].contains($0) && !(0x0300...0x036F).contains($0.value)
        }
        let sounds = scalars.map(String.init)
        var phones: [String] = []
        var i = 0
        while i < sounds.count {
            if i + 1 < sounds.count, let two = Self.phones[sounds[i] + sounds[i + 1]] {
                phones.append(two)
                i += 2
            } else if let one = Self.phones[sounds[i]] {
                if !one.isEmpty { phones.append(one) }
                i += 1
            } else {
                return nil
            }
        }
        return phones
    }

    /// IPA sounds (diphthongs and affricates first) and their ARPAbet phone; "" for sounds that
    /// are dropped (the glottal stop).
    static let phones: [String: String] = [
        "aɪ": "AY", "aʊ": "AW", "eɪ": "EY", "oʊ": "OW", "əʊ": "OW", "ɔɪ": "OY", "tʃ": "CH", "dʒ": "JH",
        "ɪə": "IH", "eə": "EH", "ʊə": "UH", "ɑ": "AA", "ɒ": "AA", "a": "AA", "æ": "AE", "ʌ": "AH", "ə": "AH",
        "ɐ": "AH", "ɔ": "AO", "ɛ": "EH", "e": "EH", "ɜ": "ER", "ɚ": "ER", "ɝ": "ER", "ɪ": "IH", "ᵻ": "IH",
        "i": "IY", "o": "OW", "ʊ": "UH", "u": "UW", "y": "UW", "b": "B", "d": "D", "ð": "DH", "f": "F",
        "ɡ": "G", "g": "G", "h": "HH", "k": "K", "x": "K", "l": "L", "ɫ": "L", "m": "M", "n": "N", "ŋ": "NG",
        "p": "P", "ɹ": "R", "r": "R", "ɾ": "T", "s": "S", "ʃ": "SH", "t": "T", "θ": "TH", "v": "V", "w": "W",
        "j": "Y", "z": "Z", "ʒ": "ZH", "ʔ": "",
    ]
}
