import Clocks
import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing
@testable import gemnav

/// `gemnav chat`'s conversation, fed lines as a terminal would, on Monaco with a test clock (the
/// simulated car stands still unless the test advances time).
@MainActor @Suite struct ChatCommandTests {
    func chat() throws -> (TerminalChat, () -> [String]) {
        let environment = try MonacoData.appEnvironment(clock: ManualClock(), timer: TestClock())
        let app = AppComposition.build(environment)
        app.map.send(.permissionChanged(.whenInUse))
        app.send(.located(LocationFix(coordinate: Coordinate(latitude: 43.7392, longitude: 7.4285), horizontalAccuracy: 5,
                                      timestamp: Date())))
        final class Lines { var all: [String] = [] }
        let lines = Lines()
        let chat = try TerminalChat(app: app, speed: 10) { lines.all.append($0) }
        return (chat, { lines.all })
    }

    func run(_ chat: TerminalChat, _ lines: [String]) async {
        await chat.run(AsyncStream { continuation in
            for line in lines { continuation.yield(line) }
            continuation.finish()
        })
    }

    @Test func aConversationPlansAndEndsATrip() async throws {
        let (chat, output) = try chat()
        await run(chat, ["find a pharmacy", "the second one", "no", "switch to pocket mode", "how long until I arrive", "quit",
                         "never read"])
        let lines = output()
        #expect(lines.first?.hasPrefix("GemNav assistant.") == true)
        #expect(lines.contains { $0.hasPrefix("  2. Pharmacie") }, "the places found are listed: \(lines)")
        #expect(lines.contains { $0.hasPrefix("Taking you to Pharmacie") })
        #expect(lines.contains { $0.hasPrefix("Save your trips?") && $0.hasSuffix("(yes / no)") })
        #expect(lines.contains("This trip is not saved."))
        #expect(lines.contains { $0.contains("vibrations") })
        #expect(lines.contains { $0.contains("to Pharmacie") && $0.contains("arriving at") })
        #expect(!lines.contains { $0.contains("never read") })
        // Leaving the chat ends the trip it started.
        #expect(!chat.app.map.isNavigating && chat.app.navigation.state.phase == .idle)
    }

    @Test func optionsAreChecked() {
        #expect(throws: (any Error).self) { try ChatCommand.parse(["--speed", "20"]) }
        #expect(throws: (any Error).self) { try ChatCommand.parse(["--near", "here"]) }
        #expect(throws: (any Error).self) { try ChatCommand.parse(["--language", "de"]) }
    }
}
