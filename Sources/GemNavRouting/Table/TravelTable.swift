import Foundation
import GemNavCore

/// Travel times and distances from every source to every destination, as OSRM's `table`
/// service answers them: each entry is what `route` would report for that pair.
public struct TravelTable: Sendable, Hashable {
    /// Seconds, `durations[source][destination]`; nil when the destination cannot be reached.
    public let durations: [[Double?]]
    /// Metres along the same routes, indexed like `durations`; nil when unreachable.
    public let distances: [[Double?]]
    /// Where each source was placed on the road network, in request order.
    public let sources: [Waypoint]
    /// Where each destination was placed, in request order.
    public let destinations: [Waypoint]

    /// Creates a table (the engine makes them; tests and clients may build their own).
    public init(durations: [[Double?]], distances: [[Double?]], sources: [Waypoint], destinations: [Waypoint]) {
        self.durations = durations
        self.distances = distances
        self.sources = sources
        self.destinations = destinations
    }
}

extension RoutingEngine {
    /// The travel time and distance from each source to each destination, on the hierarchy
    /// with one upward search per point (the bucket many-to-many method), not one route per
    /// pair. Points are snapped as `route` snaps waypoints, all of them together; a pair on
    /// the same spot is 0 s and 0 m apart.
    /// - Parameters:
    ///   - sourceRadiuses: optional snapping radius per source in metres (as `RouteRequest`'s);
    ///     missing entries use the default.
    ///   - destinationRadiuses: the same per destination.
    ///   - avoid: road kinds no route may use (as `RouteRequest.avoid`).
    ///   - vehicle: the vehicle's size on a truck graph (as `RouteRequest.vehicle`): no entry
    ///     passes a limit it exceeds, and a point only on such roads has no entries.
    ///   - snapsToAnyRoad: points may land on any road (as `RouteRequest.snapsToAnyRoad`).
    /// - Throws: `RoutingError` `.invalidRequest` for an empty list, an invalid coordinate or
    ///   vehicle dimensions on a graph without limits, `.noSegment` for a point with no road near it.
    public func table(sources: [Coordinate], destinations: [Coordinate], sourceRadiuses: [Double?] = [],
                      destinationRadiuses: [Double?] = [], avoid: AvoidOptions = [],
                      vehicle: VehicleDimensions? = nil, snapsToAnyRoad: Bool = false) throws -> TravelTable
    {
        guard !sources.isEmpty, !destinations.isEmpty else {
            throw RoutingError(.invalidRequest(
                "a table needs at least one source and one destination, got \(sources.count) and \(destinations.count)"))
        }
        if let bad = (sources + destinations).first(where: { !$0.isValid }) {
            throw RoutingError(.invalidRequest("\(bad) is not a valid coordinate"))
        }
        func padded(_ radiuses: [Double?], _ count: Int) -> [Double?] {
            (0..<count).map { $0 < radiuses.count ? radiuses[$0] : nil }
        }
        let radiuses = padded(sourceRadiuses, sources.count) + padded(destinationRadiuses, destinations.count)
        let excluded = avoid.rawValue
        let fit = try vehicleFit(for: vehicle)
        let overlay = traffic
        // The traffic hierarchy's engine answers for the vehicle too (see `route`).
        if let ready = overlay?.hierarchy {
            return try ready.engine.table(sources: sources, destinations: destinations, sourceRadiuses: sourceRadiuses,
                                          destinationRadiuses: destinationRadiuses, avoid: avoid, vehicle: vehicle,
                                          snapsToAnyRoad: snapsToAnyRoad)
        }
        var request = RouteRequest(waypoints: sources + destinations, radiuses: radiuses)
        request.snapsToAnyRoad = snapsToAnyRoad
        let snaps = try snapWaypoints(request, excluded: excluded)
        func fitting(_ phantoms: [Phantom]) -> [Phantom] { fit.map { phantoms.filter($0.allows) } ?? phantoms }
        let blocked = fit?.blocked ?? []
        let from = snaps[..<sources.count].map { fitting(graph.phantoms($0, role: .source, excluded: excluded)) }
        let to = snaps[sources.count...].map { fitting(graph.phantoms($0, role: .target, excluded: excluded)) }
        if let overlay {
            // Until a hierarchy is contracted for the overlay, each pair is one A* search.
            let cells = from.map { s in to.map { t in trafficCell(s, t, excluded: excluded, blocked: blocked, overlay: overlay) } }
            return TravelTable(durations: cells.map { $0.map { $0?.duration } },
                               distances: cells.map { $0.map { $0?.distance } },
                               sources: snaps[..<sources.count].map { waypoint($0[0]) },
                               destinations: snaps[sources.count...].map { waypoint($0[0]) })
        }
        func plainCell(_ i: Int, _ j: Int) -> TableCell? {
            guard !from[i].isEmpty, !to[j].isEmpty else { return nil }
            return withContext { context in
                graph.plainRoute(from: from[i], to: to[j], excluded: excluded, blocked: blocked, context: context).map { path in
                    let leg = graph.leg(path)
                    return TableCell(duration: leg.duration, distance: leg.distance)
                }
            }
        }
        var cells: [[TableCell?]]
        if fit?.isExact == false {
            // The hierarchy's bits cannot close exactly this vehicle's limits: one plain search per pair.
            cells = from.indices.map { i in to.indices.map { j in plainCell(i, j) } }
        } else {
            let closed = UInt32(excluded) | (fit?.excluded ?? 0)
            cells = ManyToMany(engine: self, measures: arcMeasures(), excluded: graph.hasRestrictionBits ? closed : 0)
                .run(from: from, to: to)
            // The hierarchy cannot express a loop back onto the start edge whose highest node is
            // that edge itself; `route` falls back to the plain search there, and so does the table.
            for i in from.indices {
                for j in to.indices where cells[i][j] == nil && from[i].contains(where: { s in to[j].contains { $0.node == s.node } }) {
                    cells[i][j] = plainCell(i, j)
                }
            }
        }
        return TravelTable(durations: cells.map { $0.map { $0?.duration } },
                           distances: cells.map { $0.map { $0?.distance } },
                           sources: snaps[..<sources.count].map { waypoint($0[0]) },
                           destinations: snaps[sources.count...].map { waypoint($0[0]) })
    }
}
