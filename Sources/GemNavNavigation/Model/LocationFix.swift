import Foundation

/// One position report from GPS (or from a simulator or a replayed track).
public struct LocationFix: Sendable, Hashable {
    /// Where the receiver thinks it is.
    public var coordinate: Coordinate
    /// Radius of 68 % confidence in metres; negative means the receiver gave no estimate.
    public var horizontalAccuracy: Double
    /// Ground speed in m/s, nil when unknown.
    public var speed: Double?
    /// Direction of travel in degrees clockwise from north, nil when unknown.
    public var course: Double?
    /// When the fix was taken.
    public var timestamp: Date
    /// The simulator's true position, for evaluation only; navigation never reads it.
    public var truth: Coordinate?

    /// Creates a fix.
    public init(coordinate: Coordinate, horizontalAccuracy: Double, speed: Double? = nil,
                course: Double? = nil, timestamp: Date, truth: Coordinate? = nil)
    {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
        self.truth = truth
    }
}

/// Fixes serialise in the compact shape used by recorded sessions (one JSON object per line):
/// `{"time":<unix s>,"lat":…,"lon":…,"accuracy":…,"speed":…,"course":…,"truth":{"lat","lon"}}`.
extension LocationFix: Codable {
    private enum Keys: String, CodingKey { case time, lat, lon, accuracy, speed, course, truth }
    private enum TruthKeys: String, CodingKey { case lat, lon }

    /// Decodes the recorded-session shape.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        coordinate = Coordinate(latitude: try c.decode(Double.self, forKey: .lat),
                                longitude: try c.decode(Double.self, forKey: .lon))
        horizontalAccuracy = try c.decodeIfPresent(Double.self, forKey: .accuracy) ?? -1
        speed = try c.decodeIfPresent(Double.self, forKey: .speed)
        course = try c.decodeIfPresent(Double.self, forKey: .course)
        timestamp = Date(timeIntervalSince1970: try c.decode(Double.self, forKey: .time))
        if c.contains(.truth) {
            let t = try c.nestedContainer(keyedBy: TruthKeys.self, forKey: .truth)
            truth = Coordinate(latitude: try t.decode(Double.self, forKey: .lat),
                               longitude: try t.decode(Double.self, forKey: .lon))
        } else {
            truth = nil
        }
    }

    /// Encodes the recorded-session shape.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(timestamp.timeIntervalSince1970, forKey: .time)
        try c.encode(coordinate.latitude, forKey: .lat)
        try c.encode(coordinate.longitude, forKey: .lon)
        try c.encode(horizontalAccuracy, forKey: .accuracy)
        try c.encodeIfPresent(speed, forKey: .speed)
        try c.encodeIfPresent(course, forKey: .course)
        if let truth {
            var t = c.nestedContainer(keyedBy: TruthKeys.self, forKey: .truth)
            try t.encode(truth.latitude, forKey: .lat)
            try t.encode(truth.longitude, forKey: .lon)
        }
    }
}
