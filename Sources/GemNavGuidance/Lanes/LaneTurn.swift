import GemNavCore

/// One road at a junction as OSRM's lane matching sees it (its `ConnectedRoad`).
struct LaneTurn {
    /// OSRM's turn angle: 0 back along the road come by, 90 right, 180 straight on, 270 left.
    var angle: Double
    /// Whether the road may be entered.
    var entryAllowed: Bool
    /// Whether the road is one-way towards the junction (OSRM's `reversed` edge).
    var reversed: Bool
    /// The maneuver taking the road would be; nil where it needs no instruction.
    var type: ManeuverType?
    var modifier: ManeuverModifier
    /// Index of the road in the junction's arms.
    var arm: Int

    var hasLeftModifier: Bool { modifier.isLeft }
    var hasRightModifier: Bool { modifier.isRight }

    /// OSRM's `isLeftTurn` for a step's maneuver (a merge points the other way).
    static func isLeft(_ d: Decision) -> Bool {
        guard let m = d.modifier else { return false }
        return d.type == .merge ? m.isRight : m.isLeft
    }

    /// OSRM's `isRightTurn`.
    static func isRight(_ d: Decision) -> Bool {
        guard let m = d.modifier else { return false }
        return d.type == .merge ? m.isLeft : m.isRight
    }
}

extension [LaneTurn] {
    /// How many roads may be entered (OSRM's `getNumberOfTurns`).
    var entries: Int { reduce(0) { $0 + ($1.entryAllowed ? 1 : 0) } }

    /// The road closest to straight on (OSRM's `findClosestTurn(STRAIGHT_ANGLE)`).
    var straightmost: Int {
        var best = 0
        for i in indices.dropFirst() where LaneMatcher.deviation(self[i].angle, 180) < LaneMatcher.deviation(self[best].angle, 180) {
            best = i
        }
        return best
    }
}

extension StepBuilder {
    /// The roads of junction `v` for a traveller arriving on `from`, in OSRM's order (the way
    /// back first, then by turn angle), each with the maneuver taking it would be.
    static func laneTurns(_ v: JunctionView, from: RoadInfo) -> [LaneTurn] {
        let j = v.junction
        var turns = [LaneTurn]()
        turns.reserveCapacity(j.arms.count)
        for a in j.arms.indices {
            let arm = j.arms[a]
            let reversed = !arm.canEnter && arm.canArrive
            if a == j.inArm {
                turns.append(LaneTurn(angle: 0, entryAllowed: arm.canEnter, reversed: reversed,
                                      type: .continue, modifier: .uturn, arm: a))
                continue
            }
            let turnAngle = v.angle(of: a)
            var angle = 180 - turnAngle
            if angle < 0 { angle += 360 }
            if angle >= 360 { angle -= 360 }
            var other = j
            other.outArm = a
            var view = JunctionView(other)
            let decision = ManeuverClassifier.classify(&view, from: from, to: arm.road, outLength: 100)
            turns.append(LaneTurn(angle: angle, entryAllowed: arm.canEnter, reversed: reversed, type: decision?.type,
                                  modifier: decision?.modifier ?? ManeuverClassifier.turnDirection(turnAngle), arm: a))
        }
        let uturn = turns[j.inArm]
        turns.remove(at: j.inArm)
        turns.sort { $0.angle < $1.angle }
        turns.insert(uturn, at: 0)
        return turns
    }
}
