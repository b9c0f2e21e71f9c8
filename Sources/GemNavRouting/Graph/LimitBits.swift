/// One distinct limit value of a truck graph and the restriction bit that closes it: the
/// `lbits` section lists every (dimension, value) present on the map, ascending per dimension.
struct LimitBitRecord: BitwiseCopyable, Equatable {
    /// `LimitDimension`'s index in `allCases`.
    var dimension: UInt8
    /// The restriction bit excluded for a vehicle this value blocks.
    var bit: UInt8
    /// 1 when the value has a bit of its own (a threshold), 0 when it shares the bit of the
    /// next larger threshold (the map had more values than bits).
    var isThreshold: UInt8
    var reserved: UInt8 = 0
    /// The value as `EdgeLimitRecord` codes it (centimetres, tens of kilograms).
    var code: UInt16
    var reserved2: UInt16 = 0
}

/// Truck limits as restriction bits of the contraction hierarchy, so a vehicle's route is an
/// exclusion like an avoid option, not a different search.
///
/// Per dimension the map's distinct limit values are thresholds t₁ < t₂ < … < tₖ, each with
/// a bit above `AvoidOptions`' three. A directed edge whose limit is v carries the bit of
/// every threshold ≥ v. The limits a vehicle is blocked by are the values below its size (at
/// or below, for width): a prefix t₁…tⱼ. So a request excludes one bit per dimension, that of
/// tⱼ, and exactly the edges with a limit ≤ tⱼ carry it. The bits of one dimension form a
/// chain of suffixes, so the union of two edges' bits is again one edge's bits, and the
/// hierarchy keeps few parallel arcs.
///
/// When a map has more distinct values than bits (29), neighbouring values share one: each
/// bit stands for the largest value of its group, and an edge carries the bits of every group
/// at or above its own. A vehicle blocked exactly up to a group's largest value is answered
/// exactly; one blocked by only part of a group would also lose the group's higher values,
/// so `exclusion(for:)` reports it inexact and the engine uses the plain search for it.
struct LimitBits {
    /// The graph section holding the records.
    static let section = "lbits"
    /// The first bit used for limits: below it are `AvoidOptions`' raw values.
    static let firstBit = 3
    /// How many bits limits may use.
    static let capacity = 32 - firstBit

    /// Every distinct value per dimension, ascending by dimension then value.
    let records: [LimitBitRecord]

    init(records: [LimitBitRecord]) { self.records = records }

    /// The thresholds for `edges`' limits, at most `capacity` bits (fewer in tests that
    /// exercise merging). Dimensions share the bits in proportion to their distinct values,
    /// each with at least one; within a dimension the thresholds are spread evenly over the
    /// sorted values and always include the largest, so every limited edge carries a bit.
    init(edges: [EdgeLimitRecord], capacity: Int = LimitBits.capacity) {
        let dimensions = LimitDimension.allCases
        let values: [[UInt16]] = dimensions.map { d in
            Array(Set(edges.map { $0.code(d) }.filter { $0 != EdgeLimitRecord.none })).sorted()
        }
        var budget = values.map { $0.isEmpty ? 0 : 1 }
        var left = capacity - budget.reduce(0, +)
        precondition(left >= 0, "fewer limit bits than dimensions")
        // One bit at a time to the dimension with the most values per bit.
        while left > 0, let d = values.indices.filter({ budget[$0] < values[$0].count })
            .max(by: { Double(values[$0].count) / Double(budget[$0]) < Double(values[$1].count) / Double(budget[$1]) })
        {
            budget[d] += 1
            left -= 1
        }
        var records: [LimitBitRecord] = []
        var bit = Self.firstBit
        for (d, sorted) in values.enumerated() where !sorted.isEmpty {
            let n = sorted.count, b = budget[d]
            // Group k ends at index ⌈(k+1)·n/b⌉ − 1; the last group ends at the largest value.
            var groupEnds = Set<Int>()
            for k in 0..<b { groupEnds.insert(((k + 1) * n + b - 1) / b - 1) }
            for (i, code) in sorted.enumerated() {
                let isEnd = groupEnds.contains(i)
                records.append(LimitBitRecord(dimension: UInt8(d), bit: UInt8(bit), isThreshold: isEnd ? 1 : 0, code: code))
                if isEnd { bit += 1 }
            }
        }
        self.records = records
    }

    /// The bits of a directed edge with `limits`: per dimension, those of every threshold at
    /// or above its value.
    func bits(of limits: EdgeLimitRecord) -> UInt32 {
        var bits: UInt32 = 0
        for r in records {
            let code = limits.code(LimitDimension.allCases[Int(r.dimension)])
            if code != EdgeLimitRecord.none && r.code >= code { bits |= 1 << UInt32(r.bit) }
        }
        return bits
    }

    /// The bits a vehicle must exclude (one per dimension it exceeds some limit in), and
    /// whether excluding them closes exactly the edges it does not fit (false when a shared
    /// bit also closes larger limits it would fit under).
    func exclusion(for vehicle: VehicleDimensions) -> (bits: UInt32, exact: Bool) {
        var bits: UInt32 = 0, exact = true
        for (d, dimension) in LimitDimension.allCases.enumerated() {
            // The largest value of this dimension the vehicle is blocked by.
            guard let r = records.last(where: {
                Int($0.dimension) == d && dimension.blocks(limit: Double($0.code) / 100, size: vehicle[dimension])
            }) else { continue }
            bits |= 1 << UInt32(r.bit)
            exact = exact && r.isThreshold == 1
        }
        return (bits, exact)
    }
}
