import Foundation
import GemNavCore

/// The edge-based graph: each node is a road edge driven in one direction (`2e` along the
/// edge's geometry, `2e + 1` against it), each arc a permitted turn from one to the next.
/// Turn costs and restrictions live on the arcs, so a plain shortest path honours them.
struct EdgeBasedGraph {
    /// Milliseconds of routing weight to drive each directed edge; `closed` when not allowed.
    var nodeWeight: [UInt32] = []
    /// Milliseconds of travel time for each directed edge.
    var nodeDuration: [UInt32] = []
    /// `arcOffset[n]..<arcOffset[n+1]` are the turns out of directed edge `n`.
    var arcOffset: [Int32] = [0]
    var arcTarget: [Int32] = []
    /// Weight of driving the source edge and then turning: `nodeWeight[source] + turn`.
    var arcWeight: [UInt32] = []
    /// Seconds (ms) the turn itself takes.
    var arcTurnDuration: [UInt32] = []
    /// For nodes past `2 × edges` (copies made for via-way restrictions): the original.
    var duplicateOf: [Int32] = []

    static let closed = UInt32.max

    var nodeCount: Int { nodeWeight.count }
}

/// Where each edge meets each junction: `offset[j]..<offset[j+1]` index `ends`, each
/// `e << 1 | side` with side 0 where the edge starts at `j` and 1 where it ends there.
struct JunctionIncidence {
    var offset: [Int32]
    var ends: [Int32]

    init(_ net: RoadNetwork) {
        var counts = [Int32](repeating: 0, count: net.junctionCount + 1)
        for e in 0..<net.edgeCount {
            counts[Int(net.edgeFrom[e]) + 1] += 1
            counts[Int(net.edgeTo[e]) + 1] += 1
        }
        for j in 0..<net.junctionCount { counts[j + 1] += counts[j] }
        var fill = counts
        var ends = [Int32](repeating: 0, count: Int(counts[net.junctionCount]))
        for e in 0..<net.edgeCount {
            ends[Int(fill[Int(net.edgeFrom[e])])] = Int32(e << 1)
            fill[Int(net.edgeFrom[e])] += 1
            ends[Int(fill[Int(net.edgeTo[e])])] = Int32(e << 1 | 1)
            fill[Int(net.edgeTo[e])] += 1
        }
        offset = counts
        self.ends = ends
    }
}

extension RoadNetwork {
    /// Travel time and weight (ms) of edge `e` driven forward (`backward == false`) or backward.
    func cost(edge e: Int, backward: Bool, profile: Profile) -> (weight: UInt32, duration: UInt32) {
        let attr = attributes[Int(edgeAttributes[e])]
        let speed = backward ? attr.backwardSpeed : attr.forwardSpeed
        guard speed > 0 else { return (EdgeBasedGraph.closed, EdgeBasedGraph.closed) }
        let seconds = attr.ferryDuration != nil ? Double(edgeFerrySeconds[e]) : segmentSeconds(edge: e, speed: speed)
        let ms = Swift.max(1, (seconds * 1000).rounded())
        let factor = backward ? attr.backwardWeightFactor : attr.forwardWeightFactor
        return (UInt32(Swift.min(ms * factor, 4e9)), UInt32(Swift.min(ms, 4e9)))
    }

    /// Seconds to drive edge `e` at `speed` km/h, each OSM segment rounded to 0.1 s (at least
    /// 0.1 s) as OSRM stores it, so whole-edge durations add up to OSRM's.
    private func segmentSeconds(edge e: Int, speed: Double) -> Double {
        var tenths = 0.0
        for i in Int(edgeGeometryOffset[e])..<(Int(edgeGeometryOffset[e + 1]) - 1) {
            let metres = RoadMetric.distance(coordinate(ofGeometry: i), coordinate(ofGeometry: i + 1))
            tenths += Swift.max(1, (metres / (speed / 3.6) * 10).rounded())
        }
        return tenths / 10
    }
}

/// Builds the edge-based graph: every permitted turn at every junction with its cost.
struct EdgeBasedGraphBuilder {
    let profile: Profile

