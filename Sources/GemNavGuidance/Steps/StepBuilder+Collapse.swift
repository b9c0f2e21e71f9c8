import GemNavCore

/// Clean-up passes over the decisions of a leg: maneuvers that are really one (OSRM's
/// `collapseTurnInstructions`).
extension StepBuilder {
    /// Two turns closer than this (metres) are announced as one (dual carriageways,
    /// staggered crossings).
    static let collapseDistance = 30.0
    /// Two opposite turns closer than this (metres) are a staggered crossing: straight on.
    static let staggeredDistance = 3.0
    /// A change of name straight on, or one offering no other way, this soon after a
    /// maneuver is folded into it: "Turn right onto Rua Santo Ildefonso" rather than a turn
    /// onto a 40 m square and a new name after it (OSRM: 1.5 × its collapse distance).
    static let nameCollapseDistance = 45.0

    /// Merges a maneuver that follows another closely into it.
    func collapse(_ decisions: inout [Decision?], _ targets: inout [Int?], views: inout [JunctionView]) {
        var previous: Int?
        for b in decisions.indices {
            guard let second = decisions[b] else { continue }
            // OSRM settles a sliproad first and applies no other rule to it.
            if second.isSliproad {
                foldSliproad(b, &decisions, &targets, views: views)
                previous = b
                continue
            }
            defer {
                // OSRM's loop reaches a step after merging it with the one before: a name
                // change undone at the silent junction after it goes only now, and both join
                // the step before (`suppressStep`), so neither is a silent step a later rule
                // could fold into the next maneuver (Porto: two unnamed roads either side of a
                // crossing's piece gained a "turn slight right").
                if decisions[b] != nil, let c = nameOscillation(from: b, decisions, views: views), decisions[c] == nil {
                    decisions[b] = nil
                    targets[b] = nil
                    views[b].isMergedIntoStep = true
                    views[c].isMergedIntoStep = true
                }
                if !foldUTurnOverSilentStep(b, &decisions, &targets, views: views),
                   !foldSilentBendAfter(b, &decisions, &targets, views: views)
                {
                    foldChoicelessAfterStraight(b, &decisions, &targets, views: views)
                }
                var last = decisions[b] == nil ? previous : b
                if let c = last, let x = foldLateUTurn(c, &decisions, &targets, views: views) { last = x }
                previous = last
            }
            if let x = previousStep(before: b, decisions, views), decisions[x] == nil {
                if turnAfterSilentBend(x, b, &decisions, targets, views: views) {
                    continue
                }
                if foldSilentTurn(x, into: b, &decisions, &targets, views: views) {
                    previous = x
                    continue
                }
            }
            // A U-turn merges with nothing but a name change right after it (OSRM's
            // `noBadUTurnCombination`).
            guard let a = previous, let first = decisions[a], first.modifier != .uturn || second.type == .newName
            else { continue }
            if nameOscillation(from: a, decisions, views: views) == b {
                decisions[a] = nil
                decisions[b] = nil
                targets[a] = nil
                continue
            }
            if second.type.isSignposted, foldIntoSignposted(a, b, first, second, &decisions, &targets, views: &views) {
                continue
            }
            // A sign-posted maneuver (fork, ramp) followed closely by a "turn straight" takes
            // the name it leads to, as by a new name (OSRM's `maneuverSucceededByNameChange`).
            let foldsName = (second.type == .newName || second.isStraightOn && first.type.isSignposted)
                && (first.type.isTurnLike || first.type.isSignposted)
            guard foldsName || (first.type.isTurnLike && second.type.isTurnLike)
            else { continue }
            let gap = distance(after: a, through: b)
            guard gap < (second.type == .newName ? Self.nameCollapseDistance : Self.collapseDistance) else { continue }
            if foldsName && !isNameChangeFolded(a, b, second, gap: gap, views: views) { continue }
            // Measured on the listed bearings, as OSRM's post-processing measures.
            let total = views[a].listedTurn(to: views[b])
            let staggered = !foldsName && isStaggered(a, b, gap: gap, views: views)
            // A turn followed closely by going straight onto another name is one turn onto that
            // name (OSRM's `maneuverSucceededByNameChange`).
            let thenStraight = second.isStraightOn
                && first.modifier != .straight && isUndisturbed(a, b)
            guard foldsName || first.type == .newName || staggered || thenStraight
                || isOneTurn(a, b, total: total, views: views)
            else { continue }
            // A name changing away and straight back is dropped whole below (OSRM's
            // `isNameOszillation`, checked before the name change preceding a maneuver).
            let oscillates = second.modifier == .straight
                && ManeuverClassifier.sameRoad(leg.roads[a].road, leg.roads[b + 1].road)
            // A name change followed within 30 m by another stays only as the second, turned by
            // both (`maneuverPreceededByNameChange`), unless the step before it is a ring's.
            let nameThenName = first.type == .newName && second.type == .newName && gap <= Self.collapseDistance
                && isUndisturbed(a, b)
                && !isRingStep(previousStep(before: a, decisions, views), decisions)
            if first.type == .newName && (second.type != .newName || nameThenName) && !staggered && !oscillates {
                if isUndisturbed(a, b) {
                    foldNameChange(a, into: b, second, angle: combinedAngle(a, b, total: total, gap: gap, views: views),
                                   &decisions, &targets, views: &views)
                }
                continue
            }
            decisions[b] = nil
            if first.type.isSignposted {
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
            // Two turns back onto the road one was on, straight ahead, are no maneuver, unless
            // the first really turns onto a piece with no other way on: OSRM combines that
            // (`closeChoicelessTurnAfterTurn`) into the first turn, which keeps its own direction.
            let turnsOff = first.modifier != .straight && views[b].choices == 1
            if staggered || abs(total) <= ManeuverClassifier.straightTolerance && sameRoad && !turnsOff {
                decisions[a] = nil
                targets[a] = nil
                previous = nil
                continue
            }
            targets[a] = b + 1
            // Turning back onto the road one came on (within 35°, as OSRM's
            // `bearingsAreReversed`, and under the same name, as its `isUTurn` wants) across a
            // short connector is one U-turn, which OSRM words "continue uturn"; other sharp
            // pairs keep their combined direction. The road one came on is the previous step's:
            // a name change folded into this maneuver does not count (Krems: B3, 12 m of the S5,
            // and back onto the B3).
            if abs(total) >= 145 && first.type != .newName,
               Self.sameName(road(after: previousStep(before: a, decisions, views)), leg.roads[b + 1].road)
            {
                decisions[a] = Decision(type: .continue, modifier: .uturn)
                continue
            }
            var type: ManeuverType = first.type == .newName && second.type == .newName ? .newName : .turn
            // An end of road keeps its type with what follows folded in (OSRM's
            // `AdjustToCombinedTurnStrategy` changes only turns, continues and name changes).
            if first.type == .endOfRoad && second.type != .onRamp { type = .endOfRoad }
            // Two turns leading back onto the road one was on are a "continue" (OSRM's
            // combined-turn rule).
            if type == .turn && ManeuverClassifier.basicType(from: leg.roads[a].road, to: leg.roads[b + 1].road) == .continue {
                type = .continue
            }
            decisions[a] = Decision(type: type, modifier: ManeuverClassifier.turnDirection(
                combinedAngle(a, b, total: total, gap: gap, views: views)))
            if isUndisturbed(a, b) { foldDoubleChoiceless(a, after: b, &decisions, &targets, views: views) }
        }
    }

    /// OSRM's `doubleChoiceless`, checked once the maneuver at `a` has taken in the step at
    /// `b`: when neither `b` nor the next step `c` offers another way and `c` comes within
    /// 45 m of `a`, the three junctions are one maneuver at `a`, turned by the whole (Porto's
    /// Rua Padre Avis de Brito: left onto a 9 m piece, right, then left is one sharp left).
    /// Its type follows OSRM's `AdjustToCombinedTurnStrategy`.
    private func foldDoubleChoiceless(_ a: Int, after b: Int, _ decisions: inout [Decision?], _ targets: inout [Int?],
                                      views: [JunctionView])
    {
        guard let first = decisions[a], views[b].choices == 1,
              let c = nextStep(after: b, decisions, views),
              let second = decisions[c], views[c].choices == 1, !second.type.isRing
        else { return }
        let gap = distance(after: a, through: c)
        let roads = (leg.roads[a + 1].road, leg.roads[c].road, leg.roads[c + 1].road)
        guard gap < Self.nameCollapseDistance, roads.0.mode == roads.1.mode, roads.1.mode == roads.2.mode else { return }
        let angle = combinedAngle(a, c, total: views[a].listedTurn(to: views[c]), gap: gap, views: views)
        let prior = road(after: previousStep(before: a, decisions, views))
        let same = Self.sameName(prior, leg.roads[targets[c] ?? c + 1].road)
        var type = first.type
        if first.type == .newName || first.isStraightOn || second.type == .newName || second.isStraightOn
            || second.type == .turn
        {
            if first.type == .continue && !same { type = .turn }
            if first.type == .turn && same { type = .continue }
        } else if second.type == .onRamp {
            type = .onRamp
        }
        let keepsSide = first.type == .fork || first.type == .merge
        decisions[a] = Decision(type: type, modifier: keepsSide ? first.modifier : ManeuverClassifier.turnDirection(angle))
        targets[a] = targets[c] ?? c + 1
        decisions[c] = nil
        targets[c] = nil
    }

    /// OSRM's `isNameOszillation`, which knows no distance: going straight onto another name
    /// (a new name or a "turn straight") at junction `a` and back onto the name of the step
    /// before, however long the road between (Andorra's CG-3 crosses a few unnamed pieces of
    /// its own ref on the way), is no maneuver at all. "Back" is the next step OSRM has: a
    /// name change, or a junction it lists without a word (its `Suppressed` turn) onto a road
    /// with no name; an unnamed road into a named tunnel and out onto an unnamed road again
    /// says nothing. Not next to a roundabout, nor across a change of mode. Returns that next
    /// step's junction.
    private func nameOscillation(from a: Int, _ decisions: [Decision?], views: [JunctionView]) -> Int? {
        // Entering a link road off a road that is none is OSRM's sliproad, a turn type of its
        // own that no name oscillates across.
        func isNameChange(_ d: Decision, at k: Int) -> Bool {
            (d.type == .newName || (d.type == .turn && d.modifier == .straight))
                && !(leg.roads[k + 1].road.roadClass.isLink && !leg.roads[k].road.roadClass.isLink)
        }
        guard let first = decisions[a], isNameChange(first, at: a), let c = nextStep(after: a, decisions, views)
        else { return nil }
        let p = previousStep(before: a, decisions, views)
        let before = road(after: p), between = leg.roads[a + 1].road, after = leg.roads[c + 1].road
        guard before.mode == between.mode && between.mode == after.mode, !before.isRoundabout,
              !isRingStep(p, decisions)
        else { return nil }
        if let second = decisions[c] {
            guard isNameChange(second, at: c) else { return nil }
        } else if !after.hasNoLabels {
            return nil
        }
        return before.sameLabels(as: after) || Self.sameName(before, after) ? c : nil
    }

    /// OSRM's `maneuverSucceededBySuppressedDirection`: maneuver `b` followed within 30 m,
    /// nothing listed between, by a junction OSRM lists without a word where the road bends
    /// to the same side (its `Suppressed` step off straight) is one maneuver, turned by both
    /// and named after the road beyond (Porto's EN 105 leaving its two-way ring is a "turn
    /// left", not a "turn slight left" and a bend). Returns whether it applied.
    private func foldSilentBendAfter(_ b: Int, _ decisions: inout [Decision?], _ targets: inout [Int?],
                                     views: [JunctionView]) -> Bool
    {
        guard let d = decisions[b], targets[b] == nil, !d.type.isRing,
              let x = nextStep(after: b, decisions, views), decisions[x] == nil
        else { return false }
        let bend = ManeuverClassifier.turnDirection(views[x].angle)
        let gap = distance(after: b, through: x)
        let (onto, beyond) = (leg.roads[b + 1].road, leg.roads[x + 1].road)
        guard bend != .straight, gap <= Self.collapseDistance, isUndisturbed(b, x), onto.mode == beyond.mode,
              !onto.isRoundabout, !beyond.isRoundabout, Self.sameSide(d.modifier, bend)
        else { return false }
        let modifier = combinedModifier(d, b, x, gap: gap, views: views)
        var type = d.type
        // OSRM's `AdjustToCombinedTurnStrategy` with a suppressed step folded in.
        if d.type == .newName && modifier != .straight {
            type = .turn
        } else if d.type == .continue && d.modifier == .straight
            && !Self.sameName(road(after: previousStep(before: b, decisions, views)), beyond)
        {
            type = .turn
        }
        decisions[b] = Decision(type: type, modifier: modifier)
        targets[b] = x + 1
        return true
    }

    /// OSRM's `maneuverPreceededBySuppressedDirection`: a junction OSRM lists without a word
    /// where the road bends off straight, offering a choice, followed within 30 m (nothing
    /// listed between) by maneuver `b` to the same side: the maneuver stays at `b`, turned by
    /// both. Returns whether it applied.
    private func turnAfterSilentBend(_ x: Int, _ b: Int, _ decisions: inout [Decision?], _ targets: [Int?],
                                     views: [JunctionView]) -> Bool
    {
        guard let d = decisions[b], !d.type.isRing, d.modifier != .uturn else { return false }
        // A junction already taken into the step before (a crossing of a divided road, a bend
        // folded into the maneuver before it) is no step of its own. The crossing's piece may
        // pass junctions where nothing else meets, which are no steps either.
        if let entry = previousStep(before: x, decisions, views),
           leg.junctions[entry].arms[leg.junctions[entry].outArm].insideCrossing { return false }
        if let a = decisions[..<x].lastIndex(where: { $0 != nil }), (targets[a] ?? 0) > x { return false }
        let bend = ManeuverClassifier.turnDirection(views[x].angle)
        let gap = distance(after: x, through: b)
        let roads = (leg.roads[x].road, leg.roads[x + 1].road, leg.roads[b + 1].road)
        guard bend != .straight, bend != .uturn, gap <= Self.collapseDistance, isUndisturbed(x, b), views[x].choices > 1,
              !roads.0.isRoundabout, !roads.1.isRoundabout, roads.1.mode == roads.2.mode, Self.sameSide(bend, d.modifier ?? .straight)
        else { return false }
        let modifier = combinedModifier(d, x, b, gap: gap, views: views)
        let type: ManeuverType = d.type == .newName && modifier != .straight ? .turn : d.type
        decisions[b] = Decision(type: type, modifier: modifier, exit: d.exit)
        return true
    }

    /// OSRM's `areSameSide`: both to the left, or both to the right, straight on counting as
    /// either.
    static func sameSide(_ a: ManeuverModifier?, _ b: ManeuverModifier) -> Bool {
        let a = a ?? .straight
        return ((a == .straight || a.isLeft) && (b == .straight || b.isLeft))
            || ((a == .straight || a.isRight) && (b == .straight || b.isRight))
    }

    /// The direction of maneuver `d` once the turn at junction `second` is folded into the one at
    /// `first` (OSRM's `AdjustToCombinedTurnStrategy`): a fork or merge keeps its own.
    private func combinedModifier(_ d: Decision, _ first: Int, _ second: Int, gap: Double,
                                  views: [JunctionView]) -> ManeuverModifier?
    {
        guard ![.fork, .merge].contains(d.type) else { return d.modifier }
        let total = views[first].listedTurn(to: views[second])
        return ManeuverClassifier.turnDirection(combinedAngle(first, second, total: total, gap: gap, views: views))
    }

    /// Metres driven from junction `a` to junction `b`.
    func distance(after a: Int, through b: Int) -> Double {
        ((a + 1)...b).reduce(0) { $0 + leg.distance(of: $1) }
    }

    /// OSRM's `straightTurnFollowedByChoiceless`: a "turn straight" or "continue straight"
    /// whose next step, a silent junction, comes within 60 m and lets the road go only one
    /// way is one maneuver with it, named after the road beyond, a "continue" when that road
    /// has the name of the one before (Andorra's CG-2 taking its link at Encamp).
    private func foldChoicelessAfterStraight(_ b: Int, _ decisions: inout [Decision?], _ targets: inout [Int?],
                                             views: [JunctionView])
    {
        guard let d = decisions[b], d.isStraightOn,
              let c = nextStep(after: b, decisions, views), decisions[c] == nil
        else { return }
        let gap = distance(after: b, through: c)
        guard gap <= 2 * Self.collapseDistance, views[c].choices == 1 else { return }
        let prior = road(after: previousStep(before: b, decisions, views)), after = leg.roads[c + 1].road
        var type = d.type
        if type == .continue && !Self.sameName(prior, after) { type = .turn }
        if type == .turn && Self.sameName(prior, after) { type = .continue }
        let angle = combinedAngle(b, c, total: views[b].listedTurn(to: views[c]), gap: gap, views: views)
        decisions[b] = Decision(type: type, modifier: ManeuverClassifier.turnDirection(angle))
        targets[b] = c + 1
    }

    /// OSRM's `closeChoicelessTurnAfterTurn` for a silent step (its `Suppressed` turn at a
    /// listed junction `x` that bends off straight) closely followed by maneuver `b` that
    /// offers no choice, nothing between: the two are one maneuver at `x`, measured over both
    /// (Andorra's Avinguda d'Enclar is a "turn right" where the road bends into it, not an
    /// "end of road" 25 m on). A silent bend offering a choice is `turnAfterSilentBend`.
    ///
    /// Returns whether it applied.
    private func foldSilentTurn(_ x: Int, into b: Int, _ decisions: inout [Decision?], _ targets: inout [Int?],
                                views: [JunctionView]) -> Bool
    {
        guard let second = decisions[b], !second.type.isRing, views[b].choices == 1
        else { return false }
        let roads = (leg.roads[x].road, leg.roads[x + 1].road, leg.roads[b + 1].road)
        let gap = distance(after: x, through: b)
        guard ManeuverClassifier.turnDirection(views[x].angle) != .straight, gap <= Self.collapseDistance,
              !roads.0.isRoundabout, !roads.1.isRoundabout, roads.0.mode == roads.1.mode, roads.1.mode == roads.2.mode
        else { return false }
        let angle = combinedAngle(x, b, total: views[x].listedTurn(to: views[b]), gap: gap, views: views)
        let direction = ManeuverClassifier.turnDirection(angle)
        let prior = road(after: previousStep(before: x, decisions, views))
        // Named after the road the step leads to, which a crossing already merged into `b`
        // may have moved beyond the road right after it.
        let named = leg.roads[targets[b] ?? b + 1].road
        let type: ManeuverType = direction == .straight
            ? .newName : Self.sameName(prior, named) ? .continue : .turn
        decisions[x] = Decision(type: type, modifier: direction)
        targets[x] = targets[b] ?? b + 1
        decisions[b] = nil
        targets[b] = nil
        return true
    }

    /// Whether OSRM has a step at junction `i`, announced or not: a maneuver, or a junction
    /// it lists (more than two roads, or the road's classes change there), which it keeps
    /// as a silent `Suppressed` turn; a driveway passed on a road that keeps its name is no
    /// step (`JunctionView.passesDriveway`). Where two roads meet (a divided road's two
    /// carriageways counting as one), the road going on is OSRM's `NoTurn`, no step and not
    /// listed, unless its name changes there: that step stays, listed, even where a later
    /// rule silences it ("Merging parallel roads with intermediate bridges").
    func isStep(_ i: Int, _ decisions: [Decision?], _ views: [JunctionView]) -> Bool {
        if decisions[i] != nil { return true }
        if views[i].passesDriveway { return false }
        let from = leg.roads[i].road, to = leg.roads[i + 1].road
        if views[i].junction.arms.count > 2 || RoadClasses.separates(from, to) { return true }
        return NameChange.isAnnounced(from: from, to: to)
    }

    /// The junction of OSRM's next step after junction `k` (`isStep`), nil when arrival comes
    /// first. A junction merged into another step is listed in that step, no step itself,
    /// unless `countingMerged`.
    private func nextStep(after k: Int, _ decisions: [Decision?], _ views: [JunctionView],
                          countingMerged: Bool = false) -> Int?
    {
        ((k + 1)..<decisions.count).first { isStep($0, decisions, views) && (countingMerged || !views[$0].isMergedIntoStep) }
    }

    /// Whether the step at junction `k` is a ring's for OSRM's collapse rules, which leave
    /// those alone: a ring's own maneuver, or a junction reached on the ring, which OSRM's
    /// roundabout handling makes part of the ring's step (the silent exit of a roundabout
    /// turn, Porto -8.5165,41.1505: the name change after it is no oscillation).
    private func isRingStep(_ k: Int?, _ decisions: [Decision?]) -> Bool {
        guard let k else { return false }
        return decisions[k].map { $0.type.isRing } ?? leg.roads[k].road.isRoundabout
    }

    /// The junction of OSRM's step before junction `k` (`isStep`, not merged into another
    /// step), nil when it is the departure.
    private func previousStep(before k: Int, _ decisions: [Decision?], _ views: [JunctionView]) -> Int? {
        (0..<k).last { isStep($0, decisions, views) && !views[$0].isMergedIntoStep }
    }

    /// OSRM's rules that end in a ramp, fork or merge at junction `b` after the step at `a`
    /// within 30 m, nothing listed between: a name change (or a "turn straight") before it
    /// goes into it, turning it by both (`maneuverPreceededByNameChange`); a turn onto a piece
    /// that leaves no choice but the on-ramp is the on-ramp, turned by both
    /// (`closeChoicelessTurnAfterTurn`, which carries the ramp). Returns whether one applied.
    private func foldIntoSignposted(_ a: Int, _ b: Int, _ first: Decision, _ second: Decision,
                                    _ decisions: inout [Decision?], _ targets: inout [Int?], views: inout [JunctionView]) -> Bool
    {
        let gap = distance(after: a, through: b)
        guard gap <= Self.collapseDistance, isUndisturbed(a, b), !first.type.isRing,
              leg.roads[a].road.mode == leg.roads[a + 1].road.mode, leg.roads[a + 1].road.mode == leg.roads[b + 1].road.mode
        else { return false }
        if first.type == .newName || first.isStraightOn {
            guard !isRingStep(previousStep(before: a, decisions, views), decisions) else { return false }
            let angle = combinedAngle(a, b, total: views[a].listedTurn(to: views[b]), gap: gap, views: views)
            foldNameChange(a, into: b, second, angle: angle, &decisions, &targets, views: &views)
            return true
        }
        guard second.type == .onRamp, first.type.isTurnLike, views[b].choices == 1 else { return false }
        let ramp = Decision(type: .onRamp, modifier: first.modifier)
        decisions[a] = Decision(type: .onRamp, modifier: combinedModifier(ramp, a, b, gap: gap, views: views))
        decisions[b] = nil
        targets[a] = targets[b] ?? b + 1
        return true
    }

    /// OSRM's second look for a U-turn at the end of each step of its loop (`isUTurn` on the
    /// two steps before and at `c`): a name change folded into the second turn can name the
    /// road it comes back onto only then (Monaco's Moyenne Corniche, left by a 5 m service
    /// road onto a link that becomes the Moyenne Corniche again). Returns the junction of the
    /// "continue uturn" it made.
    private func foldLateUTurn(_ c: Int, _ decisions: inout [Decision?], _ targets: inout [Int?],
                               views: [JunctionView]) -> Int?
    {
        guard decisions[c] != nil, let x = previousStep(before: c, decisions, views),
              isUTurn(x, c, onto: leg.roads[targets[c] ?? c + 1].road, decisions, views: views)
        else { return nil }
        decisions[x] = Decision(type: .continue, modifier: .uturn)
        decisions[c] = nil
        targets[x] = targets[c] ?? c + 1
        return x
    }

    /// OSRM's `isUTurn` with a silent step second: a turn at `b` and the junction OSRM lists
    /// without a word after it that together turn back onto the road one came on (Monaco's
    /// Avenue Princesse Grace, right and right again 12 m on) are one "continue uturn".
    /// Returns whether it applied.
    private func foldUTurnOverSilentStep(_ b: Int, _ decisions: inout [Decision?], _ targets: inout [Int?],
                                         views: [JunctionView]) -> Bool
    {
        // The turn types first: this runs for every step.
        guard let d = decisions[b], [.turn, .continue, .endOfRoad].contains(d.type), targets[b] == nil,
              let x = nextStep(after: b, decisions, views), decisions[x] == nil,
              isUTurn(b, x, onto: leg.roads[x + 1].road, decisions, views: views)
        else { return false }
        decisions[b] = Decision(type: .continue, modifier: .uturn)
        targets[b] = x + 1
        return true
    }

    /// OSRM's `isUTurn`: the step at `x` (a turn, continue or end of road) and the step at `c`
    /// after it turn back (bearings reversed within 35°) onto `onto`, which has the name of
    /// the step before `x`, across a first step of 30 m or less, an unnamed link of up to
    /// 60 m, or one offering no other way at `c`; nothing listed between, no ring, one mode.
    private func isUTurn(_ x: Int, _ c: Int, onto: RoadInfo, _ decisions: [Decision?], views: [JunctionView]) -> Bool {
        guard let first = decisions[x], [.turn, .continue, .endOfRoad].contains(first.type), first.modifier != .uturn,
              decisions[c].map({ $0.modifier != .uturn && !$0.type.isRing }) ?? true,
              isUndisturbed(x, c), abs(views[x].listedTurn(to: views[c])) >= 145
        else { return false }
        let farBack = previousStep(before: x, decisions, views)
        if isRingStep(farBack, decisions) { return false }
        let before = road(after: farBack), between = leg.roads[x + 1].road
        guard before.mode == between.mode, between.mode == onto.mode, Self.sameName(before, onto) else { return false }
        let gap = distance(after: x, through: c)
        // OSRM's `isLinkRoad`: an unnamed piece of up to 60 m between two named roads.
        let link = gap <= 2 * Self.collapseDistance && between.name.isEmpty && !before.name.isEmpty && !onto.name.isEmpty
        return gap <= Self.collapseDistance || link || views[c].choices == 1
    }

    /// OSRM's `handleSliproad`: the sliproad taken at junction `a` and the step where it ends
    /// are one turn, named after the road beyond and turned by both; a "continue" when that
    /// road has the name of the step before. Just before arrival it is a plain turn.
    private func foldSliproad(_ a: Int, _ decisions: inout [Decision?], _ targets: inout [Int?], views: [JunctionView]) {
        guard var sliproad = decisions[a] else { return }
        sliproad.isSliproad = false
        // Where the sliproad ends turns it even when that junction is already merged into
        // this step (the sliproad taken for a crossing's piece): OSRM settles sliproads first.
        guard let c = nextStep(after: a, decisions, views, countingMerged: true) else {
            sliproad.type = .turn
            decisions[a] = sliproad
            return
        }
        let before = road(after: previousStep(before: a, decisions, views)), after = leg.roads[c + 1].road
        sliproad.type = Self.sameName(before, after) ? .continue : .turn
        sliproad.modifier = combinedModifier(sliproad, a, c, gap: distance(after: a, through: c), views: views)
        decisions[a] = sliproad
        decisions[c] = nil
        targets[a] = targets[c] ?? c + 1
    }

    /// The road a step at junction `k` names (the departure's for nil).
    private func road(after k: Int?) -> RoadInfo {
        leg.roads[k.map { $0 + 1 } ?? 0].road
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
        return views[b].choices == 1 && ManeuverClassifier.turnDirection(views[a].angle) != .straight
    }

    /// OSRM's `maneuverPreceededByNameChange`: a name change just before a maneuver is no step
    /// of its own; the maneuver stays where it is, turned by the combined angle, and is a
    /// "turn" rather than a "continue" when the name before the change differs.
    private func foldNameChange(_ a: Int, into b: Int, _ second: Decision, angle: Double,
                                _ decisions: inout [Decision?], _ targets: inout [Int?], views: inout [JunctionView])
    {
        var merged = second
        if second.type != .fork && second.type != .merge { merged.modifier = ManeuverClassifier.turnDirection(angle) }
        let same = Self.sameName(leg.roads[a].road, leg.roads[a + 1].road)
        if merged.type == .continue && !same { merged.type = .turn }
        if merged.type == .turn && same { merged.type = .continue }
        decisions[a] = nil
        targets[a] = nil
        views[a].isMergedIntoStep = true
        decisions[b] = merged
    }

    /// OSRM's `maneuverSucceededByNameChange`: a new name (or a "turn straight") folds into
    /// the maneuver before it when it comes within 30 m with no intersection between; a new
    /// name also within 45 m when it goes straight on or the junction offers no other way.
    private func isNameChangeFolded(_ a: Int, _ b: Int, _ second: Decision, gap: Double, views: [JunctionView]) -> Bool {
        if gap < Self.collapseDistance && isUndisturbed(a, b) { return true }
        guard second.type == .newName else { return false }
        return second.modifier == .straight || views[b].choices == 1
    }

    /// OSRM's `findTotalTurnAngle`, on the listed bearings (`BearingClass`): `total`, the turn
    /// from the way into junction `a` to the way out of junction `b`, unless that is about straight on,
    /// or the two turns pull opposite ways after a first step of `collapseDistance` or more;
    /// then the first turn's own angle.
    private func combinedAngle(_ a: Int, _ b: Int, total: Double, gap: Double, views: [JunctionView]) -> Double {
        let first = views[a].listedTurn(to: views[a]), second = views[b].listedTurn(to: views[b])
        // OSRM: half its NARROW_TURN_ANGLE, and 5° of slack for "the same direction".
        guard abs(total) >= 20 else { return first }
        if gap < Self.collapseDistance || (first >= -5 && second >= -5) || (first <= 5 && second <= 5) { return total }
        return first
    }

    /// OSRM's `isStaggeredIntersection`: a right and a left turn of 45–135° (either order)
    /// under 3 m apart, nothing in between.
    private func isStaggered(_ a: Int, _ b: Int, gap: Double, views: [JunctionView]) -> Bool {
        let isRight = { (x: Double) in x > 45 && x < 135 }, isLeft = { (x: Double) in x < -45 && x > -135 }
        let (first, second) = (views[a].listedTurn(to: views[a]), views[b].listedTurn(to: views[b]))
        return gap < Self.staggeredDistance && isUndisturbed(a, b)
            && (isRight(first) && isLeft(second) || isLeft(first) && isRight(second))
    }

    /// No intersection lies between junctions `a` and `b`.
    func isUndisturbed(_ a: Int, _ b: Int) -> Bool {
        leg.junctions[(a + 1)..<b].allSatisfy { $0.arms.count <= 2 }
    }
}

/// The kinds of maneuver the collapse rules group, as switches: they are asked at every pair
/// of maneuvers, where hashing into a `Set` showed in profiles.
extension ManeuverType {
    /// A plain turn, new name, continue or end of road.
    var isTurnLike: Bool {
        switch self {
        case .turn, .newName, .continue, .endOfRoad: true
        default: false
        }
    }

    /// A fork, ramp or merge, worded after the signs.
    var isSignposted: Bool {
        switch self {
        case .fork, .onRamp, .offRamp, .merge: true
        default: false
        }
    }

    /// OSRM's `hasRoundaboutType`: steps its collapse rules leave alone.
    var isRing: Bool {
        switch self {
        case .roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary: true
        default: false
        }
    }
}
