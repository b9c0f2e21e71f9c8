import GemNavCore

/// OSRM's `trimShortSegments`: a waypoint on a junction can be placed on either road
/// through it. When the road chosen is left at once, the leg starts (or ends) with a step of
/// no length and a turn no driver makes ("Turn right onto the ferry" from the quay one is
/// already on). As in OSRM, such a first step is dropped and the next one becomes the
/// departure; such a last maneuver is dropped and the arrival stays on the road driven.
/// Its time is kept in the neighbouring step, so the leg's duration does not change.
extension StepBuilder {
    /// A step this short (metres) is one of no length (OSRM: "distances under 1m").
    static let zeroLength = 1.0

    func trimZeroLengthEnds(_ steps: inout [PlannedStep]) {
        trimStart(&steps)
        trimEnd(&steps)
    }

    private func trimStart(_ steps: inout [PlannedStep]) {
        guard steps.count > 2, steps[0].distance <= Self.zeroLength, !steps[1].decision.type.isRing else { return }
        let dropped = steps.removeFirst()
        var depart = steps[0]
        depart.duration += dropped.duration
        let bearing = Self.initialBearing(depart.geometry[...])
        depart.decision = Decision(type: .depart, modifier: departModifier(bearing))
        depart.bearingBefore = 0
        depart.bearingAfter = bearing
        if var first = depart.intersections.first {
            first.bearings = [bearing]
            first.entry = [true]
            first.inIndex = nil
            first.outIndex = 0
            first.lanes = nil
            depart.intersections[0] = first
        }
        steps[0] = depart
    }

    private func trimEnd(_ steps: inout [PlannedStep]) {
        let n = steps.count
        guard n > 2, steps[n - 2].distance <= Self.zeroLength, steps[n - 2].decision.type != .depart,
              !steps[n - 2].decision.type.isRing else { return }
        let dropped = steps.remove(at: n - 2)
        steps[n - 3].duration += dropped.duration
        var arrive = steps[n - 2]
        let heading = dropped.bearingBefore
        arrive.road = steps[n - 3].road
        arrive.target = steps[n - 3].road
        arrive.bearingBefore = heading
        arrive.decision.modifier = arrival.flatMap {
            Self.side(of: $0.input, from: $0.location, heading: Double(heading))
        }
        arrive.intersections = [Intersection(location: arrive.location, bearings: [(heading + 180) % 360],
                                             entry: [true], inIndex: 0, outIndex: nil)]
        steps[n - 2] = arrive
    }
}
