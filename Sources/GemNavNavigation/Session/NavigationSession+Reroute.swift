import Foundation

/// Rerouting as an output and an input: the session asks for a route from the current
/// position to the stops not yet reached, and follows the answer that quotes its latest request.
extension NavigationSession {
    /// Emits a reroute request when the policy allows; the previous one, if still unanswered,
    /// is superseded.
    mutating func requestReroute(_ fix: LocationFix, speed: Double?) -> RerouteRequest? {
        let now = clock.now
        guard settings.reroute.allows(time: now, position: fix.coordinate, previous: lastReroute) else { return nil }
        lastReroute = (now, fix.coordinate)
        rerouteCount += 1
        let heading = (speed ?? 0) >= settings.matching.minimumSpeedForCourse ? fix.course : nil
        let request = RerouteRequest(id: rerouteCount, origin: fix.coordinate, heading: heading,
                                     stops: geometry.legs[legIndex...].map(\.end), avoid: avoid)
        pendingReroute = request
        return request
    }

    /// Follows `route`, the answer to request `requestID`, from where the user is now (the last
    /// fix, matched anywhere on the new route, or at its start when that fix is the one the
    /// request was made from), keeping the numbering of stops already reached.
    /// - Returns: the update (progress on the new route, the `reroute` event, guidance), or nil
    ///   when the answer is dropped: superseded by a newer request, late (the user is back on
    ///   the route or the trip ended), or a route the session cannot follow.
    public mutating func acceptReroute(_ route: Route, for requestID: Int) -> NavigationUpdate? {
        guard let request = pendingReroute, request.id == requestID, isOffRoute, case .navigating = state else { return nil }
        var events: [NavigationEvent] = [.reroute(RerouteEvent(
            requestID: requestID, succeeded: true, origin: request.origin, distance: route.distance,
            duration: route.duration, message: nil))]
        guard follow(route, from: request.origin, events: &events) else { return nil }
        pendingReroute = nil
        return NavigationUpdate(t: eventTime(), state: state, events: events)
    }

    /// Switches to `route` and tracks the last fix on it; appends the progress (first) and
    /// guidance that causes. `origin` is the fix the route was planned from, if it was.
    /// - Returns: false, changing nothing, when the route cannot be followed.
    mutating func follow(_ route: Route, from origin: Coordinate?, events: inout [NavigationEvent]) -> Bool {
        guard let newGeometry = try? RouteGeometry(route: route) else { return false }
        waypointOffset += legIndex
        self.route = route
        geometry = newGeometry
        beginLeg(0)
        lastFullScan = nil
        // The new route was timed at the latest speeds, and checks of the old one are moot.
        trafficDelay = nil
        pendingCheck = nil
        fasterRoute = nil
        if let fix = lastFix {
            // When no fix came while the route was computed, the user is where it starts: it
            // was planned from this very fix. Matching the fix's noise onto the new roads
            // instead could place it a few metres past a maneuver right at the start (a turn
            // at the end of the road the route joins), whose prompt would then never be said.
            let start = fix.coordinate == origin ? startMatch(for: fix) : nil
            let progress = navigate(fix, speed: lastSpeed, events: &events, matched: start)
            events.insert(.progress(ProgressEvent(state: state.name, progress: progress, truth: fix.truth)), at: 0)
        }
        return true
    }

    /// The start of the current leg as the match of `fix`.
    private func startMatch(for fix: LocationFix) -> RouteMatch {
        let leg = geometry.legs[legIndex]
        let start = leg.coordinate(vertex: 0)
        return RouteMatch(segment: 0, along: 0, distance: Geodesy.distance(fix.coordinate, start), coordinate: start,
                          bearing: leg.segmentBearing.first ?? 0)
    }

    /// Records that request `requestID` found no route; the next request waits for the policy.
    /// - Returns: the update with the failed `reroute` event, or nil for a superseded request.
    public mutating func rerouteFailed(_ requestID: Int, reason: String) -> NavigationUpdate? {
        guard let request = pendingReroute, request.id == requestID else { return nil }
        pendingReroute = nil
        let event = RerouteEvent(requestID: requestID, succeeded: false, origin: request.origin, distance: nil,
                                 duration: nil, message: reason)
        return NavigationUpdate(t: eventTime(), state: state, events: [.reroute(event)])
    }
}
