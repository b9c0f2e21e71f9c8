import GemNavCore
@testable import GemNavGuidance
import Testing

/// The two carriageways of a divided road listed as one road (OSRM's merged intersection view).
@Suite struct DividedRoadTests {
    /// Arriving north on one carriageway of Heide at a junction with Perle (east-west) and
    /// Friede: the carriageway leaving south shares its merged bearing.
    static func junction() -> RoutePath.Junction {
        let heide = RoadInfo(name: "Heide", roadClass: .secondary)
        var arms = [
            RoutePath.Arm(bearing: 90, canEnter: true, canArrive: true, road: RoadInfo(name: "Perle", roadClass: .secondary)),
            RoutePath.Arm(bearing: 195, canEnter: false, canArrive: true, road: heide),
            RoutePath.Arm(bearing: 195, canEnter: true, canArrive: false, road: heide),
            RoutePath.Arm(bearing: 270, canEnter: true, canArrive: true, road: RoadInfo(name: "Perle", roadClass: .secondary)),
            RoutePath.Arm(bearing: 345, canEnter: true, canArrive: true, road: RoadInfo(name: "Friede", roadClass: .tertiary)),
        ]
        for i in arms.indices { arms[i].edge = Int32(i) }
        var j = RoutePath.Junction(location: Coordinate(latitude: 52.53, longitude: 13.33), arms: arms, inArm: 1, outArm: 4)
        j.node = 7
        return j
    }

    @Test func roadArrivedOnMayBeEnteredWhereItsOtherCarriagewayMay() {
        let merged = Self.junction().mergingDividedRoads()
        #expect(merged.arms.map(\.bearing) == [90, 195, 270, 345])
        // OSRM lists "true:195": a U-turn onto the other carriageway is allowed.
        #expect(merged.arms[merged.inArm].canEnter)
        #expect(merged.arms[merged.outArm].road.name == "Friede")
        // The merged view is still the same graph node, for rules that walk the network.
        #expect(merged.node == 7)
    }
}
