import GemNavCore
import GemNavOSRM
import GemNavRouting

extension OSRMService {
    /// `/table/v1`: travel times (and distances) between the chosen sources and destinations,
    /// as osrm-routed answers them: 0.1 s and 0.1 m, `null` where no route exists.
    func table(_ coordinates: [Coordinate], query: inout QueryString) throws -> [UInt8] {
        let q = try TableQuery(coordinates: coordinates, query: &query, limits: limits)
        let table: TravelTable
        do {
            func radius(_ i: Int) -> Double? { i < q.radiuses.count ? q.radiuses[i] : nil }
            table = try engine.table(sources: q.sources.map { coordinates[$0] },
                                     destinations: q.destinations.map { coordinates[$0] },
                                     sourceRadiuses: q.sources.map(radius), destinationRadiuses: q.destinations.map(radius),
                                     avoid: q.avoid, vehicle: q.vehicle, snapsToAnyRoad: q.snapsToAnyRoad)
        } catch let e as RoutingError {
            throw ServerError(e)
        }
        var durations = table.durations, distances = table.distances
        var estimated: [[Int]] = []
        if let speed = q.fallbackSpeed {
            for i in durations.indices {
                for j in durations[i].indices where durations[i][j] == nil {
                    let a = q.fallbackFromSnapped ? table.sources[i].location : table.sources[i].input
                    let b = q.fallbackFromSnapped ? table.destinations[j].location : table.destinations[j].input
                    let crowFly = Geodesy.distance(a, b)
                    durations[i][j] = crowFly / speed
                    distances[i][j] = crowFly
                    estimated.append([i, j])
                }
            }
        }
        return OSRMCodec.encodeTable(
            durations: q.durations ? durations.map { $0.map { $0.map { $0 * q.scaleFactor } } } : nil,
            distances: q.distances ? distances : nil,
            sources: q.skipWaypoints ? nil : table.sources, destinations: q.skipWaypoints ? nil : table.destinations,
            estimatedCells: estimated)
    }
}
