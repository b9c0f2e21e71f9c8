/// What only a motor vehicle profile has (OSRM car.lua): the vehicle's size, checked against
/// the physical and legal limits tagged on ways, and the rate penalties that make routes
/// prefer wide, marked, main roads without changing their durations.
public struct VehicleRules: Sendable, Hashable {
    /// The vehicle's size when roads it does not fit are closed at import (the car); nil when
    /// each road keeps its limits for the vehicle of each request (the truck).
    public var size: VehicleDimensions? = .car
    /// Which tags carry the limits.
    public var limitKeys = LimitKeys.car
    /// Rate factor on `side_road=yes|rotary`.
    public var sideRoadFactor = 0.8
    /// Rate factor on two-way roads with `lane_markings=no`.
    public var laneMarkingsFactor = 0.75
    /// Rate factor against the favoured direction of `priority=forward|backward`.
    public var priorityFactor = 0.7
    /// Rate factor on `oneway=alternating` (waiting for the other direction's turn).
    public var alternatingFactor = 0.4
    /// Speed on `bridge=movable` without a `duration`, km/h.
    public var movableBridgeSpeed = 5.0
    /// Highest speed per `highway=*` value, km/h, applied after `maxspeed` (a truck's
    /// legal and governed limits); empty for the car.
    public var speedCaps: [String: Double] = [:]
    /// A limit for this vehicle alone (`maxspeed:hgv`), per direction, applied as a cap.
    public var ownMaxspeedKey: String?
    /// Access key whose `designated` value marks a road meant for this vehicle (`hgv`).
    public var designatedKey: String?
    /// Rate factor (≥ 1, a bonus) on roads designated for this vehicle.
    public var designatedFactor = 1.0

    /// The car.lua defaults.
    public static let car = VehicleRules()

    /// Whether the vehicle fits through the way forward and backward; always when limits are
    /// kept per request.
    func fits(_ tags: TagReader) -> (forward: Bool, backward: Bool) {
        guard let size else { return (true, true) }
        let limits = limitKeys.way(tags)
        return (size.exceeded(limits.forward) == nil, size.exceeded(limits.backward) == nil)
    }

    /// The limits a graph keeps on the way forward and backward (none when closed at import).
    func keptLimits(_ tags: TagReader) -> (forward: PhysicalLimits, backward: PhysicalLimits) {
        size == nil ? limitKeys.way(tags) : (PhysicalLimits(), PhysicalLimits())
    }

    /// Rate factors (≤ 1; weight is duration divided by them) forward and backward.
    func rateFactors(_ tags: TagReader, service: Double, bidirectional: Bool, alternating: Bool)
        -> (forward: Double, backward: Double)
    {
        var width = 1.0
        if bidirectional {
            if tags["lane_markings"] == "no" { width = laneMarkingsFactor }
            if let w = tags["width"].flatMap(Measure.metres) {
                width = w <= 3 ? 0.5 : w < 4 ? 0.6 : w < 5 ? 0.75 : w < 6 ? 0.8 : width
            }
            if let lanes = tags["lanes"].flatMap({ Int($0.prefix(while: \.isNumber)) }), lanes <= 1 { width = 0.5 }
        }
        let side = ["yes", "rotary"].contains(tags["side_road"] ?? "") ? sideRoadFactor : 1
        let common = Swift.min(service, width, alternating ? alternatingFactor : 1, side)
        let priority = tags["priority"]
        let designated = designatedKey.map { tags.directional([$0]) }
        return (Swift.min(common, priority == "backward" ? priorityFactor : 1)
                    * (designated?.forward == "designated" ? designatedFactor : 1),
                Swift.min(common, priority == "forward" ? priorityFactor : 1)
                    * (designated?.backward == "designated" ? designatedFactor : 1))
    }

    /// The highest speeds (km/h) forward and backward this vehicle may drive on the way.
    func speedCaps(_ tags: TagReader, highway: String?) -> (forward: Double, backward: Double) {
        let cap = highway.flatMap { speedCaps[$0] } ?? .infinity
        guard let key = ownMaxspeedKey else { return (cap, cap) }
        let own = tags.directional([key])
        func limit(_ v: String?) -> Double { v.flatMap(Maxspeed.parse).flatMap { $0 > 0 ? $0 : nil } ?? .infinity }
        return (Swift.min(cap, limit(own.forward)), Swift.min(cap, limit(own.backward)))
    }
}
