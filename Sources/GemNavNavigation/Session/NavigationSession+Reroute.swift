import Foundation

/// Rerouting from the current position to the stops not yet reached.
extension NavigationSession {
    /// Asks the provider for a new route when the policy allows; nil when no attempt was made.
    /// On success the session follows the new route from its first leg, keeping stop numbering.
    func attemptReroute(_ fix: LocationFix, speed: Double?) -> RerouteEvent? {
        guard let routeProvider else { return nil }
        let now = clock.now
        guard settings.reroute.allows(time: now, position: fix.coordinate, previous: lastReroute) else { return nil }
        lastReroute = (now, fix.coordinate)
        let stops = geometry.legs[legIndex...].map(\.end)
        let heading = (speed ?? 0) >= settings.matching.minimumSpeedForCourse ? fix.course : nil
        do {
            let newRoute = try routeProvider.route(from: fix.coordinate, heading: heading, to: stops,
                                                   avoid: avoid)
            let newGeometry = try RouteGeometry(route: newRoute)
            waypointOffset += legIndex
            route = newRoute
            geometry = newGeometry
            beginLeg(0)
            lastFullScan = nil
            return RerouteEvent(succeeded: true, origin: fix.coordinate, distance: newRoute.distance,
                                duration: newRoute.duration, message: nil)
        } catch {
            return RerouteEvent(succeeded: false, origin: fix.coordinate, distance: nil, duration: nil,
                                message: String(describing: error))
        }
    }
}
