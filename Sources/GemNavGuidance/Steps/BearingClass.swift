import GemNavCore

/// The bearings of a junction's roads as OSRM lists them in a step's intersections (its
/// `classifyIntersection` and `BearingClass`): in 15° steps whenever no two neighbouring roads
/// fall in the same step, else in whole degrees. OSRM's post-processing works on these listed
/// bearings, not on the angles its turn analysis used: a small roundabout's turn, two turns
/// collapsed into one and staggered junctions are all measured on them, so GemNav measures
/// them there too.
struct BearingClass {
    /// Whether the junction's bearings are listed in 15° steps.
    let isDiscrete: Bool
    /// Whether the last road rounds to north and is listed first (the list stays sorted).
    let lastWrapsToNorth: Bool

    /// OSRM's `discrete_step_size`.
    static let step = 15

    /// The bearings of junction `arms`, sorted clockwise from north in whole degrees as
    /// junction arms keep them.
    init(_ arms: RoutePath.Arms) {
        guard arms.count > 1 else {
            isDiscrete = true
            lastWrapsToNorth = false
            return
        }
        let first = Self.bucket(arms[0].bearing), end = Self.bucket(arms[arms.count - 1].bearing)
        var discrete = true
        var previous = end
        for i in arms.indices {
            let bucket = Self.bucket(arms[i].bearing)
            if bucket == previous { discrete = false; break }
            previous = bucket
        }
        isDiscrete = discrete
        lastWrapsToNorth = discrete && end < first
    }

    /// The 15° step a bearing falls in, rounded to the nearest (`getDiscreteBearing`).
    static func bucket(_ bearing: Int) -> Int { ((bearing % 360) * 2 + step) / (2 * step) % (360 / step) }

    /// How `bearing` is listed.
    func listed(_ bearing: Int) -> Int { isDiscrete ? Self.bucket(bearing) * Self.step : bearing }
}

extension JunctionView {
    /// The signed turn (-180…180, positive = right) from the way into this junction to the
    /// way out of `exit` (this junction itself for its own turn), between listed bearings.
    func listedTurn(to exit: JunctionView) -> Double {
        let inBearing = bearingClass.listed(junction.arms[junction.inArm].bearing)
        let outBearing = exit.bearingClass.listed(exit.junction.arms[exit.junction.outArm].bearing)
        return Geodesy.turnAngle(from: Double((inBearing + 180) % 360), to: Double(outBearing))
    }
}
