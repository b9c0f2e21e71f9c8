import Foundation

/// Per-fix tracking: matching, deviation, step advance and arrival.
extension NavigationSession {
    /// Seconds between full-leg searches while off route, so a user who rejoins the route
    /// beyond the search window is found again without making every fix cost O(route).
    static let offRouteRescanInterval: TimeInterval = 10
    /// Metres past a junction within which the roads not taken there are compared with the
    /// fix: enough for a missed exit to be seen, short enough for a road to stay near the
    /// straight line it starts along.
    static let roadNotTakenWindow = 250.0

    /// Tracks `fix` on the current leg; `matched`, when given, is where the fix is known to be
    /// and replaces matching.
    mutating func navigate(_ fix: LocationFix, speed: Double?, events: inout [NavigationEvent],
                           matched: RouteMatch? = nil) -> RouteProgress
    {
        let leg = geometry.legs[legIndex]
        let elapsed = lastFix.map { max(0, fix.timestamp.timeIntervalSince($0.timestamp)) } ?? 0
        var previous = lastMatch
        if isOffRoute, lastFullScan.map({ fix.timestamp.timeIntervalSince($0) >= Self.offRouteRescanInterval }) ?? true {
            previous = nil
            lastFullScan = fix.timestamp
        }
        // Matcher and tracker read the settings on every fix so that changes apply at once.
        let matcher = RouteMatcher(settings: settings.matching)
        let match = matched ?? matcher.match(fix, on: leg, previous: previous, elapsed: elapsed, speed: speed)
        lastMatch = match
        if previous == nil, leg.segmentCount > 0 {
            // A full scan may find the user anywhere on the leg (starting mid-route, rejoining
            // after a detour): the step is wherever the match is, but never the arrival step.
            // At a maneuver point itself (a route starting at a junction it turns at) the
            // maneuver is still ahead: the step is the one it ends, whose prompt names it.
            var step = leg.segmentStep[match.segment]
            while step > 0, leg.stepEnd[step - 1] >= match.along { step -= 1 }
            stepIndex = min(step, max(0, route.legs[legIndex].steps.count - 2))
        }
        let roadsNotTaken = leg.roadsNotTaken(behind: match.along, within: Self.roadNotTakenWindow)
        // Only worth its scan where there is a road to compare the route with.
        let courseDifference = roadsNotTaken.isEmpty || leg.segmentCount == 0 ? nil : fix.course.map {
            leg.smallestBearingDifference($0, along: match.along, segment: match.segment,
                                          within: max(10, fix.horizontalAccuracy))
        }
        let verdict = deviationDetector.evaluate(DeviationContext(
            fix: fix, distanceFromRoute: match.distance, routeBearing: match.bearing, speed: speed,
            roadsNotTaken: roadsNotTaken, courseDifference: courseDifference,
            courseFromPositions: Self.courseFromPositions(fix, previous: lastFix)))
        deviation.requiredFixes = max(1, settings.offRouteFixCount)
        deviation.record(verdict)

        if deviation.isOffRoute {
            if !isOffRoute {
                isOffRoute = true
                let reason: OffRouteReason = deviation.lastDeviation == .wrongWay ? .wrongWay : .distance
                events.append(.offRoute(OffRouteEvent(reason: reason, distanceFromRoute: match.distance,
                                                      location: fix.coordinate)))
                appendHaptic(.offRoute, stage: .alert, text: "Off route", distance: nil, to: &events)
            }
            if let request = requestReroute(fix, speed: speed) { events.append(.rerouteNeeded(request)) }
        } else if isOffRoute, verdict == .onRoute {
            // Back on the route by themselves: an answer to the request would only be a detour.
            isOffRoute = false
            pendingReroute = nil
        }

        if !isOffRoute {
            advanceSteps(match: match, fix: fix, leg: leg, events: &events)
            if leg.distance - match.along <= settings.arrivalDistance, !verdict.isDeviation {
                return arrive(fix, match: match, speed: speed, events: &events)
            }
            appendGuidance(match: match, speed: speed, to: &events)
        }
        let progress = makeProgress(fix, match: match, speed: speed)
        state = .navigating(progress)
        return progress
    }

    /// Whether `fix`'s course is the bearing from the previous fix (within half a degree),
    /// as a GPX track's is.
    static func courseFromPositions(_ fix: LocationFix, previous: LocationFix?) -> Bool {
        guard let course = fix.course, let previous, previous.coordinate != fix.coordinate else { return false }
        return Geodesy.angleDifference(course, Geodesy.bearing(previous.coordinate, fix.coordinate)) < 0.5
    }

    private mutating func advanceSteps(match: RouteMatch, fix: LocationFix, leg: LegGeometry,
                              events: inout [NavigationEvent])
    {
        let steps = route.legs[legIndex].steps
        // The step that ends at the stop is left by arriving, never by a strategy.
        while stepIndex + 1 < steps.count, leg.stepEnd[stepIndex] < leg.distance {
            let context = StepAdvanceContext(
                along: match.along, maneuverAlong: leg.stepEnd[stepIndex], distanceFromRoute: match.distance,
                horizontalAccuracy: fix.horizontalAccuracy)
            guard stepAdvance.shouldAdvance(context) else { break }
            appendMissedNowCue(to: &events)
            stepIndex += 1
        }
    }

