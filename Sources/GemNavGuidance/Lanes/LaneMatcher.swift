import GemNavCore

/// Which lanes a turn is taken from, after OSRM's turn lane handler (`TurnLaneHandler`,
/// `turn_lane_matcher`, `turn_lane_augmentation`): the lanes' indications are matched to the
/// roads of the junction; lanes drawn for a junction just ahead (a divided road's second
/// carriageway) are split off, and lanes tagged on a short stretch before the junction
/// count at the junction.
enum LaneMatcher {
    typealias Turns = [LaneTurn]

    /// The lanes of a junction: the description used and the range of lanes for `taken`
    /// (an index in `turns`); nil when OSRM would announce no lanes there.
    /// - Parameters:
    ///   - description: the lanes of the road arriving (nil when untagged).
    ///   - outgoing: the lanes of the road leaving straight on where only two roads meet.
    ///   - previous: the junction just before (under 30 m back along the straightmost road),
    ///     with the lanes arriving there.
    ///   - next: the junction reached by the straightmost road, when known.
    static func assign(_ description: [LaneMask]?, turns: Turns, taken: Int, outgoing: [LaneMask]?,
                       previous: (description: [LaneMask]?, turns: Turns)?, next: Turns?)
        -> (description: [LaneMask], range: LaneRange)?
    {
        guard turns.count > 1 else { return nil }
        if turns.contains(where: { t in t.type.map(isRoundaboutType) ?? false }) { return nil }
        var data = description.map(LaneData.from) ?? []
        if let description, turns.count == 2, outgoing == description,
           deviation(turns[1].angle, 180) < ObviousTurn.fuzzyAngle
        {
            // The lanes go on past a junction without turns: they are for the next one.
            return nil
        }
        if description != nil && data.isEmpty { return nil }
        if description != nil && data.count == 1 && data[0].tag == .none { return nil }
        let entries = turns.entries
        if data.has([.mergeToLeft, .mergeToRight]) { return nil }
        // A dead end's U-turn without a lane for it: the data cannot be right.
        if turns[0].entryAllowed && !data.has([.none, .left, .sharpLeft, .uturn]) && data.count + 1 == entries {
            return nil
        }
        // A U-turn allowed from the leftmost lane without its own indication.
        if !data.isEmpty && canMatchTrivially(turns, data) && turns[0].entryAllowed
            && data.count != (!data.has(.uturn) && turns[0].entryAllowed ? 1 : 0) + entries && !data.has(.none)
        {
            data.append(LaneData(tag: .uturn, from: data[data.count - 1].to, to: data[data.count - 1].to))
        }
        if isSimple(data, turns) {
            return match(handleNone(data, turns), turns, taken, description ?? [])
        }
        if !data.isEmpty {
            if data.count >= entries {
                data = partition(data, turns, next: next).first
                if data.count == entries && isSimple(data, turns) {
                    return match(handleNone(data, turns), turns, taken, description ?? [])
                }
            }
            return nil
        }
        if description != nil { return nil }
        // Lanes drawn before the junction, on the stretch leading to it.
        guard let previous, let before = previous.description else { return nil }
        var earlier = LaneData.from(before)
        if earlier.isEmpty || earlier.has([.mergeToLeft, .mergeToRight]) { return nil }
        if isSimple(earlier, turns) && previous.turns.count == 2 {
            return match(handleNone(earlier, turns), turns, taken, before)
        }
        if earlier.count >= previous.turns.entries && previous.turns.count != 2 {
            earlier = partition(earlier, previous.turns, next: turns).second.sorted()
            if earlier.count == entries && isSimple(earlier, turns) {
                return match(handleNone(earlier, turns), turns, taken, before)
            }
        }
        return nil
    }

    static func isRoundaboutType(_ t: ManeuverType) -> Bool {
        t == .roundabout || t == .rotary || t == .roundaboutTurn || t == .exitRoundabout || t == .exitRotary
    }

