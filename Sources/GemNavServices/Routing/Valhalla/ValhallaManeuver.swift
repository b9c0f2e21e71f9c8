import GemNavCore

/// Valhalla's maneuver type codes (`DirectionsLeg_Maneuver_Type`, 0–43 in Valhalla 3.9) told
/// as GemNav's OSRM-shaped maneuvers.
enum ValhallaManeuver {
    /// What a Valhalla maneuver becomes.
    enum Meaning: Equatable {
        /// A step with this maneuver.
        case step(ManeuverType, ManeuverModifier?)
        /// A public-transport maneuver (30–36): GemNav never asks for multimodal routes, so
        /// one is folded into the step before rather than announced.
        case transit
    }

    /// Valhalla's code for entering a roundabout; the exit count goes with it.
    static let roundaboutEnter = 26
    /// Valhalla's code for boarding a ferry: the step after it is on the water.
    static let ferryEnter = 28

    /// The meaning of `code`, given the signed turn angle at the maneuver (positive = right),
    /// which sets the direction of the maneuvers Valhalla only gives a side for.
    static func meaning(of code: Int, turnAngle: Double) -> Meaning {
        let turn = ManeuverModifier(turnAngle: turnAngle)
        // A ramp or exit "to the right" may be slight or a real turn; never to the other side.
        let right = turn.isRight ? turn : .slightRight
        let left = turn.isLeft ? turn : .slightLeft
        switch code {
        case 1: return .step(.depart, nil)  // kStart
        case 2: return .step(.depart, .right)  // kStartRight
        case 3: return .step(.depart, .left)  // kStartLeft
        case 4: return .step(.arrive, nil)  // kDestination
        case 5: return .step(.arrive, .right)  // kDestinationRight
        case 6: return .step(.arrive, .left)  // kDestinationLeft
        case 7: return .step(.newName, .straight)  // kBecomes
        case 9: return .step(.turn, .slightRight)
        case 10: return .step(.turn, .right)
        case 11: return .step(.turn, .sharpRight)
        case 12, 13: return .step(.turn, .uturn)  // kUturnRight, kUturnLeft
        case 14: return .step(.turn, .sharpLeft)
        case 15: return .step(.turn, .left)
        case 16: return .step(.turn, .slightLeft)
        case 17: return .step(.onRamp, .straight)
        case 18: return .step(.onRamp, right)
        case 19: return .step(.onRamp, left)
        case 20: return .step(.offRamp, right)  // kExitRight
        case 21: return .step(.offRamp, left)  // kExitLeft
        case 22: return .step(.fork, .straight)  // kStayStraight
        case 23: return .step(.fork, .slightRight)  // kStayRight
        case 24: return .step(.fork, .slightLeft)  // kStayLeft
        case 25: return .step(.merge, .straight)
        case 26: return .step(.roundabout, turn)  // the turn into the ring, as OSRM reports it
        case 27: return .step(.exitRoundabout, turn)
        case 28, 29: return .step(.notification, nil)  // kFerryEnter, kFerryExit
        case 30...36: return .transit
        case 37: return .step(.merge, .slightRight)
        case 38: return .step(.merge, .slightLeft)
        // 0 kNone, 8 kContinue, 39–43 (elevator, stairs, escalator, building entrance and
        // exit: the written instruction says which) and codes newer than Valhalla 3.9.
        default: return .step(.continue, .straight)
        }
    }
}
