import Foundation
import GemNavCore

/// What to route: the waypoints and the options a client may set.
public struct RouteRequest: Sendable, Hashable {
    /// Two or more points to visit in order.
    public var waypoints: [Coordinate]
    /// How many alternative routes to add to the best one (0…3).
    public var alternatives: Int
    /// Road kinds to exclude.
    public var avoid: AvoidOptions
    /// Optional travel-direction filter per waypoint.
    public var bearings: [BearingFilter?]
    /// Optional snapping radius per waypoint in metres.
    public var radiuses: [Double?]
    /// Forbid U-turns at intermediate waypoints (continue in the arrival direction).
    public var continueStraight: Bool
    /// Whether a waypoint may land on any road, also one a trip does not normally start or
    /// end on (a ferry, a private service road): OSRM's `snapping=any`, for a client that
    /// knows the car really is there.
    public var snapsToAnyRoad = false
    /// The vehicle's size, on a truck graph (nil: `VehicleDimensions.truck`); no route uses
    /// a road or barrier whose limit it exceeds.
    public var vehicle: VehicleDimensions?

    /// The snapping radius used when a waypoint has none.
    public static let defaultRadius = 1000.0
    /// How far a waypoint on a small disconnected piece of road (a car park, a one-way trap)
    /// may be moved to reach the connected network, when the request sets no radius.
    public static let connectedRoadRadius = 5000.0

    /// Creates a request.
    public init(waypoints: [Coordinate], alternatives: Int = 0, avoid: AvoidOptions = [],
                bearings: [BearingFilter?] = [], radiuses: [Double?] = [], continueStraight: Bool = true,
                vehicle: VehicleDimensions? = nil)
    {
        self.vehicle = vehicle
        self.waypoints = waypoints
        self.alternatives = alternatives
        self.avoid = avoid
        self.bearings = bearings
        self.radiuses = radiuses
        self.continueStraight = continueStraight
    }
}
