import Clocks
import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavRouting
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// The whole app driven as a person uses it, on the embedded Monaco map: search "casino",
/// choose the second route, start, agree to recording, switch to the pocket mode, miss a turn,
/// get a new route, arrive. The sequence of what the screens show is compared with a reviewed
/// snapshot (`Golden/monaco-app-trip.txt`; `GEMNAV_RECORD_GOLDEN=1` rewrites it).
@MainActor @Suite struct WholeAppTripTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/monaco-app-trip.txt")
    /// La Condamine, by the port.
    static let start = Coordinate(latitude: 43.7316, longitude: 7.4190)

    @Test func searchToArrivalOnMonaco() async throws {
        let data = try MonacoData.data.get()
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
        let timer = TestClock()
        let store = try AppStore.inMemory()
        let engine = EngineRouteProvider(engine: try data.loadEngine())
        let index = try #require(try data.loadSearchIndex())
        let app = AppComposition.build(AppComposition.Environment(
            providers: [.car: engine], places: IndexPlaceSearch(index: index), store: store,
            settings: InMemorySettings(), clock: clock, timer: timer, centre: index.centre, timeZone: .gmt))
        var log = ScreenLog()

        app.map.send(.permissionChanged(.whenInUse))
        app.send(.located(LocationFix(coordinate: Self.start, horizontalAccuracy: 5, timestamp: clock.now)))
        app.send(.open(.search))
        for prefix in ["c", "ca", "cas", "casi", "casin", "casino"] { app.search.send(.typed(prefix)) }
        await timer.advance(by: .seconds(1))
        await app.search.settled()
        log.record(app)
        let casino = try #require(app.search.state.results.first { $0.name == "Casino de Monte Carlo" })
        app.search.send(.picked(casino))
        app.send(.directions)
        await app.planning.settled()
        log.record(app)
        try #require(app.planning.state.routes.count >= 2, "Monaco offers an alternative for this trip")
        app.planning.send(.select(1))
        log.record(app)
        app.send(.startNavigation)
        log.record(app)
        #expect(app.navigation.state.phase == .awaitingConsent)
        app.navigation.send(.consent(granted: true))
        log.record(app)

        var options = SimulationOptions()
        options.missedTurn = 2
        options.noiseMeters = 4
        options.seed = 5
        let chosen = try #require(app.navigation.route)
        var simulator = try RouteSimulator(route: chosen, options: options)
        var followed = chosen
        var effects: [NavigationModel.Effect] = []
        var n = 0
        while let fix = simulator.next(), n < 3_000 {
            n += 1
            clock.set(to: fix.timestamp)
            if n == 20 { app.navigation.send(.setMode(.haptic)) }
            app.send(.located(fix))
            log.record(app)
            await app.navigation.settled()
            if let route = app.navigation.route, route != followed {
                followed = route
                try simulator.follow(route)
            }
            let played = app.navigation.takeEffects()
            effects += played
            log.record(app, effects: played)
        }
        #expect(app.navigation.state.phase == .arrived && app.navigation.state.notice == "Destination reached")
        #expect(effects.contains(.vibrate(HapticPattern.pattern(for: .arrival))))
        #expect(try store.trips().count == 1)
        try log.check(against: Self.golden)
    }
}

/// One line per change of what the screens show: every field of the visible screen's view
/// state (and of the map's, which is always under it), and the effects played in between.
struct ScreenLog {
    private(set) var lines: [String] = []
    private var shown = ""

