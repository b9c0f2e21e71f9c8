import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation

/// The terminal view of a trip. On a terminal, a panel (banner, distances, ETA, speed and
/// limit, next maneuver, last voice prompt and haptic cue) is redrawn in place below a
/// scrolling log of events. Otherwise one line is printed per event, with progress (one
/// event per fix) summarised every `progressInterval` seconds of trip time so logs stay
/// readable; `--events` keeps every event.
final class LiveView {
    private let units: DistanceUnits
    private let format: DisplayFormatter
    private let terminal: Bool
    private var panelHeight = 0
    private var progress: ProgressEvent?
    private var banner: BannerEvent?
    private var voice: String?
    private var haptic: HapticEvent?
    private var t = 0.0
    private var lastProgressLine = -Double.infinity

    /// Trip seconds between two progress lines when not on a terminal.
    static let progressInterval = 10.0

    init(units: DistanceUnits, language: String, terminal: Bool) {
        self.units = units
        format = DisplayFormatter(language: language, units: units)
        self.terminal = terminal
    }

    /// Prints the trip's title lines.
    func header(_ summary: String) {
        emit(summary.split(separator: "\n").map(String.init))
    }

    /// Prints a note (recording, speech) in the log.
    func note(_ text: String) { emit([text]) }

    /// Shows the updates of one fix.
    func show(_ updates: [NavigationUpdate]) {
        var log: [String] = []
        for update in updates {
            t = update.t
            for event in update.events {
                switch event {
                case .progress(let p):
                    progress = p
                    if !terminal, t - lastProgressLine >= Self.progressInterval {
                        lastProgressLine = t
                        log.append(stamp(progressLine(p)))
                    }
                case .banner(let b):
                    banner = b
                    log.append(stamp("banner    \(Self.arrow(b.maneuverType, b.modifier)) \(b.primaryText) (in \(b.distanceText))"))
                case .voice(let v):
                    voice = v.text
                    log.append(stamp("voice     \"\(v.text)\""))
                case .haptic(let h):
                    haptic = h
                    log.append(stamp("haptic    \(h.pattern.kind.rawValue) \(Self.rhythm(h.pattern)) \(h.stage.rawValue): \(h.text)"))
                case .offRoute(let o):
                    log.append(stamp("offRoute  \(o.reason.rawValue), \(Int(o.distanceFromRoute.rounded())) m from the route"))
                case .reroute(let r):
                    log.append(stamp(r.succeeded
                        ? "reroute   new route: \(format.distance(r.distance ?? 0)), \(format.duration(r.duration ?? 0))"
                        : "reroute   failed: \(r.message ?? "")"))
                case .waypointArrived(let w):
                    log.append(stamp("stop      reached stop \(w.waypointIndex); continuing"))
                case .arrived:
                    log.append(stamp("arrived   you have arrived"))
                }
            }
        }
        emit(log)
    }

    /// Leaves the final panel on screen (or prints the final state line).
    func finish(arrived: Bool) {
        var lines: [String] = []
        if !terminal, let p = progress { lines.append(stamp(progressLine(p))) }
        lines.append(arrived ? "Trip complete." : "The trip ended before arriving.")
        emit(lines)
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
        out += panel.joined(separator: "\n") + "\n"
        panelHeight = panel.count
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    private func panelLines() -> [String] {
        guard let p = progress else { return [] }
        let pr = p.progress
        let rule = String(repeating: "─", count: 64)
        var lines = [rule]
        if let b = banner {
            lines.append("  \u{1B}[1m\(Self.arrow(b.maneuverType, b.modifier))  \(b.primaryText)\u{1B}[0m")
            lines.append("     in \(format.distance(pr.stepDistanceRemaining))"
                + (b.next.map { "   then: \($0.instruction)" } ?? ""))
        }
        lines.append("  Road: \(pr.roadName.isEmpty ? "(unnamed)" : pr.roadName)")
        lines.append("  Speed: \(speedText(pr.speedKmh))   Limit: \(speedText(pr.speedLimitKmh))"
            + (pr.isOverSpeedLimit ? "  \u{1B}[31mOVER THE LIMIT\u{1B}[0m" : ""))
        lines.append("  Remaining: \(format.distance(pr.distanceRemaining)) · "
            + "\(format.duration(pr.durationRemaining)) · ETA \(format.clockTime(pr.eta))")
        if let h = haptic { lines.append("  Haptic: \(h.pattern.kind.rawValue) \(Self.rhythm(h.pattern)) (\(h.stage.rawValue))") }
        if let v = voice { lines.append("  Voice: \"\(v)\"") }
        lines.append("  t=\(Int(t.rounded())) s · \(p.state)" + (pr.isOffRoute ? " · OFF ROUTE" : ""))
        lines.append(rule)
        return lines
    }

    private func progressLine(_ p: ProgressEvent) -> String {
        let pr = p.progress
        return "progress  \(p.state), \(format.distance(pr.distanceRemaining)) left, "
            + "ETA \(format.clockTime(pr.eta)), \(speedText(pr.speedKmh)) (limit \(speedText(pr.speedLimitKmh))), "
            + "next in \(format.distance(pr.stepDistanceRemaining)), \(pr.roadName)"
    }

    private func stamp(_ text: String) -> String { String(format: "[%6.1f s] ", t) + text }

    private func speedText(_ kmh: Double?) -> String {
        guard let kmh else { return "–" }
        return units == .metric ? String(format: "%.0f km/h", kmh) : String(format: "%.0f mph", kmh / 1.609344)
    }

    /// An arrow for a maneuver, as a banner icon.
    static func arrow(_ type: ManeuverType, _ modifier: ManeuverModifier?) -> String {
        if type == .arrive { return "⚑" }
        if [.roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary].contains(type) { return "↻" }
        switch modifier {
        case .uturn: return "↶"
        case .sharpLeft, .left: return "↰"
        case .slightLeft: return "↖"
        case .sharpRight, .right: return "↱"
        case .slightRight: return "↗"
        case .straight, .none: return "↑"
        }
    }

    /// A haptic pattern drawn as its rhythm: ● per tap, ━ per 100 ms of buzz, a space per
    /// 100 ms of pause.
    static func rhythm(_ pattern: HapticPattern) -> String {
        pattern.onOffMilliseconds.enumerated().map { i, ms in
            if i % 2 == 1 { return String(repeating: " ", count: max(1, ms / 100)) }
            return ms <= HapticPattern.transientMilliseconds ? "●" : String(repeating: "━", count: max(1, ms / 100))
        }.joined()
    }
}
