import GemNavCore

/// OSRM's road priority classes (`RoadPriorityClass`, as its car profile assigns them), on
/// which it decides whether one road is obviously the one to follow.
extension RoadClass {
    /// Lower is more important: motorway 0, primary 4, residential 10, service 12,
    /// unlisted classes 31 ("connectivity").
    var priority: Int {
        switch self {
        case .motorway: return 0
        case .motorwayLink: return 1
        case .trunk: return 2
        case .trunkLink: return 3
        case .primary: return 4
        case .primaryLink: return 5
        case .secondary: return 6
        case .secondaryLink: return 7
        case .tertiary: return 8
        case .tertiaryLink: return 9
        case .residential: return 10
        case .livingStreet: return 11
        case .service: return 12
        case .unclassified: return 15
        case .track, .path: return 16
        case .footway, .pedestrian, .steps: return 18
        case .road, .cycleway, .bridleway, .ferry: return 31
        }
    }

    /// OSRM's coarse groups of similar priorities (motorway, trunk, main roads, residential
    /// streets, links and unclassified, paths…).
    var priorityGroup: Int {
        switch priority {
        case 0, 1: return 0
        case 2, 3: return 1
        case 4...9: return 2
        case 10...13: return 3
        case 14, 15: return 4
        case 16: return 5
        case 18: return 6
        default: return 7
        }
    }

    /// A way the car profile does not count as a road (service, track, path…): it may be
    /// ignored when deciding what is obvious.
    var isLowPriority: Bool {
        switch self {
        case .motorway, .motorwayLink, .trunk, .trunkLink, .primary, .primaryLink, .secondary, .secondaryLink,
             .tertiary, .tertiaryLink, .unclassified, .residential, .livingStreet:
            return false
        default: return true
        }
    }

    /// OSRM's ramp class (`IsRampClass`): a motorway or trunk link.
    var isRamp: Bool { self == .motorwayLink || self == .trunkLink }

    /// Whether this class belongs to a lower general category of roads than `other`.
    func isStrictlyLess(than other: RoadClass) -> Bool {
        if !isLowPriority && other.isLowPriority { return false }
        if isLowPriority && !other.isLowPriority { return true }
        return priorityGroup > other.priorityGroup
    }

    /// Whether this is the link class of `road` (a primary link to a primary…).
    func isLink(to road: RoadClass) -> Bool {
        guard isLink && !road.isLink else { return false }
        return priority == road.priority + 1
    }
}

/// Which road at a junction is the obvious one to follow, after OSRM's `findObviousTurn`:
/// the road that keeps the name, else the straightmost road of at least the same category,
/// else the straightmost enterable one, provided no other road looks about as likely.
/// Arms are compared by how far they deviate from straight on (`|angle|`).
enum ObviousTurn {
    static let narrowTurn = 40.0
    static let groupAngle = 60.0
    static let fuzzyAngle = 25.0
    static let distinctionRatio = 2.0

