import Foundation

/// Traffic while on the route: the owner asks for a check when the provider's speeds changed,
/// the session turns the answer into a new ETA and, when another route saves enough time, an
/// offer the user accepts or ignores.
extension NavigationSession {
    /// Asks for a check of the rest of the route: the update carries `routeCheckNeeded`; nil
    /// while not guiding, off route or waiting for a reroute. A newer check supersedes an
    /// unanswered one.
    public mutating func checkRoute() -> NavigationUpdate? {
        guard case .navigating = state, !isOffRoute, pendingReroute == nil, let match = lastMatch,
              let fix = lastFix
        else { return nil }
        let points = followPoints(from: match.along)
        guard !points.isEmpty else { return nil }
        checkCount += 1
        let heading = (lastSpeed ?? 0) >= settings.matching.minimumSpeedForCourse ? fix.course : nil
        let request = RouteCheckRequest(id: checkCount, origin: match.coordinate, heading: heading,
                                        stops: geometry.legs[legIndex...].map(\.end), followPoints: points, avoid: avoid)
        pendingCheck = PendingRouteCheck(request: request, baseDuration: remainingBaseDuration(from: match),
                                         distance: remainingDistance(from: match))
        return NavigationUpdate(t: eventTime(), state: state, events: [.routeCheckNeeded(request)])
    }

    /// Takes the answer to check `requestID`: `currentDuration` is the rest of the current
    /// route at the provider's speeds (nil when it could not be timed), `fastest` the best
    /// route now (nil when none was found).
    /// - Returns: the update (`progress` with the new ETA, and `fasterRoute` when a route is
    ///   offered), or nil when the answer is dropped (superseded, or the user left the route).
    public mutating func routeChecked(_ requestID: Int, fastest: Route?, currentDuration: Double?) -> NavigationUpdate? {
        guard let check = pendingCheck, check.request.id == requestID, case .navigating = state, !isOffRoute,
              let match = lastMatch, let fix = lastFix
        else { return nil }
        pendingCheck = nil
        var events: [NavigationEvent] = []
        // Both answers time the route from where the check was made; the user may have driven
        // on since, so they are compared with the route's own durations from there.
        if let currentDuration {
            trafficDelay = TrafficDelay(seconds: currentDuration - check.baseDuration, overDistance: max(1, check.distance))
        }
        let current = currentDuration ?? check.baseDuration
        if let fastest, settings.fasterRoute.isWorthOffering(candidate: fastest.duration, current: current,
                                                             declined: declinedSaving) {
            let t = eventTime()
            let offer = FasterRouteOffer(requestID: requestID, route: fastest, saving: current - fastest.duration,
                                         expiresAt: t + settings.fasterRoute.offerLifetime)
            fasterRoute = offer
            events.append(.fasterRoute(fasterRouteEvent(offer, status: .offered)))
        }
        let progress = makeProgress(fix, match: match, speed: lastSpeed)
        state = state.replacingProgress(progress)
        events.insert(.progress(ProgressEvent(state: state.name, progress: progress, truth: fix.truth)), at: 0)
        return NavigationUpdate(t: eventTime(), state: state, events: events)
    }

    /// Follows the offered faster route from where the user is now.
    /// - Returns: the update (progress on the new route, `fasterRoute` accepted, guidance), or
    ///   nil when nothing is offered or the route cannot be followed.
    public mutating func acceptFasterRoute() -> NavigationUpdate? {
        guard let offer = fasterRoute, case .navigating = state else { return nil }
        fasterRoute = nil
        var events: [NavigationEvent] = [.fasterRoute(fasterRouteEvent(offer, status: .accepted))]
        // Planned from a point on the old route, not from a fix: the user is matched anywhere on it.
        guard follow(offer.route, from: nil, events: &events) else { return nil }
        return NavigationUpdate(t: eventTime(), state: state, events: events)
    }

