import GemNavCore

/// OSRM's `anticipateLaneChange`: over a run of quick turns with lanes, the lanes of a turn
/// are narrowed to those that lead on to the lanes of the next one, so the driver is not
/// sent to the right for a right turn followed at once by a left one. As in OSRM it runs
/// before intersections passed straight on are folded into steps, so every intersection
/// with lanes takes part, announced or not.
enum LaneAnticipation {
    /// A turn taken at one intersection and how long it is to the next one.
    struct Turn {
        var lanes: [Lane]?
        var decision: Decision
        var duration: Double
    }

    /// Turns quicker than this (seconds) leave no time to change lanes before the next one
    /// (OSRM's `MIN_DURATION_NEEDED_FOR_LANE_CHANGE`).
    static let laneChangeDuration = 15.0

    static func anticipate(_ turns: inout [Turn]) {
        // As in OSRM, the more lanes lie beside the turn's lanes, the more there may be to
        // cross: the time needed grows with them.
        func quickWithLanes(_ k: Int) -> Bool {
            guard let (lanes, total) = range(turns[k]) else { return false }
            let toCross = max(lanes.firstFromRight, total - lanes.firstFromRight - lanes.count)
            return turns[k].duration < Double(1 + toCross) * laneChangeDuration
        }
        var start = 0
        while start < turns.count {
            guard quickWithLanes(start) else {
                start += 1
                continue
            }
            var end = start
            while end + 1 < turns.count && quickWithLanes(end + 1) { end += 1 }
            if end > start { constrain(&turns, start...end) }
            start = end + 1
        }
    }

    /// Walks a run of turns backwards: each turn's lanes constrain the turn before it.
    private static func constrain(_ turns: inout [Turn], _ run: ClosedRange<Int>) {
        var straightLeft = Set<Int>(), straightRight = Set<Int>()
        for current in stride(from: run.upperBound, to: run.lowerBound, by: -1) {
            let previous = current - 1
            guard let (now, total) = range(turns[current]), let (before, _) = range(turns[previous]),
                  before.count > 1, before.count > now.count
            else { continue }
            let shared = min(now.count, before.count)
            let turn = turns[current].decision
            let previousIsStraight = !LaneTurn.isLeft(turns[previous].decision)
                && !LaneTurn.isRight(turns[previous].decision)
            if previousIsStraight {
                if LaneTurn.isLeft(turn) || straightLeft.contains(current) {
                    straightLeft.insert(previous)
                } else if LaneTurn.isRight(turn) || straightRight.contains(current) {
                    straightRight.insert(previous)
                }
            }
            // A keep-straight goes the way of the turn after it; right by default.
            let keepLeft = LaneTurn.isLeft(turn) || (!LaneTurn.isRight(turn) && straightLeft.contains(current))
            var first = before.firstFromRight
            if keepLeft {
                let leftOfTurn = total - now.firstFromRight - now.count
                first += before.count - shared - min(leftOfTurn, shared)
            } else {
                first += min(now.firstFromRight, shared)
            }
            set(&turns[previous], LaneRange(count: shared, firstFromRight: first))
        }
    }

    /// A turn's lanes as a range, with the number of lanes; nil without lanes.
    private static func range(_ turn: Turn) -> (LaneRange, Int)? {
        guard let lanes = turn.lanes, let left = lanes.firstIndex(where: \.valid),
              let right = lanes.lastIndex(where: \.valid)
        else { return nil }
        return (LaneRange(count: right - left + 1, firstFromRight: lanes.count - 1 - right), lanes.count)
    }

    private static func set(_ turn: inout Turn, _ range: LaneRange) {
        guard var lanes = turn.lanes else { return }
        for i in lanes.indices {
            let id = lanes.count - 1 - i
            lanes[i].valid = id >= range.firstFromRight && id < range.firstFromRight + range.count
        }
        turn.lanes = lanes
    }
}