    /// The arm obvious to a traveller arriving on `from` and leaving on `to`, nil when no
    /// road is. The route's own roads are taken from `from` and `to`, so junctions whose arms
    /// carry no signage (as read back from another server) are judged alike.
    static func arm(_ v: JunctionView, from: RoadInfo, to: RoadInfo) -> Int? {
        func road(_ a: Int) -> RoadInfo { Self.road(a, v, to: to) }
        // Every junction of every route comes here: the arms are a bit set, so nothing is
        // allocated.
        var others: UInt64 = 0
        for a in v.junction.arms.indices.prefix(64) where a != v.junction.inArm { others |= 1 << UInt64(a) }
        if others.nonzeroBitCount == 1 { return others.trailingZeroBitCount }
        guard others.nonzeroBitCount > 1 else { return nil }
        func deviation(_ a: Int) -> Double { abs(v.angle(of: a)) }
        func straightmost(_ keep: (Int) -> Bool) -> Int? {
            var best: Int?, bestDeviation = Double.infinity
            for a in ArmSet(mask: others) where deviation(a) < bestDeviation && keep(a) {
                best = a
                bestDeviation = deviation(a)
            }
            return best
        }
        // Never from a ring's road onto another road or back, even where the ring is one
        // guidance does not announce (a two-way `junction=roundabout`): OSRM's roundabout
        // flag, which comes from the tag.
        func valid(_ a: Int) -> Int? {
            road(a).isRoundabout == from.isRoundabout && road(a).isRoundaboutWay == from.isRoundaboutWay ? a : nil
        }
        let continuing = straightmost { a in
            guard v.junction.arms[a].canEnter else { return false }
            // OSRM tests its name ids here: a road with only a ref counts as named.
            if from.hasNoLabels && !from.roadClass.isLowPriority { return false }
            let other = road(a)
            if other.hasNoLabels && !other.roadClass.isLowPriority { return false }
            if from.hasNoLabels != other.hasNoLabels { return false }
            if other.roadClass.isStrictlyLess(than: from.roadClass) || other.roadClass.isLink(to: from.roadClass) {
                return false
            }
            return !NameChange.isAnnounced(from: from, to: other)
        }
        if let c = continuing, isDistinct(c, v, from: from, to: to) { return valid(c) }
        let sameOrHigher = straightmost { a in
            let c = road(a).roadClass
            return v.junction.arms[a].canEnter && !c.isStrictlyLess(than: from.roadClass) && !c.isLink(to: from.roadClass)
        }
        if let s = sameOrHigher, isDistinct(s, v, from: from, to: to) { return valid(s) }
        guard let any = straightmost({ v.junction.arms[$0].canEnter }) else { return nil }
        let nonSharp = ArmSet(mask: others).reduce(0) { $0 + (deviation($1) <= 90 ? 1 : 0) }
        let onlyNonSharp = deviation(any) <= 90 && nonSharp == 1
        if any != sameOrHigher, deviation(any) <= groupAngle || onlyNonSharp,
           !road(any).roadClass.isLowPriority, isDistinct(any, v, from: from, to: to)
        {
            return valid(any)
        }
        let enterable = ArmSet(mask: others).reduce(0) { $0 + (v.junction.arms[$1].canEnter ? 1 : 0) }
        if road(any).roadClass.isHighway, deviation(any) <= groupAngle, enterable == 1 {
            return valid(any)
        }
        return isOneRoadSplitting(v, from: from, road: road) ? valid(any) : nil
    }

    /// OSRM's last case: three roads of exactly the same name and ref (a two-way road
    /// splitting into its one-way halves, all signed CG-1) where only one can be taken, and
    /// not at the end of a road between its two carriageways.
    private static func isOneRoadSplitting(_ v: JunctionView, from: RoadInfo, road: (Int) -> RoadInfo) -> Bool {
        let j = v.junction
        guard j.arms.count == 3, !from.hasNoLabels,
              j.arms.indices.allSatisfy({ a in a == j.inArm ? j.arms[a].road.sameLabels(as: from)
                                            : road(a).sameLabels(as: from) }),
              j.arms.reduce(0, { $0 + ($1.canEnter ? 1 : 0) }) == 1
        else { return false }
        let turns = j.arms.indices.filter { $0 != j.inArm }.map { v.angle(of: $0) }
        let (right, left) = (turns.max()!, turns.min()!)
        return abs(90 - right) > narrowTurn || abs(left + 90) > narrowTurn
    }

    /// Whether no other road at the junction looks about as likely as `candidate`.
    static func isDistinct(_ candidate: Int, _ v: JunctionView, from: RoadInfo, to: RoadInfo) -> Bool {
        abs(v.angle(of: candidate)) < groupAngle
            ? isDistinctNarrow(candidate, v, from: from, to: to) : isDistinctWide(candidate, v, from: from, to: to)
    }

    /// The road leaving along arm `a`: `to` on the way out. (A function, not a closure over
    /// the view: every junction of a route is judged here, and a closure value copied the
    /// junction into a context of its own each time.)
    private static func road(_ a: Int, _ v: JunctionView, to: RoadInfo) -> RoadInfo {
        a == v.junction.outArm ? to : v.junction.arms[a].road
    }

