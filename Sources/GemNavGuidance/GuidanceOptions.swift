import GemNavCore

/// How guidance words and times its instructions.
public struct GuidanceOptions: Sendable, Hashable {
    /// Instruction language (BCP 47, e.g. "en", "fr-FR"); unknown ones fall back to English.
    public var language: String
    /// Units for spoken and written distances.
    public var units: DistanceUnits
    /// Whether steps carry voice instructions.
    public var voice: Bool
    /// Whether steps carry banner instructions.
    public var banners: Bool
    /// Which side traffic drives on (affects roundabout banner angles and step `driving_side`).
    public var drivingSide: DrivingSide
    /// Whether legs carry per-segment annotations.
    public var annotations: Bool

    /// Creates options; the defaults are English, metric, with voice, banners and annotations.
    public init(language: String = "en", units: DistanceUnits = .metric, voice: Bool = true, banners: Bool = true,
                drivingSide: DrivingSide = .right, annotations: Bool = true)
    {
        self.language = language
        self.units = units
        self.voice = voice
        self.banners = banners
        self.drivingSide = drivingSide
        self.annotations = annotations
    }
}
