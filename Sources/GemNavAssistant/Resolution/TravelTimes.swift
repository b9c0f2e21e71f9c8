import GemNavCore
import GemNavRouting
import GemNavServices

/// How long and how far a trip is, as the router says.
public struct TravelEstimate: Sendable, Hashable, Codable {
    /// Seconds.
    public var duration: Double
    /// Metres.
    public var distance: Double
    /// The limit on the first road of the route (the one the user is on), when mapped.
    public var speedLimitKmh: Double?

    /// An estimate from its parts.
    public init(duration: Double, distance: Double, speedLimitKmh: Double? = nil) {
        self.duration = duration
        self.distance = distance
        self.speedLimitKmh = speedLimitKmh
    }
}

/// Travel times for ranking places ("nearest" is the quickest to reach, not the closest as the
/// crow flies) and for answering "how long".
public protocol TravelTimes: Sendable {
    /// The best route through `waypoints` (the start first), nil when there is none or the
    /// profile cannot be routed on this map.
    func estimate(through waypoints: [Coordinate], avoid: AvoidOptions, profile: AssistantProfile) async
        -> TravelEstimate?
}

/// `TravelTimes` from the embedded routing engines: plain paths, no guidance, so ranking ten
/// candidates costs well under a millisecond on a city.
public struct EngineTravelTimes: TravelTimes {
    /// The engines by profile; a profile without one is routed by the car engine, the best
    /// guess this map allows.
    public let engines: [AssistantProfile: RoutingEngine]

    /// Travel times from `engines` (at least `.car`).
    public init(engines: [AssistantProfile: RoutingEngine]) { self.engines = engines }

    /// Travel times from the car engine alone.
    public init(engine: RoutingEngine) { self.init(engines: [.car: engine]) }

    public func estimate(through waypoints: [Coordinate], avoid: AvoidOptions, profile: AssistantProfile) async
        -> TravelEstimate?
    {
        guard waypoints.count >= 2, let engine = engines[profile] ?? engines[.car],
              let path = try? engine.route(RouteRequest(waypoints: waypoints, avoid: avoid)).first else { return nil }
        return TravelEstimate(duration: path.duration, distance: path.distance,
                              speedLimitKmh: path.legs.first?.roads.first?.road.speedLimitKmh)
    }
}