    /// - Parameter bearings: each edge end's perceived bearing at its junction (divided roads
    ///   merged), from which turn angles (so turn costs) and the ring's flow are judged, as
    ///   OSRM judges them on its intersection view.
    func build(_ net: RoadNetwork, incidence: JunctionIncidence, restrictions: [TurnRestriction],
               bearings: [Double]) -> EdgeBasedGraph {
        var graph = EdgeBasedGraph()
        let n = net.edgeCount * 2
        graph.nodeWeight.reserveCapacity(n)
        for e in 0..<net.edgeCount {
            for backward in [false, true] {
                let c = net.cost(edge: e, backward: backward, profile: profile)
                graph.nodeWeight.append(c.weight)
                graph.nodeDuration.append(c.duration)
            }
        }
        let rules = RestrictionIndex(restrictions, net: net)
        // Turns are produced per junction; gather them per source node, then lay out as CSR.
        var turns: [(source: Int32, target: Int32, weight: UInt32, duration: UInt32)] = []
        turns.reserveCapacity(n * 3)
        for j in 0..<net.junctionCount {
            let ends = incidence.ends[Int(incidence.offset[j])..<Int(incidence.offset[j + 1])]
            let degree = ends.count
            let junctionRules = net.junctionRules[j]
            let ring = RingFlow(ends: ends, net: net, graph: graph, bearings: bearings)
            // Roads one may arrive on (OSRM's `bidirectional_edges`, counted by the edges
            // that run into the junction).
            let arrivals = ends.reduce(0) { n, end in
                n + (graph.nodeWeight[Int(Self.arriving(end))] != EdgeBasedGraph.closed ? 1 : 0)
            }
            for inEnd in ends {
                let e = Int(inEnd >> 1)
                let a = Self.arriving(inEnd)
                guard graph.nodeWeight[Int(a)] != EdgeBasedGraph.closed else { continue }
                let arrivingHeading = (bearings[Int(inEnd)] + 180).truncatingRemainder(dividingBy: 360)
                let inAttr = net.attributes[Int(net.edgeAttributes[e])]
                var produced = 0, exits = 0
                var uTurn: (Int32, Double)?
                for outEnd in ends {
                    let f = Int(outEnd >> 1), outSide = Int(outEnd & 1)
                    let b = Int32(f << 1 | outSide)
                    guard graph.nodeWeight[Int(b)] != EdgeBasedGraph.closed else { continue }
                    let leavingBearing = bearings[Int(outEnd)]
                    let angle = Geodesy.turnAngle(from: arrivingHeading, to: leavingBearing)
                    if rules.forbids(from: net.edgeWay[e], to: net.edgeWay[f], at: j) { continue }
                    exits += 1
                    if b == a ^ 1 {
                        uTurn = (b, angle)
                        continue
                    }
                    if junctionRules.blocks { continue }
                    if ring.crossesAgainstFlow(from: arrivingHeading, to: leavingBearing) { continue }
                    let outAttr = net.attributes[Int(net.edgeAttributes[f])]
                    // Between the two carriageways of a divided road (one merged bearing) the
                    // turn is a U-turn to OSRM, which judges it by the angle, and pays for it.
                    let backOnRoad = leavingBearing == bearings[Int(inEnd)]
                    var cost = turnCost(angle: angle, degree: degree, uTurn: backOnRoad,
                                        modeChange: inAttr.isFerry != outAttr.isFerry, junction: junctionRules,
                                        onRing: inAttr.forwardRoad.isRoundabout || outAttr.forwardRoad.isRoundabout)
                    cost += obstacleSeconds(junctionRules.obstacle, net: net, arriving: a, leaving: b, ends: ends)
                    let penalty = (!inAttr.isRestricted(backward: a & 1 == 1) && outAttr.isRestricted(backward: b & 1 == 1))
                        ? profile.restrictedPenalty : 0
                    turns.append((a, b, weightOf(graph.nodeWeight[Int(a)], cost + penalty), ms(cost)))
                    produced += 1
                }
                // U-turns as OSRM allows them (`isTurnAllowed`): where nothing else is possible
                // (dead ends, barriers), at a designated turning place, where the way back is
                // the only way out or the road arrived on the only one to arrive by, or from a
                // lane marked for it; never across an ordinary junction.
                if let (b, angle) = uTurn, produced == 0 || junctionRules.isTurningPlace || exits == 1 || arrivals <= 1
                    || (a & 1 == 1 ? inAttr.backwardRoad : inAttr.forwardRoad).turnLanes.contains("reverse")
                {
                    let cost = turnCost(angle: angle, degree: degree, uTurn: true, modeChange: false, junction: junctionRules)
                        + obstacleSeconds(junctionRules.obstacle, net: net, arriving: a, leaving: b, ends: ends)
                    turns.append((a, b, weightOf(graph.nodeWeight[Int(a)], cost), ms(cost)))
                }
            }
        }
        turns.sort { $0.source < $1.source }
        var offset = [Int32](repeating: 0, count: n + 1)
        for t in turns { offset[Int(t.source) + 1] += 1 }
        for i in 0..<n { offset[i + 1] += offset[i] }
        graph.arcOffset = offset
        graph.arcTarget = turns.map(\.target)
        graph.arcWeight = turns.map(\.weight)
        graph.arcTurnDuration = turns.map(\.duration)
        ViaWayRestrictionApplier(net: net, incidence: incidence).apply(restrictions, to: &graph)
        return graph
    }

