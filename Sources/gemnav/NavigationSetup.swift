import ArgumentParser
import Foundation
import GemNavServices
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavRouting

/// A trip ready to run: its plan, the player, and what to tell the user about it.
struct PreparedTrip {
    let plan: TripPlan
    let player: TripPlayer
    let summary: String
}

/// Turns `navigate`'s options into a prepared trip: data, places, provider, first route, fixes.
struct NavigationSetup {
    let command: NavigateCommand
    /// Hears which provider answers when a server is chosen (it falls back to the engine).
    let onRoutingChange: @Sendable (RoutingSource) -> Void

    func prepare() async throws -> PreparedTrip {
        let c = command
        let avoid = AvoidOptions(list: c.avoid) ?? []
        let units = DistanceUnits(rawValue: c.units) ?? .metric
        let format = DisplayFormatter(language: c.language, units: units)
        let recorded = try c.gpx.map(readTrack)
        let data = try c.dataOptions.mapData()
        let engine = try CLIError.wrap { try data.loadEngine() }
        let provider = try self.provider(engine: engine, guidance: GuidanceOptions(language: c.language, units: units))
        var places = try CLIError.wrap { try data.placeResolver(for: c.placeTexts).resolve(all: c.placeTexts) }
        if c.from == nil, let first = recorded?.first {
            places.insert(Place(name: "GPX start", coordinate: first.coordinate), at: 0)
        }
        let plan = try await CLIError.wrap { try await TripPlan.make(places: places, avoid: avoid, provider: provider) }
        var settings = NavigationSettings()
        settings.units = units
        settings.language = c.language
        settings.channels = try c.channels()
        let source: FixSource
        if let recorded {
            source = .recorded(recorded)
        } else {
            var options = SimulationOptions()
            options.speedFactor = c.speedFactor
            options.noiseMeters = c.noise
            options.seed = c.seed
            options.missedTurn = c.missTurn
            source = .simulator(try CLIError.wrap { try RouteSimulator(route: plan.route, options: options) })
        }
        let player = try CLIError.wrap {
            try TripPlayer(route: plan.route, settings: settings, avoid: avoid, source: source,
                           reroute: provider.rerouter)
        }
        let mode = recorded.map { "GPX replay (\($0.count) points)" } ?? "simulated drive"
        return PreparedTrip(plan: plan, player: player, summary: plan.summary(format) + " · \(mode)")
    }

    /// The embedded engine, or the chosen server with the engine as its fallback.
    private func provider(engine: RoutingEngine, guidance: GuidanceOptions) throws -> any RouteProvider {
        let embedded = EngineRouteProvider(engine: engine, guidance: guidance)
        guard let server = command.server else { return embedded }
        guard let url = URL(string: server), url.scheme != nil else {
            throw ValidationError("--server must be a URL such as http://localhost:5000.")
        }
        return FallbackRouteProvider(primary: OSRMHTTPRouteProvider(baseURL: url), fallback: embedded,
                                     onChange: onRoutingChange)
    }

    private func readTrack(_ path: String) throws -> [LocationFix] {
        let text = try CLIError.wrap { try String(contentsOfFile: path, encoding: .utf8) }
        return try CLIError.wrap { try GPXTrack.fixes(from: text) }
    }
}
