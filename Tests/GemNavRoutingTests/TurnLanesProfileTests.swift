@testable import GemNavRouting
import Testing

/// car.lua's `get_turn_lanes`: which `turn:lanes` a car sees in each direction.
@Suite struct TurnLanesProfileTests {
    func lanes(_ tags: [String: String], forwardOneway: Bool = false) -> (forward: String, backward: String) {
        TurnLanes.read(TagReader(tags), forwardOneway: forwardOneway, reverseOneway: false)
    }

    @Test func plainTurnLanesApplyToBothDirectionsOfATwoWayRoad() {
        let two = lanes(["turn:lanes": "left|through"])
        #expect(two.forward == "left|through" && two.backward == "left|through")
        let one = lanes(["turn:lanes": "left|through"], forwardOneway: true)
        #expect(one.forward == "left|through" && one.backward == "")
        let split = lanes(["turn:lanes": "left|through", "turn:lanes:backward": "right"])
        #expect(split.forward == "left|through" && split.backward == "right")
    }

    @Test func lanesACarMayNotUseLeaveTheDescription() {
        #expect(lanes(["turn:lanes": "left|through|through|right", "vehicle:lanes": "yes|yes|no|yes"],
                      forwardOneway: true).forward == "left|through|right")
        // Lists of different lengths are left as they are.
        #expect(TurnLanes.applyAccess("left|right", "yes|no|yes") == "left|right")
        // A bus lane without indications is trimmed off the right of the forward lanes.
        #expect(lanes(["turn:lanes": "left|through|", "lanes:bus": "1"], forwardOneway: true).forward == "left|through")
        // One with an indication of its own stays.
        #expect(lanes(["turn:lanes": "left|through|right", "lanes:psv": "1"], forwardOneway: true).forward
            == "left|through|right")
    }
}
