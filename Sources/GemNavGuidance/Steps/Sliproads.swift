import GemNavCore

/// OSRM's `SliproadHandler`: a road that leaves the main road just before a junction and
/// joins the crossing road just after it (a slip lane, cutting the corner `bcd` below) is
/// one turn with the junction where it ends, announced where it begins.
///
///     a ... b .... c .      b: where the sliproad leaves the main road `a-b-c`
///           `      .        c: where the main road meets the crossing road
///             `    .        d: where the sliproad joins the crossing road
///               `  .
///                  d
///
/// Deciding it takes the roads the route does not drive (the main road on to `c`, the
/// crossing road between `c` and `d`), which the leg's network supplies.
enum Sliproads {
    /// OSRM's `MAX_SLIPROAD_THRESHOLD`, metres, scaled down by road class.
    static let maxThreshold = 250.0
    /// OSRM's `skipDegreeTwoNodes` and intersection finder give up after this many hops.
    static let hopLimit = 10

    /// The decision at junction `v` once sliproads are known: marked as a sliproad when the
    /// route takes one, and a fork whose other branch is a sliproad becomes the main road
    /// going on (nil when that says nothing).
    static func adjust(_ decision: Decision, _ v: JunctionView, from: RoadInfo, to: RoadInfo,
                       network: any StreetNetwork) -> Decision?
    {
        let j = v.junction
        guard j.arms.count > 2, j.arms[j.outArm].edge >= 0, !from.name.isEmpty || !from.ref.isEmpty else { return decision }
        let outIsCandidate = isPotentialLink(j.outArm, v, road: to) && !to.roadClass.isLowPriority
        guard outIsCandidate || decision.type == .fork else { return decision }
        // The main road goes on in the same class: checked on the classes first, as it runs
        // for most turns of a route.
        guard j.arms.indices.contains(where: { a in
            a != j.inArm && (a == j.outArm ? to : j.arms[a].road).roadClass == from.roadClass && j.arms[a].canEnter
        }) else { return decision }
        // Taking the main road matters only at a fork, which a sliproad beside it undoes.
        guard let main = obviousArm(v, from: from, to: to, network: network), main != j.outArm || decision.type == .fork
        else { return decision }
        let mainRoad = main == j.outArm ? to : j.arms[main].road
        guard continues(from, mainRoad) else { return decision }
        if main != j.outArm {
            guard isSliproad(j.outArm, main: main, v, from: from, network: network) else { return decision }
            var marked = decision
            marked.isSliproad = true
            return marked
        }
        // Taking the main road at a fork beside a sliproad: the fork was no fork.
        guard j.arms.indices.contains(where: { $0 != main && $0 != j.inArm && isPotentialLink($0, v, road: j.arms[$0].road)
            && isSliproad($0, main: main, v, from: from, network: network) })
        else { return decision }
        let modifier = ManeuverClassifier.turnDirection(v.angle)
        if StepBuilder.sameName(from, to) {
            return abs(v.angle) < 5 ? nil : Decision(type: .continue, modifier: modifier)
        }
        return to.name.isEmpty ? nil : Decision(type: .newName, modifier: modifier)
    }

    /// OSRM's `getObviousIndexWithSliproads`: the obvious road, or at a fork of two roads the
    /// one whose sibling ends where a sliproad would (one way in, one way on).
    private static func obviousArm(_ v: JunctionView, from: RoadInfo, to: RoadInfo, network: any StreetNetwork) -> Int? {
        if let obvious = v.obvious ?? ObviousTurn.arm(v, from: from, to: to) { return obvious }
        let j = v.junction
        guard j.arms.count == 3,
              let fork = ManeuverClassifier.osrmFork(v, from: from, to: to), fork.count == 2
        else { return nil }
        let (right, left) = v.angle(of: fork[0]) > v.angle(of: fork[1]) ? (fork[0], fork[1]) : (fork[1], fork[0])
        guard let first = nextIntersection(along: j.arms[right].edge, network),
              let second = nextIntersection(along: j.arms[left].edge, network)
        else { return nil }
        if canBeTarget(first.junction) && second.junction.node != j.node { return left }
        if canBeTarget(second.junction) && first.junction.node != j.node { return right }
        return nil
    }

    /// OSRM's `canBeTargetOfSliproad`: three roads, and one may go on only one way.
    private static func canBeTarget(_ j: RoutePath.Junction) -> Bool {
        guard j.arms.count == 3, !j.arms[j.inArm].canEnter else { return false }
        return j.arms.indices.filter { $0 != j.inArm && j.arms[$0].canEnter }.count < 2
    }

    /// OSRM's `roadContinues`: same class and mode, and a name (or ref) that carries on.
    private static func continues(_ from: RoadInfo, _ main: RoadInfo) -> Bool {
        from.roadClass == main.roadClass && from.mode == main.mode && StepBuilder.sameName(from, main)
    }

