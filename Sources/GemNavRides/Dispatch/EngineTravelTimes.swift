import Foundation
import GemNavCore
import GemNavRouting

/// `TravelTimeMatrix` on the embedded routing engine's many-to-many table (one bucket search
/// on the hierarchy for the whole matrix, not one route per pair).
public struct EngineTravelTimes: TravelTimeMatrix {
    /// The engine queried.
    public let engine: RoutingEngine

    /// Times on `engine`.
    public init(engine: RoutingEngine) { self.engine = engine }

    public func durations(from sources: [Coordinate], to destinations: [Coordinate]) throws(RideError) -> [[Double?]] {
        do {
            return try engine.table(sources: sources, destinations: destinations).durations
        } catch {
            throw RideError(.matrixFailed(String(describing: error)))
        }
    }
}
