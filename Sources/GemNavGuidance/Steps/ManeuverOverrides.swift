import GemNavCore

/// The map's own word on a turn: OSM `type=maneuver` relations, which the router attaches to
/// the junctions of a route that drives their roads (`RoutePath.Junction.maneuverOverride`).
/// As in OSRM they replace the maneuver decided at the junction before maneuvers are merged.
extension StepBuilder {
    /// Replaces the decisions at junctions whose override states the maneuver, and silences
    /// the ones it suppresses. Returns the junctions now announced as the map states: they
    /// are kept out of merging (`collapse(_:_:views:keeping:)`).
    func applyManeuverOverrides(_ decisions: inout [Decision?], _ targets: inout [Int?],
                                views: [JunctionView]) -> [Int]
    {
        var stated = [Int]()
        for i in views.indices {
            guard let o = leg.junctions[i].maneuverOverride else { continue }
            let own = decisions[i]
            let modifier = o.modifier ?? own?.modifier ?? ManeuverClassifier.turnDirection(views[i].angle)
            if o.suppresses {
                decisions[i] = nil
                nameAfterSuppressed(i, modifier: modifier, decisions, &targets)
                continue
            }
            // OSRM changes only what the relation states: a direction alone leaves a turn
            // guidance keeps silent silent, a type announces it.
            guard let type = o.type ?? own?.type else { continue }
            decisions[i] = Decision(type: type, modifier: modifier, exit: own?.exit)
            stated.append(i)
        }
        return stated
    }

    /// OSRM's `maneuverSucceededBySuppressedDirection`: a maneuver shortly before a suppressed
    /// turn that bends the same way, with no intersection in between, names the road after
    /// that turn ("on ramp left" onto the road the ramp leads to, not onto the unnamed ramp).
    private func nameAfterSuppressed(_ i: Int, modifier: ManeuverModifier, _ decisions: [Decision?],
                                     _ targets: inout [Int?])
    {
        guard modifier != .straight, let a = decisions[..<i].lastIndex(where: { $0 != nil }),
              let before = decisions[a], targets[a] == nil, !before.type.isRing,
              leg.roads[a + 1].road.mode == leg.roads[i + 1].road.mode, isUndisturbed(a, i)
        else { return }
        if distance(after: a, through: i) < Self.collapseDistance && Self.sameSide(before.modifier, modifier) {
            targets[a] = i + 1
        }
    }

    /// `collapse` with the junctions in `stated` (ascending) as fixed points: a maneuver the
    /// map states is announced as stated, neither merged into the maneuver before it nor
    /// taking in a turn after it. A name change right after it is still folded in, turning the
    /// direction into the combined one, as OSRM folds it after applying the relation.
    func collapse(_ decisions: inout [Decision?], _ targets: inout [Int?], views: inout [JunctionView],
                  keeping stated: [Int])
    {
        guard !stated.isEmpty else { return collapse(&decisions, &targets, views: &views) }
        var pieces = [Range<Int>]()
        var start = 0
        for s in stated {
            pieces.append(start..<s)
            let next = decisions[(s + 1)...].first { $0 != nil } ?? nil
            start = next?.type == .newName ? s : s + 1
        }
        pieces.append(start..<decisions.count)
        for piece in pieces where piece.count > 1 {
            var part = [Decision?](repeating: nil, count: decisions.count)
            part[piece] = decisions[piece]
            var partTargets = targets, partViews = views
            collapse(&part, &partTargets, views: &partViews)
            decisions[piece] = part[piece]
            targets[piece] = partTargets[piece]
            views[piece] = partViews[piece]
        }
    }
}
