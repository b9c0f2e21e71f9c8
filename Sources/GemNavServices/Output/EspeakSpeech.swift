import Foundation

/// Speech on Linux: espeak-ng, one process per prompt, waiting for each so prompts never talk
/// over each other.
public struct EspeakSpeech: SpeechOutput {
    /// The espeak-ng executable, nil when it is not installed.
    public let executable: URL?
    /// espeak-ng voice (the instruction language).
    public let voice: String

    /// Speech in `language`, with espeak-ng found on `PATH`.
    public init(language: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        voice = language
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        executable = path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("espeak-ng") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// What to tell the user when speech is unavailable.
    public var unavailableNote: String? {
        executable == nil
            ? "Speech: espeak-ng is not installed (e.g. `apt-get install espeak-ng`); prompts are shown as text only."
            : nil
    }

    /// Speaks `text`; does nothing without espeak-ng, and a failing espeak-ng is not fatal to
    /// the trip (guidance is also on screen).
    public func speak(_ text: String) {
        guard let executable else { return }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-v", voice, text]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            FileHandle.standardError.write(Data("espeak-ng failed: \(error.localizedDescription)\n".utf8))
        }
    }
}
