extension Intersection {
    /// The bearings of the roads at an intersection, as a collection of `Int`.
    ///
    /// A route lists a couple of hundred intersections, and two small arrays each were a
    /// tenth of a long route query's time in allocating and freeing them. Up to twelve
    /// bearings of 0–65535° (every real junction's) are kept inline, four to a word; only
    /// more, or values out of that range, fall back to an array.
    public struct Bearings: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
        CustomStringConvertible
    {
        private static let inlineCapacity = 12
        private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        private var inlineCount: UInt8 = 0
        private var spilled: [Int]?

        /// No bearings.
        public init() {}

        /// The given bearings, in order.
        public init(_ bearings: some Sequence<Int>) {
            for b in bearings { append(b) }
        }

        public init(arrayLiteral bearings: Int...) { self.init(bearings) }

        /// Adds a bearing at the end.
        public mutating func append(_ bearing: Int) {
            if spilled != nil {
                spilled!.append(bearing)
            } else if Int(inlineCount) < Self.inlineCapacity, (0...0xFFFF).contains(bearing) {
                let i = Int(inlineCount), shift = UInt64(i % 4 * 16), value = UInt64(bearing) << shift
                switch i / 4 {
                case 0: words.0 |= value
                case 1: words.1 |= value
                default: words.2 |= value
                }
                inlineCount += 1
            } else {
                spilled = Array(self) + [bearing]
            }
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { spilled?.count ?? Int(inlineCount) }

        public subscript(position: Int) -> Int {
            if let spilled { return spilled[position] }
            precondition(position >= 0 && position < Int(inlineCount), "bearing index out of range")
            let word = switch position / 4 {
            case 0: words.0
            case 1: words.1
            default: words.2
            }
            return Int(truncatingIfNeeded: word >> UInt64(position % 4 * 16) & 0xFFFF)
        }

        public static func == (a: Bearings, b: Bearings) -> Bool { a.elementsEqual(b) }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for b in self { hasher.combine(b) }
        }

        public var description: String { Array(self).description }
    }

    /// Whether each road at an intersection may be entered, as a collection of `Bool`: one bit
    /// per road, for the same reason as `Bearings`.
    public struct EntryFlags: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
        CustomStringConvertible
    {
        private var bits: UInt64 = 0
        private var inlineCount: UInt8 = 0
        private var spilled: [Bool]?

        /// No roads.
        public init() {}

        /// The given flags, in order.
        public init(_ flags: some Sequence<Bool>) {
            for f in flags { append(f) }
        }

        public init(arrayLiteral flags: Bool...) { self.init(flags) }

        /// Adds a road's flag at the end.
        public mutating func append(_ canEnter: Bool) {
            if spilled != nil {
                spilled!.append(canEnter)
            } else if inlineCount < 64 {
                if canEnter { bits |= 1 << UInt64(inlineCount) }
                inlineCount += 1
            } else {
                spilled = Array(self) + [canEnter]
            }
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { spilled?.count ?? Int(inlineCount) }

        public subscript(position: Int) -> Bool {
            if let spilled { return spilled[position] }
            precondition(position >= 0 && position < Int(inlineCount), "entry index out of range")
            return bits >> UInt64(position) & 1 == 1
        }

        public static func == (a: EntryFlags, b: EntryFlags) -> Bool { a.elementsEqual(b) }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for f in self { hasher.combine(f) }
        }

        public var description: String { Array(self).description }
    }
}
