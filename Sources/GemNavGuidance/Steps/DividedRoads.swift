import GemNavCore

extension RoutePath.Junction {
    /// The junction as OSRM's intersection view lists it. Where the two carriageways of a
    /// divided road meet it, the import gives both the same merged bearing (OSRM's
    /// `MergableRoadDetector`); they are one road, listed once: as the carriageway the route
    /// arrives or leaves on when it uses one of them, else as the one leaving the junction.
    /// The road arrived on may be entered where its other carriageway may (OSRM lists the
    /// merged road's entry, a U-turn across the divided road).
    func mergingDividedRoads() -> RoutePath.Junction {
        // Every junction of a route comes here and few join carriageways: nothing is copied
        // or allocated until two arms are found to be one road.
        guard arms.count >= 3 else { return self }
        var dropped: UInt64 = 0
        var inCanEnter: Bool?
        for x in arms.indices.prefix(64) where arms[x].canArrive && !arms[x].canEnter {
            // `x` only arrives; its twin `y` only leaves, along the same bearing and name.
            guard let y = arms.indices.first(where: { y in
                y != x && arms[y].bearing == arms[x].bearing && !arms[y].canArrive
                    && arms[y].road.name == arms[x].road.name && arms[y].road.ref == arms[x].road.ref
            }) else { continue }
            if x == inArm && y == outArm { continue }
            if x == inArm { inCanEnter = arms[y].canEnter }
            dropped |= 1 << UInt64(x == inArm || y == outArm ? (x == inArm ? y : x) : x)
        }
        guard dropped != 0 else { return self }
        var kept = [RoutePath.Arm]()
        var newIn = 0, newOut = 0
        for a in arms.indices where a >= 64 || dropped & 1 << UInt64(a) == 0 {
            if a == inArm { newIn = kept.count }
            if a == outArm { newOut = kept.count }
            kept.append(arms[a])
            if a == inArm, let inCanEnter { kept[kept.count - 1].canEnter = inCanEnter }
        }
        var junction = RoutePath.Junction(location: location, arms: kept, inArm: newIn, outArm: newOut, turnCost: turnCost)
        junction.node = node
        junction.maneuverOverride = maneuverOverride
        return junction
    }
}
