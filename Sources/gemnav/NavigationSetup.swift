import ArgumentParser
import Foundation
import GemNavApp
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavRouting

/// A trip ready to run: the player, and what to tell the user about it.
struct PreparedTrip {
    let player: TripPlayer
    let summary: String
    let originName: String
    let destinationName: String
}

/// Turns `navigate`'s options into a prepared trip: data, places, provider, first route, fixes.
struct NavigationSetup {
    let command: NavigateCommand

    func prepare() throws -> PreparedTrip {
        let c = command
        let avoid = AvoidOptions(list: c.avoid) ?? []
        let guidanceUnits = DistanceUnits(rawValue: c.units) ?? .metric
        let guidance = GuidanceOptions(language: c.language, units: guidanceUnits)
        let recorded = try c.gpx.map(readTrack)
        let data = try c.dataOptions.mapData()
        let engine = try CLIError.wrap { try data.loadEngine() }
        let places = try resolvePlaces(data: data, firstFix: recorded?.first)
        let provider: RouteProvider
        if let server = c.server {
            guard let url = URL(string: server), url.scheme != nil else {
                throw ValidationError("--server must be a URL such as http://localhost:5000.")
            }
            provider = OSRMHTTPRouteProvider(baseURL: url)
        } else {
            provider = EngineRouteProvider(engine: engine, guidance: guidance)
        }
        let route = try CLIError.wrap {
            try provider.route(from: places[0].coordinate, heading: nil, to: places.dropFirst().map(\.coordinate),
                               avoid: avoid)
        }
        var settings = NavigationSettings()
        settings.units = guidanceUnits
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
            source = .simulator(try CLIError.wrap { try RouteSimulator(route: route, options: options) })
        }
        let player = try CLIError.wrap {
            try TripPlayer(route: route, settings: settings, provider: provider, avoid: avoid, source: source)
        }
        let stops = places.map(\.name).joined(separator: " → ")
        let avoiding = avoid.isEmpty ? "" : ", avoiding \(avoid.words)"
        let mode = recorded.map { "GPX replay (\($0.count) points)" } ?? "simulated drive"
        let summary = "\(stops)\n" + String(format: "%.1f km, ", route.distance / 1000)
            + "\(DisplayFormatter(language: c.language, units: guidanceUnits).duration(route.duration))\(avoiding) · \(mode)"
        return PreparedTrip(player: player, summary: summary, originName: places[0].name,
                            destinationName: places[places.count - 1].name)
    }

    private func readTrack(_ path: String) throws -> [LocationFix] {
        let text = try CLIError.wrap { try String(contentsOfFile: path, encoding: .utf8) }
        return try CLIError.wrap { try GPXTrack.fixes(from: text) }
    }

    private func resolvePlaces(data: MapData, firstFix: LocationFix?) throws -> [ResolvedPlace] {
        let c = command
        let texts = [c.from].compactMap { $0 } + c.via + [c.to]
        let needsSearch = texts.contains { Coordinate(latLonString: $0) == nil }
        let index = needsSearch ? try CLIError.wrap { try data.loadSearchIndex() } : nil
        let resolver = PlaceResolver(index: index, indexPath: data.searchIndexURL.path)
        var places = try CLIError.wrap { try resolver.resolve(all: texts) }
        if c.from == nil, let first = firstFix {
            places.insert(ResolvedPlace(coordinate: first.coordinate, name: "GPX start"), at: 0)
        }
        return places
    }
}