    /// The edge-based node of driving into the junction at `end` (an incidence entry: edge
    /// and side); arriving at an edge's end (side 1) means driving it forward.
    static func arriving(_ end: Int32) -> Int32 {
        (end >> 1) << 1 | (end & 1 == 1 ? 0 : 1)
    }

    /// A turn's duration or weight in ms, cut to whole tenths of a second as OSRM stores
    /// both (deciseconds, truncated by its `numeric_cast`), so route times add up to OSRM's
    /// and routes compare as OSRM compares them. Kept to the millisecond, a turn weighed up
    /// to 0.1 s more than in OSRM, and of two routes within seconds of each other, the one
    /// with more junctions lost where OSRM takes it (Porto: 6 of 1,000 random routes).
    private func ms(_ seconds: Double) -> UInt32 { UInt32(Swift.max(0, (seconds * 10).rounded(.towardZero)) * 100) }

    private func weightOf(_ edge: UInt32, _ turnSeconds: Double) -> UInt32 {
        UInt32(Swift.min(Double(edge) + Double(ms(turnSeconds)), 4e9))
    }

    /// Seconds the sign or signal at a junction costs a turn from directed edge `arriving`
    /// to `leaving` (OSRM's `process_turn`): only if it faces the arriving traffic; where two
    /// roads meet, a stop sign without direction faces the traffic from afar; a minor-road
    /// stop only traffic from a slower road than some other road there.
    private func obstacleSeconds(_ obstacle: Obstacle?, net: RoadNetwork, arriving a: Int32, leaving b: Int32,
                                 ends: ArraySlice<Int32>) -> Double {
        guard let obstacle else { return 0 }
        let forward = a & 1 == 0
        if ends.count == 2 {
            return obstacle.passSeconds(forward: forward, incoming: Double(net.edgeLength[Int(a >> 1)]),
                                        outgoing: Double(net.edgeLength[Int(b >> 1)]))
        }
        guard obstacle.faces(forward: forward) else { return 0 }
        if obstacle.kind == .minorStop {
            func speed(_ e: Int) -> Double {
                let attr = net.attributes[Int(net.edgeAttributes[e])]
                return Swift.max(attr.forwardSpeed, attr.backwardSpeed)
            }
            let source = speed(Int(a >> 1))
            guard ends.contains(where: { Int($0 >> 1) != Int(a >> 1) && speed(Int($0 >> 1)) > source }) else { return 0 }
        }
        return obstacle.seconds
    }

