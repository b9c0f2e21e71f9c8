/// How the trip is travelled; each mode has its own route provider (a profile of the engine).
public enum TravelProfile: String, Sendable, Hashable, Codable, CaseIterable {
    /// By car (the embedded engine's default profile).
    case car
    /// By bicycle.
    case bicycle
    /// On foot.
    case foot
    /// Pro only, once the engine has a truck profile (vehicle dimensions).
    case truck
}
