import ArgumentParser
import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavRouting
import GemNavSearch
import GemNavServices
import GemNavStorage

/// A trip ready to run on the app core: the places it visits, the app's environment, and where
/// its fixes come from.
struct PreparedTrip {
    /// Where the fixes come from.
    enum Fixes {
        /// A simulated driver on the route the app plans (and on every new route after a reroute).
        case simulate(SimulationOptions)
        /// A recorded track, fed as it is.
        case replay([LocationFix])
    }

    let places: [Place]
    let avoid: AvoidOptions
    let environment: AppComposition.Environment
    /// The clock the trip runs on: set to each fix's time, so a trip is deterministic.
    let clock: ManualClock
    let fixes: Fixes
    /// "simulated drive" or "GPX replay (N points)".
    let mode: String
}

/// Turns `navigate`'s options into a prepared trip: data, places, routing, settings, fixes.
struct NavigationSetup {
    let command: NavigateCommand
    /// The store trips are recorded in (nil: never record).
    let store: AppStore?
    /// Hears about routing: which provider answers when a server is chosen (it falls back to
    /// the engine), and what the server turned out to be.
    let notice: @Sendable (String) -> Void

    func prepare() async throws -> PreparedTrip {
        let c = command
        let units = DistanceUnits(rawValue: c.units) ?? .metric
        let recorded = try c.gpx.map(readTrack)
        let data = try c.dataOptions.mapData()
        let engine = try CLIError.wrap { try data.loadEngine() }
        let index = try CLIError.wrap { try data.loadSearchIndex() }
        var places = try CLIError.wrap { try data.placeResolver(for: c.placeTexts).resolve(all: c.placeTexts) }
        let provider = try await self.provider(engine: engine, guidance: GuidanceOptions(language: c.language, units: units),
                                               near: places[0].coordinate)
        if c.from == nil, let first = recorded?.first {
            places.insert(Place(name: "GPX start", coordinate: first.coordinate), at: 0)
        }
        var settings = AppSettings()
        settings.units = units
        settings.language = c.language
        settings.guidanceMode = try c.guidanceMode()
        let fixes: PreparedTrip.Fixes
        let start: Date
        if let recorded {
            fixes = .replay(recorded)
            start = recorded.first?.timestamp ?? Date(timeIntervalSince1970: 0)
        } else {
            var options = SimulationOptions()
            options.speedFactor = c.speedFactor
            options.noiseMeters = c.noise
            options.seed = c.seed
            options.missedTurn = c.missTurn
            fixes = .simulate(options)
            start = options.start
        }
        let clock = ManualClock(start: start)
        let environment = AppComposition.Environment(
            providers: [.car: provider], places: index.map(IndexPlaceSearch.init) ?? NoPlaceSearch(), store: store,
            settings: InMemorySettings(settings), clock: clock, centre: places[0].coordinate,
            supportLog: c.storeOptions.supportLog())
        let mode = recorded.map { "GPX replay (\($0.count) points)" } ?? "simulated drive"
        return PreparedTrip(places: places, avoid: AvoidOptions(list: c.avoid) ?? [], environment: environment,
                            clock: clock, fixes: fixes, mode: mode)
    }

    /// The embedded engine, or the chosen server with the engine as its fallback. With
    /// `--server-kind auto` the server is asked what it speaks (near `point`); one that does
    /// not answer is taken for OSRM, the engine routing until it does.
    private func provider(engine: RoutingEngine, guidance: GuidanceOptions, near point: Coordinate) async throws
        -> any RouteProvider
    {
        let embedded = EngineRouteProvider(engine: engine, guidance: guidance)
        guard let server = command.server else { return embedded }
        guard let url = URL(string: server), url.scheme != nil else {
            throw ValidationError("--server must be a URL such as http://localhost:5000.")
        }
        var kind = RoutingServerKind(rawValue: command.serverKind) ?? .osrm
        if command.serverKind == "auto" {
            switch await ServerProbe().examine(url, near: point) {
            case .server(let found): kind = found
            case .problem(let why): notice("\(why) Taking it for an OSRM server; the embedded engine routes meanwhile.")
            }
        }
        return FallbackRouteProvider(primary: kind.provider(at: url, valhalla: .auto, guidance: guidance), fallback: embedded,
                                     onChange: { notice($0.notice) })
    }

    private func readTrack(_ path: String) throws -> [LocationFix] {
        let text = try CLIError.wrap { try String(contentsOfFile: path, encoding: .utf8) }
        return try CLIError.wrap { try GPXTrack.fixes(from: text) }
    }
}

/// A data set without a search index: places were given as coordinates, nothing is searched.
private struct NoPlaceSearch: PlaceSearching {
    func search(_ text: String, near: Coordinate?, limit: Int) async throws -> [Place] { [] }
    func nearest(_ category: SearchCategory, near: Coordinate?, limit: Int) async -> [Place] { [] }
    func reverse(_ coordinate: Coordinate) async -> Place? { nil }
}
