import GemNavCore

/// Turns one leg's roads and junctions into planned steps: decides maneuvers, handles
/// roundabouts, collapses maneuvers that are really one, and gathers every intersection.
struct StepBuilder {
    let leg: RoutePath.Leg
    let departure: Waypoint?
    let arrival: Waypoint?
    let drivingSide: DrivingSide

    func build() -> [PlannedStep] {
        let roads = leg.roads
        guard let first = roads.first, let last = roads.last else { return emptyLeg() }
        var views = leg.junctions.map { JunctionView($0.mergingDividedRoads()) }
        var decisions = [Decision?](repeating: nil, count: views.count)
        // Index of the road an instruction names when it is not the road right after it.
        var targets = [Int?](repeating: nil, count: views.count)
        var degrees = [Double?](repeating: nil, count: views.count)
        // The exit number of the roundabout being driven, repeated on its exit step as OSRM does.
        var ringExit: Int?
        let network = leg.network?.network
        for i in views.indices {
            let fromRing = roads[i].road.isRoundabout, toRing = roads[i + 1].road.isRoundabout
            if !fromRing && toRing {
                let entry = roundabout(entering: i, views: views)
                decisions[i] = entry.decision
                targets[i] = entry.exitRoad
                degrees[i] = entry.degrees
                ringExit = entry.decision.exit
            } else if fromRing && !toRing {
                // A roundabout turn is one maneuver: its exit is not announced again.
                if i > 0, let entry = decisions[0..<i].last(where: { $0 != nil }) ?? nil, entry.type == .roundaboutTurn,
                   roads[i].road.isRoundaboutIntersection
                {
                    ringExit = nil
                    continue
                }
                let type: ManeuverType = roads[i].road.isRotary ? .exitRotary : .exitRoundabout
                // A leg starting on the ring counts the exits from its start, as OSRM does.
                if ringExit == nil, roads[0...i].allSatisfy(\.road.isRoundabout) {
                    ringExit = 1 + exitsPassed(0..<i, views: views)
                }
                decisions[i] = Decision(type: type, modifier: ManeuverClassifier.turnDirection(views[i].angle), exit: ringExit)
                ringExit = nil
            } else if !fromRing {
                if let ring = passingRing(i, views) {
                    decisions[i] = ring
                    continue
                }
                decisions[i] = ManeuverClassifier.classify(&views[i], from: roads[i].road, to: roads[i + 1].road,
                                                           outLength: leg.distance(of: i + 1))
                if let network, let decision = decisions[i] {
                    decisions[i] = Sliproads.adjust(decision, views[i], from: roads[i].road, to: roads[i + 1].road,
                                                    network: network)
                }
            }
        }
        let stated = applyManeuverOverrides(&decisions, &targets, views: views)
        let unmerged = decisions
        collapseSegregatedCrossings(&decisions, &targets, views: &views)
        collapse(&decisions, &targets, views: &views, keeping: stated)
        let lanes = junctionLanes(views: views, decisions: decisions, unmerged: unmerged)

        var steps = [PlannedStep]()
        let start = leg.coordinates[first.points.lowerBound]
        let startBearing = Self.initialBearing(leg.coordinates(of: 0))
        var depart = PlannedStep(
            decision: Decision(type: .depart, modifier: departModifier(startBearing)),
            location: start, bearingBefore: 0,
            bearingAfter: startBearing, road: first.road, target: first.road)
        depart.intersections.append(Intersection(location: start, bearings: [startBearing],
                                                 entry: [true], inIndex: nil, outIndex: 0,
                                                 classes: RoadClasses.of(first.road)))
        reserve(&depart, from: 0, decisions)
        depart.append(leg, 0)
        steps.append(depart)
        // The step being filled is always the last one, mutated in place: copying a
        // PlannedStep per maneuver showed up in profiles.
        for i in views.indices {
            if let decision = decisions[i] {
                let target = targets[i] ?? i + 1
                // A collapsed turn travels the short connector and a roundabout step the ring,
                // but both are named after the road they lead to, as in OSRM (a rotary's own
                // name goes in `rotary_name`); mode and lanes stay those of the road driven.
                var stepRoad = roads[i + 1].road
                let named = roads[target].road
                stepRoad.takeSignage(of: named)
                var step = PlannedStep(decision: decision, location: views[i].junction.location,
                                       bearingBefore: Int(views[i].inHeading), bearingAfter: views[i].outBearing,
                                       road: stepRoad, target: named)
                reserve(&step, from: i + 1, decisions)
                step.degrees = degrees[i]
                if decision.type == .rotary, !roads[i + 1].road.name.isEmpty { step.rotaryName = roads[i + 1].road.name }
                steps.append(step)
            }
            // Like OSRM, list only real intersections (more than two roads meet, counting both
            // carriageways of a divided road), the maneuver's own location and where its graph
            // keeps two ways apart (`RoadClasses.separates`); a way merely changing speed limit
            // is no intersection.
            if isStep(i, decisions, views) {
                steps[steps.count - 1].intersections.append(
                    makeIntersection(i, views, to: leg.roads, i + 1, lanes: lanes[i]))
            }
            steps[steps.count - 1].append(leg, i + 1)
        }
        steps.append(arrive(on: last, leg.coordinates(of: roads.count - 1)))
        trimZeroLengthEnds(&steps)
        Self.demoteLoneEndsOfRoad(&steps)
        Self.dropShortNameChanges(&steps)
        return steps
    }

