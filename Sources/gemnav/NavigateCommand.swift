import ArgumentParser
import Foundation
import GemNavServices
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavRouting
import GemNavStorage

/// `gemnav navigate`: turn-by-turn guidance along a route, driven by a simulated user or by a
/// recorded GPX track, shown live in the terminal and optionally logged as JSON lines.
struct NavigateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigate", abstract: "Navigate a route: a simulated drive (--simulate) or a GPX replay (--gpx).",
        discussion: """
            Modes:
              --simulate   A simulated user drives the route at the planned road speeds (× --speed-factor), \
            with seeded GPS noise (--noise, --seed). --miss-turn K makes it drive straight past the K-th turn; \
            the session detects it, reroutes from the current position and heading, and the user follows the \
            new route. At each --via stop it waits a few seconds and goes on by itself.
              --gpx FILE   Real-world replay: the track points of FILE are fed to the session as GPS fixes, in \
            order, with their own times. --from defaults to the first track point.

            On a terminal the view is redrawn in place (banner, distances, ETA, speed and limit, next maneuver, \
            haptic cues as they fire) above a log of events; otherwise one line is printed per event. By default \
            the trip runs as fast as possible; --realtime waits between fixes.

            Recording: with consent (`gemnav consent grant`) the fixes are saved as a trip (`gemnav trips`). \
            While consent is undecided navigate refuses to start unless --no-record is given; when denied, \
            nothing is recorded.
            """)

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "Start: LAT,LON or a place name (default with --gpx: the first track point).")
    var from: String?
    @Option(help: "Destination: LAT,LON or a place name.")
    var to: String
    @Option(help: "A stop on the way, LAT,LON or a name (repeatable, in order).")
    var via: [String] = []

    @Flag(help: "Drive the route with a simulated user.")
    var simulate = false
    @Option(help: "Replay the track points of this GPX file as GPS fixes.")
    var gpx: String?
    @Option(help: "Simulation: multiplies the planned road speeds.")
    var speedFactor: Double = 1
    @Option(help: "Simulation: GPS noise, metres (standard deviation per axis).")
    var noise: Double = 0
    @Option(help: "Simulation: drive straight past the K-th turn (1-based) and reroute.")
    var missTurn: Int?
    @Option(help: "Simulation: seed of the GPS noise.")
    var seed: UInt64 = 1
    @Flag(help: "Wait between fixes as a real trip would (simulation: 1 s per fix; GPX: the track's times).")
    var realtime = false

    @Option(help: "Guidance channels, comma-separated: visual, voice, haptic.")
    var mode: String = "visual,voice"
    @Flag(help: "Speak voice prompts with espeak-ng.")
    var speak = false
    @Option(help: "Write every event as JSON lines to this file.")
    var events: String?
    @Option(help: "Road kinds to avoid (kept on reroutes): tolls,motorways,ferries.")
    var avoid: String = ""
    @Option(help: "metric or imperial.")
    var units: String = "metric"
    @Option(help: "Instruction language: en or fr.")
    var language: String = "en"
    @Option(help: ArgumentHelp("Route with a server at this URL (OSRM-compatible or Valhalla) instead of the embedded engine.",
                               discussion: "The embedded engine answers while the server is down or slow."))
    var server: String?
    @Option(help: "What --server speaks: auto (asks it), osrm or valhalla.")
    var serverKind: String = "auto"
    @Flag(help: "Do not record this trip, whatever the consent.")
    var noRecord = false

    func validate() throws {
        guard simulate != (gpx != nil) else { throw ValidationError("Give exactly one of --simulate or --gpx FILE.") }
        guard from != nil || gpx != nil else { throw ValidationError("--from is required with --simulate.") }
        guard speedFactor > 0, speedFactor <= 20 else { throw ValidationError("--speed-factor must be in (0, 20].") }
        guard noise >= 0, noise <= 200 else { throw ValidationError("--noise must be 0 to 200 metres.") }
        if let k = missTurn, k < 1 { throw ValidationError("--miss-turn counts turns from 1.") }
        guard AvoidOptions(list: avoid) != nil else {
            throw ValidationError("Unknown --avoid value '\(avoid)'. Use a comma-separated list of tolls, motorways, ferries.")
        }
        guard DistanceUnits(rawValue: units) != nil else { throw ValidationError("--units is metric or imperial.") }
        guard serverKind == "auto" || RoutingServerKind(rawValue: serverKind) != nil else {
            throw ValidationError("--server-kind is auto, osrm or valhalla.")
        }
        _ = try channels()
    }

    /// `--from` (when given), each `--via`, then `--to`.
    var placeTexts: [String] { [from].compactMap { $0 } + via + [to] }

    func run() async throws {
        // Decide about recording before any work, so an undecided consent fails fast.
        let store = noRecord ? nil : try storeWithConsentDecided()
        let notices = Notices()
        let trip = try await NavigationSetup(command: self, store: store, notice: { notices.post($0) })
            .prepare()
        try await drive(trip, notices: notices)
    }

    /// Runs the trip on the app core, showing it on the terminal.
    @MainActor
    private func drive(_ prepared: PreparedTrip, notices: Notices) async throws {
        let channels = try channels()
        let units = DistanceUnits(rawValue: self.units) ?? .metric
        let eventFile = try events.map { try EventFile(path: $0, units: units, language: language) }
        let speech = speak ? EspeakSpeech(language: language) : nil
        let view = LiveView(terminal: isatty(STDOUT_FILENO) != 0, voice: channels.contains(.voice),
                            haptic: channels.contains(.haptic))
        let trip = TerminalTrip(prepared)
        let plan = try await trip.start(muted: !channels.contains(.voice))
        view.header(plan.summary(DisplayFormatter(language: language, units: units)) + " · \(prepared.mode)")
        if let note = speech?.unavailableNote { view.note(note) }
        let store = prepared.environment.store
        if let store {
            view.note(trip.app.navigation.state.isRecording ? "Recording: on (\(store.path))." : "Recording: off (consent denied).")
        }
        let arrived = try await trip.run(realtime: realtime) { _, updates, effects in
            for notice in notices.drain() { view.note(notice) }
            try eventFile?.write(updates)
            view.show(updates, screen: trip.app.navigation.state.screen)
            for effect in effects { effect.play(speech: speech, haptics: view) }
        }
        try eventFile?.close()
        view.finish(arrived: arrived)
        if let store, (try? store.consent) == .granted, let recorded = try CLIError.wrap({ try store.trips().first }) {
            let km = String(format: "%.1f", (recorded.distance ?? 0) / 1000)
            view.note("Recorded trip \(recorded.id): \(recorded.fixCount) fixes, \(km) km "
                + "(gemnav trips export \(recorded.id) --gpx FILE).")
        }
    }

    /// The app store, refusing to start while recording consent is undecided.
    private func storeWithConsentDecided() throws -> AppStore {
        let store = try storeOptions.open()
        guard (try CLIError.wrap { try store.consent }) == .awaiting else { return store }
        throw CLIError(description: """
            Location recording consent has not been given yet (store: \(store.path)).
            Decide once with `gemnav consent grant` (record trips) or `gemnav consent deny`, \
            or pass --no-record to navigate without recording.
            """)
    }

    /// The guidance mode a trip starts in: the pocket mode when `--mode` has haptic, else the
    /// visual one when it has visual, else the voice one.
    func guidanceMode() throws -> NavigationModel.GuidanceMode {
        let channels = try channels()
        return channels.contains(.haptic) ? .haptic : channels.contains(.visual) ? .visual : .voice
    }

    /// The guidance channels named by `--mode`.
    func channels() throws -> GuidanceChannels {
        var channels: GuidanceChannels = []
        for word in mode.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            switch word {
            case "visual": channels.insert(.visual)
            case "voice": channels.insert(.voice)
            case "haptic": channels.insert(.haptic)
            default: throw ValidationError("Unknown --mode '\(word)'. Use visual, voice, haptic or a comma-separated mix.")
            }
        }
        guard !channels.isEmpty else { throw ValidationError("--mode needs at least one of visual, voice, haptic.") }
        return channels
    }
}

/// Notices posted from any task (the routing fallback's), shown by the trip loop between fixes.
final class Notices: @unchecked Sendable {
    // @unchecked: `pending` is only touched under `lock`.
    private let lock = NSLock()
    private var pending: [String] = []

    func post(_ text: String) { lock.withLock { pending.append(text) } }

    func drain() -> [String] {
        lock.withLock {
            defer { pending = [] }
            return pending
        }
    }
}
