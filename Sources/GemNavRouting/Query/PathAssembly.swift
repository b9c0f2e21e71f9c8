import GemNavCore

extension RoutingGraph {
    /// The junction where directed edge `n` ends.
    func endJunction(of n: Int) -> Int {
        Int(n & 1 == 0 ? edgeTo[n >> 1] : edgeFrom[n >> 1])
    }

    /// The turn arc from `a` to `b` (or to a copy of `b`), if the turn is permitted.
    func arc(from a: Int32, to b: Int32) -> Int? {
        for i in Int(arcOffset[Int(a)])..<Int(arcOffset[Int(a) + 1]) where original(arcTarget[i]) == b { return i }
        return nil
    }

    /// Turns a directed-edge path into a leg: road stretches clipped at the snapped ends,
    /// and the junctions between them with every road that meets there. Under `traffic` the
    /// stretches take the overlay's durations.
    func leg(_ path: EdgePath, traffic: TrafficOverlay? = nil) -> RoutePath.Leg {
        var leg = RoutePath.Leg(weight: Double(path.weight) / 1000)
        leg.roads.reserveCapacity(path.nodes.count)
        leg.junctions.reserveCapacity(path.nodes.count)
        var points = 1
        for node in path.nodes { points += Int(edgeGeometry[Int(node >> 1) + 1] - edgeGeometry[Int(node >> 1)]) }
        prefetchJunctions(along: path.nodes)
        leg.coordinates.reserveCapacity(points)
        leg.segmentDistances.reserveCapacity(points)
        leg.segmentDurations.reserveCapacity(points)
        var arms = [RoutePath.Arm]()
        arms.reserveCapacity(4 * path.nodes.count)
        var armRanges = [Range<Int>]()
        armRanges.reserveCapacity(path.nodes.count)
        for (i, node) in path.nodes.enumerated() {
            let from = i == 0 ? path.source.metres : 0
            let to = i == path.nodes.count - 1 ? path.target.metres : .infinity
            var turnSeconds = 0.0
            if i > 0 {
                let first = arms.count
                let junction = junction(arrivingOn: path.nodes[i - 1], leavingOn: node, arms: &arms)
                armRanges.append(first..<arms.count)
                turnSeconds = junction.turnCost
                leg.junctions.append(junction)
            }
            appendStretch(Int(node), from: from, to: to, extraSeconds: turnSeconds, traffic: traffic, to: &leg)
        }
        for (k, range) in armRanges.enumerated() { leg.junctions[k].arms = RoutePath.Arms(arms, range: range) }
        for (k, o) in maneuverOverrides.overrides(along: path.nodes) { leg.junctions[k].maneuverOverride = o }
        leg.network = NetworkLink(self)
        return leg
    }

    /// Reads the first records of every junction along `nodes` ahead of assembling them. The
    /// junctions of a route lie scattered over the graph's memory; assembled one after the
    /// other, each waits for its own cache misses, while these independent reads let the
    /// processor overlap them (about 3 % of a route query).
    private func prefetchJunctions(along nodes: [Int32]) {
        var read: Int32 = 0
        // The last edge's junction is not assembled; an edge without turns or a junction
        // without arms at the end of its table has no record to read.
        for node in nodes.dropLast() {
            let j = endJunction(of: Int(node))
            let arm = Int(junctionOffset[j]), turn = Int(arcOffset[Int(node)])
            if arm < junctionArms.count { read &+= junctionArms[arm].leaving }
            if turn < arcTarget.count { read &+= arcTarget[turn] }
            read &+= junctionLat[j]
        }
        keep(read)
    }