    /// The lanes at each junction listed as an intersection, narrowed where turns follow
    /// each other quickly. `unmerged` are the decisions before close maneuvers were merged:
    /// a maneuver merged into the one before it is no turn of its own for anticipation.
    private func junctionLanes(views: [JunctionView], decisions: [Decision?], unmerged: [Decision?]) -> [[Lane]?] {
        let finder = JunctionLanes(leg: leg, views: views)
        var lanes = [[Lane]?](repeating: nil, count: views.count)
        var turns = [LaneAnticipation.Turn](), at = [Int]()
        for i in views.indices where decisions[i] != nil || leg.junctions[i].arms.count > 2 {
            lanes[i] = finder.lanes(at: i)
            guard decisions[i] != nil || unmerged[i] == nil else { continue }
            if let last = at.last { turns[turns.count - 1].duration = duration(from: last, to: i) }
            let decision = decisions[i]
                ?? Decision(type: .turn, modifier: ManeuverClassifier.turnDirection(views[i].angle))
            turns.append(LaneAnticipation.Turn(lanes: lanes[i], decision: decision, duration: 0))
            at.append(i)
        }
        guard turns.contains(where: { $0.lanes != nil }) else { return lanes }
        if let last = at.last { turns[turns.count - 1].duration = duration(from: last, to: views.count) }
        LaneAnticipation.anticipate(&turns)
        for (n, i) in at.enumerated() { lanes[i] = turns[n].lanes }
        return lanes
    }

    /// Seconds from junction `a` to junction `b` (`views.count` for the end of the leg).
    private func duration(from a: Int, to b: Int) -> Double {
        var t = 0.0
        for k in (a + 1)...b {
            for s in leg.segments(of: k) { t += leg.segmentDurations[s] }
        }
        return t
    }

    /// A name held for less than this many metres is not worth announcing (OSRM's
    /// `NAME_SEGMENT_CUTOFF_LENGTH`: a bit over 100 m so tests on a 100 m grid do not flap).
    static let nameSegmentCutoff = 105.0

    /// OSRM's `suppressShortNameSegments`: a "new name" step without lanes is folded into
    /// the step before it when it brings back the name already announced, or when the new
    /// name lasts less than `nameSegmentCutoff` (the next maneuver or arrival comes first).
    static func dropShortNameChanges(_ steps: inout [PlannedStep]) {
        guard steps.count > 2 else { return }
        // In place: copying every step into a new array cost more than the few folds.
        var anchor = 0, kept = 1
        for k in 1..<steps.count {
            let lanes = steps[k].intersections.first?.lanes.map { !$0.isEmpty } ?? false
            if k < steps.count - 1, steps[k].decision.type == .newName, !lanes,
               steps[k].road.mode == steps[anchor].road.mode,
               sameName(steps[anchor].road, steps[k].road) || steps[k].distance < nameSegmentCutoff
            {
                let step = steps[k]
                steps[anchor].absorb(step)
                continue
            }
            if kept != k { steps.swapAt(kept, k) }
            anchor = kept
            kept += 1
        }
        steps.removeSubrange(kept...)
    }

    /// OSRM's `haveSameName` for steps: both carry a name or ref and the change would not be
    /// announced.
    static func sameName(_ a: RoadInfo, _ b: RoadInfo) -> Bool {
        (!a.name.isEmpty || !a.ref.isEmpty) && (!b.name.isEmpty || !b.ref.isEmpty) && !NameChange.isAnnounced(from: a, to: b)
    }

    /// "At the end of the road" helps only when the road passed other intersections on the
    /// way: as in OSRM, when the step before it lists fewer than two intersections (its own
    /// maneuver and nothing more), an end of road becomes a plain turn, or a "continue" when
    /// the road it leads onto has a name or ref that would not be announced (a ref alone
    /// counts here, unlike for turns in general: Monaco's Bretelle Vistaero).
    static func demoteLoneEndsOfRoad(_ steps: inout [PlannedStep]) {
        for k in steps.indices.dropFirst() where steps[k].decision.type == .endOfRoad {
            guard steps[k - 1].intersections.count < 2 else { continue }
            let road = steps[k].road
            let same = !(road.name.isEmpty && road.ref.isEmpty) && !NameChange.isAnnounced(from: steps[k - 1].road, to: road)
            steps[k].decision.type = same ? .continue : .turn
        }
    }

