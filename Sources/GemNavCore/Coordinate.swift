import Foundation

/// A WGS84 position in degrees.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Latitude in degrees, -90…90.
    public var latitude: Double
    /// Longitude in degrees, -180…180.
    public var longitude: Double

    /// Creates a coordinate from latitude and longitude in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both components are finite and within the WGS84 range.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// `LAT,LON` with seven decimals (about a centimetre), the form the CLI accepts.
    public var description: String {
        String(format: "%.7f,%.7f", latitude, longitude)
    }

    /// Parses `LAT,LON` (the CLI's order). Returns nil when it is not two valid numbers.
    public init?(latLonString text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
        self.init(latitude: lat, longitude: lon)
        guard isValid else { return nil }
    }
}

/// An axis-aligned box of coordinates.
public struct BoundingBox: Hashable, Sendable, Codable {
    /// South-west corner.
    public var min: Coordinate
    /// North-east corner.
    public var max: Coordinate

    /// Creates a box from its corners.
    public init(min: Coordinate, max: Coordinate) {
        self.min = min
        self.max = max
    }

    /// The smallest box holding every coordinate, or nil for none.
    public init?<S: Sequence>(covering coordinates: S) where S.Element == Coordinate {
        var it = coordinates.makeIterator()
        guard let first = it.next() else { return nil }
        var lo = first, hi = first
        while let c = it.next() {
            lo.latitude = Swift.min(lo.latitude, c.latitude)
            lo.longitude = Swift.min(lo.longitude, c.longitude)
            hi.latitude = Swift.max(hi.latitude, c.latitude)
            hi.longitude = Swift.max(hi.longitude, c.longitude)
        }
        self.init(min: lo, max: hi)
    }

    /// Whether the coordinate lies inside or on the edge of the box.
    public func contains(_ c: Coordinate) -> Bool {
        c.latitude >= min.latitude && c.latitude <= max.latitude
            && c.longitude >= min.longitude && c.longitude <= max.longitude
    }
}
