import Foundation
import GemNavAssistant
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import Observation

/// One browser tab's app: its own app model (its own trip), the messages it is owed, and when
/// it was last connected, so a page that reconnects after the phone slept finds its trip.
@MainActor
public final class WebSession {
    /// The id the page keeps and sends back when it reconnects.
    public let id: String
    /// The tab's app.
    public let app: AppModel
    /// When the last connection closed; nil while one is open.
    var detachedAt: ContinuousClock.Instant?

    private let clock: any NavigationClock
    private var outbox: AsyncStream<String>.Continuation?
    private var sentRoutes: [Route]?
    private var publishing = false
    private var connection = 0

    init(id: String, app: AppModel, clock: any NavigationClock) {
        self.id = id
        self.app = app
        self.clock = clock
    }

    /// Opens a connection: the stream of messages for the page, starting with the whole state,
    /// and the connection's number for `detach`. A newer connection replaces an older one (the
    /// tab reloaded).
    func attach() -> (messages: AsyncStream<String>, connection: Int) {
        outbox?.finish()
        connection += 1
        let (stream, continuation) = AsyncStream<String>.makeStream()
        outbox = continuation
        detachedAt = nil
        sentRoutes = nil
        // Prompts spoken while no page listened are stale now.
        _ = takeEffects()
        publish()
        return (stream, connection)
    }

    /// Closes `connection` unless a newer one replaced it.
    func detach(_ connection: Int) {
        guard connection == self.connection else { return }
        outbox?.finish()
        outbox = nil
        detachedAt = .now
    }

    /// Handles one message from the page.
    /// - Throws: `WebAppError` when the message is not a valid intent.
    func receive(_ text: String) throws {
        try WebIntent.decode(text).apply(to: app, clock: clock)
        publish()
    }

    /// Puts `text` to the session's assistant, `position` first becoming the user's position.
    /// - Throws: `WebAppError` when the app has no assistant.
    func ask(_ text: String, language: AssistantLanguage?, at position: Coordinate?) throws -> AssistantModel {
        guard let assistant = app.assistant else { throw WebAppError(.notNow("this app has no assistant")) }
        if let position {
            app.send(.located(LocationFix(coordinate: position, horizontalAccuracy: 10, speed: nil, course: nil,
                                          timestamp: clock.now)))
        }
        if let language { assistant.language = language }
        assistant.send(.ask(text))
        return assistant
    }

    /// A request without a page is over: a session no tab holds expires like a closed tab's.
    func released() {
        if outbox == nil { detachedAt = .now }
    }

    /// Tells the page something went wrong with its last message.
    func report(_ error: WebAppError) {
        outbox?.yield(Self.json(ErrorMessage(message: error.description)))
    }

    /// Sends the state now, and again whenever anything it shows changes.
    private func publish() {
        guard let outbox else { return }
        // Effects are read inside the tracking too: a new prompt alone is worth a message.
        let (state, effects) = withObservationTracking {
            var state = WebState(app)
            // Compared as routes (their arrays share storage while unchanged, so this is cheap
            // on every fix); lines are built only when the routes shown changed.
            let routes = WebState.routesShown(app)
            if routes != sentRoutes {
                state.routeLines = WebState.lines(routes)
                sentRoutes = routes
            }
            return (state, takeEffects())
        } onChange: { [weak self] in
            Task { @MainActor in self?.schedule() }
        }
        outbox.yield(Self.json(StateMessage(session: id, state: state, effects: effects)))
    }

    private func takeEffects() -> [Effect] {
        let app = app.takeEffects().map { effect in
            switch effect {
            case .openURL(let url): Effect(kind: "openURL", url: url.absoluteString)
            }
        }
        let guidance = self.app.navigation.takeEffects().map { effect in
            switch effect {
            case .speak(let text): Effect(kind: "speak", text: text)
            case .vibrate(let pattern): Effect(kind: "vibrate", pattern: pattern.onOffMilliseconds, cue: pattern.kind.rawValue)
            }
        }
        let chat = (self.app.assistant?.takeEffects() ?? []).map { effect in
            switch effect {
            case .speak(let text): Effect(kind: "speak", text: text)
            }
        }
        let settings = self.app.settings.takeEffects().map { effect in
            switch effect {
            case .share(let name, let text): Effect(kind: "download", text: text, fileName: name)
            }
        }
        return app + guidance + chat + settings
    }

    /// Coalesces a burst of changes into one message.
    private func schedule() {
        guard !publishing else { return }
        publishing = true
        Task { @MainActor in
            self.publishing = false
            self.publish()
        }
    }

    private struct StateMessage: Encodable {
        var type = "state"
        var session: String
        var state: WebState
        var effects: [Effect]
    }

    private struct ErrorMessage: Encodable {
        var type = "error"
        var message: String
    }

    /// Something for the page to play: speech, a vibration pattern, a URL to open, a file to
    /// save.
    private struct Effect: Encodable {
        var kind: String
        var text: String?
        var pattern: [Int]?
        var cue: String?
        var url: String?
        var fileName: String?
    }

    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Every value here encodes; a failure would be a programming error worth seeing.
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? #"{"type":"error","message":"internal encoding failure"}"#
    }
}
