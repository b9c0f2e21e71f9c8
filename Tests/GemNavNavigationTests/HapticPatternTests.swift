import Foundation
import Testing
@testable import GemNavNavigation

@Suite struct HapticPatternTests {
    @Test(arguments: HapticPatternKind.allCases)
    func ahapIsValidCoreHapticsJSON(kind: HapticPatternKind) throws {
        let pattern = HapticPattern.pattern(for: kind)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(pattern.ahapJSON.utf8)) as? [String: Any])
        #expect((object["Version"] as? NSNumber)?.doubleValue == 1.0)
        let events = try #require(object["Pattern"] as? [[String: Any]])
        #expect(events.count == pattern.pulses.count)
        for entry in events {
            let event = try #require(entry["Event"] as? [String: Any])
            let type = try #require(event["EventType"] as? String)
            #expect(type == "HapticTransient" || type == "HapticContinuous")
            #expect(event["Time"] is NSNumber)
            #expect((event["EventDuration"] != nil) == (type == "HapticContinuous"))
            let parameters = try #require(event["EventParameters"] as? [[String: Any]])
            let ids = parameters.compactMap { $0["ParameterID"] as? String }
            #expect(ids == ["HapticIntensity", "HapticSharpness"])
            for p in parameters {
                let value = try #require((p["ParameterValue"] as? NSNumber)?.doubleValue)
                #expect((0...1).contains(value))
            }
        }
    }

    @Test func rhythmsMatchTheSpecification() {
        #expect(HapticPattern.pattern(for: .left).pulses.count == 1)
        #expect(HapticPattern.pattern(for: .right).pulses.count == 2)
        let straight = HapticPattern.pattern(for: .straight)
        #expect(straight.pulses.count == 1 && !straight.pulses[0].isTransient)
        #expect(straight.pulses[0].intensity < 0.5)
        #expect(HapticPattern.pattern(for: .arrival).pulses.count >= 3)
    }

    @Test func onOffArrays() {
        #expect(HapticPattern.pattern(for: .left).onOffMilliseconds == [60])
        #expect(HapticPattern.pattern(for: .right).onOffMilliseconds == [60, 140, 60])
        #expect(HapticPattern.pattern(for: .straight).onOffMilliseconds == [600])
        #expect(HapticPattern.pattern(for: .uturn).onOffMilliseconds == [350, 150, 350])
        #expect(HapticPattern.pattern(for: .offRoute).onOffMilliseconds == [60, 40, 60, 40, 60, 40, 60])
    }

    @Test func everyPatternIsDistinct() {
        let signatures = Set(HapticPatternKind.allCases.map { HapticPattern.pattern(for: $0).onOffMilliseconds })
        #expect(signatures.count == HapticPatternKind.allCases.count)
    }

    @Test func maneuversMapToPatterns() {
        func m(_ type: ManeuverType, _ modifier: ManeuverModifier?) -> HapticPatternKind {
            HapticPatternKind(maneuver: StepManeuver(location: RouteFixture.origin, bearingBefore: 0, bearingAfter: 0,
                                                     type: type, modifier: modifier))
        }
        #expect(m(.turn, .sharpLeft) == .left)
        #expect(m(.turn, .slightRight) == .right)
        #expect(m(.continue, .straight) == .straight)
        #expect(m(.newName, nil) == .straight)
        #expect(m(.roundabout, .right) == .roundabout)
        #expect(m(.turn, .uturn) == .uturn)
        #expect(m(.arrive, nil) == .arrival)
    }
}
