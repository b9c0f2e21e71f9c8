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

    /// car.lua's `set_classification`: the lane count guidance compares to tell a road that
    /// keeps its lanes from a side road or a fork.
    @Test func laneCountIsTheWholeWaysAsOSRMReadsIt() {
        func count(_ tags: [String: String]) -> UInt8 { Profile.laneCount(TagReader(tags)) }
        #expect(count(["lanes": "3"]) == 3)
        #expect(count(["lanes": " 2 "]) == 2)
        #expect(count(["lanes:forward": "2", "lanes:backward": "1"]) == 3)
        #expect(count(["lanes:forward": "2"]) == 2)
        // Not a positive whole number: no count, and a `lanes` tag that is not one hides the
        // directional ones, as in the profile.
        #expect(count(["lanes": "2.5"]) == 0)
        #expect(count(["lanes": "two", "lanes:forward": "1", "lanes:backward": "1"]) == 0)
        #expect(count(["lanes:forward": "-1", "lanes:backward": "2"]) == 2)
        #expect(count([:]) == 0)
        // Both directions of a road carry it.
        let attributes = Profile.car.wayAttributes(["highway": "primary", "lanes": "4"])
        #expect(attributes?.forwardRoad.laneCount == 4 && attributes?.backwardRoad.laneCount == 4)
    }

    /// car.lua's `canonicalizeStringList` on `ref` and `junction:ref`: a space after each `;`,
    /// runs of white space cut to one, so "IP1;A20" reads "IP1; A20" as osrm-routed writes it.
    @Test func refListsAreSpelledAsOSRMSpellsThem() {
        #expect(Profile.canonicalList("IP1;A20") == "IP1; A20")
        #expect(Profile.canonicalList("IC 1; IC 23") == "IC 1; IC 23")
        #expect(Profile.canonicalList("aaa;bbb; ccc;  d;dd") == "aaa; bbb; ccc; d; dd")
        #expect(Profile.canonicalList("A  7") == "A 7")
        #expect(Profile.canonicalList("") == "")
    }
}
