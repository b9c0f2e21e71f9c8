import GemNavCore

/// The turn banner's icon, as seed 000's `TurnType`: the maneuver reduced to what a driver
/// sees at a glance, with the SF Symbol the iOS app draws (as data, so no front end maps
/// maneuvers itself) and an arrow for text front ends.
public enum TurnIcon: String, Sendable, Hashable, CaseIterable, Codable {
    case straight, right, left, slightRight, slightLeft, sharpRight, sharpLeft, uturn
    case exitRight, exitLeft, merge, roundabout, arrive

    /// The icon for an OSRM maneuver.
    public init(type: ManeuverType, modifier: ManeuverModifier?) {
        switch type {
        case .arrive: self = .arrive
        case .roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary: self = .roundabout
        case .merge: self = .merge
        case .offRamp:
            self = modifier.map { [.left, .slightLeft, .sharpLeft].contains($0) } == true ? .exitLeft : .exitRight
        default:
            switch modifier {
            case .uturn: self = .uturn
            case .sharpRight: self = .sharpRight
            case .right: self = .right
            case .slightRight: self = .slightRight
            case .slightLeft: self = .slightLeft
            case .left: self = .left
            case .sharpLeft: self = .sharpLeft
            case .straight, nil: self = .straight
            }
        }
    }

    /// The SF Symbol seed 000 names for this icon.
    public var systemImageName: String {
        switch self {
        case .straight: return "arrow.up"
        case .right: return "arrow.turn.up.right"
        case .left: return "arrow.turn.up.left"
        case .slightRight: return "arrow.up.right"
        case .slightLeft: return "arrow.up.left"
        case .sharpRight: return "arrow.turn.right.up"
        case .sharpLeft: return "arrow.turn.left.up"
        case .uturn: return "arrow.uturn.left"
        case .exitRight: return "arrow.turn.right.down"
        case .exitLeft: return "arrow.turn.left.down"
        case .merge: return "arrow.merge"
        case .roundabout: return "arrow.clockwise"
        case .arrive: return "flag.checkered"
        }
    }

    /// A one-character arrow for terminals.
    public var arrow: String {
        switch self {
        case .straight: return "↑"
        case .right, .sharpRight: return "↱"
        case .left, .sharpLeft: return "↰"
        case .slightRight, .exitRight: return "↗"
        case .slightLeft, .exitLeft: return "↖"
        case .uturn: return "↶"
        case .merge: return "⤲"
        case .roundabout: return "↻"
        case .arrive: return "⚑"
        }
    }
}
