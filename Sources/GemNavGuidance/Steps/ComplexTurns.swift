import GemNavCore

/// OSRM's turn handler for a junction of four roads or more (`handleComplexTurn`), for the
/// road taken when it is neither the obvious one nor a branch of a fork: the roads right of
/// the obvious road (or fork, or straight-most road) are worded apart from those left of it,
/// at most three a side, and two roads falling into the same direction band are told apart
/// (`handleDistinctConflict`: "turn slight right" and "turn right" rather than two "right"s).
///
/// Roads are taken in OSRM's order: the way back first (angle 0), then by OSRM's turn angle
/// (180° straight on, smaller to the right) from the sharpest right to the sharpest left.
struct ComplexTurns {
    /// One road of the junction as OSRM's handler sees it.
    private struct Road {
        var arm: Int
        /// OSRM's turn angle, 0..<360, 180 straight on.
        var angle: Double
        var canEnter: Bool
        /// The wording given so far: a basic turn with this modifier, or the wording of an
        /// obvious road (`obvious`).
        var modifier: ManeuverModifier?
        var obvious = false

        /// OSRM's `ConnectedRoad::mirror`: left and right swapped.
        mutating func mirror() {
            guard angle > Double.ulpOfOne else { return }
            angle = 360 - angle
            modifier = modifier.map(ComplexTurns.mirrored)
        }
    }

    private var roads: [Road]
    private let v: JunctionView
    private let from: RoadInfo
    private let to: RoadInfo

    /// The wording of the road taken at `v` (of four roads or more), given the obvious road
    /// and OSRM's fork (arms from right to left), neither containing the road taken. Nil when
    /// OSRM says nothing there.
    static func decision(_ v: JunctionView, from: RoadInfo, to: RoadInfo, obvious: Int?, fork: [Int]?) -> Decision? {
        var turns = ComplexTurns(v, from: from, to: to)
        turns.assign(obvious: obvious, fork: fork)
        guard let out = turns.roads.first(where: { $0.arm == v.junction.outArm }) else { return nil }
        let modifier = out.modifier ?? ManeuverClassifier.turnDirection(v.angle)
        if out.obvious {
            return ManeuverClassifier.obviousInstruction(v, from: from, to: to, modifier: modifier, outLength: 0,
                                                         throughStreet: false)
        }
        return Decision(type: ManeuverClassifier.turnType(from: from, to: to), modifier: modifier)
    }

    private init(_ v: JunctionView, from: RoadInfo, to: RoadInfo) {
        self.v = v
        self.from = from
        self.to = to
        let j = v.junction
        var others = [Road]()
        others.reserveCapacity(j.arms.count)
        for a in j.arms.indices where a != j.inArm {
            others.append(Road(arm: a, angle: 180 - v.angle(of: a), canEnter: j.arms[a].canEnter))
        }
        others.sort { $0.angle < $1.angle }
        roads = [Road(arm: j.inArm, angle: 0, canEnter: j.arms[j.inArm].canEnter)] + others
    }

    private func index(of arm: Int) -> Int { roads.firstIndex { $0.arm == arm } ?? 0 }

    private mutating func assign(obvious: Int?, fork: [Int]?) {
        if let obvious {
            let o = index(of: obvious)
            assignLeft(startingAt: o)
            assignRight(upTo: o)
            return
        }
        if let fork, let right = fork.first, let left = fork.last {
            assignLeft(startingAt: index(of: left))
            assignRight(upTo: index(of: right))
            return
        }
        let straightmost = roads.indices.min { deviation(roads[$0].angle) < deviation(roads[$1].angle) } ?? 0
        let road = roads[straightmost]
        if deviation(road.angle) < ObviousTurn.fuzzyAngle && !road.canEnter {
            assignLeft(startingAt: straightmost)
            assignRight(upTo: straightmost)
        } else if road.angle > 180 {
            assignLeft(startingAt: straightmost - 1)
            assignRight(upTo: straightmost)
        } else if road.angle < 180 {
            assignLeft(startingAt: straightmost)
            assignRight(upTo: straightmost + 1)
        } else {
            assignTrivial(1..<roads.count)
        }
    }

    private func deviation(_ angle: Double) -> Double { Geodesy.angleDifference(angle, 180) }

    /// Every road after `start` in OSRM's order, by mirroring the junction and wording its
    /// right side (`assignLeftTurns`).
    private mutating func assignLeft(startingAt start: Int) {
        mirrorAll()
        assignRight(upTo: roads.count - start)
        mirrorAll()
    }

    private mutating func mirrorAll() {
        for i in roads.indices { roads[i].mirror() }
        roads[1...].reverse()
    }

