import Foundation

/// Where a fix lies on the route.
struct RouteMatch: Sendable, Hashable {
    /// Segment of the leg geometry.
    var segment: Int
    /// Metres from the leg's start.
    var along: Double
    /// Metres between the fix and the route.
    var distance: Double
    /// The snapped point.
    var coordinate: Coordinate
    /// Bearing of the matched segment.
    var bearing: Double
}

/// Snaps fixes onto one leg. After the first fix it only examines segments in a window around
/// the previous match (sized by speed, elapsed time and accuracy), so the cost per fix does not
/// depend on the route's length, and a route that loops back over itself or runs beside itself
/// cannot capture the match from a far-away part of the route.
struct RouteMatcher: Sendable {
    var settings: MatchingSettings

    /// Matches `fix` on `leg`. `previous` nil scans the whole leg (first fix of a leg only).
    /// `elapsed` is the time since the previous match, `speed` the best speed estimate.
    func match(_ fix: LocationFix, on leg: LegGeometry, previous: RouteMatch?, elapsed: Double,
               speed: Double?) -> RouteMatch
    {
        let n = leg.segmentCount
        guard n > 0 else {
            let c = leg.coordinate(vertex: 0)
            return RouteMatch(segment: 0, along: 0, distance: Geodesy.distance(fix.coordinate, c),
                              coordinate: c, bearing: 0)
        }
        let accuracy = max(0, fix.horizontalAccuracy)
        let v = max(0, speed ?? 0)
        var lower = 0, upper = n - 1
        var predicted = 0.0
        if let previous {
            predicted = previous.along + v * elapsed
            let back = settings.backwardWindow + accuracy
            let ahead = min(settings.maximumForwardWindow,
                            max(settings.minimumForwardWindow, 2 * v * elapsed + 2 * accuracy + 50))
            let cap = settings.maximumSegmentsPerSide
            lower = previous.segment
            while lower > 0, previous.segment - lower < cap,
                  leg.cumulativeDistance[lower] > previous.along - back { lower -= 1 }
            upper = previous.segment
            while upper < n - 1, upper - previous.segment < cap,
                  leg.cumulativeDistance[upper + 1] < previous.along + ahead { upper += 1 }
        }
        let useCourse = fix.course != nil && v >= settings.minimumSpeedForCourse
        let course = fix.course ?? 0
        let ky = LegGeometry.metresPerDegree
        let plat = fix.coordinate.latitude, plon = fix.coordinate.longitude
        var best = (segment: lower, t: 0.0, distance: Double.infinity, cost: Double.infinity)
        for j in lower...upper {
            let alat = leg.latitudes[j], alon = leg.longitudes[j]
            let kx = leg.segmentLongitudeScale[j]
            let dx = (leg.longitudes[j + 1] - alon) * kx, dy = (leg.latitudes[j + 1] - alat) * ky
            let px = (plon - alon) * kx, py = (plat - alat) * ky
            let len2 = dx * dx + dy * dy
            // Zero-length segments carry no bearing; the neighbours cover the same point.
            if len2 == 0, lower != upper { continue }
            let t = len2 > 0 ? min(1, max(0, (px * dx + py * dy) / len2)) : 0
            let ex = px - t * dx, ey = py - t * dy
            let d = (ex * ex + ey * ey).squareRoot()
            var cost = d
            if useCourse {
                cost += Geodesy.angleDifference(course, leg.segmentBearing[j]) / 180 * settings.headingWeight
            }
            if previous != nil {
                let along = leg.cumulativeDistance[j] + t * leg.segmentLength(j)
                cost += abs(along - predicted) * settings.progressWeight
            }
            if cost < best.cost { best = (j, t, d, cost) }
        }
        let j = best.segment
        let along = leg.cumulativeDistance[j] + best.t * leg.segmentLength(j)
        let snapped = Geodesy.interpolate(leg.coordinate(vertex: j), leg.coordinate(vertex: j + 1),
                                          fraction: best.t)
        return RouteMatch(segment: j, along: along, distance: best.distance.isFinite ? best.distance : 0,
                          coordinate: snapped, bearing: leg.segmentBearing[j])
    }
}