    /// OSRM's `is_potential_link`: enterable, within 80° of straight, no ring.
    private static func isPotentialLink(_ arm: Int, _ v: JunctionView, road: RoadInfo) -> Bool {
        v.junction.arms[arm].canEnter && !road.isRoundabout && !road.isRoundaboutWay
            && abs(v.angle(of: arm)) <= 2 * ObviousTurn.narrowTurn
    }

    /// Whether `arm` is next to `main` in turn order, no other road between them (OSRM's
    /// indexes either side of the main road, the way back excluded).
    private static func isNeighbour(_ arm: Int, of main: Int, _ v: JunctionView) -> Bool {
        let j = v.junction
        let mainAngle = v.angle(of: main), armAngle = v.angle(of: arm)
        let (low, high) = armAngle > mainAngle ? (mainAngle, armAngle) : (armAngle, mainAngle)
        return !j.arms.indices.contains { a in
            a != j.inArm && a != arm && a != main && v.angle(of: a) > low && v.angle(of: a) < high
        }
    }

    /// Whether arm `arm` of junction `v` (`b`) is a sliproad beside `main`.
    private static func isSliproad(_ arm: Int, main: Int, _ v: JunctionView, from: RoadInfo,
                                   network: any StreetNetwork) -> Bool
    {
        let j = v.junction
        guard isNeighbour(arm, of: main, v) else { return false }
        let sliproad = j.arms[arm].road, mainRoad = j.arms[main].road
        guard !sliproad.roadClass.isLowPriority, network.isDrivable(j.arms[arm].edge),
              let c = mainIntersection(along: j.arms[main].edge, road: mainRoad, network), !isDeadEnd(c.junction),
              c.junction.node != j.node
        else { return false }
        let cView = JunctionView(c.junction)
        let isRight = v.angle(of: arm) > v.angle(of: main)
        let others = c.junction.arms.indices.filter { $0 != c.junction.inArm }
        guard let crossing = isRight ? others.max(by: { cView.angle(of: $0) < cView.angle(of: $1) })
            : others.min(by: { cView.angle(of: $0) < cView.angle(of: $1) }),
            network.isDrivable(c.junction.arms[crossing].edge)
        else { return false }
        guard let d = intersection(along: j.arms[arm].edge, network), !isDeadEnd(d.junction) else { return false }
        let dj = d.junction, dView = JunctionView(dj)
        guard let firstOpen = dj.arms.first(where: \.canEnter), firstOpen.road.mode == from.mode,
              sliproad.mode == from.mode, (3...4).contains(dj.arms.count),
              j.node != c.junction.node, j.node != dj.node, c.junction.node != dj.node
        else { return false }
        let crossingEnd = network.junction(reachedBy: c.junction.arms[crossing].edge).node
        if dj.arms.count == 4 {
            let sorted = others.sorted { cView.angle(of: $0) > cView.angle(of: $1) }
            guard sorted.count >= 2, crossingEnd == dj.node else { return false }
            let nextToCrossing = isRight ? sorted[1] : sorted[sorted.count - 2]
            let corner = network.junction(reachedBy: c.junction.arms[nextToCrossing].edge).node
            guard dj.arms.indices.contains(where: { a in
                a != dj.inArm && isSharp(dView.angle(of: a)) && network.junction(reachedBy: dj.arms[a].edge).node == corner
            }) else { return false }
        }
        // The way off the sliproad is obvious, narrow and no ring.
        guard let onto = ObviousTurn.arm(dView, from: sliproad, to: dj.arms[dj.outArm].road),
              abs(dView.angle(of: onto)) <= 2 * ObviousTurn.narrowTurn, !dj.arms[onto].road.isRoundaboutWay
        else { return false }
        guard snuggles(b: j.location, line: network.coordinates(of: d.edge), d: dj.location, isRight: isRight,
                       mainLength: Geodesy.distance(j.location, c.junction.location), crossing: cView.angle(of: crossing),
                       isLink: sliproad.roadClass.isLink)
        else { return false }
        let threshold = maxThreshold * scale(sliproad.roadClass)
        let area = Geodesy.distance(j.location, c.junction.location) * Geodesy.distance(c.junction.location, dj.location) / 2
        guard area >= 3 && area <= threshold * threshold else { return false }
        let cNames = c.junction.arms.map(\.road)
        return dj.arms.indices.contains { a in
            let candidate = dj.arms[a].road
            guard !cNames.allSatisfy({ NameChange.isAnnounced(from: $0, to: candidate) }) else { return false }
            if !sliproad.roadClass.isLink, !sliproad.name.isEmpty, !mainRoad.name.isEmpty, !candidate.name.isEmpty,
               NameChange.isAnnounced(from: mainRoad, to: sliproad), NameChange.isAnnounced(from: sliproad, to: candidate)
            {
                return false
            }
            if sliproad.roadClass.isLink && candidate.roadClass.isLink { return false }
            let end = network.junction(reachedBy: dj.arms[a].edge)
            if end.node == c.junction.node { return true }
            // OSRM's `angleBetween` of the two bearings: 180 when they point the same way.
            let between = (dj.arms[a].exactBearing - c.junction.arms[crossing].exactBearing + 540)
                .truncatingRemainder(dividingBy: 360)
            if end.node == crossingEnd, between < ObviousTurn.fuzzyAngle, isSharp(dView.angle(of: a)) {
                return true
            }
            // Across a traffic light (a junction of two roads) to `c`.
            guard end.arms.count == 2, let on = end.arms.indices.first(where: { $0 != end.inArm }) else { return false }
            return network.junction(reachedBy: end.arms[on].edge).node == c.junction.node
        }
    }