    /// Declines the offer; a later one must save clearly more.
    /// - Returns: the update with `fasterRoute` declined, or nil when nothing is offered.
    public mutating func dismissFasterRoute() -> NavigationUpdate? {
        guard let offer = fasterRoute else { return nil }
        fasterRoute = nil
        declinedSaving = offer.saving
        return NavigationUpdate(t: eventTime(), state: state, events: [.fasterRoute(fasterRouteEvent(offer, status: .declined))])
    }

    /// Withdraws an offer that lapsed or no longer applies (the user left the route).
    mutating func expireFasterRoute(at t: Double, events: inout [NavigationEvent]) {
        guard let offer = fasterRoute, t >= offer.expiresAt || isOffRoute else { return }
        fasterRoute = nil
        events.append(.fasterRoute(fasterRouteEvent(offer, status: .expired)))
    }

    private func fasterRouteEvent(_ offer: FasterRouteOffer, status: FasterRouteEvent.Status) -> FasterRouteEvent {
        FasterRouteEvent(requestID: offer.requestID, status: status, saving: offer.saving,
                         distance: offer.route.distance, duration: offer.route.duration,
                         message: "Faster route found, saves \(settings.format.duration(offer.saving))")
    }

    /// The middle of every remaining step with some length, then the leg's stop, for this leg
    /// and the ones after it; evenly thinned to the policy's maximum (stops are always kept).
    private func followPoints(from along: Double) -> [Coordinate] {
        var legs: [[Coordinate]] = []
        for l in legIndex..<geometry.legs.count {
            let leg = geometry.legs[l]
            let from = l == legIndex ? along : 0
            var middles: [Coordinate] = []
            for s in leg.stepStart.indices {
                let start = max(from, leg.stepStart[s]), end = leg.stepEnd[s]
                // Too short a piece is a junction's inside; its middle could snap anywhere.
                guard end - start >= 20 else { continue }
                middles.append(leg.coordinate(along: (start + end) / 2))
            }
            legs.append(middles + [leg.end])
        }
        let stops = legs.count, budget = max(stops, settings.fasterRoute.maximumFollowPoints)
        let middles = legs.reduce(0) { $0 + $1.count - 1 }
        guard middles + stops > budget else { return legs.flatMap { $0 } }
        let keep = Double(budget - stops) / Double(middles)
        return legs.flatMap { points in
            let inner = points.dropLast()
            let kept = inner.enumerated().filter { i, _ in
                (Double(i + 1) * keep).rounded(.down) > (Double(i) * keep).rounded(.down)
            }.map(\.element)
            return kept + [points.last!]
        }
    }

    /// Seconds left at the route's own durations from `match`.
    func remainingBaseDuration(from match: RouteMatch) -> Double {
        let leg = geometry.legs[legIndex]
        return max(0, leg.duration - leg.duration(at: match.along, segment: match.segment))
            + geometry.durationAfterLeg[legIndex]
    }

    /// Metres left from `match`.
    func remainingDistance(from match: RouteMatch) -> Double {
        max(0, geometry.legs[legIndex].distance - match.along) + geometry.distanceAfterLeg[legIndex]
    }
}

/// A check awaiting its answer, with the route's own figures from where it was made.
struct PendingRouteCheck: Sendable, Hashable {
    var request: RouteCheckRequest
    /// Seconds left at the route's own durations.
    var baseDuration: Double
    /// Metres left.
    var distance: Double
}

/// How much longer than its own durations the rest of the route takes at the latest speeds:
/// `seconds` spread evenly over the `overDistance` metres that were left when it was learnt,
/// so the delay shrinks as the user drives on.
struct TrafficDelay: Sendable, Hashable {
    var seconds: Double
    var overDistance: Double

    /// The part of the delay still ahead with `distanceLeft` metres to go.
    func remaining(_ distanceLeft: Double) -> Double {
        seconds * min(1, max(0, distanceLeft / overDistance))
    }
}
