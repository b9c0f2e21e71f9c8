import GemNavOSM

/// The members of a relation about a turn (a restriction, a maneuver): its `from` and `to`
/// ways and its `via` node(s) or way(s), in the relation's order. Other roles and member
/// types are left out; whether the counts make sense is each relation kind's own rule.
struct TurnRelationMembers {
    var from: [Int64] = []
    var to: [Int64] = []
    var viaNodes: [Int64] = []
    var viaWays: [Int64] = []

    init(_ relation: OSMRelation) {
        for m in relation.members {
            switch (m.role, m.type) {
            case ("from", .way): from.append(m.ref)
            case ("to", .way): to.append(m.ref)
            case ("via", .node): viaNodes.append(m.ref)
            case ("via", .way): viaWays.append(m.ref)
            default: continue
            }
        }
    }
}
