import GemNavCore

/// OSRM's `classes` (car.lua's `classes` way handler) and where its graph keeps a way apart.
enum RoadClasses {
    /// The classes of a road in travel direction, in the order car.lua lists them.
    static func of(_ road: RoadInfo) -> [String] {
        var classes = [String]()
        if road.isToll { classes.append("toll") }
        if road.roadClass == .motorway || road.roadClass == .motorwayLink { classes.append("motorway") }
        if road.mode == .ferry { classes.append("ferry") }
        if road.isRestricted { classes.append("restricted") }
        if road.isTunnel { classes.append("tunnel") }
        return classes
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
        a.mode != b.mode || of(a) != of(b)
    }
}
