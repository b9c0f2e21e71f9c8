import Foundation
import GemNavCore

/// A `JSONSerialization` object with the path it was found at, so that every decoding
/// failure names the exact field. JSON `null` counts as absent, as OSRM clients treat it.
struct JSONNode {
    let object: [String: Any]
    let path: String
    let geometries: OSRMGeometryFormat

    init(_ object: [String: Any], path: String, geometries: OSRMGeometryFormat) {
        self.object = object
        self.path = path
        self.geometries = geometries
    }

    private func at(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private func value(_ key: String) -> Any? {
        guard let v = object[key], !(v is NSNull) else { return nil }
        return v
    }

    private func require(_ key: String) throws(OSRMDecodingError) -> Any {
        guard let v = value(key) else { throw OSRMDecodingError(.missingField, at: at(key)) }
        return v
    }

    /// On Linux `JSONSerialization` hands back integers as `NSNumber`s that also cast to
    /// `Bool`, so numbers are read through `NSNumber` without trying to tell the two apart.
    private static func number(_ v: Any) -> Double? {
        if v is String { return nil }
        if let n = v as? NSNumber { return n.doubleValue }
        if let d = v as? Double { return d }
        return (v as? Int).map(Double.init)
    }

    func string(_ key: String) throws(OSRMDecodingError) -> String {
        guard let s = try require(key) as? String else { throw OSRMDecodingError(.wrongType(expected: "a string"), at: at(key)) }
        return s
    }

    func optionalString(_ key: String) throws(OSRMDecodingError) -> String? {
        guard value(key) != nil else { return nil }
        return try string(key)
    }

    func double(_ key: String) throws(OSRMDecodingError) -> Double {
        guard let d = Self.number(try require(key)) else { throw OSRMDecodingError(.wrongType(expected: "a number"), at: at(key)) }
        return d
    }

    func optionalDouble(_ key: String) throws(OSRMDecodingError) -> Double? {
        guard value(key) != nil else { return nil }
        return try double(key)
    }

    func optionalInt(_ key: String) throws(OSRMDecodingError) -> Int? {
        try optionalDouble(key).map { Int($0.rounded()) }
    }

    func optionalBool(_ key: String) throws(OSRMDecodingError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard let b = v as? Bool else { throw OSRMDecodingError(.wrongType(expected: "a boolean"), at: at(key)) }
        return b
    }

    func object(_ key: String) throws(OSRMDecodingError) -> JSONNode {
        guard let o = try require(key) as? [String: Any] else {
            throw OSRMDecodingError(.wrongType(expected: "an object"), at: at(key))
        }
        return JSONNode(o, path: at(key), geometries: geometries)
    }

    func optionalObject(_ key: String) throws(OSRMDecodingError) -> JSONNode? {
        guard value(key) != nil else { return nil }
        return try object(key)
    }

    private func rawArray(_ key: String) throws(OSRMDecodingError) -> [Any] {
        guard let a = try require(key) as? [Any] else { throw OSRMDecodingError(.wrongType(expected: "an array"), at: at(key)) }
        return a
    }

    /// The array's elements as objects.
    func array(_ key: String) throws(OSRMDecodingError) -> [JSONNode] {
        var nodes = [JSONNode]()
        for (i, item) in try rawArray(key).enumerated() {
            guard let o = item as? [String: Any] else {
                throw OSRMDecodingError(.wrongType(expected: "an object"), at: "\(at(key))[\(i)]")
            }
            nodes.append(JSONNode(o, path: "\(at(key))[\(i)]", geometries: geometries))
        }
        return nodes
    }

    /// The array's elements as objects, or nil when absent.
    func optionalArrayIfPresent(_ key: String) throws(OSRMDecodingError) -> [JSONNode]? {
        guard value(key) != nil else { return nil }
        return try array(key)
    }

    /// The array's elements as objects, empty when absent.
    func optionalArray(_ key: String) throws(OSRMDecodingError) -> [JSONNode] {
        try optionalArrayIfPresent(key) ?? []
    }

    func optionalDoubles(_ key: String) throws(OSRMDecodingError) -> [Double]? {
        guard value(key) != nil else { return nil }
        var out = [Double]()
        for (i, item) in try rawArray(key).enumerated() {
            guard let d = Self.number(item) else {
                throw OSRMDecodingError(.wrongType(expected: "a number"), at: "\(at(key))[\(i)]")
            }
            out.append(d)
        }
        return out
    }

    func optionalStrings(_ key: String) throws(OSRMDecodingError) -> [String]? {
        guard value(key) != nil else { return nil }
        guard let strings = try rawArray(key) as? [String] else {
            throw OSRMDecodingError(.wrongType(expected: "an array of strings"), at: at(key))
        }
        return strings
    }

    func optionalBools(_ key: String) throws(OSRMDecodingError) -> [Bool]? {
        guard value(key) != nil else { return nil }
        guard let bools = try rawArray(key) as? [Bool] else {
            throw OSRMDecodingError(.wrongType(expected: "an array of booleans"), at: at(key))
        }
        return bools
    }

    /// A `[longitude, latitude]` pair.
    func coordinate(_ key: String) throws(OSRMDecodingError) -> Coordinate {
        guard let c = Self.lonLat(try require(key)) else {
            throw OSRMDecodingError(.wrongType(expected: "[longitude, latitude]"), at: at(key))
        }
        return c
    }

    private static func lonLat(_ v: Any) -> Coordinate? {
        guard let pair = v as? [Any], pair.count >= 2, let lon = number(pair[0]), let lat = number(pair[1]) else {
            return nil
        }
        let c = Coordinate(latitude: lat, longitude: lon)
        return c.isValid ? c : nil
    }

    /// An encoded polyline (in the configured precision) or a GeoJSON LineString.
    func optionalGeometry(_ key: String) throws(OSRMDecodingError) -> [Coordinate]? {
        guard let v = value(key) else { return nil }
        if let text = v as? String {
            let precision = geometries == .polyline6 ? 6 : 5
            guard let line = Polyline.decode(text, precision: precision), line.allSatisfy(\.isValid) else {
                throw OSRMDecodingError(.invalidGeometry, at: at(key))
            }
            return line
        }
        guard let geo = v as? [String: Any], let points = geo["coordinates"] as? [Any] else {
            throw OSRMDecodingError(.invalidGeometry, at: at(key))
        }
        var line = [Coordinate]()
        line.reserveCapacity(points.count)
        for p in points {
            guard let c = Self.lonLat(p) else { throw OSRMDecodingError(.invalidGeometry, at: at(key)) }
            line.append(c)
        }
        return line
    }
}
