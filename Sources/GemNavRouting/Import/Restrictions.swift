import Foundation
import GemNavOSM

/// A turn restriction as tagged in OSM, resolved to way and node ids.
struct TurnRestriction: Sendable {
    /// `only_*` restrictions allow just the given turn; `no_*` forbid it.
    var isOnly: Bool
    var fromWay: Int64
    /// The via node, for via-node restrictions.
    var viaNode: Int64?
    /// The via ways in order, for via-way restrictions.
    var viaWays: [Int64]
    var toWay: Int64

    init(isOnly: Bool, fromWay: Int64, viaNode: Int64?, viaWays: [Int64], toWay: Int64) {
        self.isOnly = isOnly
        self.fromWay = fromWay
        self.viaNode = viaNode
        self.viaWays = viaWays
        self.toWay = toWay
    }

    /// Reads a `type=restriction` relation for a profile: none when it does not apply to it,
    /// is malformed, or carries an exception for the profile's vehicle. As in OSRM, a
    /// `no_entry` may name several ways in (one restriction each), a `no_exit` several
    /// ways out, and `no_*_on_red` (a turn allowed on green) is no restriction at all.
    static func parse(_ relation: OSMRelation, profile: Profile) -> [TurnRestriction] {
        let tags = relation.tags
        guard tags["type"] == "restriction" || tags["type"].map({ $0.hasPrefix("restriction") }) == true
        else { return [] }
        var value: String?
        for key in profile.restrictionKeys where tags["restriction:" + key] != nil {
            value = tags["restriction:" + key]
            break
        }
        if value == nil { value = tags["restriction"] }
        guard let kind = value, !kind.hasSuffix("_on_red") else { return [] }
        if let except = tags["except"] {
            let exempt = except.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            if exempt.contains(where: { profile.restrictionKeys.contains($0) }) { return [] }
        }
        guard kind.hasPrefix("no_") || kind.hasPrefix("only_") else { return [] }
        let m = TurnRelationMembers(relation)
        let (from, to, viaNodes, viaWays) = (m.from, m.to, m.viaNodes, m.viaWays)
        guard !from.isEmpty, !to.isEmpty, viaNodes.count <= 1, viaNodes.isEmpty != viaWays.isEmpty,
              from.count == 1 || kind == "no_entry", to.count == 1 || kind == "no_exit" else { return [] }
        return from.flatMap { f in
            to.map { t in
                TurnRestriction(isOnly: kind.hasPrefix("only_"), fromWay: f, viaNode: viaNodes.first,
                                viaWays: viaWays, toWay: t)
            }
        }
    }
}
