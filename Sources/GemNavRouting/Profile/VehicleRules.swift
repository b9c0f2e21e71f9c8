/// What only a motor vehicle profile has (OSRM car.lua): the vehicle's size, checked against
/// the physical and legal limits tagged on ways, and the rate penalties that make routes
/// prefer wide, marked, main roads without changing their durations.
public struct VehicleRules: Sendable, Hashable {
    /// Metres; `maxheight` below it closes the way.
    public var height = 2.0
    /// Metres; `maxwidth`/`width` at or below it closes the way.
    public var width = 1.9
    /// Metres; `maxlength` below it closes the way.
    public var length = 4.8
    /// Kilograms; `maxweight` below it closes the way.
    public var weight = 2000.0
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

    /// The car.lua defaults.
    public static let car = VehicleRules()

    /// Whether the vehicle fits through the way forward and backward.
    func fits(_ tags: TagReader) -> (forward: Bool, backward: Bool) {
        var forward = true, backward = true
        func limit(_ keys: [String], _ parse: (String) -> Double?, _ closes: (Double) -> Bool) {
            let (f, b) = tags.directional(keys)
            if let v = f.flatMap(parse), closes(v) { forward = false }
            if let v = b.flatMap(parse), closes(v) { backward = false }
        }
        limit(["maxheight:physical", "maxheight"], Measure.height) { $0 < height }
        limit(["maxwidth:physical", "maxwidth", "width", "est_width"], Measure.metres) { $0 <= width }
        limit(["maxlength"], Measure.metres) { $0 < length }
        limit(["maxweightrating", "maxweight"], Measure.kilograms) { $0 < weight }
        return (forward, backward)
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
        return (Swift.min(common, priority == "backward" ? priorityFactor : 1),
                Swift.min(common, priority == "forward" ? priorityFactor : 1))
    }
}