    /// A wide candidate is distinct when every other road, enterable or not, turns at least
    /// twice as far (ignoring a road of a lower class that is not straight ahead).
    private static func isDistinctWide(_ candidate: Int, _ v: JunctionView, from: RoadInfo,
                                       to: RoadInfo) -> Bool
    {
        let deviation = abs(v.angle(of: candidate))
        let target = road(candidate, v, to: to)
        for a in v.junction.arms.indices where a != v.junction.inArm && a != candidate {
            let other = abs(v.angle(of: a))
            if other > 20 && hasLowerClass(road(a, v, to: to), from: from, to: target) { continue }
            if other > distinctionRatio * deviation { continue }
            if isDistinctByInitialBearings(a, from: candidate, v) { continue }
            return false
        }
        return true
    }

    /// OSRM's last wide-turn test: where the road arrived on is drawn into the junction at
    /// a bearing far from the one it is perceived at (more than 25°), the first 2 m of each
    /// road decide. `other` is then no rival when it turns twice as far as the candidate by
    /// them and does not lead straight into the candidate (a small ring's continuation
    /// against a road leaving it).
    private static func isDistinctByInitialBearings(_ other: Int, from candidate: Int, _ v: JunctionView) -> Bool {
        let arms = v.junction.arms, back = arms[v.junction.inArm]
        guard Geodesy.angleDifference(back.initialBearing, back.exactBearing) > fuzzyAngle else { return false }
        let heading = back.initialBearing + 180
        let candidateDeviation = Geodesy.angleDifference(heading, arms[candidate].initialBearing)
        let otherDeviation = Geodesy.angleDifference(heading, arms[other].initialBearing)
        let otherIntoCandidate = Geodesy.angleDifference(arms[other].initialBearing + 180, arms[candidate].initialBearing)
        return otherIntoCandidate > 20 && otherDeviation > distinctionRatio * candidateDeviation
    }

    /// OSRM's `roadHasLowerClass`: `compared` is of a lower class than both the road arrived
    /// on and the candidate with at least two lanes fewer than the road arrived on, or it is
    /// their link.
    static func hasLowerClass(_ compared: RoadInfo, from: RoadInfo, to: RoadInfo) -> Bool {
        let fewerLanes = compared.laneCount > 0 && Int(compared.laneCount) + 1 < Int(from.laneCount)
        if fewerLanes && compared.roadClass.isStrictlyLess(than: from.roadClass)
            && compared.roadClass.isStrictlyLess(than: to.roadClass)
        {
            return true
        }
        return compared.roadClass.isLink(to: from.roadClass) && compared.roadClass.isLink(to: to.roadClass)
    }