    /// OSRM's `assignRightTurns`: the roads before `upTo`, at most three of them told apart.
    private mutating func assignRight(upTo: Int) {
        guard upTo > 1, roads[1..<upTo].contains(where: \.canEnter) else { return }
        guard upTo == 3 || upTo == 4 else { return assignTrivial(1..<upTo) }
        let first = direction(1), second = direction(2)
        if upTo == 3 {
            if first == second { distinctConflict(left: 2, right: 1) } else { assignTrivial(1..<3) }
            return
        }
        let third = direction(3)
        let entries = roads[1...3].filter(\.canEnter).count
        if first != second && second != third {
            assignTrivial(1..<4)
        } else if entries <= 2 {
            if !roads[3].canEnter {
                distinctConflict(left: 2, right: 1)
            } else if !roads[1].canEnter {
                distinctConflict(left: 3, right: 2)
            } else {
                distinctConflict(left: 3, right: 1)
            }
        } else if between(1, 2) >= ObviousTurn.narrowTurn && between(2, 3) >= ObviousTurn.narrowTurn {
            roads[1].modifier = .sharpRight
            roads[2].modifier = .right
            roads[3].modifier = .slightRight
        } else if (first == second && second == third) || (first == second && between(2, 3) < ObviousTurn.groupAngle)
                    || (second == third && between(1, 2) < ObviousTurn.groupAngle)
        {
            assignTrivial(1..<4)
        } else if (first == second && between(2, 3) >= ObviousTurn.groupAngle)
                    || (second == third && between(1, 2) >= ObviousTurn.groupAngle)
        {
            if between(2, 3) >= ObviousTurn.groupAngle {
                distinctConflict(left: 2, right: 1)
                roads[3].modifier = third
            } else {
                roads[1].modifier = first
                distinctConflict(left: 3, right: 2)
            }
        } else {
            assignTrivial(1..<4)
        }
    }

    private func direction(_ i: Int) -> ManeuverModifier { Self.direction(roads[i].angle) }

    private func between(_ i: Int, _ k: Int) -> Double { Geodesy.angleDifference(roads[i].angle, roads[k].angle) }

    private mutating func assignTrivial(_ range: Range<Int>) {
        for i in range where roads[i].canEnter { roads[i].modifier = direction(i) }
    }

    /// OSRM's `handleDistinctConflict` for two roads of one direction band.
    private mutating func distinctConflict(left l: Int, right r: Int) {
        let left = roads[l], right = roads[r]
        if !left.canEnter || !right.canEnter || left.angle == right.angle {
            if left.canEnter { roads[l].modifier = direction(l) }
            if right.canEnter { roads[r].modifier = direction(r) }
            return
        }
        if direction(l) == .straight || direction(l) == .slightLeft || direction(r) == .slightRight {
            // The road of the lower class is the slight turn beside the other, which is
            // worded as the obvious way.
            let leftLesser = road(left.arm).roadClass.priority > road(right.arm).roadClass.priority
            let obvious = leftLesser ? r : l, beside = leftLesser ? l : r
            roads[obvious].modifier = direction(obvious)
            roads[obvious].obvious = true
            roads[beside].modifier = leftLesser ? .slightLeft : .slightRight
            return
        }
        func set(_ a: ManeuverModifier, _ b: ManeuverModifier) {
            roads[l].modifier = a
            roads[r].modifier = b
        }
        let noTurn = 3.0  // OSRM's MAXIMAL_ALLOWED_NO_TURN_DEVIATION
        if Geodesy.angleDifference(left.angle, 90) < noTurn { return set(.right, .sharpRight) }
        if Geodesy.angleDifference(right.angle, 90) < noTurn { return set(.slightRight, .right) }
        if Geodesy.angleDifference(left.angle, 270) < noTurn { return set(.left, .slightLeft) }
        if Geodesy.angleDifference(right.angle, 270) < noTurn { return set(.sharpLeft, .left) }
        if direction(l) == .sharpLeft { return set(.sharpLeft, .left) }
        if direction(r) == .sharpRight { return set(.right, .sharpRight) }
        // OSRM then asks `getTurnDirection(left.angle) <= 180`, which compares a direction's
        // enum value and always holds: the pair is always shifted as right turns.
        if Geodesy.angleDifference(left.angle, 85) >= Geodesy.angleDifference(right.angle, 85) {
            set(.slightRight, .right)
        } else {
            set(.right, .sharpRight)
        }
    }

    private func road(_ arm: Int) -> RoadInfo {
        arm == v.junction.outArm ? to : arm == v.junction.inArm ? from : v.junction.arms[arm].road
    }

    /// OSRM's `getTurnDirection` on its own angles (180 straight on).
    private static func direction(_ angle: Double) -> ManeuverModifier {
        ManeuverClassifier.turnDirection(180 - angle)
    }

    private static func mirrored(_ m: ManeuverModifier) -> ManeuverModifier {
        switch m {
        case .uturn: return .uturn
        case .sharpRight: return .sharpLeft
        case .right: return .left
        case .slightRight: return .slightLeft
        case .straight: return .straight
        case .slightLeft: return .slightRight
        case .left: return .right
        case .sharpLeft: return .sharpRight
        }
    }
}