    /// OSRM's turn cost: a logistic curve in the turn angle, cheaper on the driving side,
    /// paid only at real intersections, plus the wait for a gap in oncoming traffic when
    /// turning across it (not on or off a ring, where traffic runs one way), plus U-turn,
    /// signal and gate delays.
    func turnCost(angle: Double, degree: Int, uTurn: Bool, modeChange: Bool, junction: NodeRules,
                  onRing: Bool = false) -> Double
    {
        var cost = junction.penalty
        guard profile.turnPenalty > 0, degree > 2 || uTurn || modeChange else { return cost }
        let bias = profile.turnBias
        if angle >= 0 {
            cost += profile.turnPenalty / (1 + exp(-((13 / bias) * angle / 180 - 6.5 * bias)))
        } else {
            cost += profile.turnPenalty / (1 + exp(-((13 * bias) * -angle / 180 - 6.5 / bias)))
        }
        // Traffic keeps right here: a left turn (negative angle) crosses it.
        if profile.oncomingTurnPenalty > 0, angle < 0, !uTurn, degree > 2, !onRing {
            cost += profile.oncomingTurnPenalty / (1 + exp(-(13 * abs(angle) / 180 - 3.25)))
        }
        if uTurn { cost += profile.uTurnPenalty }
        return cost
    }
}

/// The ring through a junction, for OSRM's rule against leaving a roundabout junction in
/// the opposite direction of the ring's flow (`isTurnAllowed`): a road arriving at a ring
/// junction may not turn onto a road lying in the sector between the ring arriving there
/// and the road itself, which would cross the ring's traffic head-on.
struct RingFlow {
    /// Outward bearings of the ring roads at the junction and whether each may be left along.
    private var bearings: [(bearing: Double, leaves: Bool)] = []

    init(ends: ArraySlice<Int32>, net: RoadNetwork, graph: EdgeBasedGraph, bearings: [Double]) {
        for end in ends {
            let e = Int(end >> 1), side = Int(end & 1)
            guard net.attributes[Int(net.edgeAttributes[e])].forwardRoad.isRoundabout else { continue }
            let leaves = graph.nodeWeight[e << 1 | side] != EdgeBasedGraph.closed
            self.bearings.append((bearings[Int(end)], leaves))
        }
    }

    /// Whether turning from a road arriving with heading `arrivingHeading` onto the road
    /// leaving with bearing `to` crosses the ring against its flow. As in OSRM, the ring
    /// road arriving is a ring piece that cannot be left along (`reversed` there), the one
    /// leaving any other; ties go to the widest angle from the way in (linked roundabouts).
    func crossesAgainstFlow(from arrivingHeading: Double, to: Double) -> Bool {
        guard !bearings.isEmpty else { return false }
        let back = (arrivingHeading + 180).truncatingRemainder(dividingBy: 360)
        var from: Double?, fromAngle = 0.0, into: Double?, intoAngle = 0.0
        for b in bearings {
            if !b.leaves {
                // OSRM measures the arriving ring road by its heading into the junction.
                let heading = (b.bearing + 180).truncatingRemainder(dividingBy: 360)
                let angle = Self.angle(heading, back)
                if angle > fromAngle { from = heading; fromAngle = angle }
            } else {
                let angle = Self.angle(back, b.bearing)
                if angle > intoAngle { into = b.bearing; intoAngle = angle }
            }
        }
        guard let from, let into else { return false }
        let ringAngle = Self.angle(from, into)
        let backAngle = Self.angle(from, back)
        let toAngle = Self.angle(from, to)
        return (backAngle < ringAngle && toAngle < backAngle) || (backAngle > ringAngle && toAngle > backAngle)
    }

    /// OSRM's `angleBetween` of two bearings on its turn circle: 180 is straight on.
    private static func angle(_ a: Double, _ b: Double) -> Double {
        let d = (a - b + 540).truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }
}

/// Via-node turn restrictions keyed by junction.
struct RestrictionIndex {
    private var byJunction: [Int32: [TurnRestriction]] = [:]

    init(_ restrictions: [TurnRestriction], net: RoadNetwork) {
        var junctionOfNode: [Int64: Int32] = [:]
        let vias = Set(restrictions.compactMap(\.viaNode))
        for (j, id) in net.junctionOSMId.enumerated() where vias.contains(id) { junctionOfNode[id] = Int32(j) }
        for r in restrictions {
            guard let via = r.viaNode, let j = junctionOfNode[via] else { continue }
            byJunction[j, default: []].append(r)
        }
    }

    func forbids(from: Int64, to: Int64, at junction: Int) -> Bool {
        guard let list = byJunction[Int32(junction)] else { return false }
        for r in list where r.fromWay == from {
            if r.isOnly ? r.toWay != to : r.toWay == to { return true }
        }
        return false
    }
}
