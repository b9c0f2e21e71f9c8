/// Where a search starts or ends on one directed edge: the weight and time already driven
/// on it at the snapped point (from the directed edge's own start).
struct Phantom: Sendable {
    var node: Int32
    /// Routing weight (ms) from the directed edge's start to the snapped point.
    var weightOffset: Int64
    /// Metres from the directed edge's start to the snapped point.
    var metres: Double
}

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
}
