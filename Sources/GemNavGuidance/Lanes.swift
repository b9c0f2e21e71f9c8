import Foundation
import GemNavCore

/// Parses OSM `turn:lanes` values and marks the lanes usable for a maneuver.
enum Lanes {
    /// The lanes described by a `turn:lanes` value ("left|through;right|right"), left to
    /// right, with OSRM's indication names, all marked usable for `modifier`.
    static func parse(_ turnLanes: String, for modifier: ManeuverModifier) -> [Lane]? {
        guard !turnLanes.isEmpty else { return nil }
        let lanes = turnLanes.split(separator: "|", omittingEmptySubsequences: false).map { lane in
            lane.split(separator: ";").map { indication(String($0).trimmingCharacters(in: .whitespaces)) }
                .filter { !$0.isEmpty }
        }.map { $0.isEmpty ? ["none"] : $0 }
        let valid = usable(lanes, for: modifier)
        return lanes.indices.map { Lane(indications: lanes[$0], valid: valid.contains($0)) }
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

    /// Indices of the lanes to use: exact matches first, then lanes turning to the same side,
    /// then (for gentle maneuvers) straight or unmarked lanes.
    /// A U-turn uses the leftmost left-turning lane only.
    private static func usable(_ lanes: [[String]], for modifier: ManeuverModifier) -> Set<Int> {
        let target = modifier.rawValue
        func matching(_ accept: (String) -> Bool) -> Set<Int> {
            Set(lanes.indices.filter { lanes[$0].contains(where: accept) })
        }
        // Unmarked lanes lead straight on.
        if modifier == .straight { return matching { $0 == "straight" || $0 == "none" } }
        let exact = matching { $0 == target }
        if !exact.isEmpty { return exact }
        let left: Set<String> = ["slight left", "left", "sharp left"]
        let right: Set<String> = ["slight right", "right", "sharp right"]
        if modifier.isLeft || modifier == .uturn {
            let side = matching { left.contains($0) }
            if let leftmost = side.min() { return modifier == .uturn ? [leftmost] : side }
        }
        if modifier.isRight {
            let side = matching { right.contains($0) }
            if !side.isEmpty { return side }
        }
        if modifier == .slightLeft || modifier == .slightRight {
            return matching { $0 == "straight" || $0 == "none" }
        }
        return []
    }
}
