import GemNavCore

/// Parses OSM `turn:lanes` values and marks the lanes usable for a maneuver.
enum Lanes {
    /// The lanes described by a `turn:lanes` value ("left|through;right|right"), left to
    /// right, with OSRM's indication names, marked usable for `modifier`.
    static func parse(_ turnLanes: String, for modifier: ManeuverModifier) -> [Lane]? {
        indications(turnLanes).map { lanes($0, for: modifier) }
    }

    /// The OSRM indications of each lane, left to right; nil when there is no tag. Parsed
    /// once per distinct tag value: consecutive stretches of one way share it.
    static func indications(_ turnLanes: String) -> [[String]]? {
        guard !turnLanes.isEmpty else { return nil }
        // One pass over the UTF-8 bytes: Character-level splitting (grapheme breaking) and
        // nested splits dominated the cost of building steps.
        var lanes = [[String]](), current = [String]()
        var token = [UInt8]()
        token.reserveCapacity(16)
        func flushToken() {
            if !token.isEmpty { current.append(indication(String(decoding: token, as: UTF8.self))) }
            token.removeAll(keepingCapacity: true)
        }
        for b in turnLanes.utf8 {
            switch b {
            case UInt8(ascii: ";"): flushToken()
            case UInt8(ascii: "|"):
                flushToken()
                lanes.append(current.isEmpty ? ["none"] : current)
                current = []
            case UInt8(ascii: " "): continue
            default: token.append(b)
            }
        }
        flushToken()
        lanes.append(current.isEmpty ? ["none"] : current)
        return lanes
    }

    /// Lanes with the given indications, marked usable for `modifier`.
    static func lanes(_ indications: [[String]], for modifier: ManeuverModifier) -> [Lane] {
        let valid = usable(indications, for: modifier)
        return indications.indices.map { Lane(indications: indications[$0], valid: valid[$0]) }
    }

    /// OSM indication → OSRM indication.
    private static func indication(_ osm: String) -> String {
        switch osm {
        case "through": return "straight"
        case "slight_left": return "slight left"
        case "slight_right": return "slight right"
        case "sharp_left": return "sharp left"
        case "sharp_right": return "sharp right"
        case "reverse": return "uturn"
        case "left", "right", "none", "": return osm
        case "merge_to_left", "merge_to_right": return "none"
        default: return "none"
        }
    }

    private static let leftTurns: Set<String> = ["slight left", "left", "sharp left"]
    private static let rightTurns: Set<String> = ["slight right", "right", "sharp right"]

    /// Which lanes to use: exact matches first, then lanes turning to the same side, then
    /// (for gentle maneuvers) straight or unmarked lanes. A U-turn uses the leftmost
    /// left-turning lane only.
    private static func usable(_ lanes: [[String]], for modifier: ManeuverModifier) -> [Bool] {
        func matching(_ accept: (String) -> Bool) -> [Bool] { lanes.map { $0.contains(where: accept) } }
        // Unmarked lanes lead straight on.
        if modifier == .straight { return matching { $0 == "straight" || $0 == "none" } }
        let target = modifier.rawValue
        let exact = matching { $0 == target }
        if exact.contains(true) { return exact }
        if modifier.isLeft || modifier == .uturn {
            var side = matching { leftTurns.contains($0) }
            if let leftmost = side.firstIndex(of: true) {
                if modifier == .uturn {
                    side = lanes.indices.map { $0 == leftmost }
                }
                return side
            }
        }
        if modifier.isRight {
            let side = matching { rightTurns.contains($0) }
            if side.contains(true) { return side }
        }
        if modifier == .slightLeft || modifier == .slightRight {
            return matching { $0 == "straight" || $0 == "none" }
        }
        return lanes.map { _ in false }
    }
}