    @MainActor
    mutating func record(_ app: AppModel, effects: [NavigationModel.Effect] = []) {
        for effect in effects {
            switch effect {
            case .speak(let text): lines.append("  speak: \(text)")
            case .vibrate(let pattern): lines.append("  vibrate: \(pattern.kind)")
            }
        }
        let m = app.map.state
        let at = m.position.map { String(format: "%.5f,%.5f", $0.latitude, $0.longitude) } ?? "-"
        var parts = ["\(app.screen.rawValue)", "map: at \(at) course=\(m.course.map { String(Int($0.rounded())) } ?? "-") \(m.permission) follow=\(m.isFollowing) recenter=\(m.showsRecenter)"
            + " \(m.lifecycle) zoom=\(m.zoom) camera=\(Self.camera(m.camera))#\(m.cameraRevision)"
            + " notice=\(m.notice ?? "-") message=\(app.message ?? "-")"]
        switch app.screen {
        case .search:
            let s = app.search.state
            parts.append("query=\(s.query) searching=\(s.isSearching) category=\(s.category?.rawValue ?? "-")"
                + " destination=\(s.destination?.name ?? "-") message=\(s.message ?? "-")")
            parts.append("results=\(s.results.map(\.label).joined(separator: " | "))")
            parts.append("suggestions=\(s.suggestions.map(\.name).joined(separator: " | "))")
        case .planning:
            let p = app.planning.state
            parts.append("phase=\(p.phase) mode=\(p.mode.rawValue) avoid=\(p.avoid.rawValue) from=\(p.origin?.name ?? "here")"
                + " to=\(p.destination?.name ?? "-") stops=\(p.stops.map(\.name)) selected=\(p.selected)")
            parts.append("routes=" + p.routes.map {
                "\($0.durationText)/\($0.distanceText)/arrive \($0.arrivalText)/via \($0.via)"
            }.joined(separator: " ; "))
        case .navigation:
            let n = app.navigation.state, v = n.screen
            parts.append("phase=\(n.phase) trip=\(v.tripState) mode=\(n.mode.rawValue) muted=\(n.isMuted)"
                + " to=\(n.destinationName) disclosure=\(n.disclosure?.title ?? "-")")
            parts.append("banner=" + (v.banner.map { b in
                "\(b.icon.rawValue) \(b.instruction) in \(b.distanceText)"
                    + (b.next.map { " then \(b.nextIcon?.rawValue ?? "") \($0)" } ?? "")
                    + (b.lanes.isEmpty ? "" : " lanes=" + b.lanes.map { ($0.isActive ? "*" : "") + $0.directions }.joined(separator: "|"))
            } ?? "-"))
            parts.append("street=\(v.street) speed=\(v.speedText ?? "-") limit=\(v.limitText ?? "-") over=\(v.isOverLimit)"
                + " offRoute=\(v.isOffRoute)")
            parts.append("left=\(v.remainingDistanceText) \(v.remainingTimeText) arrive \(v.arrivalText)")
            parts.append("notice=\(n.notice ?? "-") stop=\(n.stopQuestion ?? "-") faster=\(n.fasterRoute ?? "-")"
                + " recording=\(n.isRecording) problem=\(n.recordingProblem ?? "-")")
        default:
            break
        }
        let line = parts.joined(separator: " · ")
        if shown != line { lines.append(line) }
        shown = line
    }

    private static func camera(_ camera: MapCamera?) -> String {
        switch camera {
        case .place(let c, let zoom): String(format: "place %.5f,%.5f z%.0f", c.latitude, c.longitude, zoom)
        case .fit(let box, let zoom):
            String(format: "fit %.4f,%.4f-%.4f,%.4f z≤%.0f", box.min.latitude, box.min.longitude, box.max.latitude,
                   box.max.longitude, zoom)
        case nil: "-"
        }
    }

    func check(against url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["GEMNAV_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let want = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(got.count, want.count)).first { got[$0] != want[$0] }
        if let i = first ?? (got.count == want.count ? nil : min(got.count, want.count)) {
            Issue.record("""
                screen \(i + 1) differs from \(url.lastPathComponent) (GEMNAV_RECORD_GOLDEN=1 rewrites it):
                  golden: \(i < want.count ? String(want[i]) : "<end>")
                  got:    \(i < got.count ? String(got[i]) : "<end>")
                """, sourceLocation: sourceLocation)
        }
    }
}
