import Clocks
import Foundation
import GRDB
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavRouting
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// The navigation screen over whole simulated trips on a hand-drawn map: east along Rue
/// Basse, left into Rue Haute; Rue Droite goes on straight and loops back by Rue du Bout.
@MainActor @Suite struct NavigationModelTests {
    static let engine: RoutingEngine = {
        var map = GridMap()
        map.way([(0, 0), (0, 6)], ["highway": "secondary", "name": "Rue Basse"])
        map.way([(0, 6), (5, 6)], ["highway": "secondary", "name": "Rue Haute"])
        map.way([(0, 6), (0, 10)], ["highway": "secondary", "name": "Rue Droite"])
        map.way([(0, 10), (5, 10), (5, 6)], ["highway": "secondary", "name": "Rue du Bout"])
        return RoutingEngine(graph: try! GraphImporter(profile: .car).buildGraph(from: try! map.write()))
    }()

    static let start = Place(name: "Start", coordinate: GridMap.at(0, 0.2))
    static let corner = Place(name: "Le Coin", coordinate: GridMap.at(0, 5.5))
    static let end = Place(name: "La Fin", coordinate: GridMap.at(4.8, 6))

    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
    let provider = EngineRouteProvider(engine: NavigationModelTests.engine)

    func plan(_ places: [Place]) async throws -> TripPlan {
        try await TripPlan.make(places: places, avoid: [], provider: provider)
    }

    func model(store: AppStore?, provider: (any RouteProvider)? = nil) -> NavigationModel {
        NavigationModel(provider: provider ?? self.provider, store: store, clock: clock)
    }

    /// Drives the model with a simulator until it stops, following reroutes; returns every
    /// effect played and every phase passed through.
    /// `each` runs after every fix; it returns whether to wait for the reroutes in flight (a
    /// provider on a test clock only answers once the test has moved that clock far enough).
    func drive(_ model: NavigationModel, route: Route, options: SimulationOptions = SimulationOptions(),
               each: (Int) async -> Bool = { _ in true }) async throws
        -> (effects: [NavigationModel.Effect], phases: [NavigationModel.Phase])
    {
        var simulator = try RouteSimulator(route: route, options: options)
        var effects: [NavigationModel.Effect] = []
        var phases: [NavigationModel.Phase] = [model.state.phase]
        var followed = route
        var n = 0
        while let fix = simulator.next(), n < 2_000 {
            n += 1
            clock.set(to: fix.timestamp)
            model.send(.fix(fix))
            if await each(n) { await model.settled() }
            if let current = model.route, current != followed {
                followed = current
                try simulator.follow(current)
            }
            effects += model.takeEffects()
            if phases.last != model.state.phase { phases.append(model.state.phase) }
        }
        return (effects, phases)
    }

    @Test func consentIsAskedOnceAndDeclinedTripsAreNotRecorded() async throws {
        let store = try AppStore.inMemory()
        let model = model(store: store)
        let plan = try await plan([Self.start, Self.end])
        model.start(plan)
        #expect(model.state.phase == .awaitingConsent)
        #expect(model.state.disclosure?.accept == "I Agree" && model.state.disclosure?.decline == "No thanks")
        #expect(model.state.disclosure?.text.contains("nothing is sent") == true)
        model.send(.fix(LocationFix(coordinate: Self.start.coordinate, horizontalAccuracy: 5, timestamp: clock.now)))
        #expect(model.state.phase == .awaitingConsent, "no guidance before the answer")
        model.send(.consent(granted: false))
        #expect(model.state.phase == .navigating && !model.state.isRecording && model.state.disclosure == nil)
        #expect(try store.consent == .denied)
        let (_, phases) = try await drive(model, route: plan.route)
        #expect(phases.last == .arrived && model.state.notice == "Destination reached")
        #expect(try store.trips().isEmpty)
        // Asked once: the next trip starts at once.
        model.start(plan)
        #expect(model.state.phase == .navigating)
    }

    @Test func agreedTripsAreRecordedAndNamed() async throws {
        let store = try AppStore.inMemory()
        let model = model(store: store)
        let plan = try await plan([Self.start, Self.end])
        model.start(plan)
        model.send(.consent(granted: true))
        #expect(model.state.isRecording)
        _ = try await drive(model, route: plan.route)
        let trips = try store.trips()
        #expect(trips.count == 1 && trips.first?.destinationName == "La Fin" && trips.first?.originName == "Start")
        #expect(!model.state.isRecording)
    }

