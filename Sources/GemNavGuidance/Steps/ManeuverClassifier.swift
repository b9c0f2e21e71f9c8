import GemNavCore

/// A maneuver decided at a junction, before wording.
struct Decision: Sendable, Hashable {
    var type: ManeuverType
    var modifier: ManeuverModifier?
    var exit: Int?
    /// The road taken is a sliproad (OSRM's `Sliproad` turn type), one maneuver with the
    /// junction where it ends.
    var isSliproad = false

    /// A "turn straight" or "continue straight": going on, worded as a maneuver.
    var isStraightOn: Bool { (type == .turn || type == .continue) && modifier == .straight }
}

/// The geometry of one junction as seen by the traveller passing it.
struct JunctionView {
    let junction: RoutePath.Junction
    /// Heading when arriving, degrees (the in-arm's bearing reversed).
    let inHeading: Double
    /// Signed turn angle onto the out-arm, -180…180, positive = right.
    let angle: Double
    /// Indices of arms other than in and out that the traveller could have taken.
    let alternatives: ArmSet
    /// The road goes on under its name past driveways only: OSRM's driveway handler makes no
    /// turn of it at all (`NoTurn`, where other silent junctions are `Suppressed`), so it is
    /// neither listed as an intersection nor a step its collapse rules look at.
    var passesDriveway = false
    /// A junction whose step was merged into another (a divided road's crossing into the step
    /// where the route entered it, `collapseSegregatedCrossings`; a name change just before a
    /// maneuver, `foldNameChange`; a name change undone at the silent junction after it, both
    /// into the step before): OSRM's later rules no longer see a step of its own here, silent
    /// or not.
    var isMergedIntoStep = false
    /// The obvious arm, once classifying has looked for it (`.some(nil)`: none is).
    var obvious: Int?? = nil
    /// How the junction's bearings are listed among a step's intersections.
    let bearingClass: BearingClass

    init(_ j: RoutePath.Junction) {
        junction = j
        inHeading = (j.arms[j.inArm].exactBearing + 180).truncatingRemainder(dividingBy: 360)
        angle = Geodesy.turnAngle(from: inHeading, to: j.arms[j.outArm].exactBearing)
        var mask: UInt64 = 0
        for i in j.arms.indices.prefix(64) where i != j.inArm && i != j.outArm && j.arms[i].canEnter {
            mask |= 1 << UInt64(i)
        }
        alternatives = ArmSet(mask: mask)
        bearingClass = BearingClass(j.arms)
    }

    /// Signed turn angle onto arm `i`.
    func angle(of i: Int) -> Double {
        Geodesy.turnAngle(from: inHeading, to: junction.arms[i].exactBearing)
    }

    var outBearing: Int { junction.arms[junction.outArm].bearing }

    /// How many roads the traveller may leave on (OSRM's `numberOfAllowedTurns`).
    var choices: Int { junction.arms.reduce(0) { $0 + ($1.canEnter ? 1 : 0) } }
}

/// A set of arm indices (below 64) as a bit mask: classifying a junction then allocates
/// nothing, and it runs for every junction of every route.
struct ArmSet: Sequence {
    let mask: UInt64

    var isEmpty: Bool { mask == 0 }

    func makeIterator() -> Iterator { Iterator(rest: mask) }

    struct Iterator: IteratorProtocol {
        var rest: UInt64

        mutating func next() -> Int? {
            guard rest != 0 else { return nil }
            let i = rest.trailingZeroBitCount
            rest &= rest - 1
            return i
        }
    }
}

/// Decides which junctions deserve an instruction and what kind, following OSRM's
/// guidance rules in simplified form. Roundabouts are handled by the step builder, which
/// sees the whole sequence of roundabout roads.
enum ManeuverClassifier {
    /// Angles within this many degrees of straight count as going straight.
    static let straightTolerance = 20.0
    /// Branches within this many degrees of straight compete at a fork.
    static let forkTolerance = 40.0

    /// OSRM's direction for a turn at an intersection (its `getTurnDirection`): straight
    /// within 20°, slight to 40°, sharp beyond 120°, and a U-turn only back along the road
    /// itself (bearings are whole degrees, so that is exactly 180°).
    static func turnDirection(_ angle: Double) -> ManeuverModifier {
        switch angle {
        case ...(-179), 179...: return .uturn
        case ..<(-120): return .sharpLeft
        case ..<(-40): return .left
        case ..<(-20): return .slightLeft
        case ...20: return .straight
        case ...40: return .slightRight
        case ...120: return .right
        default: return .sharpRight
        }
    }

