import GemNavCore

/// OSRM's `classes` (car.lua's `classes` way handler) and where its graph keeps a way apart.
enum RoadClasses {
    /// The classes of a road in travel direction, in the order car.lua lists them. Every
    /// junction of a route asks, so the answer is one of a few shared arrays, not a new one.
    static func of(_ road: RoadInfo) -> [String] { lists[bits(of: road)] }

    private static let names = ["toll", "motorway", "ferry", "restricted", "tunnel"]

    /// Each combination of classes as a list, indexed by `bits(of:)`.
    private static let lists: [[String]] = (0..<(1 << names.count)).map { set in
        names.indices.filter { set & (1 << $0) != 0 }.map { names[$0] }
    }

    /// The road's classes as one bit each, in `names`' order.
    private static func bits(of road: RoadInfo) -> Int {
        (road.isToll ? 1 : 0) | (road.roadClass == .motorway || road.roadClass == .motorwayLink ? 2 : 0)
            | (road.mode == .ferry ? 4 : 0) | (road.isRestricted ? 8 : 0) | (road.isTunnel ? 16 : 0)
    }

    /// Whether passing from road `a` onto road `b` where nothing else meets is an
    /// intersection for OSRM: its graph joins two ways into one edge only when names and
    /// signs, classes, travel mode, road class and ring flags agree; where it cannot, the
    /// place is listed among a step's intersections. A change of speed limit or lanes alone
    /// is not such a place.
    /// Only class and mode changes are listed for now: a name change at such a place is a
    /// step of its own in OSRM until short name segments are folded, which happens after it
    /// demotes ends of road, so listing it here would keep ends of road OSRM demotes.
    static func separates(_ a: RoadInfo, _ b: RoadInfo) -> Bool {
        a.mode != b.mode || bits(of: a) != bits(of: b)
    }
}
