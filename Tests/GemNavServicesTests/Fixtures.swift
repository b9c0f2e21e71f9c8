import Foundation
import GemNavServices
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavRouting

/// Map data built once per test run (graph and search index in a temporary directory) and
/// shared by every test: imports are the slow part.
enum Fixtures {
    /// The package root, from this file's path.
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The repository's embedded extract.
    static let monacoFile = repoRoot.appendingPathComponent("Data/monaco.osm.pbf")
    /// repoRoot/../shared/data/osm/porto_portugal.osm.pbf (not in the repository).
    static let portoFile = repoRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/data/osm/porto_portugal.osm.pbf")

    static let monaco = Result { try build("monaco", from: monacoFile, search: true) }
    static let monacoEngine = Result { try monaco.get().loadEngine() }

    /// Nil when the Porto extract is absent (tests using it are skipped).
    static let portoAvailable = FileManager.default.fileExists(atPath: portoFile.path)
    static let portoEngine = Result { try build("porto", from: portoFile, search: false).loadEngine() }

    /// Imports `source` (car profile) into a fresh temporary directory.
    static func build(_ name: String, from source: URL, search: Bool) throws -> MapData {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("gemnav-services-tests-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: dir)
        let data = MapData(directory: dir)
        _ = try GraphImporter(profile: .car).importGraph(from: source, to: dir)
        if search { try SearchIndexImport.build(from: source, to: data.searchIndexURL, progress: { _, _ in }) }
        return data
    }

    /// A provider on `engine` with English metric guidance.
    static func provider(_ engine: Result<RoutingEngine, any Error>) throws -> EngineRouteProvider {
        EngineRouteProvider(engine: try engine.get())
    }
}

/// A whole trip as the CLI runs it: fixes, updates, and the route finally followed.
struct Trip {
    var fixes: [LocationFix] = []
    var updates: [NavigationUpdate] = []
    var finalRoute: Route?

    /// Events with the time of their update.
    var events: [(t: Double, event: NavigationEvent)] { updates.flatMap { u in u.events.map { (u.t, $0) } } }

    func count(_ type: String) -> Int { events.filter { $0.event.type == type }.count }

    /// Drives `route` with a simulator through a `TripPlayer`, rerouting with `provider`. The
    /// car follows `driven` when given (the same drive guided by a copy of the route), else `route`.
    static func simulate(_ route: Route, drivenAlong driven: Route? = nil, provider: (any RouteProvider)?,
                         noise: Double = 10, seed: UInt64 = 7, missedTurn: Int? = nil, avoid: AvoidOptions = [],
                         settings: NavigationSettings = NavigationSettings()) async throws -> Trip
    {
        var simulation = SimulationOptions()
        simulation.noiseMeters = noise
        simulation.seed = seed
        simulation.missedTurn = missedTurn
        let player = try TripPlayer(route: route, settings: settings, avoid: avoid,
                                    source: .simulator(try RouteSimulator(route: driven ?? route, options: simulation)),
                                    reroute: provider?.rerouter)
        let recording = await player.record()
        return Trip(fixes: recording.fixes, updates: recording.updates, finalRoute: player.session.route)
    }
}
