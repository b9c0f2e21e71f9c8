import GemNavCore
import GemNavRouting

/// A `/table/v1` request read from its coordinates and OSRM query options.
struct TableQuery {
    /// The parameters `/table/v1` accepts.
    static let parameters = [
        "sources", "destinations", "annotations", "fallback_speed", "fallback_coordinate", "scale_factor",
        "radiuses", "skip_waypoints", "generate_hints", "hints", "exclude", "snapping",
    ] + RouteQuery.vehicleParameters

    /// Indexes into the coordinates of the rows, in order (all of them by default).
    var sources: [Int]
    /// Indexes of the columns.
    var destinations: [Int]
    /// Whether `durations` is answered (the default).
    var durations = true
    /// Whether `distances` is answered.
    var distances = false
    /// Speed (m/s) turning a crow-fly distance into a duration where no route exists.
    var fallbackSpeed: Double?
    /// Whether fallback distances are measured between the snapped points (else the input).
    var fallbackFromSnapped = false
    /// Factor applied to every duration.
    var scaleFactor = 1.0
    /// Snapping radius per coordinate (metres), nil for the default.
    var radiuses: [Double?] = []
    /// Whether points may land on any road (`snapping=any`).
    var snapsToAnyRoad = false
    /// Whether `sources` and `destinations` waypoints are left out.
    var skipWaypoints = false
    /// Road kinds no route may use.
    var avoid: AvoidOptions = []
    /// The vehicle's size on a truck graph (GemNav's extension, as on `/route/v1`).
    var vehicle: VehicleDimensions?

    /// Reads the options for `coordinates`.
    /// - Throws: `ServerError` naming the parameter at fault; `.tooBig` past `limits.maxTableSize`.
    init(coordinates: [Coordinate], query: inout QueryString, limits: ServerLimits) throws {
        let count = coordinates.count
        guard count >= 2 else {
            throw ServerError(.invalidOptions, "Number of coordinates needs to be at least two, got \(count)")
        }
        sources = try query.take("sources").map { try Self.indexes($0, "sources", count: count) } ?? Array(0..<count)
        destinations = try query.take("destinations").map { try Self.indexes($0, "destinations", count: count) }
            ?? Array(0..<count)
        if let v = query.take("annotations") {
            let words = v.split(separator: ",", omittingEmptySubsequences: false)
            guard !words.isEmpty, words.allSatisfy({ $0 == "duration" || $0 == "distance" }) else {
                throw ServerError(.invalidValue, "annotations '\(v)' is not duration, distance or duration,distance")
            }
            durations = words.contains("duration")
            distances = words.contains("distance")
        }
        if let v = query.take("fallback_speed") { fallbackSpeed = try Self.positive(v, "fallback_speed") }
        if let v = query.take("fallback_coordinate") {
            guard v == "input" || v == "snapped" else {
                throw ServerError(.invalidValue, "fallback_coordinate '\(v)' is not input or snapped")
            }
            fallbackFromSnapped = v == "snapped"
        }
        if let v = query.take("scale_factor") { scaleFactor = try Self.positive(v, "scale_factor") }
        if let v = query.take("radiuses") { radiuses = try RouteQuery.list(v, "radiuses", count: count, RouteQuery.radius) }
        if let v = query.take("snapping") { snapsToAnyRoad = try RouteQuery.snapping(v) }
        if let v = query.take("skip_waypoints") { skipWaypoints = try RouteQuery.bool(v, "skip_waypoints") }
        if let v = query.take("exclude") { avoid = try RouteQuery.exclude(v) }
        vehicle = try RouteQuery.vehicle(&query)
        try query.ignoreHints()
        try query.rejectUnread(known: Self.parameters)
        // osrm-routed's --max-table-size bounds the cells, not the coordinates: 1,000 × 10 is
        // as big as 100 × 100.
        guard sources.count * destinations.count <= limits.maxTableSize * limits.maxTableSize else {
            throw ServerError(.tooBig, "Too many table coordinates: \(sources.count) sources × \(destinations.count) destinations is more than \(limits.maxTableSize) × \(limits.maxTableSize) cells")
        }
    }

    /// `all`, or `;`-separated coordinate indexes (repeats allowed, as OSRM allows them).
    static func indexes(_ v: String, _ name: String, count: Int) throws -> [Int] {
        if v == "all" { return Array(0..<count) }
        return try v.split(separator: ";", omittingEmptySubsequences: false).map { entry in
            guard let i = Int(entry), i >= 0 else {
                throw ServerError(.invalidValue, "\(name) '\(v)' is not all or a list of coordinate indexes like 0;2")
            }
            guard i < count else {
                throw ServerError(.invalidOptions, "\(name) index \(i) is out of range: there are \(count) coordinates (0…\(count - 1))")
            }
            return i
        }
    }

    /// A finite number above zero.
    static func positive(_ v: String, _ name: String) throws -> Double {
        guard let x = OSRMPath.number(Substring(v)), x > 0 else {
            throw ServerError(.invalidValue, "\(name) '\(v)' is not a number above 0")
        }
        return x
    }
}
