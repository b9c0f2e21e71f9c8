/// OSRM v5 maneuver types (the JSON strings are OSRM's).
public enum ManeuverType: String, Sendable, Codable, Hashable, CaseIterable {
    case depart, arrive, turn, newName = "new name", `continue`, merge
    case onRamp = "on ramp", offRamp = "off ramp", fork, endOfRoad = "end of road"
    case roundabout, rotary, roundaboutTurn = "roundabout turn"
    case exitRoundabout = "exit roundabout", exitRotary = "exit rotary"
    case notification, useLane = "use lane"
}

/// OSRM v5 maneuver direction modifiers.
public enum ManeuverModifier: String, Sendable, Codable, Hashable, CaseIterable {
    case uturn, sharpRight = "sharp right", right, slightRight = "slight right", straight
    case slightLeft = "slight left", left, sharpLeft = "sharp left"

    /// The modifier for a signed turn angle in degrees (-180…180, positive = right),
    /// using OSRM's guidance bands.
    public init(turnAngle a: Double) {
        switch a {
        case ..<(-170): self = .uturn
        case ..<(-120): self = .sharpLeft
        case ..<(-60): self = .left
        case ..<(-20): self = .slightLeft
        case ...20: self = .straight
        case ...60: self = .slightRight
        case ...120: self = .right
        case ...170: self = .sharpRight
        default: self = .uturn
        }
    }

    /// Whether the modifier is a left-hand one.
    public var isLeft: Bool { self == .slightLeft || self == .left || self == .sharpLeft }
    /// Whether the modifier is a right-hand one.
    public var isRight: Bool { self == .slightRight || self == .right || self == .sharpRight }
}

/// Which side of the road traffic drives on.
public enum DrivingSide: String, Sendable, Codable, Hashable {
    case left, right
}
