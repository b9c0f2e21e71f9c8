import GemNavCore

/// The lanes announced at each junction of a leg, as OSRM finds them: the lanes of the road
/// arriving, where a way merely continues (two roads, same name and class) the lanes drawn
/// nearest the junction, else those of a stretch just before it.
struct JunctionLanes {
    let leg: RoutePath.Leg
    let views: [JunctionView]
    /// Whether OSRM sees a junction here: more than two roads, or two that differ in more
    /// than their lanes (a way that merely continues is one road to OSRM).
    private let isJunction: [Bool]
    /// The `turn:lanes` of the road arriving at each junction, carried over the points
    /// where a way merely continues when the nearer piece has none (OSRM keeps the lanes
    /// closest to the junction when it joins such pieces).
    private let arriving: [String]

    /// A stretch before the junction shorter than this (metres) lends it its lanes
    /// (OSRM's `COMBINE_DISTANCE_CUTOFF` for lanes drawn before the actual turn).
    static let previousLanesDistance = 30.0

    init(leg: RoutePath.Leg, views: [JunctionView]) {
        self.leg = leg
        self.views = views
        let roads = leg.roads
        var isJunction = [Bool](), arriving = [String]()
        isJunction.reserveCapacity(views.count)
        arriving.reserveCapacity(views.count)
        var lanes = roads.first?.road.turnLanes ?? ""
        for i in views.indices {
            arriving.append(lanes)
            let real = views[i].junction.arms.count != 2 || !roads[i].road.isSameRoad(as: roads[i + 1].road)
            isJunction.append(real)
            let next = roads[i + 1].road.turnLanes
            if real || !next.isEmpty { lanes = next }
        }
        self.isJunction = isJunction
        self.arriving = arriving
    }

    /// The lanes at junction `i` for the road the route takes; nil when none are announced.
    func lanes(at i: Int) -> [Lane]? {
        let roads = leg.roads
        let description = LaneMask.description(arriving[i])
        let previous = description == nil ? self.previous(i) : nil
        guard description != nil || previous?.description != nil else { return nil }
        let v = views[i]
        if roads[i].road.isRoundabout || v.junction.arms.contains(where: { $0.road.isRoundabout }) { return nil }
        let turns = StepBuilder.laneTurns(v, from: roads[i].road)
        guard let taken = turns.firstIndex(where: { $0.arm == v.junction.outArm }) else { return nil }
        let lanes = LaneMatcher.assign(description, turns: turns, taken: taken,
                                       outgoing: LaneMask.description(roads[i + 1].road.turnLanes),
                                       previous: previous, next: description == nil ? nil : next(i, turns: turns))
        return lanes.map { $0.range.lanes($0.description) }
    }

    /// The junction before `i` when it is close and the route reached `i` straight on from
    /// it, with the lanes arriving there and its roads.
    private func previous(_ i: Int) -> (description: [LaneMask]?, turns: [LaneTurn])? {
        var k = i - 1
        while k >= 0 && !isJunction[k] { k -= 1 }
        guard k >= 0 else { return nil }
        let description = LaneMask.description(arriving[k])
        guard description != nil else { return nil }
        var length = 0.0
        for r in (k + 1)...i { length += leg.distance(of: r) }
        guard length <= Self.previousLanesDistance else { return nil }
        // OSRM looks back along the straightmost road: it must be the one the route came by.
        let j = views[k].junction
        let back = j.arms[j.outArm].exactBearing + 180
        var best = -1, bestDeviation = Double.infinity
        for a in j.arms.indices where a != j.outArm {
            let deviation = abs(Geodesy.turnAngle(from: back, to: j.arms[a].exactBearing))
            if deviation < bestDeviation {
                best = a
                bestDeviation = deviation
            }
        }
        guard best == j.inArm, bestDeviation <= ObviousTurn.groupAngle else { return nil }
        return (description, StepBuilder.laneTurns(views[k], from: leg.roads[k].road))
    }

    /// The junction reached by the straightmost road at `i`, when the route takes that road.
    private func next(_ i: Int, turns: [LaneTurn]) -> [LaneTurn]? {
        guard turns[turns.straightmost].arm == views[i].junction.outArm else { return nil }
        var m = i + 1
        while m < views.count && !isJunction[m] { m += 1 }
        guard m < views.count else { return nil }
        return StepBuilder.laneTurns(views[m], from: leg.roads[m].road)
    }
}
