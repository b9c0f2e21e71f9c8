import Foundation

/// What a deviation detector sees for one fix.
public struct DeviationContext: Sendable, Hashable {
    /// The fix.
    public var fix: LocationFix
    /// Metres between the fix and its best match on the route.
    public var distanceFromRoute: Double
    /// Bearing of the route at the match, degrees.
    public var routeBearing: Double
    /// Best speed estimate in m/s.
    public var speed: Double?
    /// Roads leaving the junctions just behind the match at a small angle to the route, which
    /// a driver who missed the maneuver may be on (empty away from such junctions).
    public var roadsNotTaken: [RoadNotTaken]
    /// Smallest angle in degrees between the fix's course and the route's bearing anywhere
    /// within the fix's accuracy of the match; nil when not worked out. On a winding road
    /// the matched segment's own bearing can be far from the course of a driver on the route.
    public var courseDifference: Double?
    /// Whether the fix's course is only the bearing from the previous fix (a GPX track has
    /// no course of its own): it then carries both positions' noise, tens of degrees at city
    /// speeds, and is no evidence of the way the user is heading.
    public var courseFromPositions: Bool

    /// Creates a context.
    public init(fix: LocationFix, distanceFromRoute: Double, routeBearing: Double, speed: Double?,
                roadsNotTaken: [RoadNotTaken] = [], courseDifference: Double? = nil, courseFromPositions: Bool = false)
    {
        self.courseFromPositions = courseFromPositions
        self.fix = fix
        self.distanceFromRoute = distanceFromRoute
        self.routeBearing = routeBearing
        self.speed = speed
        self.roadsNotTaken = roadsNotTaken
        self.courseDifference = courseDifference
    }
}

extension DeviationContext {
    /// The fix's course when it can be trusted: an accurate enough fix, moving fast enough
    /// for the course not to be noise.
    func trustedCourse(minimumSpeed: Double, maximumAccuracy: Double) -> Double? {
        let accuracy = fix.horizontalAccuracy
        guard accuracy >= 0, accuracy <= maximumAccuracy, let speed, speed >= minimumSpeed else { return nil }
        return fix.course
    }
}

/// One detector's opinion of one fix.
public enum DeviationVerdict: Sendable, Hashable {
    /// The fix is consistent with following the route.
    case onRoute
    /// The fix is `distance` metres from the route, beyond tolerance.
    case offRoute(distance: Double)
    /// The user moves against the route's direction.
    case wrongWay
    /// The fix cannot tell (poor accuracy, too slow for a course…); counters stay as they are.
    case noVerdict
}

extension DeviationVerdict {
    /// Whether the verdict is off route or wrong way.
    public var isDeviation: Bool {
        switch self {
        case .offRoute, .wrongWay: return true
        case .onRoute, .noVerdict: return false
        }
    }
}

/// Judges single fixes; `DeviationTracker` turns verdicts into a debounced decision.
public protocol RouteDeviationDetector: Sendable {
    /// The verdict for one fix.
    func evaluate(_ context: DeviationContext) -> DeviationVerdict
}

/// Off route when farther from the route than `minimumDistance` plus the fix's own accuracy,
/// so a fix that admits it may be 30 m off is not blamed for being 30 m off. Fixes with accuracy
/// worse than `maximumAccuracy` (or none) give no verdict.
public struct DistanceDeviationDetector: RouteDeviationDetector {
    /// Metres of tolerance on top of the fix's accuracy.
    public var minimumDistance: Double
    /// Fixes less accurate than this (metres) give no verdict.
    public var maximumAccuracy: Double

    /// Creates the detector.
    public init(minimumDistance: Double = 25, maximumAccuracy: Double = 50) {
        self.minimumDistance = minimumDistance
        self.maximumAccuracy = maximumAccuracy
    }

    /// The verdict for one fix.
    public func evaluate(_ context: DeviationContext) -> DeviationVerdict {
        let accuracy = context.fix.horizontalAccuracy
        guard accuracy >= 0, accuracy <= maximumAccuracy else { return .noVerdict }
        let d = context.distanceFromRoute
        return d > minimumDistance + accuracy ? .offRoute(distance: d) : .onRoute
    }
}

/// Wrong way when the course is more than `angle` degrees from the route's bearing at speed.
public struct WrongWayDetector: RouteDeviationDetector {
    /// Degrees between course and route bearing that count as opposite.
    public var angle: Double
    /// Below this speed (m/s) the course is unreliable and there is no verdict.
    public var minimumSpeed: Double
    /// Fixes less accurate than this (metres) give no verdict.
    public var maximumAccuracy: Double

    /// Creates the detector.
    public init(angle: Double = 135, minimumSpeed: Double = 3, maximumAccuracy: Double = 50) {
        self.angle = angle
        self.minimumSpeed = minimumSpeed
        self.maximumAccuracy = maximumAccuracy
    }

