/// The unit system distances are spoken and shown in.
public enum DistanceUnits: String, Sendable, Hashable, Codable, CaseIterable {
    /// Metres and kilometres.
    case metric
    /// Feet and miles.
    case imperial
}
