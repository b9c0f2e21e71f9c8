import GemNavCore
import Testing

/// A leg's junctions keep their arms in one shared array (`RoutePath.Arms`): each junction
/// sees its own range, indexed from 0, and compares as its arms do.
@Suite struct JunctionArmsTests {
    static func arm(_ bearing: Int) -> RoutePath.Arm {
        RoutePath.Arm(bearing: bearing, canEnter: true, canArrive: true, road: RoadInfo(roadClass: .residential))
    }

    @Test func aJunctionSeesOnlyItsRange() {
        let storage = [0, 90, 180, 270, 45, 225].map(Self.arm)
        let first = RoutePath.Arms(storage, range: 0..<4), second = RoutePath.Arms(storage, range: 4..<6)
        #expect(first.map(\.bearing) == [0, 90, 180, 270] && second.map(\.bearing) == [45, 225])
        #expect(second.indices == 0..<2 && second[1].bearing == 225)
        #expect(second == RoutePath.Arms([45, 225].map(Self.arm)))
        #expect(second.hashValue == RoutePath.Arms([45, 225].map(Self.arm)).hashValue)
        #expect(first != second)
    }
}
