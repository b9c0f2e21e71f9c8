import GemNavCore

/// `none` lanes (unmarked ones) belong to whichever turns are left over: OSRM's
/// `handleNoneValueAtSimpleTurn` and its helpers, which give them the turns no other lane
/// takes, merge them into a neighbour, or rename them.
extension LaneMatcher {
    static func handleNone(_ input: [LaneData], _ turns: Turns) -> [LaneData] {
        guard !turns.isEmpty, !input.isEmpty, let noneIndex = input.index(of: .none) else { return input }
        var data = input
        let connections = turns.entries
            - (turns[0].entryAllowed && data[data.count - 1].tag != .uturn ? 1 : 0)
        if connections > data.count {
            data = augmentMultiple(noneIndex, connections, data, turns)
        } else if connections < data.count {
            guard connections + 1 == data.count else { return data }
            data = mergeNone(noneIndex, data)
        } else {
            data = rename(noneIndex, data, turns)
        }
        return data.sorted()
    }

    /// A `none` lane allowing several turns: one entry per turn it serves.
    private static func augmentMultiple(_ noneIndex: Int, _ connections: Int, _ input: [LaneData], _ turns: Turns)
        -> [LaneData]
    {
        var data = input
        let wanted = connections - data.count
        var range = (0, 0)
        if noneIndex == 0 {
            var count = 0
            for i in turns.indices.dropFirst() {
                count += turns[i].entryAllowed ? 1 : 0
                if count > wanted {
                    range = (1, i + 1)
                    break
                }
            }
        } else if noneIndex + 1 == data.count {
            var count = 0
            for i in stride(from: turns.count - 1, to: 0, by: -1) {
                count += turns[i].entryAllowed ? 1 : 0
                if count > wanted {
                    range = (i, turns.count)
                    break
                }
            }
        } else {
            var begin = 1, count = 0
            for i in turns.indices.dropFirst() {
                count += turns[i].entryAllowed ? 1 : 0
                if count >= noneIndex {
                    begin = i + 1
                    break
                }
            }
            count = 0
            for i in begin..<max(begin, turns.count) {
                count += turns[i].entryAllowed ? 1 : 0
                if count > wanted {
                    range = (begin, i + 1)
                    break
                }
            }
        }
        let none = data[noneIndex]
        let inRange = turns[range.0..<range.1]
        if inRange.filter(\.entryAllowed).count > 1 && none.to - none.from >= 1 {
            guard let straight = inRange.firstIndex(where: { $0.modifier == .straight }) else { return data }
            for i in range.0..<straight { data.append(LaneData(tag: tag(turns[i]), from: none.from, to: none.from)) }
            data.append(LaneData(tag: tag(turns[straight]), from: none.from, to: none.to))
            for i in (straight + 1)..<range.1 { data.append(LaneData(tag: tag(turns[i]), from: none.to, to: none.to)) }
        } else {
            for i in range.0..<range.1 where turns[i].entryAllowed {
                data.append(LaneData(tag: tag(turns[i]), from: none.from, to: none.to))
            }
        }
        data.remove(at: noneIndex)
        return data
    }

    private static func tag(_ t: LaneTurn) -> LaneMask {
        LaneMask.byModifier[ManeuverModifier.allCases.firstIndex(of: t.modifier) ?? 4]
    }

    /// One lane too many: the `none` lane joins its neighbour ("left | | | right").
    private static func mergeNone(_ noneIndex: Int, _ input: [LaneData]) -> [LaneData] {
        var data = input
        guard data.count > 1 else { return data }
        if noneIndex == 0 || noneIndex + 1 == data.count {
            if noneIndex == 0 {
                data[1].from = data[0].from
            } else {
                data[noneIndex - 1].to = data[noneIndex].to
            }
            data.remove(at: noneIndex)
        } else if data[noneIndex].to - data[noneIndex].from <= 1 {
            data[noneIndex - 1].to = data[noneIndex].from
            data[noneIndex + 1].from = data[noneIndex].to
            data.remove(at: noneIndex)
        }
        return data
    }

    /// As many lanes as turns: the `none` lane takes the turn nobody else does.
    private static func rename(_ noneIndex: Int, _ input: [LaneData], _ turns: Turns) -> [LaneData] {
        var data = input
        var right = false, through = false, left = false
        for t in turns where t.entryAllowed {
            right = right || t.modifier.isRight
            through = through || t.modifier == .straight
            left = left || t.modifier.isLeft
        }
        if noneIndex == 0 {
            if right && (data.count == 1 || (data[1].tag != .sharpRight && data[1].tag != .right)) {
                data[0].tag = .right
                if data.count > 1 && data[1].tag == .straight {
                    data[1].from = data[0].from
                    data[0].to = data[0].from
                }
            } else if through && (data.count == 1 || data[1].tag != .straight) {
                data[0].tag = .straight
            }
        } else if noneIndex + 1 == data.count {
            if left && data[noneIndex - 1].tag != .sharpLeft && data[noneIndex - 1].tag != .left {
                data[noneIndex].tag = .left
                if data[noneIndex - 1].tag == .straight {
                    data[noneIndex - 1].to = data[noneIndex].to
                    data[noneIndex].from = data[noneIndex].to
                }
            } else if through && data[noneIndex - 1].tag != .straight {
                data[noneIndex].tag = .straight
            }
        } else {
            let next = data[noneIndex + 1].tag, previous = data[noneIndex - 1].tag
            if (next == .left || next == .slightLeft || next == .sharpLeft)
                && (previous == .right || previous == .slightRight || previous == .sharpRight)
            {
                data[noneIndex].tag = .straight
            }
        }
        return data
    }
}
