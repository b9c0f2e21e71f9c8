import Foundation

/// Speech to text for the assistant: PocketSphinx on Linux (offline, steered by the command
/// phrases and the map's place names), SFSpeechRecognizer on iOS, behind one protocol.
public protocol SpeechRecognizer: Sendable {
    /// The words in `clip`, lower case; empty when nothing was recognised.
    /// - Throws: `SpeechError` when recognition cannot run.
    func recognize(_ clip: AudioClip) async throws(SpeechError) -> String
}

/// Why speech could not be turned into words.
public struct SpeechError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The precise failure.
    public enum Code: Sendable, Hashable {
        /// The PocketSphinx library or its English model is not installed.
        case recognizerMissing(String)
        /// The decoder refused its configuration or the grammar.
        case recognizerFailed(String)
        /// The audio is not a WAV file the recognizer can read.
        case unreadableAudio(String)
    }

    /// The failure.
    public let code: Code

    /// An error for `code`.
    public init(_ code: Code) { self.code = code }

    public var description: String {
        switch code {
        case .recognizerMissing(let what):
            "Speech recognition needs PocketSphinx and its English model (\(what)). Install them with " +
                "`apt-get install libpocketsphinx3 pocketsphinx-en-us`, or type the command instead."
        case .recognizerFailed(let why):
            "PocketSphinx could not recognise speech: \(why)."
        case .unreadableAudio(let why):
            "The audio is not a WAV recording the assistant can read: \(why)."
        }
    }
}
