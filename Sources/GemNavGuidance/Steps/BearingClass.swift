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

    /// `bearings` sorted clockwise from north, whole degrees, as junction arms keep them.
    init(_ bearings: some BidirectionalCollection<Int>) {
        guard let first = bearings.first, let end = bearings.last, bearings.count > 1 else {
            isDiscrete = true
            lastWrapsToNorth = false
            return
        }
        var discrete = true
        var previous = Self.bucket(end)
        for b in bearings {
            let bucket = Self.bucket(b)
            if bucket == previous { discrete = false; break }
            previous = bucket
        }
        isDiscrete = discrete
        lastWrapsToNorth = discrete && Self.bucket(end) < Self.bucket(first)
    }

    /// The 15° step a bearing falls in, rounded to the nearest (`getDiscreteBearing`).
    static func bucket(_ bearing: Int) -> Int { ((bearing % 360) * 2 + step) / (2 * step) % (360 / step) }

    /// How `bearing` is listed.
    func listed(_ bearing: Int) -> Int { isDiscrete ? Self.bucket(bearing) * Self.step : bearing }
}

extension JunctionView {
    /// The junction's bearing classification.
    var bearingClass: BearingClass { BearingClass(junction.arms.lazy.map(\.bearing)) }

    /// The signed turn (-180…180, positive = right) from the way into this junction to the
    /// way out of `exit` (this junction itself for its own turn), between listed bearings.
    func listedTurn(to exit: JunctionView) -> Double {
        let inBearing = bearingClass.listed(junction.arms[junction.inArm].bearing)
        let outBearing = exit.bearingClass.listed(exit.junction.arms[exit.junction.outArm].bearing)
        return Geodesy.turnAngle(from: Double((inBearing + 180) % 360), to: Double(outBearing))
    }
}
