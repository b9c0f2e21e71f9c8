import GemNavCore

/// The short connecting pieces inside a divided road's crossing: OSRM's segregated
/// intersection classification (`findSegregatedNodes`). A driver crossing a dual carriageway
/// drives two junctions and the piece between them, but perceives one intersection; guidance
/// announces such a crossing once, at its first junction (see `SegregatedCrossings`).
///
/// A directed piece (through the junctions OSRM's graph compression removes) counts when it
/// is at most 32 m long, not part of a ring, entered from a one-way road of a main road class
/// that meets it roughly at right angles, left onto such a road likewise, and when the turns
/// onto and off it never bend both ways (one carriageway turns left into it and the next one
/// right out of it, say, is two turns, not a crossing). Only its first edge is marked: that is
/// where the route leaves onto it.
extension SegregatedRoads {
    /// Longest piece of road that can lie inside an intersection, metres.
    static let internalLengthMax = 32.0

    /// For each directed edge (`e << 1 | side`), whether it is such an internal piece.
    func intersectionInternalEdges() -> [Bool] {
        var result = [Bool](repeating: false, count: net.edgeCount * 2)
        for end in 0..<(net.edgeCount * 2) where leaves[end] {
            result[end] = isInternal(end)
        }
        return result
    }

    private func isInternal(_ piece: Int) -> Bool {
        guard !isRing(piece) else { return false }
        // The piece as OSRM's compressed graph has it: through the junctions it compresses
        // away (`compressedSuccessor`; a few at most, as in `compressedOutwardLine`).
        let start = source(piece)
        var last = piece, total = length(piece)
        for _ in 0..<16 {
            guard total <= Self.internalLengthMax,
                  let next = net.compressedSuccessor(of: last, incidence, notBack: start), next != piece
            else { break }
            last = next
            total += length(next)
        }
        guard total <= Self.internalLengthMax else { return false }
        let end = target(last)
        // Turns from roads arriving at the start onto the piece.
        var incoming = Set<ManeuverModifier>(), onewayIn = false
        var seen = Set<Int>()
        for other in ends(start) {
            let o = Int(other), neighbour = target(o)
            guard o >> 1 != piece >> 1, neighbour != end, seen.insert(neighbour).inserted, leaves[o ^ 1] else { continue }
            let angle = turnAngle(from: o, onto: piece)
            incoming.insert(Self.osrmDirection(angle))
            if isOnewayMainRoad(o ^ 1) && !Self.isInternalStraight(angle) { onewayIn = true }
        }
        guard onewayIn else { return false }
        // Turns from the piece onto roads leaving its end.
        var outgoing = Set<ManeuverModifier>(), onewayOut = false
        seen.removeAll()
        for other in ends(end) {
            let o = Int(other), neighbour = target(o)
            guard o >> 1 != last >> 1, neighbour != start, seen.insert(neighbour).inserted, leaves[o] else { continue }
            let angle = turnAngle(from: last ^ 1, onto: o)
            outgoing.insert(Self.osrmDirection(angle))
            if isOnewayMainRoad(o) && !Self.isInternalStraight(angle) { onewayOut = true }
        }
        guard onewayOut else { return false }
        let left: Set<ManeuverModifier> = [.left, .sharpLeft], right: Set<ManeuverModifier> = [.right, .sharpRight]
        let inLeft = !incoming.isDisjoint(with: left), inRight = !incoming.isDisjoint(with: right)
        let outLeft = !outgoing.isDisjoint(with: left), outRight = !outgoing.isDisjoint(with: right)
        return !(inLeft && outRight) && !(inRight && outLeft) && !(outLeft && outRight)
    }

    /// A one-way road of a class OSRM lets border a divided crossing (residential or above,
    /// no link road); `directed` is the direction it can be driven.
    private func isOnewayMainRoad(_ directed: Int) -> Bool {
        guard !leaves[directed ^ 1] else { return false }
        switch road(directed).roadClass {
        case .motorway, .trunk, .primary, .secondary, .tertiary, .residential: return true
        default: return false
        }
    }

    /// The turn from the road arriving along `arriving`'s reverse (the end leaving the
    /// junction back along it) onto `leaving`, both leaving the same junction, as OSRM
    /// measures it here: `computeAngle` on the first points a metre down each road
    /// (180 straight on, 0…180 to the right).
    private func turnAngle(from arriving: Int, onto leaving: Int) -> Double {
        let (junction, from) = Self.closePoint(net, arriving)
        return RoadMetric.angle(from, junction, Self.closePoint(net, leaving).point)
    }

    /// Within 30° of going straight: such a road continues the piece rather than crossing it.
    private static func isInternalStraight(_ angle: Double) -> Bool { angle > 150 && angle < 210 }

    /// OSRM's `getTurnDirection` on its 0…360 angle.
    private static func osrmDirection(_ angle: Double) -> ManeuverModifier {
        switch angle {
        case ...0, 360...: return .uturn
        case ..<60: return .sharpRight
        case ..<140: return .right
        case ..<160: return .slightRight
        case ...200: return .straight
        case ...220: return .slightLeft
        case ...300: return .left
        default: return .sharpLeft
        }
    }
}
