/// Joins edges through junctions where nothing can happen: exactly two road ends meet, with
/// the same attributes and no barrier, signal or turn restriction there. OSM splits ways for
/// reasons a driver never sees (a bridge, a relation, an edit), and each split cost a node in
/// every search and a stretch and junction in every route.
extension RoadNetwork {
    /// One edge of a chain, in the chain's direction (`forward`: along its own from → to).
    private typealias Link = (edge: Int, forward: Bool)

    mutating func mergePassNodes(keeping restrictions: [TurnRestriction]) {
        let pass = passJunctions(keeping: restrictions)
        guard pass.contains(true) else { return }
        // The two edge ends at each pass junction.
        var endsAt = [(Int32, Int32)](repeating: (-1, -1), count: junctionCount)
        for e in 0..<edgeCount {
            for j in [Int(edgeFrom[e]), Int(edgeTo[e])] where pass[j] {
                if endsAt[j].0 < 0 { endsAt[j].0 = Int32(e) } else { endsAt[j].1 = Int32(e) }
            }
        }
        var merged = RoadNetwork()
        merged.attributes = attributes
        merged.maneuverPaths = maneuverPaths
        var newJunction = [Int32](repeating: -1, count: junctionCount)
        var used = [Bool](repeating: false, count: edgeCount)
        for e in 0..<edgeCount where !used[e] {
            used[e] = true
            let after = extend(from: (e, true), pass: pass, endsAt: endsAt, used: &used)
            if after.last?.edge == e {
                // A closed ring of pass junctions: no end to start from, keep its edges as they are.
                for link in [(e, true)] + after.dropLast() { merged.append(edge: [link], of: self, &newJunction) }
                continue
            }
            var before = extend(from: (e, false), pass: pass, endsAt: endsAt, used: &used)
            before.reverse()
            for i in before.indices { before[i].forward.toggle() }
            // Taken from `e` forward; a one-way chain then runs the way all its edges do (pass
            // junctions of one-way roads join an arriving end to a leaving one).
            merged.append(edge: before + [(e, true)] + after, of: self, &newJunction)
        }
        self = merged
    }

    /// Walks from the end of `link` through pass junctions, marking the edges it takes.
    private func extend(from link: Link, pass: [Bool], endsAt: [(Int32, Int32)], used: inout [Bool]) -> [Link] {
        var out: [Link] = []
        var (e, forward) = link
        while true {
            let j = Int(forward ? edgeTo[e] : edgeFrom[e])
            guard pass[j] else { break }
            let other = Int(endsAt[j].0) == e ? Int(endsAt[j].1) : Int(endsAt[j].0)
            guard other >= 0 else { break }
            if used[other] {
                if other == link.edge { out.append((other, true)) }  // back at the start: a ring
                break
            }
            used[other] = true
            forward = Int(edgeFrom[other]) == j
            e = other
            out.append((e, forward))
        }
        return out
    }

    /// Junctions an edge can pass straight through (see the type's comment).
    private func passJunctions(keeping restrictions: [TurnRestriction]) -> [Bool] {
        let restrictedWays = Set(restrictions.flatMap { [$0.fromWay, $0.toWay] + $0.viaWays })
        let viaNodes = Set(restrictions.compactMap(\.viaNode))
        var ends = [Int32](repeating: 0, count: junctionCount)
        var first = [Int32](repeating: -1, count: junctionCount)
        var pass = [Bool](repeating: true, count: junctionCount)
        for e in 0..<edgeCount {
            for (j, arrives) in [(Int(edgeFrom[e]), false), (Int(edgeTo[e]), true)] {
                ends[j] += 1
                if restrictedWays.contains(edgeWay[e]) { pass[j] = false }
                if first[j] < 0 {
                    first[j] = Int32(e)
                } else {
                    let f = Int(first[j])
                    let firstArrives = Int(edgeTo[f]) == j
                    // Same attributes, and either the two run on in one direction or both are two-way alike.
                    if f == e || edgeAttributes[f] != edgeAttributes[e]
                        || (firstArrives == arrives && !isSymmetric(e)) { pass[j] = false }
                }
            }
        }
        for j in 0..<junctionCount where pass[j] {
            pass[j] = ends[j] == 2 && junctionRules[j] == NodeRules() && !viaNodes.contains(junctionOSMId[j])
        }
        return pass
    }

    /// Whether edge `e` is the same both ways, so it may be joined against its direction.
    private func isSymmetric(_ e: Int) -> Bool {
        let a = attributes[Int(edgeAttributes[e])]
        return a.forwardSpeed == a.backwardSpeed && a.forwardRoad == a.backwardRoad
    }

    /// Appends `chain` of `source`'s edges as one edge.
    private mutating func append(edge chain: [Link], of source: RoadNetwork, _ newJunction: inout [Int32]) {
        func junction(_ j: Int32) -> Int32 {
            if newJunction[Int(j)] < 0 {
                newJunction[Int(j)] = Int32(junctionLat.count)
                junctionLat.append(source.junctionLat[Int(j)])
                junctionLon.append(source.junctionLon[Int(j)])
                junctionRules.append(source.junctionRules[Int(j)])
                junctionOSMId.append(source.junctionOSMId[Int(j)])
            }
            return newJunction[Int(j)]
        }
        let head = chain[0], tail = chain[chain.count - 1]
        edgeFrom.append(junction(head.forward ? source.edgeFrom[head.edge] : source.edgeTo[head.edge]))
        edgeTo.append(junction(tail.forward ? source.edgeTo[tail.edge] : source.edgeFrom[tail.edge]))
        edgeWay.append(source.edgeWay[head.edge])
        edgeAttributes.append(source.edgeAttributes[head.edge])
        var length: Float = 0, ferry: Float = 0
        for (k, link) in chain.enumerated() {
            let range = Int(source.edgeGeometryOffset[link.edge])..<Int(source.edgeGeometryOffset[link.edge + 1])
            let points = link.forward ? Array(range) : range.reversed()
            for i in points.dropFirst(k == 0 ? 0 : 1) {
                geometryLat.append(source.geometryLat[i])
                geometryLon.append(source.geometryLon[i])
                geometryOSMId.append(source.geometryOSMId[i])
            }
            length += source.edgeLength[link.edge]
            ferry += source.edgeFerrySeconds[link.edge]
        }
        edgeGeometryOffset.append(Int32(geometryLat.count))
        edgeLength.append(length)
        edgeFerrySeconds.append(ferry)
    }
}
