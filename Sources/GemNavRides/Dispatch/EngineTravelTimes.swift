import Foundation
import GemNavCore
import GemNavRouting

/// `TravelTimeMatrix` on the embedded routing engine.
public struct EngineTravelTimes: TravelTimeMatrix {
    /// The engine queried.
    public let engine: RoutingEngine

    /// Times on `engine`.
    public init(engine: RoutingEngine) { self.engine = engine }

    public func durations(from sources: [Coordinate], to destinations: [Coordinate]) throws(RideError) -> [[Double?]] {
        // Interim until the engine's many-to-many table lands: one route per pair.
        sources.map { source in
            destinations.map { destination in
                (try? engine.route(RouteRequest(waypoints: [source, destination])))?.first?.duration
            }
        }
    }
}
