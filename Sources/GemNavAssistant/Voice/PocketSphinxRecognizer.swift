import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Offline speech to text with PocketSphinx (Debian's `libpocketsphinx3` and its US English
/// model `pocketsphinx-en-us`), loaded when the recognizer is made, not when GemNav is built
/// or started: building, testing and the typed assistant never need it. Recognition is
/// steered by a language model made at run time from the command phrases and the loaded map's
/// place names (`VoiceGrammar`), which is what makes a small offline model good at commands.
public final class PocketSphinxRecognizer: SpeechRecognizer, @unchecked Sendable {
    // @unchecked: the decoder is used only under `lock`; the library handles are immutable.

    /// Where Debian puts the US English model.
    public static let defaultModelDirectory = "/usr/share/pocketsphinx/model/en-us"
    /// The shared library's name (soname) in Debian 12.
    public static let libraryName = "libpocketsphinx.so.3"

    private let lock = NSLock()
    private let library: Library
    private let decoder: OpaquePointer
    private let config: OpaquePointer
    /// The words the grammar may produce.
    public let vocabulary: Set<String>

    /// A recognizer for `grammar`, with the model in `modelDirectory`.
    /// - Throws: `SpeechError` `.recognizerMissing` when the library or the model is not
    ///   installed, `.recognizerFailed` when the decoder refuses the configuration or grammar.
    public init(grammar: VoiceGrammar, modelDirectory: String = defaultModelDirectory) throws(SpeechError) {
        let library = try Library.load()
        let hmm = modelDirectory + "/en-us", dictionary = modelDirectory + "/cmudict-en-us.dict"
        for path in [hmm + "/mdef", dictionary] where !FileManager.default.fileExists(atPath: path) {
            throw SpeechError(.recognizerMissing("no \(path)"))
        }
        // A dictionary of the grammar's words only: loading all of CMUdict for each decoder
        // costs more than a whole recognition.
        var pronunciations = try Self.pronunciations(dictionary, for: grammar.words)
        // The names' words CMUdict lacks, said as espeak-ng would say them.
        let missing = grammar.words.subtracting(pronunciations.keys).sorted()
        for (word, phones) in EspeakPronouncer().pronunciations(missing) { pronunciations[word] = [phones] }
        let kept = Set(pronunciations.keys)
        let dictFile = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-\(UUID().uuidString).dict")
        let lines = pronunciations.sorted { $0.key < $1.key }.flatMap { word, prons in
            prons.enumerated().map { i, p in "\(i == 0 ? word : "\(word)(\(i + 1))") \(p)" }
        }
        do {
            try (lines.joined(separator: "\n") + "\n").write(to: dictFile, atomically: true, encoding: .utf8)
        } catch {
            throw SpeechError(.recognizerFailed("could not write the dictionary to \(dictFile.path): \(error)"))
        }
        defer { try? FileManager.default.removeItem(at: dictFile) }
        let arguments = ["gemnav", "-hmm", hmm, "-dict", dictFile.path, "-logfn", "/dev/null"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        // argv[0] is skipped by the parser, as on a command line.
        guard let config = library.parse(nil, library.args(), Int32(arguments.count), &argv, 0) else {
            throw SpeechError(.recognizerFailed("the model at \(modelDirectory) was refused"))
        }
        guard let decoder = library.initialize(config) else {
            _ = library.freeConfig(config)
            throw SpeechError(.recognizerFailed("the decoder did not start with the model at \(modelDirectory)"))
        }
        let model = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-\(UUID().uuidString).lm")
        defer { try? FileManager.default.removeItem(at: model) }
        do {
            try grammar.languageModel(keeping: kept).write(to: model, atomically: true, encoding: .utf8)
        } catch {
            _ = library.free(decoder)
            _ = library.freeConfig(config)
            throw SpeechError(.recognizerFailed("could not write the language model to \(model.path): \(error)"))
        }
        guard library.setLanguageModel(decoder, "gemnav", model.path) == 0, library.setSearch(decoder, "gemnav") == 0 else {
            _ = library.free(decoder)
            _ = library.freeConfig(config)
            throw SpeechError(.recognizerFailed("the command language model was refused"))
        }
        self.library = library
        self.decoder = decoder
        self.config = config
        vocabulary = kept
    }

    deinit {
        _ = library.free(decoder)
        _ = library.freeConfig(config)
    }

    public func recognize(_ clip: AudioClip) async throws(SpeechError) -> String {
        try locked(clip)
    }

    /// `decode` under `lock`: a decoder is not thread-safe.
    private func locked(_ clip: AudioClip) throws(SpeechError) -> String {
        lock.lock()
        defer { lock.unlock() }
        return try decode(clip)
    }

    /// One utterance through the decoder.
    private func decode(_ clip: AudioClip) throws(SpeechError) -> String {
        guard library.startUtterance(decoder) == 0 else { throw SpeechError(.recognizerFailed("the utterance did not start")) }
        let processed = clip.samples.withUnsafeBufferPointer { library.processRaw(decoder, $0.baseAddress, $0.count, 0, 1) }
        _ = library.endUtterance(decoder)
        guard processed >= 0 else { throw SpeechError(.recognizerFailed("the audio was refused")) }
        var score: Int32 = 0
        guard let hypothesis = library.hypothesis(decoder, &score) else { return "" }
        return String(cString: hypothesis)
    }

    /// CMUdict's pronunciations of `words` (alternatives in order), from `path`.
    static func pronunciations(_ path: String, for words: Set<String>) throws(SpeechError) -> [String: [String]] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SpeechError(.recognizerMissing("\(path) is unreadable"))
        }
        var out: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            var word = line[..<space]
            if let paren = word.firstIndex(of: "(") { word = word[..<paren] }
            let key = String(word)
            guard words.contains(key) else { continue }
            out[key, default: []].append(line[line.index(after: space)...].trimmingCharacters(in: .whitespaces))
        }
        return out
    }

    /// Whether PocketSphinx and the English model are installed here.
    public static var isAvailable: Bool {
        (try? Library.load()) != nil && FileManager.default.fileExists(atPath: defaultModelDirectory + "/en-us/mdef")
    }

    /// The library's functions, found with `dlsym` (the config parser lives in sphinxbase,
    /// which the library brings with it).
    struct Library: @unchecked Sendable {
        // @unchecked: C function pointers, immutable.
        typealias Args = @convention(c) () -> UnsafeRawPointer?
        typealias Parse = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32,
                                          UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32) -> OpaquePointer?
        typealias Handle = @convention(c) (OpaquePointer?) -> OpaquePointer?
        typealias Status = @convention(c) (OpaquePointer?) -> Int32
        typealias SetLanguageModel = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
        typealias SetSearch = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
        typealias ProcessRaw = @convention(c) (OpaquePointer?, UnsafePointer<Int16>?, Int, Int32, Int32) -> Int32
        typealias Hypothesis = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?

        let args: Args, parse: Parse, initialize: Handle, free: Status, freeConfig: Status
        let setLanguageModel: SetLanguageModel, setSearch: SetSearch
        let startUtterance: Status, processRaw: ProcessRaw, endUtterance: Status, hypothesis: Hypothesis

        nonisolated(unsafe) private static var loaded: Library?
        private static let loading = NSLock()

        static func load() throws(SpeechError) -> Library {
            loading.lock()
            defer { loading.unlock() }
            if let loaded { return loaded }
            guard let handle = dlopen(PocketSphinxRecognizer.libraryName, RTLD_NOW | RTLD_GLOBAL) else {
                throw SpeechError(.recognizerMissing("\(PocketSphinxRecognizer.libraryName) is not installed"))
            }
            func symbol<T>(_ name: String, _: T.Type) throws(SpeechError) -> T {
                guard let pointer = dlsym(handle, name) else {
                    throw SpeechError(.recognizerMissing("\(PocketSphinxRecognizer.libraryName) has no \(name)"))
                }
                return unsafeBitCast(pointer, to: T.self)
            }
            let library = Library(
                args: try symbol("ps_args", Args.self), parse: try symbol("cmd_ln_parse_r", Parse.self),
                initialize: try symbol("ps_init", Handle.self), free: try symbol("ps_free", Status.self),
                freeConfig: try symbol("cmd_ln_free_r", Status.self), setLanguageModel: try symbol("ps_set_lm_file", SetLanguageModel.self),
                setSearch: try symbol("ps_set_search", SetSearch.self), startUtterance: try symbol("ps_start_utt", Status.self),
                processRaw: try symbol("ps_process_raw", ProcessRaw.self), endUtterance: try symbol("ps_end_utt", Status.self),
                hypothesis: try symbol("ps_get_hyp", Hypothesis.self))
            loaded = library
            return library
        }
    }
}
