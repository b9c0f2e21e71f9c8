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
                                     sourceRadiuses: q.sources.map(radius), destinationRadiuses: q.destinations.map(radius))
        } catch let e as RoutingError {
            throw ServerError(e)
        }
        var durations = table.durations, distances = table.distances
        var estimated: [(Int, Int)] = []
        if let speed = q.fallbackSpeed {
            for i in durations.indices {
                for j in durations[i].indices where durations[i][j] == nil {
                    let a = q.fallbackFromSnapped ? table.sources[i].location : table.sources[i].input
                    let b = q.fallbackFromSnapped ? table.destinations[j].location : table.destinations[j].input
                    let crowFly = Geodesy.distance(a, b)
                    durations[i][j] = crowFly / speed
                    distances[i][j] = crowFly
                    estimated.append((i, j))
                }
            }
        }
        var w = JSONWriter(capacity: 256 + 12 * durations.count * (durations.first?.count ?? 0) * (q.distances ? 2 : 1))
        w.beginObject()
        w.key("code")
        w.string("Ok")
        if q.durations {
            w.key("durations")
            Self.writeMatrix(durations, scale: q.scaleFactor, into: &w)
        }
        if q.distances {
            w.key("distances")
            Self.writeMatrix(distances, scale: 1, into: &w)
        }
        if !q.skipWaypoints {
            w.key("sources")
            w.beginArray()
            for wp in table.sources { OSRMCodec.writeWaypoint(wp, into: &w) }
            w.endArray()
            w.key("destinations")
            w.beginArray()
            for wp in table.destinations { OSRMCodec.writeWaypoint(wp, into: &w) }
            w.endArray()
        }
        if !estimated.isEmpty {
            w.key("fallback_speed_cells")
            w.beginArray()
            for (i, j) in estimated {
                w.beginArray()
                w.int(i)
                w.int(j)
                w.endArray()
            }
            w.endArray()
        }
        w.endObject()
        return w.bytes
    }

    /// Rows of numbers to 0.1, `null` for a missing entry.
    private static func writeMatrix(_ rows: [[Double?]], scale: Double, into w: inout JSONWriter) {
        w.beginArray()
        for row in rows {
            w.beginArray()
            for cell in row {
                if let cell { w.number(cell * scale, decimals: 1) } else { w.null() }
            }
            w.endArray()
        }
        w.endArray()
    }
}