    /// A narrow candidate (less than 60° off straight) is distinct when every other road is
    /// clearly sharper and either changes the name while the candidate keeps it, belongs to a
    /// lower class, is a through road of its own or a restricted side road, or the candidate
    /// keeps the lanes of the road arrived on (OSRM's `IsDistinctNarrowTurn`).
    private static func isDistinctNarrow(_ candidate: Int, _ v: JunctionView, from: RoadInfo,
                                         to: RoadInfo) -> Bool
    {
        let deviation = abs(v.angle(of: candidate))
        let target = road(candidate, v, to: to)
        let keepsName = !NameChange.isAnnounced(from: from, to: target)
        let keepsLanes = from.laneCount > 0 && target.laneCount == from.laneCount
        /// The angle between two arms, 0…180.
        func apart(_ a: Int, _ b: Int) -> Double {
            let d = abs(v.angle(of: a) - v.angle(of: b))
            return d > 180 ? 360 - d : d
        }
        for a in v.junction.arms.indices where a != v.junction.inArm && a != candidate {
            if deviation < narrowTurn && !v.junction.arms[a].canEnter { continue }
            let other = abs(v.angle(of: a))
            let compared = road(a, v, to: to)
            let distinct = other > distinctionRatio * deviation && abs(other - deviation) > fuzzyAngle / 2
            let slightlyDistinct = other > 0.7 * distinctionRatio * deviation
            // Each rule here lets the road pass, so their order is free: the name tests, the
            // costly ones, come after the cheap ones.
            if distinct && compared.isRestricted && !from.isRestricted && !target.isRestricted { continue }
            // A road off the ring is no rival to the ring going on, by the ring kind or by the
            // tag (a two-way ring, which guidance does not announce, still counts in OSRM).
            let offRing = (compared.isRoundabout != from.isRoundabout && target.isRoundabout == from.isRoundabout)
                || (compared.isRoundaboutWay != from.isRoundaboutWay && target.isRoundaboutWay == from.isRoundaboutWay)
            if offRing && deviation < other { continue }
            // Two roads sharing the lanes of the one arrived on split it: a fork, not a side road.
            let laneFork = compared.laneCount > 0 && target.laneCount == compared.laneCount
                && Int(from.laneCount) == Int(target.laneCount) + Int(compared.laneCount) && apart(candidate, a) < groupAngle
            if distinct && from.roadClass.priority > RoadClass.secondary.priority { continue }
            if distinct && !laneFork && keepsName { continue }
            if distinct && keepsLanes && deviation < fuzzyAngle { continue }
            if hasLowerClass(compared, from: from, to: target) { continue }
            let samePriority = from.roadClass.priority == target.roadClass.priority
            if samePriority && target.roadClass.priority < compared.roadClass.priority && keepsName && slightlyDistinct {
                continue
            }
            if samePriority && target.roadClass.priority > compared.roadClass.priority + 4 && keepsName && slightlyDistinct {
                continue
            }
            if samePriority && compared.roadClass.isLink { continue }
            let otherNameChanges = NameChange.isAnnounced(from: from, to: compared)
            if distinct && !laneFork && otherNameChanges { continue }
            if samePriority && from.roadClass.priorityGroup < compared.roadClass.priorityGroup
                && NameChange.isAnnounced(from: target, to: compared) && otherNameChanges
            {
                continue
            }
            // At four roads or more, a road continued across the junction (by its name, or
            // nearly straight) is a through road of its own.
            if v.junction.arms.count >= 4 && (distinct || slightlyDistinct && keepsName && otherNameChanges) {
                let opposite = v.junction.arms[a].exactBearing + 180
                let facing = v.junction.arms.indices.min { x, y in
                    Geodesy.angleDifference(v.junction.arms[x].exactBearing, opposite)
                        < Geodesy.angleDifference(v.junction.arms[y].exactBearing, opposite)
                } ?? a
                let continued = !NameChange.isAnnounced(from: road(facing, v, to: to), to: compared)
                let across = apart(a, facing)
                if distinct && (continued || across > 180 - narrowTurn) { continue }
                if keepsName && otherNameChanges && slightlyDistinct && continued && across > 180 - fuzzyAngle { continue }
            }
            return false
        }
        return true
    }

    /// Whether `road`, entered at `arm`, carries on across the junction: another road of the
    /// same name and class leaves nearly opposite it (OSRM's through street). As in OSRM, a
    /// ref alone is a name here (its name ids hold both), so an unnamed B3 joined by a ramp
    /// is a through street.
    static func isThroughStreet(_ arm: Int, _ v: JunctionView, road: RoadInfo) -> Bool {
        let j = v.junction
        guard !road.name.isEmpty || !road.ref.isEmpty else { return false }
        return j.arms.indices.contains { a in
            guard a != arm && a != j.inArm else { return false }
            let other = j.arms[a].road
            let apart = abs(Geodesy.turnAngle(from: j.arms[arm].exactBearing, to: j.arms[a].exactBearing))
            return apart > 180 - fuzzyAngle && (!other.name.isEmpty || !other.ref.isEmpty)
                && other.roadClass == road.roadClass && !NameChange.isAnnounced(from: road, to: other)
        }
    }
}