    /// Sizes the arrays of a step whose first road is `first` for all the roads it covers (up
    /// to the next maneuver): growing them junction by junction showed in profiles.
    private func reserve(_ step: inout PlannedStep, from first: Int, _ decisions: [Decision?]) {
        var points = leg.roads[first].points.count, crossings = 1
        var k = first
        while k < decisions.count && decisions[k] == nil {
            k += 1
            points += leg.roads[k].points.count
            crossings += 1
        }
        step.geometry.reserveCapacity(points)
        step.intersections.reserveCapacity(crossings)
    }

    /// The intersection record of junction `i`; the view and `to` are named by index so they
    /// are read in place rather than copied.
    private func makeIntersection(_ i: Int, _ views: [JunctionView], to roads: [RoutePath.RoadStretch], _ k: Int,
                                  lanes: [Lane]?) -> Intersection
    {
        let junction = views[i].junction
        let classes = RoadClasses.of(roads[k].road)
        // Listed as OSRM lists them (`BearingClass`): a last road rounding to north comes first.
        let listing = views[i].bearingClass
        let n = junction.arms.count
        let shift = listing.lastWrapsToNorth ? 1 : 0
        var bearings = Intersection.Bearings(), entry = Intersection.EntryFlags()
        for listed in 0..<n {
            let a = (listed + n - shift) % n
            bearings.append(listing.listed(junction.arms[a].bearing))
            entry.append(junction.arms[a].canEnter)
        }
        return Intersection(location: junction.location, bearings: bearings, entry: entry,
                            inIndex: (junction.inArm + shift) % n, outIndex: (junction.outArm + shift) % n,
                            lanes: lanes, classes: classes)
    }

    /// The arrival step, with the side of the street the destination lies on.
    private func arrive(on last: RoutePath.RoadStretch, _ line: ArraySlice<Coordinate>) -> PlannedStep {
        let end = line[line.endIndex - 1]
        let heading = Self.finalBearing(line)
        var side: ManeuverModifier?
        if let arrival {
            side = Self.side(of: arrival.input, from: arrival.location, heading: Double(heading))
        }
        var step = PlannedStep(decision: Decision(type: .arrive, modifier: side), location: end,
                               bearingBefore: heading, bearingAfter: 0, road: last.road, target: last.road)
        step.geometry = [end, end]
        step.intersections = [Intersection(location: end, bearings: [(heading + 180) % 360], entry: [true],
                                           inIndex: 0, outIndex: nil)]
        return step
    }

    /// As in OSRM, the turn from the input coordinate onto the road at departure ("depart
    /// left": coming from the point, turn left to drive off); nil when the point is on the road.
    func departModifier(_ startBearing: Int) -> ManeuverModifier? {
        guard let departure, Geodesy.distance(departure.input, departure.location) > 1 else { return nil }
        let approach = Geodesy.bearing(departure.input, departure.location)
        let modifier = ManeuverModifier(turnAngle: Geodesy.turnAngle(from: approach, to: Double(startBearing)))
        return modifier == .uturn ? nil : modifier
    }

    /// Left or right of the travel direction, straight when the point is dead ahead or
    /// behind, nil when it is on the road itself (there is no side to tell).
    static func side(of point: Coordinate, from snapped: Coordinate, heading: Double) -> ManeuverModifier? {
        guard Geodesy.distance(point, snapped) > 1 else { return nil }
        let angle = Geodesy.turnAngle(from: heading, to: Geodesy.bearing(snapped, point))
        if abs(angle) < 20 || abs(angle) > 160 { return .straight }
        return angle > 0 ? .right : .left
    }

    /// A leg without roads (start and end snapped to the same point): depart and arrive.
    private func emptyLeg() -> [PlannedStep] {
        let at = departure?.location ?? arrival?.location ?? Coordinate(latitude: 0, longitude: 0)
        let road = RoadInfo(name: arrival?.name ?? "")
        var depart = PlannedStep(decision: Decision(type: .depart), location: at, bearingBefore: 0, bearingAfter: 0,
                                 road: road, target: road)
        depart.geometry = [at, at]
        depart.intersections = [Intersection(location: at, bearings: [0], entry: [true], inIndex: nil, outIndex: 0)]
        var arrive = PlannedStep(decision: Decision(type: .arrive), location: at, bearingBefore: 0, bearingAfter: 0,
                                 road: road, target: road)
        arrive.geometry = [at, at]
        arrive.intersections = [Intersection(location: at, bearings: [180], entry: [true], inIndex: 0, outIndex: nil)]
        return [depart, arrive]
    }

    static func initialBearing(_ line: ArraySlice<Coordinate>) -> Int {
        guard let a = line.first, let b = line.dropFirst().first(where: { $0 != a }) else { return 0 }
        return Int(Geodesy.bearing(a, b).rounded()) % 360
    }

    static func finalBearing(_ line: ArraySlice<Coordinate>) -> Int {
        guard let b = line.last, let a = line.dropLast().last(where: { $0 != b }) else { return 0 }
        return Int(Geodesy.bearing(a, b).rounded()) % 360
    }
}
