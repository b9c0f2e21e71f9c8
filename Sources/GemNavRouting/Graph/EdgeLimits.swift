import GemNavCore

/// One directed edge's limits as a truck graph stores them: only edges with a limit have a
/// record (on Porto a few hundred of 200,000), sorted by directed edge. Lengths are whole
/// centimetres and weights tens of kilograms, rounded down so a stored limit is never above
/// the tagged one; `none` where the edge has no limit in that dimension.
struct EdgeLimitRecord: BitwiseCopyable, Equatable {
    /// The graph section holding the records.
    static let section = "elimit"
    static let none = UInt16.max

    /// The directed edge (`e << 1 | backward`).
    var edge: Int32
    var height: UInt16, weight: UInt16, width: UInt16, length: UInt16, axleLoad: UInt16
    var reserved: UInt16 = 0

    init(edge: Int32, _ limits: PhysicalLimits) {
        func code(_ value: Double?, scale: Double) -> UInt16 {
            guard let value else { return Self.none }
            return UInt16(Swift.max(0, Swift.min(Double(Self.none - 1), (value * scale + 1e-6).rounded(.down))))
        }
        self.edge = edge
        height = code(limits.height, scale: 100)
        weight = code(limits.weight, scale: 100)
        width = code(limits.width, scale: 100)
        length = code(limits.length, scale: 100)
        axleLoad = code(limits.axleLoad, scale: 100)
    }

    /// The stored code in one dimension (`none` where unlimited).
    func code(_ d: LimitDimension) -> UInt16 {
        switch d {
        case .height: height
        case .weight: weight
        case .width: width
        case .length: length
        case .axleLoad: axleLoad
        }
    }

    /// The limits in metres and tonnes.
    var limits: PhysicalLimits {
        func value(_ code: UInt16) -> Double? { code == Self.none ? nil : Double(code) / 100 }
        return PhysicalLimits(height: value(height), weight: value(weight), width: value(width),
                              length: value(length), axleLoad: value(axleLoad))
    }
}

extension RoadNetwork {
    /// Every directed edge's limits: its way's in its direction, and those of the node it
    /// leads into (a height restrictor, a barrier with a weight limit), so passing the node
    /// is checked on the edge that reaches it.
    func limitRecords() -> [EdgeLimitRecord] {
        var records: [EdgeLimitRecord] = []
        for e in 0..<edgeCount {
            let attr = attributes[Int(edgeAttributes[e])]
            for backward in [false, true] {
                guard (backward ? attr.backwardSpeed : attr.forwardSpeed) > 0 else { continue }
                let end = Int(backward ? edgeFrom[e] : edgeTo[e])
                let limits = (backward ? attr.backwardLimits : attr.forwardLimits).combined(with: junctionRules[end].limits)
                if !limits.isEmpty { records.append(EdgeLimitRecord(edge: Int32(e << 1 | (backward ? 1 : 0)), limits)) }
            }
        }
        return records
    }
}

/// A directed edge with a limit, for tools that look at where limits are (benchmarks, maps).
public struct LimitedEdge: Sendable, Hashable {
    /// The directed edge (`e << 1 | backward`).
    public var directedEdge: Int
    /// Its limits.
    public var limits: PhysicalLimits
    /// Where it starts and ends, in its direction of travel.
    public var start: Coordinate, end: Coordinate
    /// Its road's name (or ref), empty when it has none.
    public var roadName: String
}

extension RoutingGraph {
    /// The limits of directed edge `n` (or of the original of a copy), nil when it has none.
    public func limits(ofDirectedEdge n: Int) -> PhysicalLimits? {
        let target = original(Int32(n))
        var low = 0, high = edgeLimits.count
        while low < high {
            let mid = (low + high) / 2
            if edgeLimits[mid].edge < target { low = mid + 1 } else { high = mid }
        }
        return low < edgeLimits.count && edgeLimits[low].edge == target ? edgeLimits[low].limits : nil
    }

    /// The distinct limit values present in the graph per dimension, ascending (the classes a
    /// hierarchy with restriction bits needs one bit each for).
    public func distinctLimitValues() -> [LimitDimension: [Double]] {
        var values: [LimitDimension: Set<Double>] = [:]
        for i in 0..<edgeLimits.count {
            let limits = edgeLimits[i].limits
            for d in LimitDimension.allCases { if let v = limits[d] { values[d, default: []].insert(v) } }
        }
        return values.mapValues { $0.sorted() }
    }

    /// Every directed edge with a limit.
    public var limitedEdges: [LimitedEdge] {
        (0..<edgeLimits.count).map { i in
            let n = Int(edgeLimits[i].edge), e = n >> 1
            let from = junctionPoint(Int(edgeFrom[e])), to = junctionPoint(Int(edgeTo[e]))
            return LimitedEdge(directedEdge: n, limits: edgeLimits[i].limits, start: n & 1 == 0 ? from : to,
                               end: n & 1 == 0 ? to : from, roadName: roadLabel(of: n))
        }
    }

    /// The directed edges a vehicle of this size may not use.
    func blockedEdges(for vehicle: VehicleDimensions) -> Set<Int32> {
        var blocked = Set<Int32>()
        for i in 0..<edgeLimits.count where vehicle.exceeded(edgeLimits[i].limits) != nil {
            blocked.insert(edgeLimits[i].edge)
        }
        return blocked
    }

    /// The name a message gives a directed edge's road: its name, else its ref, else a phrase.
    func roadLabel(of n: Int) -> String {
        let road = road(of: n)
        return !road.name.isEmpty ? road.name : road.ref
    }
}
