import Foundation
import GemNavNavigation
import GemNavPresentation

/// The app sessions of every open tab. Each tab gets its own app (its own trip); a page that
/// reconnects with its session id within `resumeWindow` finds its trip where it was, and
/// sessions left longer are ended, so a server that runs for weeks keeps no dead trips.
@MainActor
public final class WebSessions {
    /// How long a session outlives its last connection.
    public static let resumeWindow: Duration = .seconds(600)
    /// Most sessions kept at once; the longest-detached goes first beyond it.
    public var capacity = 64
    /// Turns a recorded voice command (16 kHz mono WAV) into words; nil when this server
    /// cannot recognise speech.
    public var recognizer: (@Sendable (Data) async throws -> String)?
    /// What to say when `recognizer` is nil: why, and how to get one.
    public var recognizerMissing = "This server cannot recognise speech. Type your request instead."

    private let makeApp: @MainActor (TimeZone, Locale?) throws -> AppModel
    private let clock: any NavigationClock
    private var sessions: [String: WebSession] = [:]

    /// Sessions whose apps `makeApp` builds for the page's time zone and locale (arrival times
    /// are shown in them); intents' fixes carry `clock`'s time.
    public init(clock: any NavigationClock, makeApp: @escaping @MainActor (TimeZone, Locale?) throws -> AppModel) {
        self.makeApp = makeApp
        self.clock = clock
    }

    /// The session `id` names when it is still kept, else a new one for a page in `timeZone`
    /// and `locale`.
    /// - Throws: `WebAppError.invalidSession` for an id that cannot be one of ours; whatever
    ///   building the app throws.
    public func open(_ id: String?, timeZone: TimeZone = .gmt, locale: Locale? = nil) throws -> WebSession {
        expire()
        if let id, !id.isEmpty {
            guard id.count <= 64, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
                throw WebAppError(.invalidSession(String(id.prefix(80))))
            }
            if let kept = sessions[id] { return kept }
        }
        let session = WebSession(id: UUID().uuidString.lowercased(), app: try makeApp(timeZone, locale), clock: clock)
        session.app.assistant?.speechUnavailable = recognizer == nil ? recognizerMissing : nil
        sessions[session.id] = session
        return session
    }

    /// The sessions kept now.
    public var count: Int { sessions.count }

    private func expire() {
        let now = ContinuousClock.now
        for (id, session) in sessions {
            if let left = session.detachedAt, now - left > Self.resumeWindow { end(id) }
        }
        while sessions.count >= capacity {
            let detached = sessions.values.filter { $0.detachedAt != nil }
            guard let oldest = detached.min(by: { $0.detachedAt! < $1.detachedAt! }) else { break }
            end(oldest.id)
        }
    }

    private func end(_ id: String) {
        sessions.removeValue(forKey: id)?.app.send(.endTrip)
    }
}
