import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport

/// Routes on a hand-drawn map through the real importer and engine, then guidance, so
/// scenario tests exercise the junction arms the router actually produces.
extension GridMap {
    /// The map imported for a profile, with an engine on it.
    func engine(_ profile: Profile = .car) throws -> RoutingEngine {
        RoutingEngine(graph: try GraphImporter(profile: profile).buildGraph(from: try write()))
    }

    /// The guided route between two grid positions.
    func guide(_ from: (Double, Double), _ to: (Double, Double), profile: Profile = .car) throws -> Route {
        try engine(profile).guide(from, to)
    }
}

extension RoutingEngine {
    /// The guided route between two grid positions of a `GridMap`.
    func guide(_ from: (Double, Double), _ to: (Double, Double), options: GuidanceOptions = GuidanceOptions())
        throws -> Route
    {
        let paths = try route(RouteRequest(waypoints: [GridMap.at(from.0, from.1), GridMap.at(to.0, to.1)]))
        return Guidance.route(from: paths[0], options: options)
    }
}

extension RoutingEngine {
    /// The guided route between two coordinates (on a real graph).
    func guide(from: Coordinate, to: Coordinate) throws -> Route {
        Guidance.route(from: try route(RouteRequest(waypoints: [from, to]))[0])
    }
}

extension Route {
    /// Every step's instruction, in order.
    var instructions: [String] { legs.flatMap(\.steps).map(\.maneuver.instruction) }

    /// Every step's maneuver as "type modifier" (OSRM's strings), e.g. "turn left", "depart".
    var maneuvers: [String] {
        legs.flatMap(\.steps).map { s in
            s.maneuver.modifier.map { "\(s.maneuver.type.rawValue) \($0.rawValue)" } ?? s.maneuver.type.rawValue
        }
    }

    /// The steps between departure and arrival.
    var middleSteps: [RouteStep] { Array(legs.flatMap(\.steps).dropFirst().dropLast()) }
}

/// Tags of an ordinary two-way street.
func street(_ name: String, _ extra: [String: String] = [:]) -> [String: String] {
    ["highway": "residential", "name": name].merging(extra) { $1 }
}