    /// Marks the leg's stop reached: the position snaps to the stop and the leg is done.
    private mutating func arrive(_ fix: LocationFix, match: RouteMatch, speed: Double?,
                        events: inout [NavigationEvent]) -> RouteProgress
    {
        let leg = geometry.legs[legIndex]
        let location = leg.end
        appendArrivalPrompt(to: &events)
        stepIndex = route.legs[legIndex].steps.count - 1
        let atStop = RouteMatch(segment: max(0, leg.segmentCount - 1), along: leg.distance,
                                distance: match.distance, coordinate: location, bearing: match.bearing)
        let progress = makeProgress(fix, match: atStop, speed: speed)
        let waypoint = waypointOffset + legIndex + 1
        appendHaptic(.arrival, stage: .alert, text: "Arrived", distance: nil, to: &events)
        if legIndex + 1 < route.legs.count {
            events.append(.waypointArrived(WaypointArrivalEvent(waypointIndex: waypoint, location: location)))
            state = .arrivedAtStop(waypointIndex: waypoint, progress: progress)
            if settings.automaticallyAdvanceLegs {
                beginLeg(legIndex + 1)
                state = .navigating(legStartProgress(from: progress))
            }
        } else {
            events.append(.arrived(ArrivalEvent(waypointIndex: waypoint, location: location)))
            state = .complete(progress)
        }
        return progress
    }

    func makeProgress(_ fix: LocationFix, match: RouteMatch, speed: Double?) -> RouteProgress {
        let leg = geometry.legs[legIndex]
        let step = route.legs[legIndex].steps[stepIndex]
        let durationAt = leg.duration(at: match.along, segment: match.segment)
        let legDistanceLeft = max(0, leg.distance - match.along)
        let legDurationLeft = max(0, leg.duration - durationAt)
        let distanceLeft = legDistanceLeft + geometry.distanceAfterLeg[legIndex]
        let durationLeft = max(0, legDurationLeft + geometry.durationAfterLeg[legIndex]
                                  + (trafficDelay?.remaining(distanceLeft) ?? 0))
        let limit = leg.segmentCount > 0 ? leg.segmentSpeedLimit[match.segment] : .nan
        return RouteProgress(
            legIndex: legIndex, stepIndex: stepIndex, location: fix.coordinate, snapped: match.coordinate,
            distanceFromRoute: match.distance, routeBearing: match.bearing,
            stepDistanceRemaining: max(0, leg.stepEnd[stepIndex] - match.along),
            stepDurationRemaining: max(0, leg.stepEndDuration[stepIndex] - durationAt),
            legDistanceRemaining: legDistanceLeft, legDurationRemaining: legDurationLeft,
            distanceRemaining: distanceLeft,
            durationRemaining: durationLeft, eta: clock.now.addingTimeInterval(durationLeft),
            roadName: step.name.isEmpty ? step.ref : step.name,
            speedLimitKmh: limit.isNaN ? nil : limit, speed: speed, isOffRoute: isOffRoute)
    }

    /// Progress at the start of the current leg, before any fix on it.
    func legStartProgress(from previous: RouteProgress) -> RouteProgress {
        let leg = geometry.legs[legIndex]
        let start = leg.coordinate(vertex: 0)
        let match = RouteMatch(segment: 0, along: 0, distance: 0, coordinate: start,
                               bearing: leg.segmentBearing.first ?? 0)
        let fix = LocationFix(coordinate: previous.location, horizontalAccuracy: -1, speed: previous.speed,
                              timestamp: clock.now)
        return makeProgress(fix, match: match, speed: previous.speed)
    }

    mutating func initialProgress() -> RouteProgress {
        let start = geometry.legs[0].coordinate(vertex: 0)
        let seed = RouteProgress(
            legIndex: 0, stepIndex: 0, location: start, snapped: start, distanceFromRoute: 0, routeBearing: 0,
            stepDistanceRemaining: 0, stepDurationRemaining: 0, legDistanceRemaining: 0, legDurationRemaining: 0,
            distanceRemaining: 0, durationRemaining: 0, eta: clock.now, roadName: "", speedLimitKmh: nil,
            speed: nil, isOffRoute: false)
        beginLeg(0)
        waypointOffset = 0
        return legStartProgress(from: seed)
    }

    /// Progress while not guiding: the position and speed move, the route figures stay.
    mutating func passiveProgress(_ fix: LocationFix, speed: Double?) -> RouteProgress {
        var p = state.progress ?? initialProgress()
        p.location = fix.coordinate
        p.speed = speed
        if case .complete = state { p.snapped = geometry.legs[legIndex].end }
        p.eta = clock.now.addingTimeInterval(p.durationRemaining)
        return p
    }
}
