import Foundation
import GemNavCore
import GemNavGuidance

/// One route offered on the planning screen: its figures as shown, and the road that sets it
/// apart from the others ("via Boulevard du Larvotto").
public struct RouteSummary: Sendable, Hashable, Identifiable {
    /// Position among the routes offered (0 = the fastest).
    public var id: Int
    /// The route itself.
    public var route: Route
    /// "12 min".
    public var durationText: String
    /// "3.4 km".
    public var distanceText: String
    /// Arrival time if leaving now, as the user's locale writes it ("14:05", "2:05 PM").
    public var arrivalText: String
    /// The main road of this route that the others do not take (its longest road when alone).
    public var via: String

    /// A route as the card shows it (also how a design page or a test writes one).
    public init(id: Int, route: Route, durationText: String, distanceText: String, arrivalText: String, via: String) {
        (self.id, self.route, self.durationText, self.distanceText) = (id, route, durationText, distanceText)
        (self.arrivalText, self.via) = (arrivalText, via)
    }

    /// Summaries of `routes`, the "via" of each chosen against the others.
    static func make(_ routes: [Route], format: DisplayFormatter, now: Date, timeFormat: TimeOfDayFormat) -> [RouteSummary] {
        let roads = routes.map(roadLengths)
        return routes.enumerated().map { i, route in
            let others = roads.enumerated().filter { $0.offset != i }.map(\.element)
            return RouteSummary(
                id: i, route: route, durationText: format.duration(route.duration),
                distanceText: format.distance(route.distance),
                arrivalText: timeFormat.time(now.addingTimeInterval(route.duration)),
                via: via(roads[i], others: others))
        }
    }

    /// Metres driven on each named road (the ref when unnamed).
    static func roadLengths(_ route: Route) -> [String: Double] {
        var lengths: [String: Double] = [:]
        for step in route.legs.flatMap(\.steps) {
            let road = step.name.isEmpty ? step.ref : step.name
            if !road.isEmpty { lengths[road, default: 0] += step.distance }
        }
        return lengths
    }

    /// The longest road that the other routes use for less than half its length here.
    static func via(_ mine: [String: Double], others: [[String: Double]]) -> String {
        let ranked = mine.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let distinct = ranked.first { road, length in others.allSatisfy { ($0[road] ?? 0) < length / 2 } }
        return (distinct ?? ranked.first)?.key ?? ""
    }
}
