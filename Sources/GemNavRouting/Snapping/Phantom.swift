/// Where a search starts or ends on one directed edge: the weight and time already driven
/// on it at the snapped point (from the directed edge's own start).
struct Phantom: Sendable {
    var node: Int32
    /// Routing weight (ms) from the directed edge's start to the snapped point.
    var weightOffset: Int64
    /// Metres from the directed edge's start to the snapped point.
    var metres: Double
}

/// Whether phantoms are wanted to leave a waypoint or to reach it.
enum PhantomRole { case source, target }

extension RoutingGraph {
    /// The directed edges a snapped point can be left or reached on, with their offsets.
    func phantoms(_ s: Snap, excluded: UInt8 = 0) -> [Phantom] {
        guard edgeFlags[s.edge] & excluded == 0 else { return [] }
        let length = Double(edgeLength[s.edge])
        var result: [Phantom] = []
        let fraction = length > 0 ? min(1, max(0, s.offset / length)) : 0
        if s.forwardAllowed {
            let n = 2 * s.edge
            result.append(Phantom(node: Int32(n), weightOffset: Int64((Double(nodeWeight[n]) * fraction).rounded()),
                                  metres: s.offset))
        }
        if s.backwardAllowed {
            let n = 2 * s.edge + 1
            result.append(Phantom(node: Int32(n), weightOffset: Int64((Double(nodeWeight[n]) * (1 - fraction)).rounded()),
                                  metres: max(0, length - s.offset)))
        }
        return result
    }

    /// The phantoms of every candidate road of one waypoint. At a junction every road through
    /// it is a candidate; a source at the very end of its edge whose every onward turn leads to
    /// another candidate starting right there (or a target at the very start of its edge whose
    /// every way in is another candidate ending there) can only add a zero-length step, so it
    /// is dropped: the search then resolves OSRM's tie the way OSRM does.
    func phantoms(_ candidates: [Snap], role: PhantomRole, excluded: UInt8 = 0) -> [Phantom] {
        let all = candidates.flatMap { phantoms($0, excluded: excluded) }
        guard all.count > 1 else { return all }
        switch role {
        case .source:
            let starting = all.filter { $0.metres < 0.01 }.map(\.node)
            return all.filter { p in
                guard Double(edgeLength[Int(p.node >> 1)]) - p.metres < 0.01 else { return true }
                let turns = Int(arcOffset[Int(p.node)])..<Int(arcOffset[Int(p.node) + 1])
                return turns.isEmpty || !turns.allSatisfy { starting.contains(original(arcTarget[$0])) }
            }
        case .target:
            let ending = all.filter { Double(edgeLength[Int($0.node >> 1)]) - $0.metres < 0.01 }.map(\.node)
            return all.filter { t in
                guard t.metres < 0.01 else { return true }
                let j = Int(t.node & 1 == 0 ? edgeFrom[Int(t.node >> 1)] : edgeTo[Int(t.node >> 1)])
                let ways = (Int(junctionOffset[j])..<Int(junctionOffset[j + 1])).map { junctionArms[$0].leaving ^ 1 }
                    .filter { arc(from: $0, to: t.node) != nil }
                return ways.isEmpty || !ways.allSatisfy { ending.contains($0) }
            }
        }
    }
}
