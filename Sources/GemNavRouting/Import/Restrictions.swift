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

    /// Reads a `type=restriction` relation for a profile; nil when it does not apply to it,
    /// is malformed, or carries an exception for the profile's vehicle.
    init?(_ relation: OSMRelation, profile: Profile) {
        let tags = relation.tags
        guard tags["type"] == "restriction" || tags["type"].map({ $0.hasPrefix("restriction") }) == true
        else { return nil }
        var value: String?
        for key in profile.restrictionKeys where tags["restriction:" + key] != nil {
            value = tags["restriction:" + key]
            break
        }
        if value == nil { value = tags["restriction"] }
        guard let kind = value else { return nil }
        if let except = tags["except"] {
            let exempt = except.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            if exempt.contains(where: { profile.restrictionKeys.contains($0) }) { return nil }
        }
        guard kind.hasPrefix("no_") || kind.hasPrefix("only_") else { return nil }
        var from: Int64?, to: Int64?, viaNode: Int64?
        var viaWays: [Int64] = []
        for m in relation.members {
            switch (m.role, m.type) {
            case ("from", .way): if from != nil { return nil }; from = m.ref
            case ("to", .way): if to != nil { return nil }; to = m.ref
            case ("via", .node): viaNode = m.ref
            case ("via", .way): viaWays.append(m.ref)
            default: continue
            }
        }
        guard let f = from, let t = to, (viaNode != nil) != !viaWays.isEmpty else { return nil }
        self.isOnly = kind.hasPrefix("only_")
        self.fromWay = f
        self.viaNode = viaNode
        self.viaWays = viaWays
        self.toWay = t
    }
}
