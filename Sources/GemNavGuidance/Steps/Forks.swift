import GemNavCore

/// OSRM's fork rules for ordinary roads (its `TurnHandler::findFork` and `assignFork`): which
/// roads close to straight on form a fork, and how each branch is worded. Motorway splits
/// stay with `ManeuverClassifier`'s own fork rule, as OSRM gives them to its motorway handler.
extension ManeuverClassifier {
    /// The arms of a fork at the junction, from right to left (two or three), nil when there
    /// is none.
    static func osrmFork(_ v: JunctionView, from: RoadInfo, to: RoadInfo) -> [Int]? {
        let j = v.junction
        guard j.arms.count >= 3 else { return nil }
        func road(_ a: Int) -> RoadInfo { a == j.outArm ? to : (a == j.inArm ? from : j.arms[a].road) }
        guard hasForkShape(v) else { return nil }
        // On the stack: a route asks this at a fifth of its junctions, and few are forks.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: j.arms.count) { order -> [Int]? in
            // OSRM's order: the way back first, then every road by turn angle from right to left.
            var n = 0
            order[n] = j.inArm
            n += 1
            for a in j.arms.indices where a != j.inArm {
                order[n] = a
                n += 1
            }
            order[1..<n].sort { v.angle(of: $0) > v.angle(of: $1) }
            func deviation(_ k: Int) -> Double { k == 0 ? 180 : abs(v.angle(of: order[k])) }
            func between(_ k: Int, _ l: Int) -> Double {
                let a = k == 0 ? 180.0 : v.angle(of: order[k]), b = l == 0 ? 180.0 : v.angle(of: order[l])
                let d = abs(a - b).truncatingRemainder(dividingBy: 360)
                return Swift.min(d, 360 - d)
            }
            guard let s = (1..<n).min(by: { deviation($0) < deviation($1) }), deviation(s) <= ObviousTurn.narrowTurn
            else { return nil }
            // A road is the outermost of a fork when the next one is neither close to straight
            // nor close to it.
            func outermost(_ k: Int, _ next: Int) -> Bool {
                deviation(next) > ObviousTurn.narrowTurn
                    && (between(k, next) > ObviousTurn.narrowTurn || deviation(k) > ObviousTurn.groupAngle)
            }
            var right = s, left = s
            while right > 0 && !outermost(right, right - 1) { right -= 1 }
            while left < n - 1 && !outermost(left, left + 1) { left += 1 }
            guard right > 0, right < left, left - right < 3 else { return nil }
            // Kept apart from the roads beside it.
            guard between(left, left + 1 < n ? left + 1 : 0) >= ObviousTurn.groupAngle,
                  between(right, right - 1) >= ObviousTurn.groupAngle else { return nil }
            let fork = order[right...left]
            // No branch obvious against its neighbour.
            for (a, b) in zip(fork, fork.dropFirst()) {
                if isObviousOfTwo(a, b, v, from: from, road: road) || isObviousOfTwo(b, a, v, from: from, road: road) {
                    return nil
                }
            }
            // Classes alike: links only with links, and no branch obvious by class.
            let rightIsLink = road(fork.first!).roadClass.isLink
            guard fork.dropFirst().allSatisfy({ road($0).roadClass.isLink == rightIsLink }) else { return nil }
            for a in fork {
                for b in fork where b != a {
                    if obviousByRoadClass(from.roadClass, road(a).roadClass, road(b).roadClass) { return nil }
                }
            }
            guard fork.allSatisfy({ j.arms[$0].canEnter && road($0).mode == from.mode }) else { return nil }
            return Array(fork)
        }
    }

    /// A quick test that spares most junctions `osrmFork`'s sorting: a fork grows from the
    /// road nearest straight on (within 40°) to its neighbours in angle, and a neighbour joins
    /// only when it is within 40° of straight on or of that road; with no such other road there
    /// is no fork.
    private static func hasForkShape(_ v: JunctionView) -> Bool {
        let j = v.junction
        var straightest = -1, least = Double.infinity
        for a in j.arms.indices where a != j.inArm && abs(v.angle(of: a)) < least {
            straightest = a
            least = abs(v.angle(of: a))
        }
        guard straightest >= 0, least <= ObviousTurn.narrowTurn else { return false }
        let s = v.angle(of: straightest)
        return j.arms.indices.contains { a in
            guard a != j.inArm && a != straightest else { return false }
            let angle = v.angle(of: a), d = abs(angle - s).truncatingRemainder(dividingBy: 360)
            return abs(angle) <= ObviousTurn.narrowTurn || Swift.min(d, 360 - d) <= ObviousTurn.narrowTurn
        }
    }

    /// OSRM's `obviousByRoadClass`: `obvious` is obviously preferable to `compare` by class
    /// (OSRM also compares lane counts here, which the graph does not keep).
    static func obviousByRoadClass(_ from: RoadClass, _ obvious: RoadClass, _ compare: RoadClass) -> Bool {
        (1.75 * Double(obvious.priority) < Double(compare.priority) && from == obvious)
            || (!obvious.isLowPriority && !from.isLowPriority && compare.isLowPriority)
    }

    /// OSRM's `isObviousOfTwo`: taking arm `a` is obvious next to arm `b`.
    private static func isObviousOfTwo(_ a: Int, _ b: Int, _ v: JunctionView, from: RoadInfo,
                                       road: (Int) -> RoadInfo) -> Bool
    {
        let ra = road(a).roadClass, rb = road(b).roadClass
        if obviousByRoadClass(from.roadClass, ra, rb) { return true }
        if obviousByRoadClass(from.roadClass, rb, ra) { return false }
        let da = abs(v.angle(of: a)), db = abs(v.angle(of: b))
        if da < Double.ulpOfOne, !from.name.isEmpty, !NameChange.isAnnounced(from: from, to: road(a)) { return true }
        return db / da > 1.4 && abs(db - da) > ObviousTurn.fuzzyAngle
    }

    /// OSRM's `assignFork` for the branch taken (`fork` from right to left). With two
    /// branches, a driveway beside a road is no fork: the road is followed without a word and
    /// the driveway is a slight turn (OSRM 26.10 decides two branches this way whatever their
    /// angles).
    static func forkInstruction(_ fork: [Int], _ v: JunctionView, from: RoadInfo, to: RoadInfo) -> Decision? {
        let out = v.junction.outArm
        func road(_ a: Int) -> RoadInfo { a == out ? to : v.junction.arms[a].road }
        if fork.count == 3 {
            if out == fork[0] { return Decision(type: .fork, modifier: .slightRight) }
            if out == fork[2] { return Decision(type: .fork, modifier: .slightLeft) }
            if abs(v.angle) < 3, from == to { return nil }
            return Decision(type: .fork, modifier: .straight)
        }
        let isLeft = out == fork[1]
        let mine = road(out).roadClass.isLowPriority, other = road(isLeft ? fork[0] : fork[1]).roadClass.isLowPriority
        if other && !mine { return nil }
        let side: ManeuverModifier = isLeft ? .slightLeft : .slightRight
        return Decision(type: mine && !other ? .turn : .fork, modifier: side)
    }

    /// The two ramps a motorway-like road ends in, from right to left, nil unless this
    /// junction (a motorway junction, `isMotorwayJunction`) is such an end: OSRM's motorway
    /// handler finds no motorway-like road going on and words the split as a fork ("splitting
    /// ramp at the end of a highway"), not as an off ramp (Porto's A 32 ending in its two A 32
    /// ramps).
    static func rampsEndingHighway(_ v: JunctionView, from: RoadInfo, to: RoadInfo) -> [Int]? {
        let j = v.junction
        guard j.arms.count == 3 else { return nil }
        let a = j.inArm == 0 ? 1 : 0, b = j.inArm == 2 ? 1 : 2
        func isRamp(_ x: Int) -> Bool {
            j.arms[x].canEnter && !(x == j.outArm ? to : j.arms[x].road).roadClass.isHighway
        }
        guard isRamp(a), isRamp(b) else { return nil }
        return v.angle(of: a) >= v.angle(of: b) ? [a, b] : [b, a]
    }

    /// Whether OSRM's motorway handler, not its turn handler, words this junction
    /// (`MotorwayHandler::canProcess`): every road that may be taken, a U-turn included, is
    /// within 60° of straight, every road is a motorway or trunk or a ramp (a motorway or
    /// trunk link, or any link when arriving on a motorway or trunk), and one that may be
    /// taken is a motorway or trunk, or the road arrived on is. Links are ramps, not motorways,
    /// here: a junction of ramps alone is the turn handler's, where two ramps splitting are a fork.
    static func isMotorwayJunction(_ v: JunctionView, from: RoadInfo, to: RoadInfo) -> Bool {
        let j = v.junction
        let fromMotorway = from.roadClass.isHighway
        func ramp(_ c: RoadClass) -> Bool { c == .motorwayLink || c == .trunkLink || (fromMotorway && c.isLink) }
        var motorway = false
        for a in j.arms.indices {
            let c = a == j.inArm ? from.roadClass : a == j.outArm ? to.roadClass : j.arms[a].road.roadClass
            if j.arms[a].canEnter && abs(v.angle(of: a)) > 60 { return false }
            if c.isHighway {
                if j.arms[a].canEnter { motorway = true }
            } else if !ramp(c) {
                return false
            }
        }
        return motorway || fromMotorway
    }

    /// OSRM's `MotorwayHandler::fromMotorway` where the motorway goes on under its name (its
    /// `getContinueAngle`: the first road, rightmost first, of motorway class that keeps the
    /// name) and at most one motorway-like road may be taken, or ramps leave too: following it
    /// says nothing, whatever the roads beside it (Porto's A 44 becoming the trunk "Via de
    /// Cintura Interna", still signed A 44, past a ramp 13° off).
    ///
    /// Where no road keeps the name, OSRM follows the motorway or trunk closest to straight
    /// (`getMostLikelyContinue`), silently where it is the only one that may be taken and the
    /// name would not be announced: an unnamed trunk going on past a ramp 16° off says nothing
    /// (Porto's old IC 24 past the A 29 ramp).
    static func isMotorwayGoingOn(_ v: JunctionView, from: RoadInfo, to: RoadInfo) -> Bool {
        let j = v.junction
        func keepsName(_ road: RoadInfo) -> Bool {
            road.roadClass.isHighway && !from.hasNoLabels && !road.hasNoLabels && !NameChange.isAnnounced(from: from, to: road)
        }
        guard keepsName(to) else { return isOnlyMotorwayOn(v, from: from, to: to) }
        var motorways = 0, exits = 0
        for a in j.arms.indices where a != j.inArm && j.arms[a].canEnter {
            let road = a == j.outArm ? to : j.arms[a].road
            exits += 1
            if road.roadClass.isHighway { motorways += 1 }
            if a != j.outArm && v.angle(of: a) > v.angle && keepsName(road) { return false }
        }
        return motorways == 1 || motorways != exits
    }

    /// `isMotorwayGoingOn` without a road that keeps the name: `to` is the only motorway or
    /// trunk that may be taken (OSRM's `exiting_motorways == 1`; two are a fork).
    private static func isOnlyMotorwayOn(_ v: JunctionView, from: RoadInfo, to: RoadInfo) -> Bool {
        let j = v.junction
        guard to.roadClass.isHighway, !NameChange.isAnnounced(from: from, to: to) else { return false }
        return !j.arms.indices.contains { a in
            a != j.inArm && a != j.outArm && j.arms[a].canEnter && j.arms[a].road.roadClass.isHighway
        }
    }

    /// OSRM's `MotorwayHandler::fromMotorway` where no motorway or trunk may be taken on: a
    /// motorway ending in a single ramp, or passing the end of one it may not enter, says
    /// nothing (`NoTurn`), and ramps leaving where the carriageway only arrives are
    /// `Suppressed`. True when this motorway junction, arrived at on a motorway or trunk, is
    /// such a silent end.
    static func isSilentMotorwayEnd(_ v: JunctionView, to: RoadInfo) -> Bool {
        let j = v.junction
        var motorwayArrives = false, enterable = 0
        for a in j.arms.indices where a != j.inArm {
            let isMotorway = (a == j.outArm ? to : j.arms[a].road).roadClass.isHighway
            if j.arms[a].canEnter {
                if isMotorway { return false }
                enterable += 1
            }
            motorwayArrives = motorwayArrives || isMotorway
        }
        // A motorway that may not be entered still gives the way on (OSRM's most likely
        // continuation): the ramps leaving are suppressed.
        return motorwayArrives || j.arms.count == 2 || (j.arms.count == 3 && enterable == 1)
    }
}
