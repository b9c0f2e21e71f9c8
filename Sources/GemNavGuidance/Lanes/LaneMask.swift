import GemNavCore

/// OSRM's turn lane indications as bits (its `TurnLaneType`); the bit order is the order in
/// which OSRM lists a lane's indications ("through;reverse" is written `left;uturn`).
struct LaneMask: OptionSet, Hashable {
    let rawValue: UInt16

    static let none = LaneMask(rawValue: 1 << 0)
    static let straight = LaneMask(rawValue: 1 << 1)
    static let sharpLeft = LaneMask(rawValue: 1 << 2)
    static let left = LaneMask(rawValue: 1 << 3)
    static let slightLeft = LaneMask(rawValue: 1 << 4)
    static let slightRight = LaneMask(rawValue: 1 << 5)
    static let right = LaneMask(rawValue: 1 << 6)
    static let sharpRight = LaneMask(rawValue: 1 << 7)
    static let uturn = LaneMask(rawValue: 1 << 8)
    static let mergeToLeft = LaneMask(rawValue: 1 << 9)
    static let mergeToRight = LaneMask(rawValue: 1 << 10)

    private static let names = ["none", "straight", "sharp left", "left", "slight left", "slight right", "right",
                                "sharp right", "uturn", "merge to left", "merge to right"]
    private static let osmNames = ["none", "through", "sharp_left", "left", "slight_left", "slight_right", "right",
                                   "sharp_right", "reverse", "merge_to_left", "merge_to_right"]

    /// The OSRM names of the indications set, in OSRM's order.
    var indications: [String] {
        Self.names.indices.compactMap { rawValue & (1 << UInt16($0)) != 0 ? Self.names[$0] : nil }
    }

    /// The single indications set, lowest bit first.
    var bits: [LaneMask] {
        (0..<11).compactMap { rawValue & (1 << UInt16($0)) != 0 ? LaneMask(rawValue: 1 << UInt16($0)) : nil }
    }

    /// The lane tag matching each direction modifier (OSRM's `tag_by_modifier`, indexed like
    /// `ManeuverModifier.allCases`: uturn, sharp right … sharp left).
    static let byModifier: [LaneMask] = [.uturn, .sharpRight, .right, .slightRight, .straight, .slightLeft, .left,
                                         .sharpLeft]

    /// The lanes of an OSM `turn:lanes` value, left to right (OSRM's lane description): nil
    /// when there is no tag, empty when a lane holds a value OSRM does not know (then no lane
    /// is announced at all). An empty lane is `none`.
    static func description(_ turnLanes: String) -> [LaneMask]? {
        guard !turnLanes.isEmpty else { return nil }
        var lanes = [LaneMask]()
        // OSRM drops spaces before reading the lanes: a lane of spaces is an empty one.
        let compact = turnLanes.filter { $0 != " " }
        for lane in compact.split(separator: "|", omittingEmptySubsequences: false) {
            var mask = LaneMask()
            let tokens = lane.split(separator: ";")
            if tokens.isEmpty { mask = .none }
            for token in tokens {
                // OSRM drops the whole description for a token it does not know.
                guard let i = osmNames.firstIndex(of: String(token)) else { return [] }
                mask.insert(LaneMask(rawValue: 1 << UInt16(i)))
            }
            lanes.append(mask)
        }
        return lanes
    }
}

/// The lanes a turn can be taken from, counted from the right as OSRM does (its
/// `LaneTupel`: lanes in the turn and the first lane from the right).
struct LaneRange: Hashable {
    var count: Int
    var firstFromRight: Int

    /// The API lanes for a description: each lane's indications and whether it is in range.
    func lanes(_ description: [LaneMask]) -> [Lane] {
        description.indices.map { i in
            let id = description.count - 1 - i
            return Lane(indications: description[i].indications,
                        valid: id >= firstFromRight && id < firstFromRight + count)
        }
    }
}

/// One indication and the lanes carrying it, numbered from the right (OSRM's `TurnLaneData`).
struct LaneData: Hashable, Comparable {
    var tag: LaneMask
    var from: Int
    var to: Int

    private static let order: [LaneMask] = [.sharpRight, .right, .slightRight, .straight, .slightLeft, .left,
                                            .sharpLeft, .uturn]

    static func < (a: LaneData, b: LaneData) -> Bool {
        if a.from != b.from { return a.from < b.from }
        if a.to != b.to { return a.to < b.to }
        // U-turns sit on the outside: first when on the rightmost lane, else last.
        if a.tag == .uturn { return a.from == 0 }
        if b.tag == .uturn { return b.from != 0 }
        return (order.firstIndex(of: a.tag) ?? order.count) < (order.firstIndex(of: b.tag) ?? order.count)
    }

    /// OSRM's `laneDataFromDescription`: one entry per indication spanning its lanes, sorted
    /// from the right; empty when one indication's lanes straddle another's (the lanes would
    /// cross) or a U-turn sits between other indications.
    static func from(_ description: [LaneMask]) -> [LaneData] {
        var spans = [LaneMask: (Int, Int)]()
        var order = [LaneMask]()
        for (i, mask) in description.enumerated() {
            let lane = description.count - 1 - i
            for bit in mask.bits {
                if let span = spans[bit] {
                    spans[bit] = (lane, span.1)
                } else {
                    spans[bit] = (lane, lane)
                    order.append(bit)
                }
            }
        }
        let data = order.map { LaneData(tag: $0, from: spans[$0]!.0, to: spans[$0]!.1) }.sorted()
        for k in data.indices.dropFirst() {
            if k + 1 < data.count && data[k].tag.contains(.uturn) { return [] }
            if data[k - 1].to > data[k].from { return [] }
        }
        return data
    }
}

extension [LaneData] {
    func has(_ tag: LaneMask) -> Bool { contains { !$0.tag.intersection(tag).isEmpty } }
    func index(of tag: LaneMask) -> Int? { firstIndex { !$0.tag.intersection(tag).isEmpty } }
}