    /// OSRM's curvature test: a right sliproad bends right of the straight line from `b` to
    /// `d` (a left one left), and unless the lane is a link the crossing road at `c` is at
    /// least 40° off going back. Short main roads (under 3 m) are not judged.
    private static func snuggles(b: Coordinate, line: [Coordinate], d: Coordinate, isRight: Bool,
                                 mainLength: Double, crossing: Double, isLink: Bool) -> Bool
    {
        guard line.count >= 2, mainLength >= 3 else { return true }
        let inner = line.dropFirst().dropLast()
        let inside = inner.allSatisfy { p in
            let ccw = signedArea(b, p, d) > 0
            return isRight ? !ccw : ccw
        }
        guard inside else { return false }
        return abs(crossing) <= 180 - 40 || isLink
    }

    /// OSRM's `signedArea` on longitude and latitude.
    private static func signedArea(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Double {
        0.5 * ((b.longitude - a.longitude) * (c.latitude - a.latitude) - (c.longitude - a.longitude) * (b.latitude - a.latitude))
    }

    /// OSRM's `isDeadEnd`: no road to go on but the way back.
    private static func isDeadEnd(_ j: RoutePath.Junction) -> Bool {
        !j.arms.indices.contains { $0 != j.inArm && j.arms[$0].canEnter }
    }

    private static func isSharp(_ angle: Double) -> Bool {
        let direction = ManeuverClassifier.turnDirection(angle)
        return direction == .sharpLeft || direction == .sharpRight
    }

    /// OSRM's `scaledThresholdByRoadClass`.
    private static func scale(_ roadClass: RoadClass) -> Double {
        switch roadClass.priority {
        case 0: return 1
        case 2, 4: return 0.8
        case 6: return 0.6
        case 8: return 0.5
        case 10: return 0.4
        case 11: return 0.3
        case 1, 3, 5, 7, 9, 14: return 0.3
        default: return 0.1
        }
    }

    /// A junction reached along a road, and the last edge into it.
    private struct Reached {
        let junction: RoutePath.Junction
        let edge: Int32
    }

    /// OSRM's intersection finder: along `edge` through junctions of only two roads, to the
    /// next with more (or where the hops run out).
    private static func intersection(along edge: Int32, _ network: any StreetNetwork) -> Reached? {
        guard edge >= 0 else { return nil }
        var edge = edge
        var j = network.junction(reachedBy: edge)
        for _ in 0..<hopLimit where j.arms.count == 2 {
            guard let on = j.arms.indices.first(where: { $0 != j.inArm }), j.arms[on].edge >= 0 else { break }
            edge = j.arms[on].edge
            j = network.junction(reachedBy: edge)
        }
        return Reached(junction: j, edge: edge)
    }

    /// OSRM's `getNextIntersection`: as `intersection(along:)`, nil at a dead end or where
    /// only two roads meet.
    private static func nextIntersection(along edge: Int32, _ network: any StreetNetwork) -> Reached? {
        guard let reached = intersection(along: edge, network), reached.junction.arms.count > 2 else { return nil }
        return reached
    }

    /// OSRM's `nextIntersectionIsTooFarAway` and `getNextIntersection` along the main road:
    /// the next junction of more than two roads, unless the road runs further than its
    /// class's share of `maxThreshold` before it.
    private static func mainIntersection(along edge: Int32, road: RoadInfo, _ network: any StreetNetwork) -> Reached? {
        let threshold = maxThreshold * scale(road.roadClass)
        var edge = edge, metres = 0.0
        for _ in 0...hopLimit {
            metres += network.length(of: edge)
            if metres > threshold { return nil }
            let j = network.junction(reachedBy: edge)
            guard j.arms.count == 2 else { return j.arms.count > 2 ? Reached(junction: j, edge: edge) : nil }
            guard let on = j.arms.indices.first(where: { $0 != j.inArm }), j.arms[on].edge >= 0 else { return nil }
            edge = j.arms[on].edge
        }
        return nil
    }
}
