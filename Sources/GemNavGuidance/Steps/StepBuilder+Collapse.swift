import GemNavCore

/// Clean-up passes over the decisions of a leg: maneuvers that are really one, and name
/// changes that are no change for the driver.
extension StepBuilder {
    /// Two turns closer than this (metres) are announced as one (dual carriageways,
    /// staggered crossings).
    static let collapseDistance = 30.0
    /// Two opposite turns closer than this (metres) are a staggered crossing: straight on.
    static let staggeredDistance = 3.0
    /// A change of name this soon after a maneuver is folded into it: "Turn right onto
    /// Rua Santo Ildefonso" rather than a turn onto a 40 m square and a new name after it.
    static let nameCollapseDistance = 50.0

    private static let turnLike: Set<ManeuverType> = [.turn, .newName, .continue, .endOfRoad]
    private static let signposted: Set<ManeuverType> = [.fork, .onRamp, .offRamp, .merge]

    /// Merges a maneuver that follows another closely into it.
    func collapse(_ decisions: inout [Decision?], _ targets: inout [Int?], views: [JunctionView]) {
        var previous: Int?
        for b in decisions.indices {
            guard let second = decisions[b] else { continue }
            defer { previous = decisions[b] == nil ? previous : b }
            guard let a = previous, let first = decisions[a], first.modifier != .uturn else { continue }
            let foldsName = second.type == .newName && (Self.turnLike.contains(first.type)
                || Self.signposted.contains(first.type))
            guard foldsName || (Self.turnLike.contains(first.type) && Self.turnLike.contains(second.type))
            else { continue }
            let gap = ((a + 1)...b).reduce(0) { $0 + leg.distance(of: $1) }
            guard gap < (second.type == .newName ? Self.nameCollapseDistance : Self.collapseDistance) else { continue }
            let total = Geodesy.turnAngle(from: views[a].inHeading, to: Double(views[b].outBearing))
            let staggered = !foldsName && isStaggered(a, b, gap: gap, views: views)
            // A turn followed closely by going straight onto another name is one turn onto that
            // name (OSRM's `maneuverSucceededByNameChange`).
            let thenStraight = [.turn, .continue].contains(second.type) && second.modifier == .straight
                && first.modifier != .straight && isUndisturbed(a, b)
            guard foldsName || first.type == .newName || staggered || thenStraight
                || isOneTurn(a, b, total: total, views: views)
            else { continue }
            decisions[b] = nil
            if Self.signposted.contains(first.type) {
                // A fork or ramp keeps its own wording; it just names the road it leads to.
                targets[a] = b + 1
                continue
            }
            let sameRoad = ManeuverClassifier.sameRoad(leg.roads[a].road, leg.roads[b + 1].road)
            if staggered && !sameRoad {
                // A zig-zag is straight on (OSRM's `StaggeredTurnStrategy`): at most a new name.
                decisions[a] = Decision(type: .newName, modifier: .straight)
                targets[a] = b + 1
                continue
            }
            if staggered || abs(total) <= ManeuverClassifier.straightTolerance && sameRoad {
                decisions[a] = nil
                targets[a] = nil
                previous = nil
                continue
            }
            targets[a] = b + 1
            // Turning back onto the way one came (within 35°, as OSRM's `bearingsAreReversed`)
            // across a short connector is one U-turn, which OSRM words "continue uturn".
            if abs(total) >= 145 {
                decisions[a] = Decision(type: .continue, modifier: .uturn)
                continue
            }
            var type: ManeuverType = first.type == .newName && second.type == .newName ? .newName : .turn
            // Two turns leading back onto the road one was on are a "continue" (OSRM's
            // combined-turn rule).
            if type == .turn && ManeuverClassifier.basicType(from: leg.roads[a].road, to: leg.roads[b + 1].road) == .continue {
                type = .continue
            }
            decisions[a] = Decision(type: type, modifier: ManeuverClassifier.turnDirection(total))
        }
    }

    /// Whether two close turns at junctions `a` and `b` are one maneuver, by OSRM's rules
    /// (`handleSliproad`, `isUTurn`, `closeChoicelessTurnAfterTurn`): a short link road
    /// between two roads, turning back onto the road one came on, or a turn onto a short
    /// piece that offers no choice but the second turn. Two turns that merely follow each other closely
    /// ("turn right onto Cross, then left onto Out") stay two.
    private func isOneTurn(_ a: Int, _ b: Int, total: Double, views: [JunctionView]) -> Bool {
        guard isUndisturbed(a, b) else { return false }
        // A short link road off one road and onto the next is a sliproad: one turn (OSRM's
        // `handleSliproad`).
        if leg.roads[a + 1].road.roadClass.isLink && !leg.roads[b + 1].road.roadClass.isLink { return true }
        if abs(total) >= 145 && Self.sameName(leg.roads[a].road, leg.roads[b + 1].road) { return true }
        let choices = views[b].junction.arms.reduce(0) { $0 + ($1.canEnter ? 1 : 0) }
        return choices == 1 && ManeuverClassifier.turnDirection(views[a].angle) != .straight
    }

    /// OSRM's `isStaggeredIntersection`: a right and a left turn of 45–135° (either order)
    /// under 3 m apart, nothing in between.
    private func isStaggered(_ a: Int, _ b: Int, gap: Double, views: [JunctionView]) -> Bool {
        let isRight = { (x: Double) in x > 45 && x < 135 }, isLeft = { (x: Double) in x < -45 && x > -135 }
        let (first, second) = (views[a].angle, views[b].angle)
        return gap < Self.staggeredDistance && isUndisturbed(a, b)
            && (isRight(first) && isLeft(second) || isLeft(first) && isRight(second))
    }

    /// No intersection lies between junctions `a` and `b`.
    private func isUndisturbed(_ a: Int, _ b: Int) -> Bool {
        leg.junctions[(a + 1)..<b].allSatisfy { $0.arms.count <= 2 }
    }

    /// Drops "new name" steps onto the road the driver is already told to follow: the
    /// classifier compares neighbouring stretches only, so an unnamed piece in between
    /// (a bridge, a short link) would otherwise make the same street "new" again.
    func dropRepeatedNames(_ decisions: inout [Decision?], _ targets: [Int?]) {
        var current = leg.roads[0].road
        for i in decisions.indices {
            guard let d = decisions[i] else { continue }
            let target = leg.roads[targets[i] ?? i + 1].road
            if d.type == .newName && ManeuverClassifier.sameRoad(current, target) {
                decisions[i] = nil
            } else {
                current = target
            }
        }
    }
}