    /// OSRM's basic turn type between two roads (`findBasicTurnType`, ramps aside): `continue`
    /// when both are named and the name does not change, else `turn`.
    static func basicType(from a: RoadInfo, to b: RoadInfo) -> ManeuverType {
        !a.name.isEmpty && !b.name.isEmpty && !NameChange.isAnnounced(from: a, to: b) ? .continue : .turn
    }

    /// OSRM's `findBasicTurnType` as its turn handler uses it: onto a motorway or trunk link
    /// from a road that is none is an on ramp, whichever way the junction words the turn
    /// (the slight turn beside a road going straight on, the side of a T junction, the lesser
    /// branch of a fork); else `basicType`.
    static func turnType(from a: RoadInfo, to b: RoadInfo) -> ManeuverType {
        isOnRamp(from: a, to: b) ? .onRamp : basicType(from: a, to: b)
    }

    /// Whether going from `a` to `b` takes a ramp from a road that is none (no name compared).
    static func isOnRamp(from a: RoadInfo, to b: RoadInfo) -> Bool {
        b.roadClass.isRamp && !a.roadClass.isRamp
    }

    /// Whether two roads are the same road for announcement purposes (OSRM's name-change
    /// rules, `NameChange`).
    static func sameRoad(_ a: RoadInfo, _ b: RoadInfo) -> Bool {
        !NameChange.isAnnounced(from: a, to: b)
    }

    /// The maneuver at a junction between roads `from` and `to`, nil when none is needed.
    /// `outLength` is how far the road left on runs to the next junction (metres).
    /// Sets `v.passesDriveway` where the driveway rule keeps the road silent.
    static func classify(_ v: inout JunctionView, from: RoadInfo, to: RoadInfo, outLength: Double) -> Decision? {
        guard from.mode != to.mode else { return maneuver(&v, from: from, to: to, outLength: outLength) }
        // A change of mode is a notification where the road taken is the obvious one (OSRM's
        // `getInstructionForObvious`); turning off the obvious road onto a ferry, or off a
        // ferry where roads part, is a turn like any other, and never silent. A ferry carrying
        // on the road's name is judged as that road, whatever its class.
        let notification = Decision(type: .notification, modifier: turnDirection(v.angle))
        var onto = to
        if StepBuilder.sameName(from, to) { onto.roadClass = from.roadClass }
        if ObviousTurn.arm(v, from: from, to: onto) == v.junction.outArm { return notification }
        return maneuver(&v, from: from, to: to, outLength: outLength) ?? notification
    }