    @Test func aStoreThatFailsStopsTheRecordingVisiblyNotTheTrip() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gemnav-failing-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try AppStore(path: path)
        // Another connection makes every fix written fail, as a full disk would.
        try await DatabaseQueue(path: path).write {
            try $0.execute(sql: "CREATE TRIGGER fail BEFORE INSERT ON fix BEGIN SELECT RAISE(FAIL, 'disk is full'); END")
        }
        let model = model(store: store)
        let plan = try await plan([Self.start, Self.end])
        model.start(plan)
        model.send(.consent(granted: true))
        #expect(model.state.isRecording && model.state.recordingProblem == nil)
        let (_, phases) = try await drive(model, route: plan.route)
        #expect(phases.last == .arrived, "guidance went on to the end")
        #expect(!model.state.isRecording)
        let problem = try #require(model.state.recordingProblem)
        #expect(problem.contains("disk is full") && problem.contains("not saved"))
        // The next trip tries again.
        model.start(plan)
        #expect(model.state.recordingProblem == nil && model.state.isRecording)
    }

    @Test func spokenPromptsInEveryModeVibrationInPocketModeOnly() async throws {
        let plan = try await plan([Self.start, Self.end])
        var spoken: [GuidanceModeCount] = []
        for mode in NavigationModel.GuidanceMode.allCases {
            let model = NavigationModel(provider: provider, store: nil, clock: clock, mode: mode)
            model.start(plan)
            let (effects, _) = try await drive(model, route: plan.route)
            spoken.append(GuidanceModeCount(mode: mode, effects: effects))
        }
        #expect(spoken.allSatisfy { $0.speech > 0 })
        #expect(spoken.map(\.vibrations) == [0, 0, spoken[2].vibrations] && spoken[2].vibrations > 0)
        #expect(spoken[2].patterns.contains(.left) && spoken[2].patterns.last == .arrival)
    }

    @Test func mutedAndBackgroundedPocketModeSpeaksNothingAndCannotVibrate() async throws {
        let plan = try await plan([Self.start, Self.end])
        let model = NavigationModel(provider: provider, store: nil, clock: clock, mode: .haptic)
        model.start(plan)
        model.send(.toggleMute)
        let (muted, _) = try await drive(model, route: plan.route) { n in
            if n == 3 { model.send(.background(true)) }
            return true
        }
        #expect(muted.isEmpty, "muted, in a background tab that cannot vibrate: nothing plays")
        let hidden = NavigationModel(provider: provider, store: nil, clock: clock, mode: .haptic)
        hidden.start(plan)
        hidden.send(.background(true))
        let (effects, _) = try await drive(hidden, route: plan.route)
        #expect(!effects.contains { if case .vibrate = $0 { true } else { false } })
        #expect(effects.contains(.speak("Turn left onto Rue Haute")) || effects.contains { if case .speak(let t) = $0 { t.contains("left") } else { false } })
    }

    @Test func stopAsksToContinueAndGoesOn() async throws {
        let plan = try await plan([Self.start, Self.corner, Self.end])
        let model = model(store: nil)
        model.start(plan)
        var asked: String?
        let (_, phases) = try await drive(model, route: plan.route) { _ in
            if model.state.phase == .atStop, asked == nil {
                asked = model.state.stopQuestion
                model.send(.continueToNextStop)
            }
            return true
        }
        #expect(asked == "Arrived at Le Coin — continue to the next stop?")
        #expect(phases.last == .arrived)
        #expect(model.state.stopQuestion == nil)
    }

    @Test func missedTurnReroutesWhileFixesKeepComing() async throws {
        let gate = Gate()
        let slow = SlowEngine(engine: provider, gate: gate)
        let plan = try await plan([Self.start, Self.end])
        let model = model(store: nil, provider: slow)
        model.start(plan)
        var options = SimulationOptions()
        options.missedTurn = 1
        var notices: [String] = []
        var askedAt: Int?
        let (_, phases) = try await drive(model, route: plan.route, options: options) { n in
            if let notice = model.state.notice, notices.last != notice { notices.append(notice) }
            // The provider answers three fixes after the request; meanwhile the fixes keep
            // coming and the model must not wait for it.
            if askedAt == nil, model.state.notice == "Rerouting…" { askedAt = n }
            guard let askedAt else { return true }
            if n - askedAt < 3 { return false }
            await gate.open()
            return true
        }
        if let notice = model.state.notice, notices.last != notice { notices.append(notice) }
        #expect(notices.starts(with: ["Rerouting…", "New route"]))
        #expect(phases.last == .arrived)
        #expect(model.route?.legs.first?.steps.contains { $0.name == "Rue du Bout" } == true)
        #expect(slow.calls.count == 1)
    }
}

/// Effects of one mode's trip, counted.
struct GuidanceModeCount {
    let mode: NavigationModel.GuidanceMode
    let effects: [NavigationModel.Effect]
    var speech: Int { effects.filter { if case .speak = $0 { true } else { false } }.count }
    var patterns: [HapticPatternKind] { effects.compactMap { if case .vibrate(let p) = $0 { p.kind } else { nil } } }
    var vibrations: Int { patterns.count }
}

/// The engine, answering only once the test opens its gate, counting its calls.
final class SlowEngine: RouteProvider, @unchecked Sendable {
    // @unchecked: `seen` is only touched under `lock`.
    private let lock = NSLock()
    private var seen: [RouteQuery] = []
    let engine: EngineRouteProvider
    let gate: Gate
    var name: String { "the slow engine" }

    init(engine: EngineRouteProvider, gate: Gate) {
        (self.engine, self.gate) = (engine, gate)
    }

    var calls: [RouteQuery] { lock.withLock { seen } }

    func routes(for query: RouteQuery) async throws -> [Route] {
        lock.withLock { seen.append(query) }
        await gate.wait()
        return try await engine.routes(for: query)
    }
}
