import Foundation
import GemNavCore
import GemNavGuidance

/// Builds hand-made router output: drive straight stretches and turn at junctions whose
/// other roads are given by their angle relative to the current heading.
struct PathBuilder {
    struct OtherArm {
        var angle: Double
        var road: RoadInfo = RoadInfo(name: "Side Street", roadClass: .residential)
        var canEnter = true
        var canArrive = true
    }

    private(set) var position: Coordinate
    private(set) var heading: Double
    private var built = RoutePath.Leg(weight: 0)

    init(start: Coordinate = Coordinate(latitude: 43.7384, longitude: 7.4246), heading: Double = 0) {
        position = start
        self.heading = heading
    }

    /// Drives `meters` straight on at `kmh`, in segments of at most 100 m.
    mutating func drive(_ road: RoadInfo, _ meters: Double, kmh: Double = 50) {
        let pieces = max(1, Int((meters / 100).rounded(.up)))
        var coords = [position], dists = [Double](), times = [Double]()
        for _ in 0..<pieces {
            let next = Self.offset(coords[coords.count - 1], meters / Double(pieces), bearing: heading)
            coords.append(next)
            dists.append(meters / Double(pieces))
            times.append(meters / Double(pieces) / (kmh / 3.6))
        }
        position = coords[coords.count - 1]
        built.append(road, coordinates: coords, segmentDistances: dists, segmentDurations: times)
    }

    /// Turns by `angle` (positive = right) at a junction with the given other roads; the road
    /// taken is a piece inside a divided road's crossing when `insideCrossing`.
    mutating func turn(_ angle: Double, others: [OtherArm] = [], insideCrossing: Bool = false) {
        func bearing(_ a: Double) -> Int { (Int((heading + a).rounded()) % 360 + 360) % 360 }
        var arms: [(RoutePath.Arm, Int)] = [
            (RoutePath.Arm(bearing: bearing(180), canEnter: false, canArrive: true, road: built.roads.last?.road ?? RoadInfo()), 0),
            (RoutePath.Arm(bearing: bearing(angle), canEnter: true, canArrive: false, road: RoadInfo(),
                           insideCrossing: insideCrossing), 1),
        ]
        for o in others {
            arms.append((RoutePath.Arm(bearing: bearing(o.angle), canEnter: o.canEnter, canArrive: o.canArrive,
                                       road: o.road), 2))
        }
        arms.sort { $0.0.bearing < $1.0.bearing }
        let inArm = arms.firstIndex { $0.1 == 0 }!, outArm = arms.firstIndex { $0.1 == 1 }!
        built.junctions.append(RoutePath.Junction(location: position, arms: arms.map(\.0), inArm: inArm, outArm: outArm))
        heading = Double(bearing(angle))
    }

    /// The leg built so far.
    var leg: RoutePath.Leg {
        var leg = built
        leg.weight = leg.duration * 1.1
        return leg
    }

    /// The point `meters` from `c` along `bearing`.
    static func offset(_ c: Coordinate, _ meters: Double, bearing: Double) -> Coordinate {
        let b = bearing * .pi / 180
        let dLat = meters * cos(b) / Geodesy.earthRadius * 180 / .pi
        let dLon = meters * sin(b) / (Geodesy.earthRadius * cos(c.latitude * .pi / 180)) * 180 / .pi
        return Coordinate(latitude: c.latitude + dLat, longitude: c.longitude + dLon)
    }

    /// An arrival waypoint at the current end, with the input `side` metres to the right
    /// (positive) or left (negative) of the travel direction.
    func arrival(side: Double) -> Waypoint {
        let input = Self.offset(position, abs(side), bearing: heading + (side >= 0 ? 90 : -90))
        return Waypoint(input: input, location: position, name: built.roads.last?.road.name ?? "", distance: abs(side))
    }

    /// The steps guidance makes of this leg.
    func steps(_ options: GuidanceOptions = GuidanceOptions(), arrivalSide: Double = 0) -> [RouteStep] {
        Guidance.steps(for: leg, from: nil, to: arrival(side: arrivalSide), options: options)
    }
}

extension RoadInfo {
    static func street(_ name: String, ref: String = "", lanes: String = "") -> RoadInfo {
        RoadInfo(name: name, ref: ref, roadClass: .residential, turnLanes: lanes)
    }
}
