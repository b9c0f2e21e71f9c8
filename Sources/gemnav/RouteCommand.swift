import ArgumentParser
import Foundation
import GemNavCore
import GemNavRouting

/// `gemnav route`: prints the route(s) between places.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route", abstract: "Find the fastest route (and alternatives) between points.")

    @Option(help: "Graph directory made by `gemnav import`.")
    var data: String

    @Option(help: "Start as LAT,LON.")
    var from: String

    @Option(help: "Destination as LAT,LON.")
    var to: String

    @Option(help: "A stop on the way as LAT,LON (repeatable, in order).")
    var via: [String] = []

    @Option(help: "Number of alternative routes (0-3).")
    var alternatives: Int = 0

    @Option(help: "Road kinds to avoid: tolls,motorways,ferries.")
    var avoid: String = ""

    @Option(help: "text, json or geojson.")
    var format: String = "text"

    func run() throws {
        guard let avoidOptions = AvoidOptions(list: avoid) else {
            throw ValidationError("Unknown --avoid value '\(avoid)'. Use a comma-separated list of tolls, motorways, ferries.")
        }
        guard (0...3).contains(alternatives) else { throw ValidationError("--alternatives must be 0 to 3.") }
        let points = try ([from] + via + [to]).map(parsePoint)
        let routes = try CLIError.wrap {
            let engine = try RoutingEngine(directory: URL(fileURLWithPath: data))
            return try engine.route(RouteRequest(waypoints: points, alternatives: alternatives, avoid: avoidOptions))
        }
        print(RouteText.render(routes))
    }

    private func parsePoint(_ text: String) throws -> Coordinate {
        guard let c = Coordinate(latLonString: text) else {
            throw ValidationError("'\(text)' is not a coordinate. Write LAT,LON, e.g. 43.7384,7.4246.")
        }
        return c
    }
}

/// Plain-text rendering of route paths: the roads in order with distance and time.
enum RouteText {
    static func render(_ routes: [RoutePath]) -> String {
        var out: [String] = []
        for (r, route) in routes.enumerated() {
            out.append(String(format: "%@: %.2f km, %@", r == 0 ? "Route" : "Alternative \(r)",
                              route.distance / 1000, duration(route.duration)))
            for (l, leg) in route.legs.enumerated() {
                if route.legs.count > 1 { out.append("  Leg \(l + 1)") }
                var name = "", distance = 0.0, time = 0.0
                func flush() {
                    guard distance > 0 else { return }
                    out.append(String(format: "    %-40@ %8.0f m  %@", (name.isEmpty ? "(unnamed road)" : name) as NSString,
                                      distance, duration(time)))
                }
                for stretch in leg.roads {
                    let label = [stretch.road.name, stretch.road.ref].filter { !$0.isEmpty }.joined(separator: " / ")
                    if label != name { flush(); name = label; distance = 0; time = 0 }
                    distance += stretch.distance
                    time += stretch.duration
                }
                flush()
            }
        }
        return out.joined(separator: "\n")
    }

    static func duration(_ s: Double) -> String {
        s < 60 ? String(format: "%.0f s", s) : s < 3600 ? String(format: "%.0f min", s / 60)
            : String(format: "%dh %02dm", Int(s) / 3600, Int(s) % 3600 / 60)
    }
}