    /// `classify` between roads of the same mode.
    private static func maneuver(_ v: inout JunctionView, from: RoadInfo, to: RoadInfo, outLength: Double) -> Decision? {
        let modifier = turnDirection(v.angle)
        if modifier == .uturn { return Decision(type: basicType(from: from, to: to), modifier: .uturn) }
        if let driveway = driveway(v, from: from, to: to, modifier: modifier) {
            v.passesDriveway = driveway == nil
            return driveway
        }
        let arms = v.junction.arms
        let motorwayJunction = isMotorwayJunction(v, from: from, to: to)
        if from.roadClass.isHighway && motorwayJunction {
            if let ramps = rampsEndingHighway(v, from: from, to: to) { return forkInstruction(ramps, v, from: from, to: to) }
            if isSilentMotorwayEnd(v, to: to) { return nil }
            if isMotorwayGoingOn(v, from: from, to: to) { return nil }
        }
        if from.roadClass.isHighway && to.roadClass.isLink {
            // Outside the motorway handler (a U-turn may be made there, or a road turns off
            // sharply) OSRM words the ramp by the turn's own direction, sharp included; so
            // does its one-way turn where the motorway ends in the ramp, no other way on.
            let sharp = modifier == .sharpLeft || modifier == .sharpRight
            if sharp && !motorwayJunction || v.alternatives.isEmpty {
                return Decision(type: .offRamp, modifier: modifier)
            }
            return Decision(type: .offRamp, modifier: sideModifier(v, preferring: { arms[$0].road.roadClass.isHighway }))
        }
        if from.roadClass.isLink && to.roadClass.isHighway && motorwayJunction {
            return fromRamp(v, from: from, to: to, outLength: outLength)
        }
        let obvious = ObviousTurn.arm(v, from: from, to: to)
        v.obvious = .some(obvious)
        let osrmFork = motorwayJunction ? nil : osrmFork(v, from: from, to: to)
        if motorwayJunction {
            if let fork = fork(v, from: from, to: to) { return fork }
        } else if let fork = osrmFork, fork.contains(v.junction.outArm) {
            // OSRM's turn handler: at three roads a fork unless one branch is obvious (or all
            // roads are links); at more, only where no road is obvious, and two branches of
            // classes too far apart are the obvious road and a slight turn beside it.
            if arms.count == 3 {
                let links = arms.indices.allSatisfy { ($0 == v.junction.inArm ? from : $0 == v.junction.outArm ? to : arms[$0].road).roadClass.isLink }
                if obvious == nil || links { return forkInstruction(fork, v, from: from, to: to) }
            } else if obvious == nil {
                if fork.count == 3 || abs(arms[fork[0]].road.roadClass.priority - arms[fork[1]].road.roadClass.priority) <= 1 {
                    return forkInstruction(fork, v, from: from, to: to)
                }
                let leftLesser = arms[fork[1]].road.roadClass.priority > arms[fork[0]].road.roadClass.priority
                let main = leftLesser ? fork[0] : fork[1]
                if v.junction.outArm == main {
                    return obviousInstruction(v, from: from, to: to, modifier: modifier, outLength: outLength,
                                              throughStreet: false)
                }
                return Decision(type: turnType(from: from, to: to), modifier: leftLesser ? .slightLeft : .slightRight)
            }
        }
        if obvious == nil, let end = endOfRoad(v) {
            return isOnRamp(from: from, to: to) ? Decision(type: .onRamp, modifier: end.modifier) : end
        }
        if obvious == v.junction.outArm {
            return obviousInstruction(v, from: from, to: to, modifier: modifier, outLength: outLength)
        }
        if arms.count > 3 && !motorwayJunction {
            return ComplexTurns.decision(v, from: from, to: to, obvious: obvious, fork: obvious == nil ? osrmFork : nil)
        }
        // Not the obvious way: a plain turn (or "continue" on the same name) in OSRM's
        // direction bands; where the obvious road is straight on too, this one is the slight
        // turn beside it.
        var direction = modifier
        if direction == .straight, arms.count == 3, let o = obvious, turnDirection(v.angle(of: o)) == .straight {
            direction = v.angle < v.angle(of: o) ? .slightLeft : .slightRight
        }
        return Decision(type: turnType(from: from, to: to), modifier: direction)
    }

    /// The instruction for following the obvious road (OSRM's `getInstructionForObvious`):
    /// nothing while the name holds, "new name" when it changes, a turn when the road
    /// entered is a through street of its own (straight on when nearly straight and the
    /// road runs on for more than 60 m), a merge onto a motorway-like through road.
    static func obviousInstruction(_ v: JunctionView, from: RoadInfo, to: RoadInfo,
                                           modifier: ManeuverModifier, outLength: Double,
                                           throughStreet: Bool = true) -> Decision?
    {
        if isOnRamp(from: from, to: to) { return Decision(type: .onRamp, modifier: modifier) }
        guard !sameRoad(from, to) else { return nil }
        if basicType(from: from, to: to) == .continue { return nil }
        guard throughStreet && ObviousTurn.isThroughStreet(v.junction.outArm, v, road: to) else {
            return Decision(type: .newName, modifier: modifier)
        }
        if to.roadClass.isHighway { return Decision(type: .merge, modifier: v.angle < 0 ? .slightRight : .slightLeft) }
        if from.roadClass.isRamp && to.roadClass.isRamp { return nil }
        let straight = abs(v.angle) < ObviousTurn.narrowTurn && outLength > 60
        return Decision(type: .turn, modifier: straight ? .straight : modifier)
    }

