import Foundation
import GemNavCore

/// Identifies a recorded trip inside one store.
public struct TripID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The row id SQLite gave the trip.
    public var rawValue: Int64

    /// Wraps a stored row id.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The row id as text, e.g. "12".
    public var description: String { String(rawValue) }
}

/// One GPS fix of a recorded trip.
///
/// Optional values are "unknown": map CoreLocation's negative speed, course or accuracy to nil.
public struct TripFix: Sendable, Hashable {
    /// Where the device was.
    public var coordinate: Coordinate
    /// Radius of the 68% confidence circle in metres, nil when unknown.
    public var horizontalAccuracy: Double?
    /// Ground speed in metres per second, nil when unknown.
    public var speed: Double?
    /// Direction of travel in degrees clockwise from true north (0..<360), nil when unknown.
    public var course: Double?
    /// When the fix was taken.
    public var timestamp: Date

    /// Creates a fix.
    public init(coordinate: Coordinate, horizontalAccuracy: Double? = nil, speed: Double? = nil,
                course: Double? = nil, timestamp: Date)
    {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
    }

    /// The first thing wrong with the fix, or nil when it can be stored.
    ///
    /// Checked before writing so that one bad sample (NaN from a flaky receiver) is reported
    /// precisely instead of surfacing later as a broken distance or an invalid GPX file.
    var problem: StorageError.InvalidFixReason? {
        if !coordinate.isValid { return .coordinate }
        if let a = horizontalAccuracy, !(a.isFinite && a >= 0) { return .horizontalAccuracy }
        if let s = speed, !(s.isFinite && s >= 0) { return .speed }
        if let c = course, !(c.isFinite && c >= 0 && c < 360) { return .course }
        if !timestamp.timeIntervalSince1970.isFinite { return .timestamp }
        return nil
    }
}

/// What the trip list shows about one recorded trip.
public struct TripSummary: Sendable, Hashable, Identifiable {
    /// The trip.
    public var id: TripID
    /// When recording started.
    public var startedAt: Date
    /// When the trip was finished; nil while it is still being recorded (or was never
    /// finished, e.g. the app stopped mid-trip).
    public var finishedAt: Date?
    /// Where the trip started, as the user would name it, when known.
    public var originName: String?
    /// Where the trip went, as the user would name it, when known.
    public var destinationName: String?
    /// Metres travelled along the recorded fixes; nil until the trip is finished.
    public var distance: Double?
    /// Seconds from start to finish; nil until the trip is finished.
    public var duration: TimeInterval?
    /// How many fixes are stored for the trip.
    public var fixCount: Int

    /// Creates a summary.
    public init(id: TripID, startedAt: Date, finishedAt: Date?, originName: String?,
                destinationName: String?, distance: Double?, duration: TimeInterval?, fixCount: Int)
    {
        self.id = id
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.originName = originName
        self.destinationName = destinationName
        self.distance = distance
        self.duration = duration
        self.fixCount = fixCount
    }

    /// Whether `TripRecorder.finishTrip` has been called for the trip.
    public var isFinished: Bool { finishedAt != nil }
}
