import GemNavCore
import GemNavOSRM
import GemNavGuidance
import GemNavRouting

/// Answers OSRM's `route`, `nearest` and `table` services as osrm-routed does, from the routing engine.
struct OSRMService: Sendable {
    let engine: RoutingEngine
    let limits: ServerLimits

    /// The JSON body for an OSRM service path and its query.
    /// - Throws: `ServerError` for anything a client got wrong or that has no route.
    func respond(to path: OSRMPath, query: inout QueryString) throws -> [UInt8] {
        try checkProfile(path.profile)
        switch path.service {
        case "route": return try route(path.coordinates, query: &query)
        case "table": return try table(path.coordinates, query: &query)
        default: return try nearest(path.coordinates, query: &query)
        }
    }

    /// `/route/v1`: the best route and any alternatives, with guidance, OSRM-encoded.
    func route(_ coordinates: [Coordinate], query: inout QueryString) throws -> [UInt8] {
        let q = try RouteQuery(coordinates: coordinates, query: &query, limits: limits)
        let paths: [RoutePath]
        do {
            paths = try engine.route(q.request)
        } catch let e as RoutingError {
            throw ServerError(e)
        }
        let routes = paths.map { Guidance.route(from: $0, options: q.guidance) }
        return OSRMCodec.encodeResponse(routes: routes, waypoints: paths.first?.waypoints ?? [], options: q.encoding)
    }

    /// `/nearest/v1`: the `number` nearest road points to one coordinate.
    func nearest(_ coordinates: [Coordinate], query: inout QueryString) throws -> [UInt8] {
        guard coordinates.count == 1 else {
            throw ServerError(.invalidOptions, "Only one input coordinate is supported, got \(coordinates.count)")
        }
        var number = 1
        if let v = query.take("number") {
            guard let n = Int(v), n >= 1 else {
                throw ServerError(.invalidValue, "number '\(v)' is not a whole number ≥ 1")
            }
            guard n <= limits.maxNearest else {
                throw ServerError(.tooBig, "number \(n) is higher than the maximum (\(limits.maxNearest))")
            }
            number = n
        }
        try query.ignoreHints()
        try query.rejectUnread(known: ["number", "generate_hints", "hints"])
        let found: [Waypoint]
        do {
            found = try engine.nearest(coordinates[0], count: number)
        } catch let e as RoutingError {
            throw ServerError(e)
        }
        var w = JSONWriter(capacity: 128 + 96 * found.count)
        w.beginObject()
        w.key("code")
        w.string("Ok")
        w.key("waypoints")
        w.beginArray()
        for wp in found { OSRMCodec.writeWaypoint(wp, into: &w) }
        w.endArray()
        w.endObject()
        return w.bytes
    }

    /// OSRM names a profile in every URL; a graph serves exactly one, so any other is refused
    /// rather than answered with the wrong mode of travel.
    func checkProfile(_ segment: String) throws {
        let served = engine.graph.profile.name
        guard Profile.named(segment)?.name == served else {
            throw ServerError(.invalidValue,
                              "Profile '\(segment)' is not available: this server's graph is for \(served) (\(Self.aliases(of: served)))")
        }
    }

    /// The URL names that select `profile`, as listed in the error message.
    static func aliases(of profile: String) -> String {
        switch profile {
        case "car": "driving or car"
        case "truck": "truck or hgv"
        case "bicycle": "cycling, bicycle or bike"
        default: "walking or foot"
        }
    }
}
