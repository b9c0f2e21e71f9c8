import GemNavCore

/// Roundabouts and rotaries (OSRM's roundabout handler and `processRoundaboutExits`):
/// entering with the exit number, the single step of a small roundabout, and passing a ring
/// junction. Entering and leaving a ring, a roundabout turn and entering-and-exiting at once
/// take their modifier from the turn in OSRM's `getTurnDirection` bands (straight within 20°), as
/// osrm-routed reports them.
extension StepBuilder {
    /// The roundabout maneuver at junction `i`, where the route enters a roundabout.
    func roundabout(entering i: Int, views: [JunctionView])
        -> (decision: Decision, exitRoad: Int?, degrees: Double?)
    {
        let roads = leg.roads
        let isRotary = roads[i + 1].road.isRotary
        let type: ManeuverType = isRotary ? .rotary : .roundabout
        // The modifier is the turn into the ring in OSRM's `getTurnDirection` bands (straight
        // within 20°), as its roundabout handler sets it; where the exit lies is told by `exit`
        // and, for banner icons, by the degrees travelled. A route ending on the ring has no exit.
        let entry = ManeuverClassifier.turnDirection(views[i].angle)
        guard let exit = (i + 1..<views.count).first(where: { !roads[$0 + 1].road.isRoundabout }) else {
            return (Decision(type: type, modifier: entry), nil, nil)
        }
        // Count only exits the traveller could take, as OSRM does: at the entry junction an
        // exit before the ring in driving direction (to the right of the way onto the ring
        // where traffic keeps right); further on every junction with a way out, unless all
        // its ways out are minor roads (service, tracks) and the ring itself is not. The
        // exit taken counts too.
        let v = views[i], j = v.junction
        let exitBeforeRing = j.arms.indices.contains { a in
            guard a != j.inArm && a != j.outArm && j.arms[a].canEnter && !j.arms[a].road.isRoundabout else { return false }
            return drivingSide == .right ? v.angle(of: a) > v.angle : v.angle(of: a) < v.angle
        }
        let count = 1 + (exitBeforeRing ? 1 : 0) + exitsPassed(i + 1..<exit, views: views)
        let angle = Geodesy.turnAngle(from: views[i].inHeading, to: Double(views[exit].outBearing))
        var travelled = drivingSide == .right ? 180 - angle : 180 + angle
        if travelled <= 0 { travelled += 360 }
        // A small roundabout is told as the turn it amounts to, from the way in to the way out.
        // OSRM measures that turn in post-processing, on the listed bearings of both
        // (`closeOffRoundabout`); the banner's degrees keep the precise angle.
        if roads[i + 1].road.isRoundaboutIntersection {
            let listed = views[i].listedTurn(to: views[exit])
            return (Decision(type: .roundaboutTurn, modifier: ManeuverClassifier.turnDirection(listed), exit: count),
                    exit + 1, travelled)
        }
        return (Decision(type: type, modifier: entry, exit: count), exit + 1, travelled)
    }

    /// How many of the ring junctions `junctions` offer a way out: a road that can be taken,
    /// unless all such roads are minor (service, tracks) and the ring itself is not.
    func exitsPassed(_ junctions: Range<Int>, views: [JunctionView]) -> Int {
        junctions.reduce(0) { count, k in
            let j = views[k].junction
            let ringIsMinor = Self.isMinor(leg.roads[k].road.roadClass)
            let leaves = j.arms.indices.contains { a in
                a != j.inArm && a != j.outArm && j.arms[a].canEnter && !j.arms[a].road.isRoundabout
                    && (ringIsMinor || !Self.isMinor(j.arms[a].road.roadClass))
            }
            return count + (leaves ? 1 : 0)
        }
    }

    /// OSRM's minor road classes (its low-priority roads): exits onto them alone do not count.
    static func isMinor(_ c: RoadClass) -> Bool {
        switch c {
        case .service, .track, .path, .footway, .pedestrian, .steps, .cycleway, .bridleway, .road: return true
        default: return false
        }
    }

    /// Entering a ring junction and leaving it at once by another road: OSRM's "exit
    /// roundabout" (or "exit rotary"), unless the road crosses the ring straight on.
    func passingRing(_ i: Int, _ views: [JunctionView]) -> Decision? {
        // Read in the array: passing `views[i]` copied the whole view at every junction.
        let j = views[i].junction, angle = views[i].angle
        guard let ring = j.arms.first(where: { $0.road.isRoundabout && $0.canEnter })?.road else { return nil }
        // Ring arms passed going round from the way in to the way out: an odd count means
        // the way out lies across the ring.
        let (low, high) = (min(j.inArm, j.outArm), max(j.inArm, j.outArm))
        let between = j.arms[(low + 1)..<high].filter { $0.road.isRoundabout }.count
        if between % 2 == 1 && abs(angle) < 20 { return nil }
        return Decision(type: ring.isRotary ? .exitRotary : .exitRoundabout, modifier: ManeuverClassifier.turnDirection(angle))
    }
}