    /// The verdict for one fix.
    public func evaluate(_ context: DeviationContext) -> DeviationVerdict {
        guard let course = context.trustedCourse(minimumSpeed: minimumSpeed, maximumAccuracy: maximumAccuracy) else {
            return .noVerdict
        }
        return Geodesy.angleDifference(course, context.routeBearing) > angle ? .wrongWay : .onRoute
    }
}

/// Off route when moving fast in a direction that leaves the route at a shallow angle and
/// already some metres away from it: a missed motorway exit or fork. The distance detector
/// alone needs the user 25 m + accuracy away, which at the 10–20° of a slip road is 150–250 m
/// past the exit; this one sees the divergence within a few seconds. Both conditions must
/// hold, so GPS jitter on the route (a wide position or a noisy course, rarely both, and then
/// only for one fix) raises no alarm.
public struct CourseDivergenceDetector: RouteDeviationDetector {
    /// Degrees between the course and the route's bearing.
    public var minimumAngle: Double
    /// Metres from the route, at least; 1.5 × the fix's accuracy when larger.
    public var minimumDistance: Double
    /// Speed (m/s) from which the course is trusted.
    public var minimumSpeed: Double
    /// Fixes less accurate than this give no verdict.
    public var maximumAccuracy: Double

    /// Creates a detector.
    public init(minimumAngle: Double = 8, minimumDistance: Double = 12, minimumSpeed: Double = 8,
                maximumAccuracy: Double = 30)
    {
        self.minimumAngle = minimumAngle
        self.minimumDistance = minimumDistance
        self.minimumSpeed = minimumSpeed
        self.maximumAccuracy = maximumAccuracy
    }

    /// The verdict for one fix; none when the course is only the bearing between two fixes.
    public func evaluate(_ context: DeviationContext) -> DeviationVerdict {
        guard !context.courseFromPositions,
              let course = context.trustedCourse(minimumSpeed: minimumSpeed, maximumAccuracy: maximumAccuracy)
        else { return .noVerdict }
        let d = context.distanceFromRoute
        let diverging = Geodesy.angleDifference(course, context.routeBearing) >= minimumAngle
        // 1.5 × the accuracy: a course derived from noisy positions (a GPX replay) diverges on
        // almost every fix, so the distance alone must then be well outside the noise.
        let far = d >= max(minimumDistance, 1.5 * context.fix.horizontalAccuracy)
        return diverging && far ? .offRoute(distance: d) : .onRoute
    }
}

/// Combines detectors: the first deviation wins; no verdict only when none has one.
public struct CombinedDeviationDetector: RouteDeviationDetector {
    /// The detectors, asked in order.
    public var detectors: [any RouteDeviationDetector]

    /// Combines detectors.
    public init(_ detectors: [any RouteDeviationDetector]) { self.detectors = detectors }

    /// Distance, wrong-way, course-divergence and road-not-taken detection with their defaults.
    public static var standard: CombinedDeviationDetector {
        CombinedDeviationDetector([DistanceDeviationDetector(), WrongWayDetector(), CourseDivergenceDetector(),
                                   RoadNotTakenDetector()])
    }

    /// The verdict for one fix.
    public func evaluate(_ context: DeviationContext) -> DeviationVerdict {
        var sawVerdict = false
        for detector in detectors {
            switch detector.evaluate(context) {
            case .onRoute: sawVerdict = true
            case .noVerdict: continue
            case let deviation: return deviation
            }
        }
        // Poor accuracy must silence distance checks: it mustn't be mistaken for "on route"
        // when the only detector with an opinion is the distance one.
        return sawVerdict ? .onRoute : .noVerdict
    }
}

/// Turns per-fix verdicts into an off-route decision: off route when the latest verdict is a
/// deviation and `requiredFixes` of the last `requiredFixes + 1` verdicts are. One stray fix
/// (a noisy course, a position thrown back towards the route) delays the decision by a fix
/// instead of starting the count again, which at motorway speed is 30 m more, not 90; a lone
/// deviation among fixes on the route is never enough. "No verdict" changes nothing.
struct DeviationTracker: Sendable {
    var requiredFixes: Int
    /// The latest verdicts (deviation or not), oldest first, at most `requiredFixes + 1`.
    private var recent: [Bool] = []
    private(set) var lastDeviation: DeviationVerdict = .onRoute

    init(requiredFixes: Int) { self.requiredFixes = max(1, requiredFixes) }

    var isOffRoute: Bool {
        recent.last == true && recent.suffix(requiredFixes + 1).filter { $0 }.count >= requiredFixes
    }

    mutating func record(_ verdict: DeviationVerdict) {
        switch verdict {
        case .noVerdict: return
        case .onRoute: recent.append(false)
        case .offRoute, .wrongWay:
            recent.append(true)
            lastDeviation = verdict
        }
        if recent.count > requiredFixes + 1 { recent.removeFirst() }
    }

    mutating func reset() { recent.removeAll(keepingCapacity: true) }
}
