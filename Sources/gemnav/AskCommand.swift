import ArgumentParser
import Foundation
import GemNavAssistant
import GemNavCore
import GemNavPresentation
import GemNavServices
import GemNavStorage

/// `gemnav ask`: one turn with the assistant. `--session FILE` keeps the conversation (last
/// results, the trip, favourites) between calls, so follow-ups such as "the second one" and
/// "avoid tolls" act on what came before. Favourites saved in the app store ("take me home")
/// are known. Understanding is on the device unless `--provider` (or the store's settings)
/// names a model; a model that fails leaves the answer to the device, which says so.
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask", abstract: "Ask the assistant, in English or French.",
        discussion: """
            json prints {"reply": …, "actions": [{"type": …}], "provider": "on-device"}. \
            Examples: "take me to the stade louis II avoiding tolls", "trouve une pharmacie", "the second one". \
            --provider gemini reads GEMINI_API_KEY, openai reads OPENAI_API_KEY when set (a local server needs none).
            """)

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "What to ask, e.g. \"find a pharmacy\" (or --audio).")
    var utterance: String?

    @Option(help: "A WAV recording of the command (English; 16-bit PCM, resampled to 16 kHz), recognised offline with PocketSphinx.")
    var audio: String?

    @Option(help: "Where the user is, LAT,LON (default: the session's last position, else the map's centre).")
    var near: String?

    @Option(help: "Reply language, en or fr (default: the utterance's).")
    var language: String?

    @Option(help: "A JSON file keeping the conversation between calls (created when missing).")
    var session: String?

    @Option(help: "text or json.")
    var format: String = "text"

    @Option(help: "Who understands: on-device, gemini or openai (an OpenAI-compatible server such as llama.cpp or Ollama). Default: the store's settings, else on-device.")
    var provider: String?

    @Option(help: "The model's name (default: gemini-2.5-flash, or llama3.2 for openai).")
    var model: String?

    @Option(help: "The model server's base URL (default: Google's, or http://127.0.0.1:8080 for openai).")
    var baseURL: String?

    @Option(help: "The environment variable holding the API key (default: GEMINI_API_KEY or OPENAI_API_KEY).")
    var keyEnv: String?

    @Option(help: "Seconds to wait for the model before answering on the device.")
    var timeout: Double?

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format is text or json.") }
        if let near, Coordinate(latLonString: near) == nil {
            throw ValidationError("--near must be LAT,LON, e.g. 43.7384,7.4246.")
        }
        if let language, AssistantLanguage(rawValue: language) == nil {
            throw ValidationError("--language is en or fr.")
        }
        if let provider, AssistantProviderKind(name: provider) == nil {
            throw ValidationError("--provider is on-device, gemini or openai.")
        }
        if let baseURL, URL(string: baseURL)?.host == nil || !["http", "https"].contains(URL(string: baseURL)?.scheme ?? "") {
            throw ValidationError("--base-url must be a server address such as http://127.0.0.1:8080.")
        }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be a number of seconds above 0.") }
        guard audio != nil || !(utterance ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("Say something to ask, e.g. gemnav ask \"find a pharmacy\", or pass --audio FILE.wav.")
        }
        if audio != nil, utterance != nil { throw ValidationError("Ask with words or with --audio, not both.") }
    }

    func run() async throws {
        let data = try dataOptions.mapData()
        guard let index = try CLIError.wrap({ try data.loadSearchIndex() }) else {
            throw CLIError(description: "No search index at \(data.searchIndexURL.path). Rebuild the data with `gemnav import`.")
        }
        let engine = try CLIError.wrap { try data.loadEngine() }
        let store = try existingStore()
        let settings = store.flatMap { (try? StoredSettings(store: $0).loadSettings()) ?? nil } ?? AppSettings()
        let assistant = Assistant(places: IndexPlaceSearch(index: index), travel: EngineTravelTimes(engine: engine),
                                  centre: index.centre, model: try modelProvider(settings))
        let file = session.map { ConversationFile(url: URL(fileURLWithPath: $0)) }
        var context = try CLIError.wrap { try file?.load() } ?? ConversationContext()
        if let store {
            // The store's favourites are the user's; the conversation's own keep the names the store lacks.
            let stored = try CLIError.wrap { try store.favourites() }.map(Place.init)
            let names = Set(stored.map { $0.name.lowercased() })
            context.favourites = stored + context.favourites.filter { !names.contains($0.name.lowercased()) }
        }
        if let near { context.position = Coordinate(latLonString: near) }
        if context.position == nil { context.position = index.centre }
        var heard: String?
        if let audio {
            let clip = try CLIError.wrap { try AudioClip(wav: try Data(contentsOf: URL(fileURLWithPath: audio))) }
            let recognizer = try CLIError.wrap { try PocketSphinxRecognizer(grammar: VoiceGrammar(placeNames: index.recordNames)) }
            heard = try await CLIError.wrap { () async throws -> String in try await recognizer.recognize(clip) }
        }
        let turn = await assistant.respond(to: heard ?? utterance ?? "", in: &context,
                                           language: language.flatMap(AssistantLanguage.init(rawValue:)) ?? (audio == nil ? nil : .en))
        try CLIError.wrap { try file?.save(context) }
        if format == "json" {
            var object = AssistantJSON.object(turn)
            if let heard { object["heard"] = heard }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            if let heard { print("(heard: \(heard))") }
            print(turn.reply)
            if let notice = turn.notice { FileHandle.standardError.write(Data((notice + "\n").utf8)) }
        }
    }

    /// The app store when one exists: asking never creates one.
    private func existingStore() throws -> AppStore? {
        guard FileManager.default.fileExists(atPath: storeOptions.path) else { return nil }
        return try storeOptions.open()
    }

    /// The model `--provider` (else the store's settings) names, nil for the on-device
    /// understanding; the flags override the stored model, address and key variable.
    /// - Throws: `CLIError` when the tier does not allow a model.
    private func modelProvider(_ settings: AppSettings) throws -> (any LanguageModelProvider)? {
        var chosen = settings.assistantModelSettings
        if let provider, let kind = AssistantProviderKind(name: provider) { chosen.kind = kind }
        guard chosen.kind != .onDevice else { return nil }
        guard settings.tier.features.cloudAssistant else {
            throw CLIError(description: """
                The store's tier is \(settings.tier.rawValue), which understands on the device only: \
                a cloud or local model needs GemNav Plus. Leave out --provider.
                """)
        }
        if let model { chosen.model = model }
        if let baseURL { chosen.baseURL = URL(string: baseURL) }
        if let keyEnv { chosen.keyVariable = keyEnv }
        if let timeout { chosen.timeout = timeout }
        return chosen.provider()
    }
}
