import GemNavCore
import Testing

/// Rules every guided route must follow, checked on real routes whatever their golden text.
enum GuidanceSanity {
    static func check(_ route: Route, sourceLocation: SourceLocation = #_sourceLocation) {
        for leg in route.legs {
            let steps = leg.steps
            #expect(steps.first?.maneuver.type == .depart, sourceLocation: sourceLocation)
            #expect(steps.last?.maneuver.type == .arrive, sourceLocation: sourceLocation)
            for (k, step) in steps.enumerated() {
                let m = step.maneuver
                #expect(!m.instruction.isEmpty, sourceLocation: sourceLocation)
                if m.type == .roundabout || m.type == .rotary {
                    #expect((m.exit ?? 0) >= 1, "\(m.instruction)", sourceLocation: sourceLocation)
                }
                // Every step starts at its maneuver, which is a listed intersection.
                #expect(step.intersections.first?.location == m.location, sourceLocation: sourceLocation)
                // A junction of two roads is no intersection, unless a short name change made
                // there was folded into the step (OSRM keeps its intersection then too).
                for x in step.intersections.dropFirst() {
                    #expect(x.bearings.count >= 2, sourceLocation: sourceLocation)
                }
                guard k > 0, k + 1 < steps.count else { continue }
                let previous = steps[k - 1]
                #expect(!(m.type == .newName && step.name == previous.name && step.ref == previous.ref),
                        "redundant new name: \(m.instruction)", sourceLocation: sourceLocation)
                #expect(m.instruction != previous.maneuver.instruction || m.type == .exitRoundabout
                        || m.type == .exitRotary, "repeated: \(m.instruction)", sourceLocation: sourceLocation)
            }
        }
    }
}
