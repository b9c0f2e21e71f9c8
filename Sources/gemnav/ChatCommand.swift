import ArgumentParser
import Foundation
import GemNavAssistant
import GemNavCore
import GemNavNavigation
import GemNavPresentation

/// `gemnav chat`: a conversation with the assistant on a terminal. Its actions act on the
/// whole app: a trip asked for is planned, started and driven by the simulated car, and
/// questions ("how long?", "what's the speed limit?") are answered from that trip.
struct ChatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat", abstract: "Talk to the assistant on a terminal; the trips it starts are simulated drives.",
        discussion: """
            Each line is a message, in English or French. Favourites (Home, Work) come from the app store; \
            the first trip asks whether trips may be saved (yes / no) unless `gemnav consent` decided it. \
            Lines may also be piped in: printf 'find a pharmacy\\nthe second one\\n' | gemnav chat.
            """)

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "Where the user is, LAT,LON (default: the map's centre).")
    var near: String?

    @Option(help: "Reply language, en or fr (default: each message's).")
    var language: String?

    @Option(help: "How much faster than real time the simulated car drives, 1 to 10.")
    var speed: Double = 4

    func validate() throws {
        if let near, Coordinate(latLonString: near) == nil {
            throw ValidationError("--near must be LAT,LON, e.g. 43.7384,7.4246.")
        }
        if let language, AssistantLanguage(rawValue: language) == nil { throw ValidationError("--language is en or fr.") }
        guard (1...10).contains(speed) else { throw ValidationError("--speed is 1 to 10.") }
    }

    func run() async throws {
        let map = try dataOptions.mapData()
        let store = try storeOptions.open()
        let environment = try CLIError.wrap { try AppComposition.Environment.live(data: map, store: store,
                                                                                       supportLog: storeOptions.supportLog()) }
        try await MainActor.run {
            let app = AppComposition.build(environment)
            if let near = near.flatMap(Coordinate.init(latLonString:)) {
                app.map.send(.permissionChanged(.whenInUse))
                app.send(.located(LocationFix(coordinate: near, horizontalAccuracy: 5, timestamp: Date())))
            }
            app.assistant?.language = language.flatMap(AssistantLanguage.init(rawValue:))
            // Written unbuffered: a reply shows before the next line is read.
            return try TerminalChat(app: app, speed: speed) { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        }.run(StandardInputLines())
    }
}
