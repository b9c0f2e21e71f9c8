import GemNavCore

/// How guidance announces a ring of `junction=roundabout` or `junction=circular` ways,
/// decided once per ring at import from its whole shape, as OSRM's roundabout handler does.
enum RingKind: Sendable {
    /// Not a well-formed ring (a fork on it, a circular ring that is no rotary): its roads
    /// are announced like any other.
    case none
    case roundabout
    /// A large ring with a name of its own ("Place de l'Étoile"), or any named circular one.
    case rotary
    /// A small roundabout with at most four well-separated simple exits, or a ring with a
    /// single exit: announced as one `roundabout turn`.
    case intersection
}

enum RingKinds {
    /// A named ring whose radius exceeds this (metres) is a rotary (OSRM's MAX_ROUNDABOUT_RADIUS).
    static let rotaryRadius = 15.0
    /// A ring below this radius may be a roundabout intersection.
    static let intersectionRadius = 15.0
    /// Exits closer than this (degrees) are not told apart (OSRM's NARROW_TURN_ANGLE).
    static let narrowTurn = 40.0

    /// The kind of every edge's ring, `nil` for edges on no ring. `perceived` holds the
    /// perceived bearing of every edge end (`RoadNetwork.perceivedBearings`).
    static func classify(_ net: RoadNetwork, incidence: JunctionIncidence, perceived: [Double]) -> [RingKind?] {
        var kinds = [RingKind?](repeating: nil, count: net.edgeCount)
        for e in 0..<net.edgeCount where kinds[e] == nil && isRing(net, e) {
            let (kind, edges) = walk(net, incidence, perceived, from: Int(net.edgeFrom[e]))
            for r in edges { kinds[r] = kind }
            if kinds[e] == nil { kinds[e] = RingKind.none }
        }
        return kinds
    }

    private static func isRing(_ net: RoadNetwork, _ e: Int) -> Bool {
        net.attributes[Int(net.edgeAttributes[e])].forwardRoad.isRoundabout
    }

    private static func isCircular(_ net: RoadNetwork, _ e: Int) -> Bool {
        net.attributes[Int(net.edgeAttributes[e])].isCircular
    }

    /// Follows the ring from junction `start` in its driving direction; the kind and the edges
    /// walked (empty when the ring is malformed before it closes).
    private static func walk(_ net: RoadNetwork, _ inc: JunctionIncidence, _ perceived: [Double],
                             from start: Int) -> (RingKind, [Int])
    {
        let ends = { (j: Int) in inc.ends[Int(inc.offset[j])..<Int(inc.offset[j + 1])] }
        // A ring mixing roundabout and circular ways is no ring (OSRM).
        let kinds = Set(ends(start).map(Int.init).filter { isRing(net, $0 >> 1) }.map { isCircular(net, $0 >> 1) })
        guard kinds.count == 1, let circular = kinds.first else { return (.none, []) }
        var names: [String] = []
        var connected = Set<String>()
        var exits: [Int] = []
        var walked: [Int] = []
        var length = 0.0
        var j = start
        repeat {
            let here = ends(j).map(Int.init)
            if here.count > 2 { exits.append(j) }
            guard here.filter({ isRing(net, $0 >> 1) }).count == 2 else { return (.none, walked) }
            var next: Int?
            for end in here {
                let e = end >> 1
                let attr = net.attributes[Int(net.edgeAttributes[e])]
                if isRing(net, e) {
                    guard isCircular(net, e) == circular, (end & 1 == 0 ? attr.forwardSpeed : attr.backwardSpeed) > 0
                    else { continue }
                    guard next == nil else { return (.none, walked) }
                    next = end
                    let name = attr.forwardRoad.name
                    if !name.isEmpty, !names.contains(name) { names.append(name) }
                } else {
                    connected.insert(attr.forwardRoad.name)
                }
            }
            guard let out = next else { return (.none, walked) }
            walked.append(out >> 1)
            length += Double(net.edgeLength[out >> 1])
            j = Int(out & 1 == 0 ? net.edgeTo[out >> 1] : net.edgeFrom[out >> 1])
        } while j != start && walked.count <= net.edgeCount
        guard j == start, !exits.isEmpty else { return (.none, walked) }
        if exits.count == 1 && !circular { return (.intersection, walked) }
        let radius = length / (2 * .pi)
        if names.count == 1 && (circular || (!connected.contains(names[0]) && radius > rotaryRadius)) {
            return (.rotary, walked)
        }
        if circular { return (.none, walked) }
        if radius < intersectionRadius && qualifiesAsIntersection(net, inc, perceived, exits) { return (.intersection, walked) }
        return (.roundabout, walked)
    }

    /// At most four exits, each a single road, pointing in clearly different directions. The
    /// directions are the roads' perceived bearings (OSRM's `GetCoordinateAlongRoad`), not
    /// their first segments: a short stub drawn to meet the ring points elsewhere than the road.
    private static func qualifiesAsIntersection(_ net: RoadNetwork, _ inc: JunctionIncidence, _ perceived: [Double],
                                                _ exits: [Int]) -> Bool
    {
        guard exits.count <= 4 else { return false }
        var bearings: [Double] = []
        for j in exits {
            let here = inc.ends[Int(inc.offset[j])..<Int(inc.offset[j + 1])].map(Int.init)
            guard here.count <= 3 else { return false }
            if let road = here.first(where: { !isRing(net, $0 >> 1) }) {
                bearings.append(perceived[road])
            }
        }
        bearings.sort()
        // OSRM compares neighbours by plain difference, the last with the first included.
        for i in bearings.indices where abs(bearings[(i + 1) % bearings.count] - bearings[i]) <= narrowTurn {
            return false
        }
        return true
    }
}
