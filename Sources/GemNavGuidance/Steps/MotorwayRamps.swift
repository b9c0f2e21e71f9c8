import GemNavCore

/// OSRM's motorway handler for a ramp reaching a motorway-like road (its
/// `MotorwayHandler::fromRamp`): a ramp joining a passing motorway is a merge only where the
/// motorway is named the same before and after the junction; elsewhere (an unnamed trunk, the
/// motorway's own start) it is followed like any obvious road, silently while the name holds.
extension ManeuverClassifier {
    /// The maneuver from ramp `from` onto motorway-like road `to` at a junction OSRM's motorway
    /// handler words (`isMotorwayJunction`); nil for no maneuver.
    static func fromRamp(_ v: JunctionView, from: RoadInfo, to: RoadInfo, outLength: Double) -> Decision? {
        let j = v.junction
        let others = j.arms.indices.filter { $0 != j.inArm && $0 != j.outArm }
        let obvious = { obviousInstruction(v, from: from, to: to, modifier: turnDirection(v.angle), outLength: outLength) }
        switch others.count {
        case 0:
            return obvious()
        case 1:
            let other = others[0], road = j.arms[other].road
            // OSRM orders roads from right to left: the road taken is its `intersection[1]`
            // when the other one lies to its left.
            let outIsRight = v.angle > v.angle(of: other)
            guard !j.arms[other].canEnter else {
                if road.roadClass.isHighway {
                    return Decision(type: .fork, modifier: outIsRight ? .slightRight : .slightLeft)
                }
                // A ramp passing a motorway's start: the motorway branching off to the right
                // is a slight turn, one to the left a fork.
                return outIsRight ? Decision(type: .turn, modifier: .slightRight)
                    : Decision(type: .fork, modifier: .slightLeft)
            }
            guard !road.name.isEmpty, !to.name.isEmpty, !NameChange.isAnnounced(from: road, to: to) else {
                return obvious()
            }
            if abs(v.angle) < 2 * ObviousTurn.narrowTurn {
                return Decision(type: .merge, modifier: outIsRight ? .slightLeft : .slightRight)
            }
            return Decision(type: .merge, modifier: turnDirection(v.angle))
        case 2:
            // On and off ramp beside a passing motorway: merging towards the side the motorway
            // comes from.
            let passed = others.contains {
                !j.arms[$0].canEnter && j.arms[$0].road.roadClass.isHighway && v.angle(of: $0) > v.angle
            }
            return Decision(type: .merge, modifier: passed ? .slightRight : .slightLeft)
        default:
            return Decision(type: .merge, modifier: v.angle > 0 ? .slightLeft : .slightRight)
        }
    }
}