    /// Appends the part of directed edge `n` between `from` and `to` metres from its start.
    private func appendStretch(_ n: Int, from: Double, to: Double, extraSeconds: Double, traffic: TrafficOverlay?,
                               to leg: inout RoutePath.Leg) {
        let e = n >> 1
        let first = Int(edgeGeometry[e]), last = Int(edgeGeometry[e + 1]) - 1
        let backward = n & 1 == 1
        let length = Double(edgeLength[e])
        let secondsPerMetre = length > 0 ? Double(traffic?.duration[n] ?? nodeDuration[n]) / 1000 / length : 0
        var start: Int?
        var extra = extraSeconds
        var travelled = 0.0
        for k in 0..<(last - first) {
            // Geometry point indexes of this segment in travel direction.
            let (i, j) = backward ? (last - k, last - k - 1) : (first + k, first + k + 1)
            let d = Double(segmentMetres[backward ? j : i])
            let segStart = travelled
            travelled += d
            let a = max(segStart, from), b = min(travelled, to)
            guard b > a else { continue }
            if start == nil {
                start = leg.beginStretch(at: a > segStart
                    ? Geodesy.interpolate(point(i), point(j), fraction: (a - segStart) / d) : point(i))
            }
            leg.coordinates.append(b < travelled ? Geodesy.interpolate(point(i), point(j), fraction: (b - segStart) / d) : point(j))
            leg.segmentDistances.append(b - a)
            leg.segmentDurations.append((b - a) * secondsPerMetre + extra)
            extra = 0
        }
        let begin: Int
        if let start {
            begin = start
        } else {
            // Nothing of the edge is driven (start and end at the same point): an empty stretch.
            let p = pointAlong(n, metres: from)
            begin = leg.beginStretch(at: p)
            leg.coordinates.append(p)
            leg.segmentDistances.append(0)
            leg.segmentDurations.append(extra)
        }
        leg.roads.append(RoutePath.RoadStretch(road: road(of: n), points: begin..<leg.coordinates.count))
    }

    /// The point `metres` along directed edge `n` from its start.
    private func pointAlong(_ n: Int, metres: Double) -> Coordinate {
        let e = n >> 1
        let first = Int(edgeGeometry[e]), last = Int(edgeGeometry[e + 1]) - 1
        let backward = n & 1 == 1
        var left = metres
        for k in 0..<(last - first) {
            let (i, j) = backward ? (last - k, last - k - 1) : (first + k, first + k + 1)
            let d = Double(segmentMetres[backward ? j : i])
            if left <= d, d > 0 { return Geodesy.interpolate(point(i), point(j), fraction: left / d) }
            left -= d
        }
        return point(backward ? first : last)
    }

    /// The junction where directed edge `a` ends, seen arriving on it, its arms appended to
    /// `arms` (the junction's own `arms` are left empty for the caller to point there); `b`,
    /// if given, is the edge the traveller leaves on (its turn cost is the junction's).
    private func junction(arrivingOn a: Int32, leavingOn b: Int32?, arms: inout [RoutePath.Arm]) -> RoutePath.Junction {
        let j = endJunction(of: Int(a))
        let first = Int(junctionOffset[j]), count = Int(junctionOffset[j + 1]) - first
        let turnStart = Int(arcOffset[Int(a)]), turnEnd = Int(arcOffset[Int(a) + 1])
        let back = original(a) ^ 1, out = b.map(original)
        var inArm = 0, outArm: Int?
        var turnCost = 0.0
        for index in 0..<count {
            let record = junctionArms[first + index]
            let leaving = record.leaving
            var canEnter = false
            for t in turnStart..<turnEnd where original(arcTarget[t]) == leaving {
                canEnter = true
                if leaving == out { turnCost = Double(arcTurnDuration[t]) / 1000 }
                break
            }
            if leaving == back { inArm = index }
            if leaving == out { outArm = index }
            let road = Int(record.road)
            var arm = RoutePath.Arm(bearing: Int(record.bearing), exactBearing: record.exactBearing,
                                    initialBearing: record.initialBearing, canEnter: canEnter,
                                    canArrive: record.flags & JunctionArmRecord.canArrive != 0,
                                    road: roads.roads[road],
                                    insideCrossing: record.flags & JunctionArmRecord.insideCrossing != 0)
            arm.edge = leaving
            arms.append(arm)
        }
        var junction = RoutePath.Junction(location: junctionPoint(j), arms: [], inArm: inArm,
                                          outArm: outArm ?? inArm, turnCost: turnCost)
        junction.node = Int32(j)
        return junction
    }
}

extension RoutingGraph: StreetNetwork {
    public func junction(reachedBy edge: Int32) -> RoutePath.Junction {
        var arms = [RoutePath.Arm]()
        var junction = junction(arrivingOn: edge, leavingOn: nil, arms: &arms)
        junction.arms = RoutePath.Arms(arms)
        return junction
    }

    public func isDrivable(_ edge: Int32) -> Bool { isOpen(Int(edge)) }

    public func length(of edge: Int32) -> Double { Double(edgeLength[Int(edge >> 1)]) }

    public func coordinates(of edge: Int32) -> [Coordinate] {
        let e = Int(edge >> 1)
        let first = Int(edgeGeometry[e]), last = Int(edgeGeometry[e + 1]) - 1
        let line = (first...last).map(point)
        return edge & 1 == 1 ? line.reversed() : line
    }
}

/// Keeps a value computed only for the memory it reads, so the optimiser cannot drop the reads.
@inline(never) @_optimize(none)
private func keep(_ value: Int32) {}
