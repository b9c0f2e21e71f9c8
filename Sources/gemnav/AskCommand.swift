import ArgumentParser
import Foundation
import GemNavAssistant
import GemNavCore
import GemNavServices

/// `gemnav ask`: one turn with the on-device assistant. `--session FILE` keeps the
/// conversation (last results, the trip, favourites) between calls, so follow-ups such as
/// "the second one" and "avoid tolls" act on what came before.
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask", abstract: "Ask the on-device assistant, in English or French.",
        discussion: """
            json prints {"reply": …, "actions": [{"type": …}], "provider": "on-device"}. \
            Examples: "take me to the stade louis II avoiding tolls", "trouve une pharmacie", "the second one".
            """)

    @OptionGroup var dataOptions: DataOptions

    @Argument(help: "What to ask, e.g. \"find a pharmacy\".")
    var utterance: String

    @Option(help: "Where the user is, LAT,LON (default: the session's last position, else the map's centre).")
    var near: String?

    @Option(help: "Reply language, en or fr (default: the utterance's).")
    var language: String?

    @Option(help: "A JSON file keeping the conversation between calls (created when missing).")
    var session: String?

    @Option(help: "text or json.")
    var format: String = "text"

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format is text or json.") }
        if let near, Coordinate(latLonString: near) == nil {
            throw ValidationError("--near must be LAT,LON, e.g. 43.7384,7.4246.")
        }
        if let language, AssistantLanguage(rawValue: language) == nil {
            throw ValidationError("--language is en or fr.")
        }
        guard !utterance.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("Say something to ask, e.g. gemnav ask \"find a pharmacy\".")
        }
    }

    func run() async throws {
        let data = try dataOptions.mapData()
        guard let index = try CLIError.wrap({ try data.loadSearchIndex() }) else {
            throw CLIError(description: "No search index at \(data.searchIndexURL.path). Rebuild the data with `gemnav import`.")
        }
        let engine = try CLIError.wrap { try data.loadEngine() }
        let assistant = Assistant(places: IndexPlaceSearch(index: index), travel: EngineTravelTimes(engine: engine),
                                  centre: index.centre)
        let file = session.map { ConversationFile(url: URL(fileURLWithPath: $0)) }
        var context = try CLIError.wrap { try file?.load() } ?? ConversationContext()
        if let near { context.position = Coordinate(latLonString: near) }
        if context.position == nil { context.position = index.centre }
        let turn = await assistant.respond(to: utterance, in: &context,
                                           language: language.flatMap(AssistantLanguage.init(rawValue:)))
        try CLIError.wrap { try file?.save(context) }
        if format == "json" {
            print(String(decoding: AssistantJSON.encode(turn), as: UTF8.self))
        } else {
            print(turn.reply)
        }
    }
}
