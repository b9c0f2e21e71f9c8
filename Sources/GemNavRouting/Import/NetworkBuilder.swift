import Foundation
import GemNavCore
import GemNavOSM

/// Reads an OSM file in two streaming passes (ways and relations, then only the nodes those
/// ways use) and builds the `RoadNetwork` for a profile. Memory grows with the routable part
/// of the file: nodes no routable way uses are never stored.
struct NetworkBuilder {
    let profile: Profile

    /// Way nodes and attributes gathered in the first pass.
    private struct PendingWay {
        var id: Int64
        var firstRef: Int
        var refCount: Int
        var attributes: Int32
    }

    /// Builds the network and the profile's turn restrictions from `reader`.
    func build(from reader: OSMReader, progress: @escaping (String, Double) -> Void)
        throws -> (RoadNetwork, [TurnRestriction])
    {
        var ways: [PendingWay] = []
        var refs: [Int32] = []
        var nodeIndex: [Int64: Int32] = [:]
        var nodeIds: [Int64] = []
        var useCount: [UInt8] = []
        var attributeIndex: [WayAttributes: Int32] = [:]
        var attributes: [WayAttributes] = []
        var restrictions: [TurnRestriction] = []
        var maneuvers: [ManeuverRelation] = []

        try reader.read([.ways, .relations], progress: { progress("Reading ways", $0) }) { entity in
            switch entity {
            case .way(let way):
                guard way.nodeRefs.count >= 2, let attr = profile.wayAttributes(way.tags) else { return }
                let a: Int32
                if let known = attributeIndex[attr] { a = known } else {
                    a = Int32(attributes.count)
                    attributes.append(attr)
                    attributeIndex[attr] = a
                }
                ways.append(PendingWay(id: way.id, firstRef: refs.count, refCount: way.nodeRefs.count, attributes: a))
                for (i, id) in way.nodeRefs.enumerated() {
                    let dense: Int32
                    if let known = nodeIndex[id] { dense = known } else {
                        dense = Int32(nodeIds.count)
                        nodeIndex[id] = dense
                        nodeIds.append(id)
                        useCount.append(0)
                    }
                    refs.append(dense)
                    // Way ends count twice so they always become junctions.
                    let bump: UInt8 = (i == 0 || i == way.nodeRefs.count - 1) ? 2 : 1
                    useCount[Int(dense)] = useCount[Int(dense)] &+ bump > 250 ? 250 : useCount[Int(dense)] &+ bump
                }
            case .relation(let relation):
                if profile.obeysTurnRestrictions {
                    restrictions += TurnRestriction.parse(relation, profile: profile)
                }
                if let maneuver = ManeuverRelation.parse(relation) { maneuvers.append(maneuver) }
            case .node:
                break
            }
        }

        restrictions = Self.touchingVia(restrictions, ways: ways, refs: refs, nodeIds: nodeIds)
        let maneuverPaths = Self.layOut(maneuvers, ways: ways, refs: refs, nodeIds: nodeIds)

        let missing = Int32.min
        var lat = [Int32](repeating: missing, count: nodeIds.count)
        var lon = [Int32](repeating: missing, count: nodeIds.count)
        var rules: [Int32: NodeRules] = [:]
        try reader.read(.nodes, progress: { progress("Reading nodes", $0) }) { entity in
            guard case .node(let node) = entity, let i = nodeIndex[node.id] else { return }
            lat[Int(i)] = Fixed.encode(node.coordinate.latitude)
            lon[Int(i)] = Fixed.encode(node.coordinate.longitude)
            if !node.tags.isEmpty {
                let r = profile.nodeRules(node.tags)
                if r != NodeRules() { rules[i] = r }
            }
        }
        nodeIndex = [:]

        // Junctions: shared nodes, way ends, barriers, signals and signs, turning places,
        // restriction via nodes, and the nodes next to ones missing from the file (the way is
        // cut there).
        // A signal is a junction so that a route starting or ending next to it pays its
        // whole delay when passing it, as in OSRM, not the share of the edge it drives.
        var isJunction = useCount.map { $0 >= 2 }
        for (i, r) in rules where r.blocks || r.penalty > 0 || r.obstacle != nil || !r.limits.isEmpty || r.isTurningPlace {
            isJunction[Int(i)] = true
        }
        let viaNodes = Set(restrictions.compactMap(\.viaNode))
        for (i, id) in nodeIds.enumerated() where viaNodes.contains(id) { isJunction[i] = true }
        for w in ways {
            for k in 0..<w.refCount where lat[Int(refs[w.firstRef + k])] == missing {
                if k > 0 { isJunction[Int(refs[w.firstRef + k - 1])] = true }
                if k + 1 < w.refCount { isJunction[Int(refs[w.firstRef + k + 1])] = true }
            }
        }

        var net = RoadNetwork()
        net.attributes = attributes
        net.maneuverPaths = maneuverPaths
        var junctionOf = [Int32](repeating: -1, count: nodeIds.count)
        func junction(_ dense: Int32) -> Int32 {
            if junctionOf[Int(dense)] >= 0 { return junctionOf[Int(dense)] }
            let j = Int32(net.junctionLat.count)
            junctionOf[Int(dense)] = j
            net.junctionLat.append(lat[Int(dense)])
            net.junctionLon.append(lon[Int(dense)])
            net.junctionRules.append(rules[dense] ?? NodeRules())
            net.junctionOSMId.append(nodeIds[Int(dense)])
            return j
        }

        for (wi, w) in ways.enumerated() {
            if wi % 4096 == 0 { progress("Building road network", Double(wi) / Double(max(1, ways.count))) }
            let attr = attributes[Int(w.attributes)]
            let ferryLength = attr.ferryDuration == nil ? 0 : wayLength(w, refs: refs, lat: lat, lon: lon)
            var start = -1
            var length = 0.0
            var geometryStart = net.geometryLat.count
            for k in 0..<w.refCount {
                let dense = refs[w.firstRef + k]
                guard lat[Int(dense)] != missing else {
                    if start >= 0 {
                        net.geometryLat.removeSubrange(geometryStart...)
                        net.geometryLon.removeSubrange(geometryStart...)
                        net.geometryOSMId.removeSubrange(geometryStart...)
                    }
                    start = -1
                    geometryStart = net.geometryLat.count
                    continue
                }
                if start >= 0 {
                    let p = refs[w.firstRef + k - 1]
                    length += RoadMetric.distance(point(p, lat, lon), point(dense, lat, lon))
                }
                net.geometryLat.append(lat[Int(dense)])
                net.geometryLon.append(lon[Int(dense)])
                net.geometryOSMId.append(nodeIds[Int(dense)])
                if start < 0 {
                    start = k
                    length = 0
                    geometryStart = net.geometryLat.count - 1
                    continue
                }
                if isJunction[Int(dense)] || k == w.refCount - 1 {
                    net.edgeFrom.append(junction(refs[w.firstRef + start]))
                    net.edgeTo.append(junction(dense))
                    net.edgeGeometryOffset.append(Int32(net.geometryLat.count))
                    net.edgeLength.append(Float(length))
                    net.edgeWay.append(w.id)
                    net.edgeAttributes.append(w.attributes)
                    let ferry = attr.ferryDuration.map { ferryLength > 0 ? $0 * length / ferryLength : $0 } ?? 0
                    net.edgeFerrySeconds.append(Float(ferry))
                    // The junction ends this edge and starts the next one.
                    net.geometryLat.append(lat[Int(dense)])
                    net.geometryLon.append(lon[Int(dense)])
                    net.geometryOSMId.append(nodeIds[Int(dense)])
                    geometryStart = net.geometryLat.count - 1
                    start = k
                    length = 0
                }
            }
            // Drop the dangling start point left after the way's last edge.
            guard start >= 0 else { continue }
            net.geometryLat.removeSubrange(geometryStart...)
            net.geometryLon.removeSubrange(geometryStart...)
            net.geometryOSMId.removeSubrange(geometryStart...)
        }
        progress("Building road network", 1)
        return (net, restrictions)
    }

