import Foundation

/// Drives a route in simulated time and reports a `LocationFix` every `interval` seconds:
/// at the road speeds planned in the route (× `speedFactor`), with seeded GPS noise, optional
/// dropouts, a dwell at each intermediate stop and optionally a missed turn, after which it
/// keeps going straight until told to `follow(_:)` a new route. Deterministic for a seed.
public struct RouteSimulator: Sendable {
    /// How it drives.
    public let options: SimulationOptions
    /// The true position now.
    public private(set) var truth: Coordinate
    /// Whether it is standing at an intermediate stop.
    public var isDwelling: Bool { dwellLeft > 0 }

    /// Metres driven straight past a missed turn before giving up (no reroute came).
    static let maximumOvershoot = 2_000.0

    private var path: SimulatedPath
    private var along = 0.0
    private var segment = 0
    private var time = 0.0
    private var started = false
    private var finished = false
    private var trailingLeft: Int
    private var dwellLeft = 0.0
    private var nextStop = 0
    private var missedTurnAlong: Double?
    private var straight: (origin: Coordinate, bearing: Double, speed: Double, distance: Double)?
    private var rng: SeededGenerator

    /// Creates a simulator at the start of `route`.
    /// - Throws: `NavigationError.invalidRoute` for a route without geometry.
    public init(route: Route, options: SimulationOptions = SimulationOptions()) throws {
        self.options = options
        path = try SimulatedPath(route: route)
        truth = path.points[0]
        trailingLeft = options.trailingFixes
        rng = SeededGenerator(seed: options.seed)
        if let k = options.missedTurn, k >= 1, k <= path.turnAlongs.count {
            missedTurnAlong = path.turnAlongs[k - 1]
        }
    }

    /// Continues on `route` (after a reroute) from its start. A missed turn happens only once.
    /// - Throws: `NavigationError.invalidRoute` for a route without geometry.
    public mutating func follow(_ route: Route) throws {
        path = try SimulatedPath(route: route)
        along = 0
        segment = 0
        nextStop = 0
        straight = nil
        missedTurnAlong = nil
        truth = path.points[0]
    }

    /// The next fix, or nil once the trip (plus its trailing fixes at the destination) is over.
    public mutating func next() -> LocationFix? {
        while true {
            if finished {
                guard trailingLeft > 0 else { return nil }
                trailingLeft -= 1
            }
            if started {
                time += options.interval
                drive(seconds: options.interval)
            }
            started = true
            if options.dropouts.contains(where: { $0.contains(time) }) { continue }
            return makeFix()
        }
    }

    private var currentSpeed: Double {
        if finished || dwellLeft > 0 { return 0 }
        if let straight { return straight.speed }
        return path.speeds.isEmpty ? 0 : path.speeds[segment] * options.speedFactor
    }

    private var currentBearing: Double {
        straight?.bearing ?? path.bearing(segment: segment)
    }

    private mutating func drive(seconds: Double) {
        var left = seconds
        if var s = straight {
            s.distance += s.speed * left
            straight = s
            truth = SimulatedPath.offset(s.origin, bearing: s.bearing, distance: s.distance)
            if s.distance >= Self.maximumOvershoot { finished = true }
            return
        }
        while left > 0, !finished {
            if dwellLeft > 0 {
                let wait = min(dwellLeft, left)
                dwellLeft -= wait
                left -= wait
                continue
            }
            guard along < path.length, !path.speeds.isEmpty else { finished = true; break }
            segment = path.segment(at: along, from: segment)
            let v = max(0.1, path.speeds[segment] * options.speedFactor)
            var target = path.cumulative[segment + 1]
            if let m = missedTurnAlong, m > along { target = min(target, m) }
            if nextStop < path.stopAlongs.count { target = min(target, path.stopAlongs[nextStop]) }
            let need = (target - along) / v
            if need > left {
                along += v * left
                left = 0
            } else {
                along = target
                left -= need
                reachedMark(at: target, speed: v)
                if straight != nil {
                    drive(seconds: left)
                    return
                }
            }
        }
        truth = path.point(at: along, segment: path.segment(at: along, from: segment))
    }

    /// Handles a turn to miss, a stop to dwell at, or the end of the path at `mark`.
    private mutating func reachedMark(at mark: Double, speed v: Double) {
        if let m = missedTurnAlong, mark >= m {
            missedTurnAlong = nil
            let heading = path.bearing(segment: path.segment(at: max(0, mark - 0.01), from: 0))
            truth = path.point(at: mark, segment: path.segment(at: mark, from: 0))
            straight = (truth, heading, v, 0)
        } else if nextStop < path.stopAlongs.count, mark >= path.stopAlongs[nextStop] {
            nextStop += 1
            dwellLeft = options.stopDwell
        } else if mark >= path.length {
            finished = true
        }
    }

    private mutating func makeFix() -> LocationFix {
        var position = truth
        var course = currentBearing
        if options.noiseMeters > 0 {
            position = SimulatedPath.offset(truth, east: rng.nextGaussian() * options.noiseMeters,
                                            north: rng.nextGaussian() * options.noiseMeters)
            // Course noise of a few degrees, like a phone's GPS-derived course.
            course = (course + rng.nextGaussian() * 3 + 360).truncatingRemainder(dividingBy: 360)
        }
        let speed = currentSpeed
        return LocationFix(coordinate: position, horizontalAccuracy: options.reportedAccuracy, speed: speed,
                           course: speed > 0 ? course : nil,
                           timestamp: options.start.addingTimeInterval(time), truth: truth)
    }
}
