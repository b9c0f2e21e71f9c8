import Foundation
import GemNavCore

/// Driving times between many points in one query: what dispatch asks to find the driver
/// closest to a pickup by time. The routing engine's table answers it on the device; a ride
/// backend could answer it with its own matrix service.
public protocol TravelTimeMatrix: Sendable {
    /// Seconds from each source to each destination, `[source][destination]`; nil where no
    /// road connects them.
    /// - Throws: `RideError` `.matrixFailed` when the query cannot be answered.
    func durations(from sources: [Coordinate], to destinations: [Coordinate]) throws(RideError) -> [[Double?]]
}
