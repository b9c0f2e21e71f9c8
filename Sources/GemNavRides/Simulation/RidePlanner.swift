import Foundation
import GemNavCore
import GemNavRouting
import GemNavServices

/// Quotes a ride: the road route between pickup and destination on the embedded engine and
/// its fare estimate from the map's tariff.
public struct RidePlanner: Sendable {
    /// The engine routed on.
    public let engine: RoutingEngine
    /// The map's tariff.
    public let tariff: Tariff

    /// A planner on `engine` charging `tariff`.
    public init(engine: RoutingEngine, tariff: Tariff) {
        self.engine = engine
        self.tariff = tariff
    }

    /// A planner whose tariff is the one `book` gives the engine's map.
    public init(engine: RoutingEngine, book: TariffBook) {
        self.init(engine: engine, tariff: book.tariff(forMap: engine.graph.boundingBox))
    }

    /// Pickup and destination closer than this (metres, straight line) are one place: a rider
    /// who walks there needs no car, and a quote for it is a mistaken tap.
    public static let shortestRide = 50.0

    /// The plan for a ride.
    /// - Throws: `RideError` `.samePlace` when pickup and destination are closer than
    ///   `shortestRide`, `.noRoute` when a place is off the map or unreachable.
    public func plan(pickup: Place, destination: Place, rideClass: RideClass) throws(RideError) -> RidePlan {
        let apart = Geodesy.distance(pickup.coordinate, destination.coordinate)
        guard apart >= Self.shortestRide else { throw RideError(.samePlace(metres: apart)) }
        let route = try self.route(from: pickup.coordinate, to: destination.coordinate)
        let estimate = tariff.fare(distance: route.distance, duration: route.duration, rideClass: rideClass,
                                   kind: .estimate)
        return RidePlan(pickup: pickup, destination: destination, rideClass: rideClass, route: route,
                        estimate: estimate)
    }

    /// The fastest road route between two points.
    /// - Throws: `RideError` `.noRoute` with the router's reason.
    func route(from a: Coordinate, to b: Coordinate) throws(RideError) -> RideRoute {
        do {
            guard let path = try engine.route(RouteRequest(waypoints: [a, b])).first else {
                throw RideError(.noRoute("no road connects \(a) and \(b)"))
            }
            return RideRoute(path)
        } catch let error as RideError {
            throw error
        } catch {
            throw RideError(.noRoute(String(describing: error)))
        }
    }
}
