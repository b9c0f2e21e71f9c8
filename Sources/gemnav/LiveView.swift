import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavServices

/// The terminal view of a trip: it draws the navigation screen's `NavigationViewState` (the
/// app core's, as every front end does) and keeps a log of events. On a terminal, a panel (banner, distances, ETA, speed and limit, next maneuver,
/// last voice prompt and haptic cue) is redrawn in place below the scrolling log. Otherwise one
/// line is printed per event, with progress (one event per fix) summarised every
/// `progressInterval` seconds of trip time so logs stay readable; `--events` keeps every event.
final class LiveView: HapticOutput {
    private let terminal: Bool
    /// Whether voice prompts are logged and the last haptic cue is on the panel (the mode and mute).
    private let voice: Bool, haptic: Bool
    private var screen = NavigationViewState()
    private var panelHeight = 0
    private var lastProgressLine = -Double.infinity

    /// Trip seconds between two progress lines when not on a terminal.
    static let progressInterval = 10.0

    /// A view that logs voice prompts when `voice` and shows the last cue when `haptic`; the
    /// cues themselves arrive through `play(_:)`, as the navigation screen's effects.
    init(terminal: Bool, voice: Bool, haptic: Bool) {
        self.terminal = terminal
        self.voice = voice
        self.haptic = haptic
    }

    /// Prints the trip's title lines.
    func header(_ summary: String) {
        emit(summary.split(separator: "\n").map(String.init))
    }

    /// Prints a note (recording, speech, routing source) in the log.
    func note(_ text: String) { emit([text]) }

    /// Shows the events of one fix and the screen they led to.
    func show(_ updates: [NavigationUpdate], screen: NavigationViewState) {
        self.screen = screen
        emit(updates.flatMap(\.events).compactMap(logLine).map(stamp))
    }

    /// The terminal's vibration: a line with the pattern's rhythm.
    func play(_ pattern: HapticPattern) {
        emit([stamp("haptic    \(pattern.kind.rawValue) \(Self.rhythm(pattern))")])
    }

    /// Leaves the final panel on screen (or prints the final state line).
    func finish(arrived: Bool) {
        var lines: [String] = []
        if !terminal, !screen.remainingDistanceText.isEmpty { lines.append(stamp(progressLine())) }
        lines.append(arrived ? "Trip complete." : "The trip ended before arriving.")
        emit(lines)
    }

    private func logLine(_ event: NavigationEvent) -> String? {
        switch event {
        case .progress:
            guard !terminal, screen.elapsed - lastProgressLine >= Self.progressInterval else { return nil }
            lastProgressLine = screen.elapsed
            return progressLine()
        case .banner(let b):
            return "banner    \(TurnIcon(type: b.maneuverType, modifier: b.modifier).arrow) \(b.primaryText) (in \(b.distanceText))"
        case .voice(let v):
            return voice ? "voice     \"\(v.text)\"" : nil
        case .haptic:
            // What the user feels is the screen's vibrate effect, played through `play(_:)`.
            return nil
        case .offRoute(let o):
            return "offRoute  \(o.reason.rawValue), \(Int(o.distanceFromRoute.rounded())) m from the route"
        case .rerouteNeeded(let r):
            return "reroute   asking for a new route (request \(r.id))"
        case .reroute(let r):
            return r.succeeded
                ? "reroute   new route: \(screen.format.distance(r.distance ?? 0)), \(screen.format.duration(r.duration ?? 0))"
                : "reroute   failed: \(r.message ?? "")"
        case .routeCheckNeeded(let r):
            return "traffic   checking the route (request \(r.id))"
        case .fasterRoute(let f):
            return "traffic   \(f.status == .offered ? f.message : "faster route \(f.status.rawValue)")"
        case .waypointArrived(let w):
            return "stop      reached stop \(w.waypointIndex); continuing"
        case .arrived:
            return "arrived   you have arrived"
        }
    }

    /// Prints log lines; on a terminal the panel is erased first and redrawn below them.
    private func emit(_ log: [String]) {
        guard terminal else {
            // Written straight to the file descriptor, not through stdio's block buffer on a pipe,
            // so a log or `tail -f` follows a --realtime trip line by line.
            if !log.isEmpty { FileHandle.standardOutput.write(Data((log.joined(separator: "\n") + "\n").utf8)) }
            return
        }
        var out = panelHeight > 0 ? "\u{1B}[\(panelHeight)A\u{1B}[J" : ""
        for line in log { out += line + "\n" }
        let panel = panelLines()
        out += panel.joined(separator: "\n") + (panel.isEmpty ? "" : "\n")
        panelHeight = panel.count
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    private func panelLines() -> [String] {
        guard !screen.remainingDistanceText.isEmpty else { return [] }
        let rule = String(repeating: "─", count: 64)
        var lines = [rule]
        if let b = screen.banner {
            lines.append("  \u{1B}[1m\(b.icon.arrow)  \(b.instruction)\u{1B}[0m")
            lines.append("     in \(b.distanceText)" + (b.next.map { "   then: \($0)" } ?? ""))
        }
        lines.append("  Road: \(screen.street.isEmpty ? "(unnamed)" : screen.street)")
        lines.append("  Speed: \(screen.speedText ?? "–")   Limit: \(screen.limitText ?? "–")"
            + (screen.isOverLimit ? "  \u{1B}[31mOVER THE LIMIT\u{1B}[0m" : ""))
        lines.append("  Remaining: \(screen.remainingDistanceText) · \(screen.remainingTimeText) · ETA \(screen.arrivalText)")
        if haptic, let h = screen.lastCue { lines.append("  Haptic: \(h.pattern.kind.rawValue) \(Self.rhythm(h.pattern)) (\(h.stage.rawValue))") }
        if voice, let v = screen.lastPrompt { lines.append("  Voice: \"\(v)\"") }
        lines.append("  t=\(Int(screen.elapsed.rounded())) s · \(screen.tripState)" + (screen.isOffRoute ? " · OFF ROUTE" : ""))
        lines.append(rule)
        return lines
    }

    private func progressLine() -> String {
        "progress  \(screen.tripState), \(screen.remainingDistanceText) left, ETA \(screen.arrivalText), "
            + "\(screen.speedText ?? "–") (limit \(screen.limitText ?? "–")), "
            + "next in \(screen.banner?.distanceText ?? "–"), \(screen.street)"
    }

    private func stamp(_ text: String) -> String { String(format: "[%6.1f s] ", screen.elapsed) + text }

    /// A haptic pattern drawn as its rhythm: ● per tap, ━ per 100 ms of buzz, a space per
    /// 100 ms of pause.
    static func rhythm(_ pattern: HapticPattern) -> String {
        pattern.onOffMilliseconds.enumerated().map { i, ms in
            if i % 2 == 1 { return String(repeating: " ", count: max(1, ms / 100)) }
            return ms <= HapticPattern.transientMilliseconds ? "●" : String(repeating: "━", count: max(1, ms / 100))
        }.joined()
    }
}