    private func point(_ i: Int32, _ lat: [Int32], _ lon: [Int32]) -> Coordinate {
        Coordinate(latitude: Fixed.decode(lat[Int(i)]), longitude: Fixed.decode(lon[Int(i)]))
    }

    private func wayLength(_ w: PendingWay, refs: [Int32], lat: [Int32], lon: [Int32]) -> Double {
        var total = 0.0
        for k in 1..<w.refCount {
            let a = refs[w.firstRef + k - 1], b = refs[w.firstRef + k]
            guard lat[Int(a)] != Int32.min, lat[Int(b)] != Int32.min else { continue }
            total += RoadMetric.distance(point(a, lat, lon), point(b, lat, lon))
        }
        return total
    }

    /// Maneuver relations on the OSM nodes of their (routable) ways; relations whose ways do
    /// not join end to end are dropped, as OSRM drops them.
    private static func layOut(_ maneuvers: [ManeuverRelation], ways: [PendingWay], refs: [Int32],
                               nodeIds: [Int64]) -> [ManeuverNodePath] {
        guard !maneuvers.isEmpty else { return [] }
        let named = Set(maneuvers.flatMap { [$0.fromWay, $0.toWay] + $0.viaWays })
        var nodes: [Int64: [Int64]] = [:]
        for w in ways where named.contains(w.id) {
            nodes[w.id] = (0..<w.refCount).map { nodeIds[Int(refs[w.firstRef + $0])] }
        }
        return maneuvers.compactMap { m in
            m.nodePath { nodes[$0] }.map { ManeuverNodePath(nodes: $0, instructionNode: m.viaNode, override: m.override) }
        }
    }

    /// OSRM keeps a restriction only when its way in and way out both start or end where
    /// they meet the via node (or the first and last via way), and are routable: a way
    /// passing through that point is ambiguous (which half is meant?), and a way missing
    /// from the graph would make an `only_*` forbid every turn.
    private static func touchingVia(_ restrictions: [TurnRestriction], ways: [PendingWay], refs: [Int32],
                                    nodeIds: [Int64]) -> [TurnRestriction] {
        let named = Set(restrictions.flatMap { [$0.fromWay, $0.toWay] + $0.viaWays })
        guard !named.isEmpty else { return restrictions }
        var ends: [Int64: Set<Int64>] = [:]
        for w in ways where named.contains(w.id) {
            ends[w.id, default: []].formUnion([nodeIds[Int(refs[w.firstRef])],
                                               nodeIds[Int(refs[w.firstRef + w.refCount - 1])]])
        }
        return restrictions.filter { r in
            guard let from = ends[r.fromWay], let to = ends[r.toWay] else { return false }
            if let via = r.viaNode { return from.contains(via) && to.contains(via) }
            guard let first = r.viaWays.first.flatMap({ ends[$0] }), let last = r.viaWays.last.flatMap({ ends[$0] })
            else { return false }
            return !from.isDisjoint(with: first) && !to.isDisjoint(with: last)
        }
    }
}