    /// OSRM's `DrivewayHandler`: arriving on a road the profile counts as a road, where every
    /// other way at the junction but one is a driveway, service road or track (classes the
    /// car profile may ignore), following that one road is no maneuver while the name holds
    /// and a "new name" otherwise (also between two unnamed roads, as OSRM's `isSameName` wants
    /// names), whatever the angle; taking a driveway is a plain turn in OSRM's bands, a slight
    /// one towards its side where it runs straight on. Nil when the rule does not apply,
    /// `.some(nil)` for no maneuver.
    static func driveway(_ v: JunctionView, from: RoadInfo, to: RoadInfo, modifier: ManeuverModifier) -> Decision?? {
        let j = v.junction
        guard j.arms.count > 2, !from.roadClass.isLowPriority else { return nil }
        func road(_ a: Int) -> RoadInfo { a == j.outArm ? to : j.arms[a].road }
        var main = -1
        for a in j.arms.indices where a != j.inArm && !road(a).roadClass.isLowPriority {
            guard main < 0 else { return nil }
            main = a
        }
        // OSRM leaves the junction alone when its one road cannot be entered.
        guard main >= 0, j.arms[main].canEnter else { return nil }
        if main == j.outArm {
            let same = !from.name.isEmpty && !to.name.isEmpty && !NameChange.isAnnounced(from: from, to: to)
            return .some(same ? nil : Decision(type: .newName, modifier: modifier))
        }
        var direction = modifier
        if direction == .straight, turnDirection(v.angle(of: main)) == .straight {
            direction = v.angle < v.angle(of: main) ? .slightLeft : .slightRight
        }
        return .some(Decision(type: .turn, modifier: direction))
    }

    /// Keep left/right where the road splits into two comparable branches ahead.
    private static func fork(_ v: JunctionView, from: RoadInfo, to: RoadInfo) -> Decision? {
        guard abs(v.angle) <= forkTolerance else { return nil }
        let arms = v.junction.arms
        // Exactly one alternative within 90° of straight, and that one within the fork
        // tolerance (counted without building arrays: this runs at most junctions).
        var other = -1, sideways = 0
        for a in v.alternatives where abs(v.angle(of: a)) <= 90 {
            sideways += 1
            other = a
        }
        guard sideways == 1, abs(v.angle(of: other)) <= forkTolerance else { return nil }
        let otherRoad = arms[other].road
        // Staying on the main road while a smaller one branches off is not a fork.
        if sameRoad(from, to) && otherRoad.roadClass.rank < to.roadClass.rank { return nil }
        let comparable = abs(otherRoad.roadClass.rank - to.roadClass.rank) <= 1
            || (otherRoad.roadClass.isLink && to.roadClass.isLink)
        guard comparable else { return nil }
        let otherAngle = v.angle(of: other)
        // When one branch is nearly straight and the other clearly bends away, it is a
        // slight turn, not a fork; motorway splits are forks whatever their geometry.
        let obvious = Swift.min(abs(v.angle), abs(otherAngle)) < 0.3 * Swift.max(abs(v.angle), abs(otherAngle))
        guard !obvious || (to.roadClass.isHighway && otherRoad.roadClass.isHighway) else { return nil }
        return Decision(type: .fork, modifier: v.angle < otherAngle ? .slightLeft : .slightRight)
    }

    /// A T junction (OSRM's `isEndOfRoad`): exactly three roads, one about 90° to the right
    /// and one about 90° to the left (each within 40°), and the route takes one of them.
    private static func endOfRoad(_ v: JunctionView) -> Decision? {
        let j = v.junction
        guard j.arms.count == 3 else { return nil }
        var right = false, left = false
        for a in j.arms.indices where a != j.inArm {
            let angle = v.angle(of: a)
            if abs(angle - 90) < ObviousTurn.narrowTurn { right = true }
            if abs(angle + 90) < ObviousTurn.narrowTurn { left = true }
        }
        guard right && left else { return nil }
        return Decision(type: .endOfRoad, modifier: v.angle < 0 ? .left : .right)
    }

    /// Which side a ramp leaves on, relative to the branch the traveller does not take.
    private static func sideModifier(_ v: JunctionView, preferring main: (Int) -> Bool) -> ManeuverModifier {
        let reference = v.alternatives.first(where: main).map { v.angle(of: $0) } ?? 0
        let left = v.angle < reference
        if abs(v.angle) > 40 { return left ? .left : .right }
        return left ? .slightLeft : .slightRight
    }
}
