import Foundation
import GemNavAssistant
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation

/// The terminal as a shell over the assistant's chat: each line typed is a message, each reply
/// is printed with the places it lists, and the trips it starts are driven by the app's
/// simulated car, whose spoken prompts are printed as they come. The recording disclosure is
/// asked in the conversation, as the app asks it on screen.
@MainActor
final class TerminalChat {
    /// The app the conversation acts on.
    let app: AppModel
    private let chat: AssistantModel
    private let write: (String) -> Void
    private var announcedArrival = false

    /// A chat on `app`, printing through `write`; trips are driven at `speed`× by the app's
    /// simulated drive.
    init(app: AppModel, speed: Double, write: @escaping (String) -> Void) throws {
        guard let chat = app.assistant else { throw CLIError(description: "This app was built without an assistant.") }
        self.app = app
        self.chat = chat
        self.write = write
        app.simulation.send(.setEnabled(true))
        app.simulation.send(.setSpeed(speed))
        app.navigation.onUpdate = { [weak self] _ in self?.showGuidance() }
    }

    /// Converses over `lines` until they end or the user says goodbye; a trip still under way
    /// is then ended.
    func run(_ lines: some AsyncSequence<String, Never>) async {
        write("GemNav assistant. Ask in English or French: \"find a pharmacy\", \"take me to the casino avoiding tolls\", "
            + "\"how long is left?\". Type quit to leave.")
        for await line in lines {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            if ["quit", "exit", "bye", "au revoir"].contains(text.lowercased()) { break }
            await handle(text)
        }
        if app.map.isNavigating { app.send(.endTrip) }
    }

    /// One line from the user: the answer to the disclosure when it is asked, else a message.
    func handle(_ text: String) async {
        if app.navigation.state.disclosure != nil {
            let yes = ["yes", "y", "oui", "i agree", "agree", "ok"].contains(text.lowercased())
            app.navigation.send(.consent(granted: yes))
            write(yes ? "Your trips will be saved on this device." : "This trip is not saved.")
            return
        }
        announcedArrival = false
        chat.send(.ask(text))
        await chat.settled()
        guard let reply = chat.state.messages.last(where: { $0.author == .assistant }) else { return }
        write(reply.text)
        for (i, line) in listed(reply.actions).enumerated() { write("  \(i + 1). \(line)") }
        if let disclosure = app.navigation.state.disclosure {
            write("\(disclosure.title) \(disclosure.text) (yes / no)")
        }
    }

    /// The places a reply lists, with how far they are.
    private func listed(_ actions: [AssistantAction]) -> [String] {
        let format = DisplayFormatter(language: app.settings.state.settings.language, units: app.settings.state.settings.units)
        return actions.flatMap { action in
            action.listedPlaces.map { c in
                guard case .findNearby = action else {
                    return c.place.subtitle.isEmpty ? c.place.name : "\(c.place.name), \(c.place.subtitle)"
                }
                return [c.place.name, c.duration.map(format.duration), format.distance(c.distance)].compactMap { $0 }
                    .joined(separator: " — ")
            }
        }
    }

    /// Prints the prompts the trip speaks, and the arrival once.
    private func showGuidance() {
        for effect in app.navigation.takeEffects() {
            if case .speak(let prompt) = effect { write("🔊 \(prompt)") }
        }
        if app.navigation.state.phase == .arrived, !announcedArrival {
            announcedArrival = true
            write("Arrived at \(app.navigation.state.destinationName).")
        }
    }
}

/// Lines typed on standard input, read on their own thread so the simulated trip goes on
/// between them.
struct StandardInputLines: AsyncSequence {
    typealias Element = String

    func makeAsyncIterator() -> AsyncStream<String>.Iterator {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        Thread.detachNewThread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
        return stream.makeAsyncIterator()
    }
}
