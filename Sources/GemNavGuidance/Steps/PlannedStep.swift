import GemNavCore

/// A step whose maneuver and extent are decided but which is not yet worded.
struct PlannedStep {
    var decision: Decision
    var location: Coordinate
    var bearingBefore: Int
    var bearingAfter: Int
    /// The road travelled during the step (its name, ref and mode go in the step).
    var road: RoadInfo
    /// The road the instruction names: the exit road for roundabouts, else `road`.
    var target: RoadInfo
    var geometry: [Coordinate] = []
    var distance = 0.0
    var duration = 0.0
    /// Speed on the step's last stretch in m/s: prompts are timed at the speed driven
    /// while approaching the next maneuver.
    var endSpeed = 0.0
    var intersections: [Intersection] = []
    var rotaryName: String?
    /// Angle travelled round a roundabout, for banner icons.
    var degrees: Double?

    init(decision: Decision, location: Coordinate, bearingBefore: Int, bearingAfter: Int, road: RoadInfo,
         target: RoadInfo)
    {
        self.decision = decision
        self.location = location
        self.bearingBefore = bearingBefore
        self.bearingAfter = bearingAfter
        self.road = road
        self.target = target
    }

    /// Takes in the step that follows this one, whose maneuver is no longer announced: its
    /// geometry, figures and intersections become this step's.
    mutating func absorb(_ next: PlannedStep) {
        if let last = geometry.last, last == next.geometry.first {
            geometry.append(contentsOf: next.geometry.dropFirst())
        } else {
            geometry.append(contentsOf: next.geometry)
        }
        distance += next.distance
        duration += next.duration
        if next.duration > 0 { endSpeed = next.endSpeed }
        intersections.append(contentsOf: next.intersections)
    }

    /// Adds stretch `k` of `leg` (geometry and figures), sharing the joint point with the
    /// previous one.
    mutating func append(_ leg: RoutePath.Leg, _ k: Int) {
        let line = leg.coordinates(of: k)
        if let last = geometry.last, last == line.first {
            geometry.append(contentsOf: line.dropFirst())
        } else {
            geometry.append(contentsOf: line)
        }
        var d = 0.0, t = 0.0
        for i in leg.segments(of: k) {
            d += leg.segmentDistances[i]
            t += leg.segmentDurations[i]
        }
        distance += d
        duration += t
        if t > 0 { endSpeed = d / t }
    }
}
