import GemNavCore
import Testing
@testable import GemNavGuidance

@Suite struct LaneTests {
    @Test func parsesTurnLanesAsOSRMDoes() throws {
        let lanes = try #require(LaneMask.description("reverse;left|through;right| "))
        // Indications in OSRM's order within a lane; an empty lane is "none".
        #expect(lanes.map(\.indications) == [["left", "uturn"], ["straight", "right"], ["none"]])
        #expect(LaneMask.description("") == nil)
        // A value OSRM does not know drops the whole description.
        #expect(LaneMask.description("left|bogus") == [])
        #expect(LaneMask.description("merge_to_left|through")?.first?.indications == ["merge to left"])
    }

    @Test func laneDataSpansEachIndicationFromTheRight() {
        let data = LaneData.from(LaneMask.description("left|left|through;right|right")!)
        #expect(data == [LaneData(tag: .right, from: 0, to: 1), LaneData(tag: .straight, from: 1, to: 1),
                         LaneData(tag: .left, from: 2, to: 3)])
        // Lanes of one indication on both sides of another would cross it: no lane data.
        #expect(LaneData.from(LaneMask.description("left|through|left")!).isEmpty)
    }

    @Test func laneRangesCountFromTheRight() {
        let description = LaneMask.description("through|right|right|right")!
        #expect(LaneRange(count: 2, firstFromRight: 1).lanes(description).map(\.valid) == [false, true, true, false])
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
