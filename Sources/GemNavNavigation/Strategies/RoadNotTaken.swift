import Foundation

/// A road leaving a junction the route passes, at a small angle to the road the route takes
/// there: a motorway going on past the exit the route takes, the exit the route passes, the
/// other branch of a fork. A driver who takes it by mistake drifts away from the route only
/// slowly, so it is what the route is compared against just past the junction.
public struct RoadNotTaken: Sendable, Hashable {
    /// The junction.
    public var location: Coordinate
    /// The road's bearing as it leaves the junction, degrees.
    public var bearing: Double

    /// Creates a road not taken.
    public init(location: Coordinate, bearing: Double) {
        self.location = location
        self.bearing = bearing
    }

    /// Roads within this many degrees of the route's way out count: beyond it the distance
    /// from the route grows fast enough on its own.
    public static let maximumAngle = 45.0

    /// Metres from `c` to the road, taken as a straight line from the junction along its
    /// bearing (roads near a junction are nearly straight); a point behind the junction is
    /// measured to the junction itself.
    public func distance(to c: Coordinate) -> Double {
        let ky = LegGeometry.metresPerDegree, kx = ky * cos(location.latitude * .pi / 180)
        let x = (c.longitude - location.longitude) * kx, y = (c.latitude - location.latitude) * ky
        let ux = sin(bearing * .pi / 180), uy = cos(bearing * .pi / 180)
        let ahead = x * ux + y * uy
        return ahead > 0 ? abs(x * uy - y * ux) : (x * x + y * y).squareRoot()
    }
}

/// Off route when, just past a junction, the fix is better explained by a road the route does
/// not take there than by the route: a missed motorway exit, the wrong branch of a fork. Where
/// the roads part at 10–15°, a driver going the wrong way is only 5–8 m from the route 30 m on,
/// so the distance detector needs 150–250 m; this one weighs the fix against both roads.
///
/// The evidence is a log-likelihood ratio with Gaussian errors: the position's
/// `(dRoute² − dRoad²) / (2 a²)` with `a` the fix's accuracy, plus the course's
/// `(ΔRoute² − ΔRoad²) / (2 c²)` with `c` = `courseAccuracy`, where Δ is the angle between the
/// course and each road's bearing (for the route, the best fit near the match:
/// `DeviationContext.courseDifference`). Off route when it exceeds `threshold`. Either kind of
/// evidence can outweigh noise in the other (a wide fix heading along the road not taken, a
/// noisy course on a fix clearly on it), while a driver on the route heads along the route
/// and is, on average, nearer to it, so a false alarm needs both to be wrong at once, on three
/// of four fixes. A course that is only the bearing between two fixes counts for nothing.
public struct RoadNotTakenDetector: RouteDeviationDetector {
    /// Assumed standard error of a course, degrees.
    public var courseAccuracy: Double
    /// Log-likelihood ratio above which the fix counts as off route.
    public var threshold: Double
    /// Speed (m/s) from which the course is trusted.
    public var minimumSpeed: Double
    /// Fixes less accurate than this give no verdict.
    public var maximumAccuracy: Double

    /// Creates the detector.
    public init(courseAccuracy: Double = 5, threshold: Double = 1, minimumSpeed: Double = 5,
                maximumAccuracy: Double = 30)
    {
        self.courseAccuracy = courseAccuracy
        self.threshold = threshold
        self.minimumSpeed = minimumSpeed
        self.maximumAccuracy = maximumAccuracy
    }

    /// The verdict for one fix: no verdict away from junctions or without a trusted course.
    public func evaluate(_ context: DeviationContext) -> DeviationVerdict {
        guard !context.roadsNotTaken.isEmpty,
              let course = context.trustedCourse(minimumSpeed: minimumSpeed, maximumAccuracy: maximumAccuracy)
        else { return .noVerdict }
        // A reported accuracy of 0 would make the position infinitely certain.
        let a = max(1, context.fix.horizontalAccuracy), c = courseAccuracy
        let dRoute = context.distanceFromRoute
        let aRoute = context.courseDifference ?? Geodesy.angleDifference(course, context.routeBearing)
        for road in context.roadsNotTaken {
            let dRoad = road.distance(to: context.fix.coordinate)
            let aRoad = Geodesy.angleDifference(course, road.bearing)
            let course = context.courseFromPositions ? 0 : (aRoute * aRoute - aRoad * aRoad) / (2 * c * c)
            let evidence = (dRoute * dRoute - dRoad * dRoad) / (2 * a * a) + course
            if evidence > threshold { return .offRoute(distance: dRoute) }
        }
        return .onRoute
    }
}
