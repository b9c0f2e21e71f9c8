/// One direction of the hierarchy as a search walks it: the arcs out of each node and their
/// restriction bits (empty when the map has none).
struct ArcView {
    let arcs: FlatArray<HierarchyArc>
    let offsets: FlatArray<Int32>
    let restrictions: FlatArray<UInt32>

    init(_ arcs: FlatArray<HierarchyArc>, _ offsets: FlatArray<Int32>, _ restrictions: FlatArray<UInt32>) {
        self.arcs = arcs
        self.offsets = offsets
        self.restrictions = restrictions
    }
}

extension RoutingGraph {
    /// The arcs the forward search climbs (and the backward one stalls on).
    var upward: ArcView { ArcView(up, upOffset, upRestrictions) }
    /// The arcs the backward search climbs (and the forward one stalls on).
    var downward: ArcView { ArcView(down, downOffset, downRestrictions) }

    /// The two halves of shortcut a → b via `middle`, as indices of the down arc at `middle`
    /// (a → middle) and the up arc there (middle → b). Between two nodes the hierarchy may
    /// keep several arcs that differ in restriction bits; the halves are the pair whose
    /// weights add up to the shortcut's and whose bits together are the shortcut's.
    func halves(from a: Int32, via middle: Int32, to b: Int32, weight: UInt32, restrictions: UInt32) -> (down: Int, up: Int) {
        let restricted = hasRestrictionBits
        for i in Int(downOffset[Int(middle)])..<Int(downOffset[Int(middle) + 1]) where down[i].node == a {
            for j in Int(upOffset[Int(middle)])..<Int(upOffset[Int(middle) + 1]) where up[j].node == b {
                guard UInt64(down[i].weight) + UInt64(up[j].weight) == UInt64(weight) else { continue }
                if !restricted || downRestrictions[i] | upRestrictions[j] == restrictions { return (i, j) }
            }
        }
        preconditionFailure("contraction hierarchy is inconsistent")
    }

    /// Restriction bits of up arc `i` (0 on a map without any).
    @inline(__always) func upBits(_ i: Int) -> UInt32 { upRestrictions.count > 0 ? upRestrictions[i] : 0 }
    /// Restriction bits of down arc `i` (0 on a map without any).
    @inline(__always) func downBits(_ i: Int) -> UInt32 { downRestrictions.count > 0 ? downRestrictions[i] : 0 }
}
