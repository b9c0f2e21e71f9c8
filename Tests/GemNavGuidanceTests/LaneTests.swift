import GemNavCore
import Testing
@testable import GemNavGuidance

@Suite struct LaneTests {
    @Test func parsesTurnLanes() throws {
        let lanes = try #require(Lanes.parse("left|through;right|right", for: .right))
        #expect(lanes.map(\.indications) == [["left"], ["straight", "right"], ["right"]])
        #expect(lanes.map(\.valid) == [false, true, true])
        #expect(Lanes.parse("left|through;right|right", for: .left)?.map(\.valid) == [true, false, false])
        #expect(Lanes.parse("left|through;right|right", for: .straight)?.map(\.valid) == [false, true, false])
        #expect(Lanes.parse("left|through|", for: .straight)?.map(\.indications) == [["left"], ["straight"], ["none"]])
        #expect(Lanes.parse("left|through|", for: .straight)?.map(\.valid) == [false, true, true])
        #expect(Lanes.parse("slight_left|through", for: .left)?.map(\.valid) == [true, false])
        #expect(Lanes.parse("reverse;left|left|through", for: .uturn)?.map(\.valid) == [true, false, false])
        #expect(Lanes.parse("", for: .left) == nil)
    }

    @Test func lanesOnTheManeuverAndInTheBanner() throws {
        var b = PathBuilder()
        b.drive(.street("Boulevard Albert 1er", lanes: "left|through;right|right"), 300)
        b.turn(90, others: [PathBuilder.OtherArm(angle: 0), PathBuilder.OtherArm(angle: -90)])
        b.drive(.street("Rue Grimaldi"), 300)
        let steps = b.steps()
        let lanes = try #require(steps[1].intersections[0].lanes)
        #expect(lanes.map(\.valid) == [false, true, true])
        let sub = try #require(steps[0].bannerInstructions.first?.sub)
        #expect(sub.components.map(\.type) == ["lane", "lane", "lane"])
        #expect(sub.components.map(\.active) == [false, true, true])
        #expect(sub.components[1].directions == ["straight", "right"])
    }
}
