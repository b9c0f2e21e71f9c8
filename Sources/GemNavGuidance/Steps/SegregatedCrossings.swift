import GemNavCore

/// Crossing a divided road, as OSRM announces it (`collapseSegregatedTurnInstructions`): the
/// route drives onto the short piece between the two carriageways and off it again, but the
/// driver perceives one intersection, so the maneuvers at both junctions become one, placed
/// at the first. The import marks those pieces (`RoutePath.Arm.insideCrossing`, OSRM's
/// segregated edges); this pass runs before the other clean-ups, as in OSRM.
extension StepBuilder {
    /// One step as OSRM lists it before any clean-up: every junction with a maneuver and
    /// every intersection passed straight on (a suppressed step, `decision == nil`).
    private struct RawStep {
        let junction: Int
        var decision: Decision?
        /// Whether the road after the step is a piece inside a crossing.
        var inside: Bool
        var intersections = 1
    }

    /// Merges each maneuver onto a piece inside a divided road's crossing with the maneuvers
    /// up to the junction where the route leaves the crossing.
    func collapseSegregatedCrossings(_ decisions: inout [Decision?], _ targets: inout [Int?], views: inout [JunctionView]) {
        // Most legs cross no divided road: nothing is gathered until one does.
        func isInside(_ i: Int) -> Bool { leg.junctions[i].arms[leg.junctions[i].outArm].insideCrossing }
        guard views.indices.contains(where: { i in
            (decisions[i] != nil || leg.junctions[i].arms.count > 2) && isInside(i)
        }) else { return }
        var steps = [RawStep]()
        for i in views.indices where decisions[i] != nil || leg.junctions[i].arms.count > 2 {
            steps.append(RawStep(junction: i, decision: decisions[i], inside: isInside(i)))
        }
        var current = 0
        for next in steps.indices.dropFirst() {
            let i = steps[current].junction, k = steps[next].junction
            let target = targets[k] ?? k + 1
            if steps[current].inside && steps[next].inside {
                // Still inside the crossing: the maneuver stays the first one's.
                if steps[next].decision?.type == .endOfRoad {
                    let modifier = steps[current].decision?.modifier ?? ManeuverClassifier.turnDirection(views[i].angle)
                    steps[current].decision = Decision(type: .endOfRoad, modifier: modifier)
                }
            } else if steps[current].inside && !touchesRing(i) && !touchesRing(k) {
                let total = Geodesy.turnAngle(from: views[i].inHeading, to: Double(views[k].outBearing))
                steps[current].decision = abs(total) >= 145
                    ? Decision(type: .continue, modifier: .uturn)
                    : crossingTurn(steps[current], steps[next], leadingTo: target, total: total, views: views)
                steps[current].inside = false
            } else {
                current = next
                continue
            }
            steps[current].intersections += 1
            decisions[k] = nil
            targets[k] = nil
            views[k].isMergedIntoStep = true
            decisions[i] = steps[current].decision
            targets[i] = decisions[i] == nil ? nil : target
        }
    }

    /// OSRM's `SegregatedTurnStrategy`: the maneuver for entering the crossing at `first`
    /// and leaving it at `last` onto road `target`, judged on the total turn.
    private func crossingTurn(_ first: RawStep, _ last: RawStep, leadingTo target: Int, total: Double,
                              views: [JunctionView]) -> Decision?
    {
        let i = first.junction, k = last.junction
        let direction = ManeuverClassifier.turnDirection(total)
        let lastModifier = last.decision?.modifier ?? ManeuverClassifier.turnDirection(views[k].angle)
        let lastType = last.decision?.type
        // A suppressed step counts as a turn-like one, as OSRM's `Suppressed` type does.
        let lastIsTurn = lastType == nil || [.turn, .continue, .newName].contains(lastType!)
        let lastIsStraight = lastIsTurn && [.straight, .slightLeft, .slightRight].contains(lastModifier)
        // Going straight across: silent on the same road, else the new name.
        let straightOn: Decision? = Self.sameName(leg.roads[i].road, leg.roads[target].road)
            ? nil : Decision(type: .newName, modifier: .straight)
        if first.decision?.type == .endOfRoad || lastType == .endOfRoad {
            return Decision(type: .endOfRoad, modifier: direction)
        }
        if first.decision?.type == .fork { return first.decision }
        if direction == .straight && lastIsStraight { return straightOn }
        if abs(total) <= 55 && first.intersections == 1
            && Self.isStraightest(views[i]) && Self.isStraightest(views[k])
        {
            return straightOn
        }
        if direction != .straight && lastIsTurn { return Decision(type: .turn, modifier: direction) }
        guard let lastType else { return nil }
        return Decision(type: lastType, modifier: direction)
    }

    /// OSRM's `hasStraightestTurn`: the road taken is within 55° of straight and, unless
    /// another road is within 10° of it, no other enterable road is straighter.
    private static func isStraightest(_ v: JunctionView) -> Bool {
        guard abs(v.angle) <= 55 else { return false }
        guard let other = v.alternatives.map({ v.angle(of: $0) }).min(by: { abs($0) < abs($1) }) else { return true }
        return abs(Geodesy.turnAngle(from: other, to: v.angle)) > 10 ? abs(v.angle) <= abs(other) : true
    }

    /// Whether junction `i` enters, leaves or lies on a roundabout, which OSRM never folds
    /// into a crossing.
    private func touchesRing(_ i: Int) -> Bool {
        leg.roads[i].road.isRoundabout || leg.roads[i + 1].road.isRoundabout
    }
}
