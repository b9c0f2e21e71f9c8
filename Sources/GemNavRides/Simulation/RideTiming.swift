import Foundation

/// The distances and waits that move a simulated ride from one state to the next.
public struct RideTiming: Sendable, Hashable {
    /// Seconds the service takes to look for a driver before answering.
    public var dispatchDelay = 3.0
    /// The driver is "arriving" within this many metres (along the road) of the pickup.
    public var arrivingDistance = 100.0
    /// Seconds the driver waits at the pickup for the rider to get in.
    public var pickupWait = 20.0
    /// The ride is "approaching" within this many metres of the destination…
    public var approachDistance = 500.0
    /// …or this many seconds.
    public var approachDuration = 60.0

    /// The standard timing.
    public init() {}
}