    /// Degrees between two angles, 0…180.
    static func deviation(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    private static func match(_ data: [LaneData], _ turns: Turns, _ taken: Int, _ description: [LaneMask])
        -> (description: [LaneMask], range: LaneRange)?
    {
        guard !data.isEmpty, canMatchTrivially(turns, data), let range = matchTrivially(turns, data)[taken] else {
            return nil
        }
        return (description, range)
    }

    // MARK: Matching indications to roads (OSRM's turn_lane_matcher)

    /// Whether a lane indication fits a road's maneuver (`isValidMatch`).
    static func isValidMatch(_ tag: LaneMask, _ t: LaneTurn) -> Bool {
        let mirrored = t.type == .merge
        switch tag {
        case .uturn:
            return t.hasLeftModifier || t.modifier == .uturn
        case .sharpRight, .right, .slightRight:
            if mirrored { return t.hasLeftModifier }
            return t.type == .exitRoundabout || t.type == .exitRotary || t.hasRightModifier
        case .straight:
            return t.modifier == .straight || t.type == nil || t.type == .newName
                || t.type == .roundabout || t.type == .rotary || t.type == .roundaboutTurn
                || ((t.type == .fork || t.type == .continue) && (t.modifier == .slightLeft || t.modifier == .slightRight))
        case .slightLeft, .left, .sharpLeft:
            if mirrored { return t.hasRightModifier }
            return t.hasLeftModifier
        default:
            return false
        }
    }

    private static let idealAngles: [Double] = [0, 35, 90, 135, 180, 225, 270, 315]

    /// How far a road is from the angle an indication stands for (`getMatchingQuality`).
    static func quality(_ tag: LaneMask, _ t: LaneTurn) -> Double {
        let index = LaneMask.byModifier.firstIndex(of: tag) ?? (tag == .mergeToLeft || tag == .mergeToRight ? 4 : 0)
        return deviation(idealAngles[index], t.angle)
    }

    /// The road an indication fits best (`findBestMatch`), looking from `start` on.
    static func bestMatch(_ tag: LaneMask, _ turns: Turns, from start: Int = 0) -> Int {
        var best = start
        for i in turns.indices where i > start {
            let (l, r) = (turns[i], turns[best])
            let (lv, rv) = (isValidMatch(tag, l), isValidMatch(tag, r))
            if lv != rv {
                if lv { best = i }
                continue
            }
            if l.entryAllowed != r.entryAllowed {
                if l.entryAllowed { best = i }
                continue
            }
            if quality(tag, l) < quality(tag, r) { best = i }
        }
        return best
    }

    /// The road for a U-turn lane beside the lane tagged `neighbour` (`findBestMatchForReverse`).
    static func bestMatchForReverse(_ neighbour: LaneMask, _ turns: Turns) -> Int {
        let n = bestMatch(neighbour, turns)
        if n + 1 == turns.count { return 0 }
        return bestMatch(.uturn, turns, from: n)
    }

    /// Whether every indication fits its best road and the roads come in lane order
    /// (`canMatchTrivially`).
    static func canMatchTrivially(_ turns: Turns, _ data: [LaneData]) -> Bool {
        var road = 1, lane = 0
        if data.first?.tag == .uturn && turns[0].entryAllowed { lane = 1 }
        while road < turns.count && lane < data.count {
            if turns[road].entryAllowed {
                if !isValidMatch(data[lane].tag, turns[road]) { return false }
                if bestMatch(data[lane].tag, turns) != road { return false }
                lane += 1
            }
            road += 1
        }
        return lane == data.count || (lane + 1 == data.count && data[data.count - 1].tag == .uturn)
    }

    /// The lanes of each road, matched in order (`triviallyMatchLanesToTurns`).
    static func matchTrivially(_ turns: Turns, _ data: [LaneData]) -> [Int: LaneRange] {
        var result = [Int: LaneRange]()
        func assign(_ road: Int, _ d: LaneData) { result[road] = LaneRange(count: d.to - d.from + 1, firstFromRight: d.from) }
        var road = 1, lane = 0
        if data.first?.tag == .uturn {
            guard turns[0].entryAllowed else { return result }
            var uturn = 0
            if turns[0].reversed {
                guard turns.count > 1, turns[1].entryAllowed, turns[1].modifier == .sharpRight else { return result }
                uturn = 1
                road = 2
            }
            // OSRM gives this road the lanes of the last entry (a U-turn drawn on the right).
            assign(uturn, data[data.count - 1])
            lane = 1
        }
        while road < turns.count && lane < data.count {
            if turns[road].entryAllowed {
                assign(road, data[lane])
                lane += 1
            }
            road += 1
        }
        if lane + 1 == data.count && data[data.count - 1].tag == .uturn {
            var uturn = 0
            if turns[0].reversed {
                guard let last = turns.last, last.entryAllowed, last.modifier == .sharpLeft else { return result }
                uturn = turns.count - 1
            }
            assign(uturn, data[data.count - 1])
        }
        return result
    }

    // MARK: Deciding whether a junction's lanes are its own

    /// OSRM's `isSimpleIntersection`: the lanes describe this junction's turns one to one.
    static func isSimple(_ data: [LaneData], _ turns: Turns) -> Bool {
        guard !data.isEmpty else { return false }
        if turns.count == 2 {
            return data.filter { $0.tag == .mergeToLeft || $0.tag == .mergeToRight }.count + 1 >= data.count
        }
        var numTurns = turns.entries
        if numTurns < data.count && !turns[0].entryAllowed && data[data.count - 1].tag == .uturn { numTurns += 1 }
        if numTurns + 2 <= data.count { return false }
        if numTurns + 1 == data.count && data[0].tag != .none && data[data.count - 1].tag != .none { return false }
        if numTurns > data.count && !data.contains(where: { $0.tag == .none }) { return false }
        if numTurns > data.count && turns[0].entryAllowed
            && !(data.has(.uturn) || (data[data.count - 1].tag != .left && data[data.count - 1].tag != .sharpLeft))
        {
            return false
        }
        var simple = true, hasNone = false
        var matched = Set<Int>()
        for (k, d) in data.enumerated() {
            if d.tag == .none {
                hasNone = true
                continue
            }
            let best: Int
            if d.tag != .uturn || data.count == 1 {
                best = bestMatch(d.tag, turns)
            } else if k + 1 == data.count {
                best = bestMatchForReverse(data[k - 1].tag, turns)
            } else if k == 0 {
                best = bestMatchForReverse(data[k + 1].tag, turns)
            } else {
                best = 0
            }
            simple = simple && !matched.contains(best)
            matched.insert(best)
            simple = simple && (turns[best].entryAllowed
                || ((best == 0 || best + 1 == turns.count) && !turns[best].reversed))
            simple = simple && isValidMatch(d.tag, turns[best])
        }
        return simple && (matched.count == data.count || (matched.count + 1 == data.count && hasNone))
    }

    /// OSRM's `partitionLaneData`: the lanes for turns at this junction and those for the
    /// junction reached straight on (a divided road's second carriageway). Without that
    /// junction known, an indication that fits nothing here is taken to be for it.
    static func partition(_ input: [LaneData], _ turns: Turns, next: Turns?) -> (first: [LaneData], second: [LaneData]) {
        var data = input
        let straightmost = turns.straightmost
        guard turns[straightmost].entryAllowed else { return (data, []) }
        var first = [Bool](repeating: false, count: data.count)
        var second = first
        var straightmostTag = data.count
        for lane in data.indices {
            let tag = data[lane].tag
            if !tag.intersection([.none, .uturn]).isEmpty { continue }
            let best = bestMatch(tag, turns)
            if turns[best].entryAllowed && isValidMatch(tag, turns[best]) {
                first[lane] = true
                if straightmost == best { straightmostTag = lane }
            }
            if let next {
                let ahead = bestMatch(tag, next)
                if next[ahead].entryAllowed && isValidMatch(tag, next[ahead])
                    && (!first[lane] || tag == .straight || quality(tag, turns[best]) > quality(tag, next[ahead]))
                {
                    if tag != .straight { first[lane] = false }
                    second[lane] = true
                }
            } else if !first[lane] || tag == .straight {
                second[lane] = true
            }
            if !first[lane] && !second[lane] { return (data, []) }
        }
        let noneIndex = data.firstIndex { $0.tag == .none } ?? data.count
        if straightmostTag == data.count && noneIndex != data.count { straightmostTag = noneIndex }
        if noneIndex != data.count {
            if first.filter({ $0 }).count <= turns.entries { first[noneIndex] = true }
            if second.filter({ $0 }).count <= (next?.entries ?? Int.max) { second[noneIndex] = true }
        }
        func augment(_ d: inout LaneData) {
            for lane in data.indices where second[lane] {
                d.from = min(data[lane].from, d.from)
                d.to = max(data[lane].to, d.to)
            }
        }
        var firstPart = [LaneData](), secondPart = [LaneData]()
        for lane in data.indices {
            if second[lane] { secondPart.append(data[lane]) }
            if lane == straightmostTag {
                var widened = data[lane]
                augment(&widened)
                data[lane] = widened
            }
            if first[lane] { firstPart.append(data[lane]) }
        }
        if straightmostTag == data.count, let next, next.entries > 0, second.filter({ $0 }).count == next.entries {
            var straight = LaneData(tag: .straight, from: 255, to: 0)
            augment(&straight)
            firstPart.append(straight)
            firstPart.sort()
        }
        return (firstPart, secondPart)
    }
}
