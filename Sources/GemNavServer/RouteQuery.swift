import Foundation
import GemNavCore
import GemNavOSRM
import GemNavGuidance
import GemNavRouting

/// A `/route/v1` request read from its coordinates and OSRM query options.
struct RouteQuery {
    /// The parameters `/route/v1` accepts.
    static let parameters = [
        "alternatives", "steps", "geometries", "overview", "annotations", "continue_straight", "exclude",
        "bearings", "radiuses", "language", "voice_instructions", "banner_instructions", "voice_units",
        "generate_hints", "hints", "snapping",
    ] + vehicleParameters
    /// Instruction languages with a string table.
    static let languages: Set<String> = ["en", "fr"]

    /// What to route.
    var request: RouteRequest
    /// What the response contains.
    var encoding = OSRMEncodingOptions()
    /// How instructions are worded and timed.
    var guidance = GuidanceOptions(voice: false, banners: false, annotations: false)

    /// Reads the options for `coordinates`.
    /// - Throws: `ServerError` naming the parameter at fault.
    init(coordinates: [Coordinate], query: inout QueryString, limits: ServerLimits) throws {
        guard coordinates.count >= 2 else {
            throw ServerError(.invalidOptions, "Number of coordinates needs to be at least two, got \(coordinates.count)")
        }
        guard coordinates.count <= limits.maxWaypoints else {
            throw ServerError(.tooBig, "Too many coordinates: \(coordinates.count), at most \(limits.maxWaypoints) per route")
        }
        let count = coordinates.count
        request = RouteRequest(waypoints: coordinates)
        if let v = query.take("alternatives") {
            let n = try Self.alternatives(v)
            guard n <= limits.maxAlternatives else {
                throw ServerError(.tooBig, "Requested number of alternatives (\(n)) is higher than the maximum (\(limits.maxAlternatives))")
            }
            request.alternatives = n
        }
        request.vehicle = try Self.vehicle(&query)
        if let v = query.take("continue_straight") { request.continueStraight = try Self.bool(v, "continue_straight") }
        if let v = query.take("exclude") { request.avoid = try Self.exclude(v) }
        if let v = query.take("bearings") { request.bearings = try Self.list(v, "bearings", count: count, Self.bearing) }
        if let v = query.take("radiuses") { request.radiuses = try Self.list(v, "radiuses", count: count, Self.radius) }
        if let v = query.take("snapping") { request.snapsToAnyRoad = try Self.snapping(v) }
        if let v = query.take("steps") { encoding.steps = try Self.bool(v, "steps") }
        if let v = query.take("geometries") {
            guard let g = OSRMGeometryFormat(rawValue: v) else {
                throw ServerError(.invalidValue, "geometries '\(v)' is not polyline, polyline6 or geojson")
            }
            encoding.geometries = g
        }
        if let v = query.take("overview") {
            guard let o = OSRMOverview(rawValue: v) else {
                throw ServerError(.invalidValue, "overview '\(v)' is not simplified, full or false")
            }
            encoding.overview = o
        }
        if let v = query.take("annotations") { encoding.annotations = try Self.annotations(v) }
        guidance.annotations = !encoding.annotations.isEmpty
        if let v = query.take("language") {
            let primary = v.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
            guard Self.languages.contains(primary) else {
                throw ServerError(.invalidValue, "language '\(v)' is not available; use en or fr")
            }
            guidance.language = v
        }
        if let v = query.take("voice_instructions") { encoding.voiceInstructions = try Self.bool(v, "voice_instructions") }
        if let v = query.take("banner_instructions") { encoding.bannerInstructions = try Self.bool(v, "banner_instructions") }
        guidance.voice = encoding.voiceInstructions
        guidance.banners = encoding.bannerInstructions
        if let v = query.take("voice_units") {
            guard let u = DistanceUnits(rawValue: v) else {
                throw ServerError(.invalidValue, "voice_units '\(v)' is not metric or imperial")
            }
            guidance.units = u
        }
        try query.ignoreHints()
        try query.rejectUnread(known: Self.parameters)
    }

    /// OSRM's `exclude`: a comma-separated list of toll, motorway, ferry.
    static func exclude(_ v: String) throws -> AvoidOptions {
        guard let avoid = AvoidOptions(list: v) else {
            throw ServerError(.invalidValue, "exclude '\(v)' is not a list of toll, motorway, ferry")
        }
        return avoid
    }

    /// OSRM's `snapping`: `default` leaves out roads no trip starts on, `any` allows every road.
    static func snapping(_ v: String) throws -> Bool {
        switch v {
        case "default": return false
        case "any": return true
        default: throw ServerError(.invalidValue, "snapping '\(v)' is not default or any")
        }
    }

    static func bool(_ v: String, _ name: String) throws -> Bool {
        switch v {
        case "true": return true
        case "false": return false
        default: throw ServerError(.invalidValue, "\(name) '\(v)' is not true or false")
        }
    }

    /// `true` (one alternative), `false` or a count.
    static func alternatives(_ v: String) throws -> Int {
        if v == "true" { return 1 }
        if v == "false" { return 0 }
        guard let n = Int(v), n >= 0 else {
            throw ServerError(.invalidValue, "alternatives '\(v)' is not true, false or a number")
        }
        return n
    }

    /// `true` (every annotation) or a list of distance, duration, speed, maxspeed.
    static func annotations(_ v: String) throws -> [OSRMAnnotationField] {
        if v == "true" { return OSRMAnnotationField.allCases }
        if v == "false" { return [] }
        return try v.split(separator: ",").map { word in
            guard let field = OSRMAnnotationField(rawValue: String(word)) else {
                throw ServerError(.invalidValue, "annotations '\(word)' is not available; use true, false or a list of distance, duration, speed, maxspeed")
            }
            return field
        }
    }

    /// A `;`-separated list with one entry per coordinate; an empty entry means none.
    static func list<T>(_ v: String, _ name: String, count: Int, _ item: (Substring) throws -> T) throws -> [T?] {
        let entries = v.split(separator: ";", omittingEmptySubsequences: false)
        guard entries.count == count else {
            throw ServerError(.invalidOptions,
                              "Number of \(name) (\(entries.count)) does not match number of coordinates (\(count))")
        }
        return try entries.map { $0.isEmpty ? nil : try item($0) }
    }

    /// `bearing,range` with bearing 0…360 and range 0…180 degrees.
    static func bearing(_ entry: Substring) throws -> BearingFilter {
        let parts = entry.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let b = Int(parts[0]), let r = Int(parts[1]), (0...360).contains(b), (0...180).contains(r)
        else {
            throw ServerError(.invalidValue, "bearing '\(entry)' is not bearing,range with bearing 0-360 and range 0-180")
        }
        return BearingFilter(bearing: Double(b % 360), range: Double(r))
    }

    /// Metres ≥ 0, or `unlimited`.
    static func radius(_ entry: Substring) throws -> Double {
        // Half the Earth's circumference: no point on the map is further away.
        if entry == "unlimited" { return 20_037_508 }
        guard let r = OSRMPath.number(entry), r >= 0 else {
            throw ServerError(.invalidValue, "radius '\(entry)' is not a number of metres ≥ 0 or unlimited")
        }
        return r
    }
}
