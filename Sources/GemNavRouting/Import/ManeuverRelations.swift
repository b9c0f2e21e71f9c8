import GemNavCore
import GemNavOSM

/// An OSM `type=maneuver` relation (or `type=manoeuvre`): how the turn at its via node is
/// to be announced when a route drives its `from` way, its via way(s) if any, then its `to`
/// way. Read as OSRM reads them: a `from` and a `to` way and exactly one via node are
/// required, via ways are optional and in order.
struct ManeuverRelation: Sendable, Hashable {
    var fromWay: Int64
    /// The node where the instruction is given (the turn from the road arriving there).
    var viaNode: Int64
    var viaWays: [Int64]
    var toWay: Int64
    var override: ManeuverOverride

    /// Reads a relation; nil when it is no maneuver relation, lacks a member OSRM requires,
    /// or states nothing guidance understands (OSRM's `maneuver` values: `turn`, `fork`,
    /// `continue`, `uturn`, `suppress`; its `direction` values: `left`, `sharp_right`…).
    static func parse(_ relation: OSMRelation) -> ManeuverRelation? {
        let tags = relation.tags
        guard tags["type"] == "maneuver" || tags["type"] == "manoeuvre" else { return nil }
        // Both spellings are used for the key too; the British one wins as in OSRM.
        let maneuver = tags["manoeuvre"] ?? tags["maneuver"] ?? ""
        let members = TurnRelationMembers(relation)
        guard members.from.count == 1, members.to.count == 1, members.viaNodes.count == 1 else { return nil }
        var override = ManeuverOverride()
        switch maneuver {
        case "turn": override.type = .turn
        case "continue": override.type = .continue
        case "fork": override.type = .fork
        case "uturn":
            override.type = .turn
            override.modifier = .uturn
        case "suppress": override.suppresses = true
        default: break
        }
        if let direction = tags["direction"].flatMap(Self.direction) { override.modifier = direction }
        guard override.type != nil || override.modifier != nil || override.suppresses else { return nil }
        return ManeuverRelation(fromWay: members.from[0], viaNode: members.viaNodes[0], viaWays: members.viaWays,
                                toWay: members.to[0], override: override)
    }

    /// The `direction` values OSRM understands.
    private static func direction(_ value: String) -> ManeuverModifier? {
        switch value {
        case "left": return .left
        case "slight_left": return .slightLeft
        case "sharp_left": return .sharpLeft
        case "right": return .right
        case "slight_right": return .slightRight
        case "sharp_right": return .sharpRight
        case "straight": return .straight
        default: return nil
        }
    }

    /// The OSM nodes the relation's roads are driven through, as OSRM lays them out: the
    /// `from` way's node next to where it meets the first via member, that meeting node, every
    /// node of the via ways in driving order, and the `to` way's first node after them. Nil
    /// when a way is missing (not routable) or the members do not join end to end.
    func nodePath(_ nodesOf: (Int64) -> [Int64]?) -> [Int64]? {
        guard let from = nodesOf(fromWay), let to = nodesOf(toWay), from.count >= 2, to.count >= 2 else { return nil }
        var path: [Int64]
        var at: Int64
        if viaWays.isEmpty {
            guard let before = Self.neighbour(of: viaNode, atEndOf: from) else { return nil }
            path = [before, viaNode]
            at = viaNode
        } else {
            guard let first = nodesOf(viaWays[0]), first.count >= 2,
                  let join = [from[0], from[from.count - 1]].first(where: { $0 == first[0] || $0 == first[first.count - 1] }),
                  let before = Self.neighbour(of: join, atEndOf: from)
            else { return nil }
            path = [before, join]
            at = join
            for way in viaWays {
                guard let nodes = nodesOf(way), nodes.count >= 2 else { return nil }
                if nodes[0] == at {
                    path += nodes.dropFirst()
                } else if nodes[nodes.count - 1] == at {
                    path += nodes.reversed().dropFirst()
                } else {
                    return nil
                }
                at = path[path.count - 1]
            }
            // The instruction belongs to a turn along the via ways.
            guard path.dropFirst().contains(viaNode) else { return nil }
        }
        guard let after = Self.neighbour(of: at, atEndOf: to) else { return nil }
        return path + [after]
    }

    /// The node next to `node` on `way` when `node` is one of the way's ends.
    private static func neighbour(of node: Int64, atEndOf way: [Int64]) -> Int64? {
        if way[0] == node { return way[1] }
        if way[way.count - 1] == node { return way[way.count - 2] }
        return nil
    }
}

/// A maneuver relation laid out on OSM nodes (`ManeuverRelation.nodePath`), waiting for the
/// road network's final edges.
struct ManeuverNodePath: Sendable, Hashable {
    /// The nodes driven, in order: the `from` way's last node before the via members first.
    var nodes: [Int64]
    /// The node whose turn the override replaces.
    var instructionNode: Int64
    var override: ManeuverOverride
}
