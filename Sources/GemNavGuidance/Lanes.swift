import GemNavCore

/// Parses OSM `turn:lanes` values and marks the lanes usable for a maneuver.
enum Lanes {
    /// The lanes described by a `turn:lanes` value ("left|through;right|right"), left to
    /// right, with OSRM's indication names, all marked usable for `modifier`.
    static func parse(_ turnLanes: String, for modifier: ManeuverModifier) -> [Lane]? {
        guard !turnLanes.isEmpty else { return nil }
        // Split on UTF-8 bytes: Character-level splitting (grapheme breaking) dominated the
        // cost of building steps.
        let lanes = turnLanes.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map { lane in
            let indications = lane.split(separator: UInt8(ascii: ";")).compactMap { raw -> String? in
                let trimmed = raw.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }
                return trimmed.isEmpty ? nil : indication(String(decoding: trimmed.reversed(), as: UTF8.self))
            }
            return indications.isEmpty ? ["none"] : indications
        }
        let valid = usable(lanes, for: modifier)
        return lanes.indices.map { Lane(indications: lanes[$0], valid: valid[$0]) }
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
