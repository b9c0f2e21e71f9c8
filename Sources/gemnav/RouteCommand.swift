import ArgumentParser
import Foundation
import GemNavServices
import GemNavCore
import GemNavOSRM
import GemNavGuidance
import GemNavRouting

/// `gemnav route`: the route(s) between places with full turn-by-turn guidance.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route", abstract: "Find the fastest route (and alternatives) with turn-by-turn instructions.",
        discussion: """
            Formats: text (a table of instructions), json (an OSRM v5 response with steps, voice and banner \
            instructions), geojson (route lines and maneuver points).
            """)

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Start: LAT,LON or a place name.")
    var from: String

    @Option(help: "Destination: LAT,LON or a place name.")
    var to: String

    @Option(help: "A stop on the way, LAT,LON or a name (repeatable, in order).")
    var via: [String] = []

    @Option(help: "Number of alternative routes (0-3).")
    var alternatives: Int = 0

    @Option(help: "Road kinds to avoid: tolls,motorways,ferries.")
    var avoid: String = ""

    @Option(help: ArgumentHelp("Truck dimensions, for a truck graph: height=4.2,weight=26,width=2.55,length=12 (metres, tonnes; also axleload).",
                               valueName: "list"))
    var vehicle: String?

    @Option(help: "text, json or geojson.")
    var format: String = "text"

    @Option(help: "metric or imperial.")
    var units: String = "metric"

    @Option(help: "Instruction language: en or fr.")
    var language: String = "en"

    func validate() throws {
        guard AvoidOptions(list: avoid) != nil else {
            throw ValidationError("Unknown --avoid value '\(avoid)'. Use a comma-separated list of tolls, motorways, ferries.")
        }
        guard (0...3).contains(alternatives) else { throw ValidationError("--alternatives must be 0 to 3.") }
        guard ["text", "json", "geojson"].contains(format) else { throw ValidationError("--format is text, json or geojson.") }
        guard DistanceUnits(rawValue: units) != nil else { throw ValidationError("--units is metric or imperial.") }
        if let vehicle {
            do {
                _ = try VehicleDimensions(parsing: vehicle)
            } catch let e as RoutingError {
                throw ValidationError("--vehicle: \(e)")
            }
        }
    }

    func run() throws {
        let data = try dataOptions.mapData()
        let engine = try CLIError.wrap { try data.loadEngine() }
        let texts = [from] + via + [to]
        let places = try CLIError.wrap { try data.placeResolver(for: texts).resolve(all: texts) }
        let unitSystem = DistanceUnits(rawValue: units) ?? .metric
        let provider = EngineRouteProvider(engine: engine, guidance: GuidanceOptions(language: language, units: unitSystem))
        let query = RouteQuery(waypoints: places.map(\.coordinate), avoid: AvoidOptions(list: avoid) ?? [],
                               alternatives: alternatives, vehicle: try vehicle.map(VehicleDimensions.init(parsing:)))
        let planned = try CLIError.wrap { try provider.plan(query) }
        let routes = planned.map(\.route)
        switch format {
        case "json":
            let options = OSRMEncodingOptions(overview: .full, steps: true, annotations: [.distance, .duration, .speed, .maxspeed],
                                              voiceInstructions: true, bannerInstructions: true)
            let bytes = OSRMCodec.encodeResponse(routes: routes, waypoints: planned.first?.path.waypoints ?? [],
                                                 options: options)
            print(String(decoding: bytes, as: UTF8.self))
        case "geojson":
            print(String(decoding: RouteExport.geoJSON(routes), as: UTF8.self))
        default:
            print(places.map(\.name).joined(separator: " → "))
            for (r, route) in routes.enumerated() {
                if routes.count > 1 { print(r == 0 ? "\nRoute" : "\nAlternative \(r)") }
                print(RouteExport.textTable(route, units: unitSystem, language: language), terminator: "")
            }
        }
    }
}
