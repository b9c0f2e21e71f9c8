import Foundation
import GemNavCore

/// An OSRM service URL path, `/{service}/{version}/{profile}/{coordinates}[.json]`, read.
struct OSRMPath: Equatable {
    /// The services osrm-routed has; `route`, `nearest` and `table` are served here.
    static let knownServices: Set<String> = ["route", "nearest", "table", "match", "trip", "tile"]

    /// `route`, `nearest` or `table`.
    var service: String
    /// The profile segment as written (`driving`, `car`, …).
    var profile: String
    /// The coordinates, in the order given.
    var coordinates: [Coordinate]

    /// Reads a path already split on `/` (no leading empty part).
    /// - Throws: `ServerError` `.invalidUrl`, `.invalidService`, `.invalidVersion` or `.invalidValue`.
    init(parts: [Substring]) throws {
        guard let first = parts.first else { throw Self.malformed }
        guard Self.knownServices.contains(String(first)) else {
            throw ServerError(.invalidUrl, "URL string malformed: '/\(first)' is no endpoint; use /route/v1/…, /nearest/v1/…, /table/v1/…, /search, /reverse or /health")
        }
        guard first == "route" || first == "nearest" || first == "table" else {
            throw ServerError(.invalidService, "Service \(first) not found! This server answers route, nearest and table")
        }
        guard parts.count >= 2 else { throw Self.malformed }
        guard parts[1] == "v1" else {
            throw ServerError(.invalidVersion, "Service \(first) version \(parts[1]) not found! Use v1")
        }
        guard parts.count == 4, !parts[2].isEmpty, !parts[3].isEmpty else { throw Self.malformed }
        service = String(first)
        profile = String(parts[2])
        var text = parts[3]
        if text.hasSuffix(".json") { text.removeLast(5) }
        guard let decoded = QueryString.percentDecoded(text, plusIsSpace: false) else { throw Self.malformed }
        coordinates = try Self.coordinates(decoded)
    }

    private static let malformed = ServerError(
        .invalidUrl, "URL string malformed: expected /{service}/v1/{profile}/{lon,lat;lon,lat…}")

    /// `lon,lat;lon,lat…`, `polyline(…)` or `polyline6(…)`, as OSRM accepts them.
    static func coordinates(_ text: String) throws -> [Coordinate] {
        for (prefix, precision) in [("polyline(", 5), ("polyline6(", 6)] where text.hasPrefix(prefix) && text.hasSuffix(")") {
            let encoded = String(text.dropFirst(prefix.count).dropLast())
            guard let line = Polyline.decode(encoded, precision: precision), !line.isEmpty else {
                throw ServerError(.invalidUrl, "URL string malformed: the \(prefix)…) coordinates do not decode")
            }
            return try line.enumerated().map { try checked($1, index: $0) }
        }
        return try text.split(separator: ";", omittingEmptySubsequences: false).enumerated().map { i, pair in
            let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let lon = number(parts[0]), let lat = number(parts[1]) else {
                throw ServerError(.invalidUrl,
                                  "URL string malformed: coordinate \(i) '\(pair)' is not lon,lat (e.g. 7.4246,43.7384)")
            }
            return try checked(Coordinate(latitude: lat, longitude: lon), index: i)
        }
    }

    /// A decimal number as OSRM's URL grammar reads it, or nil. `Double(_:)` alone is not
    /// enough: it stops at a NUL byte, so `7.41%0043` would be read as 7.41.
    static func number(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 || $0 == 45 || $0 == 43 || $0 == 101 || $0 == 69 })
        else { return nil }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    private static func checked(_ c: Coordinate, index: Int) throws -> Coordinate {
        guard c.isValid else {
            throw ServerError(.invalidValue, "Invalid coordinate value: coordinate \(index) is outside -180…180, -90…90")
        }
        return c
    }
}
