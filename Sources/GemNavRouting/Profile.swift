import GemNavCore

/// A travel mode's rules for which OSM ways and nodes it may use and how fast, written as
/// data (tables) rather than code, so the three built-in profiles differ only in values.
public struct Profile: Sendable, Hashable {
    /// Short name: `car`, `bicycle` or `foot`.
    public var name: String
    /// Travel mode reported on its routes.
    public var mode: TravelMode
    /// Speed in km/h per `highway=*` value; a value not listed is not routable.
    public var highwaySpeeds: [String: Double]
    /// Access tags from general to specific; the most specific tag present decides.
    public var accessHierarchy: [String]
    /// Access values that forbid the way or node.
    public var forbiddenAccess: Set<String>
    /// Access values allowed only to start or end there (`destination`, `customers`…):
    /// routable, but entering costs `restrictedPenalty` so routes do not pass through.
    public var restrictedAccess: Set<String>
    /// Weight added (seconds) for entering a restricted way from an unrestricted one.
    public var restrictedPenalty: Double
    /// Keys, most specific first, whose value overrides `oneway` (e.g. `oneway:bicycle`).
    public var onewayKeys: [String]
    /// Whether oneway tags apply at all (they do not for walkers).
    public var obeysOneway: Bool
    /// `barrier=*` values that block this mode.
    public var blockingBarriers: Set<String>
    /// `barrier=*` values passable with a time penalty in seconds (gates).
    public var barrierPenalties: [String: Double]
    /// Average speed as a share of `maxspeed` where a limit is tagged (drivers rarely sit
    /// on the limit); the result is always capped by the limit itself.
    public var maxspeedFactor: Double
    /// Whether `maxspeed` is considered at all.
    public var usesMaxspeed: Bool
    /// Speed caps by `surface=*`, km/h.
    public var surfaceSpeeds: [String: Double]
    /// Speed caps by `tracktype=*`, km/h.
    public var tracktypeSpeeds: [String: Double]
    /// Ferry speed in km/h when the way has no `duration` tag.
    public var ferrySpeed: Double
    /// Seconds added for a turn of 90° (scaled by angle); 0 disables turn costs.
    public var turnPenalty: Double
    /// Right turns (left in left-hand traffic) are cheaper by this factor.
    public var turnBias: Double
    /// Seconds added to a U-turn.
    public var uTurnPenalty: Double
    /// Seconds lost at a traffic signal.
    public var trafficSignalPenalty: Double
    /// Which `restriction:*` suffixes apply (`motorcar`, `bicycle`…); plain `restriction` always does.
    public var restrictionKeys: [String]
    /// Whether turn restriction relations apply.
    public var obeysTurnRestrictions: Bool
    /// `highway=*` values usable by pushing the bike (walking speed) when otherwise not allowed.
    public var pushingHighways: [String: Double]
    /// `service=*` values whose speed is reduced (parking aisles, driveways), as a factor.
    public var servicePenalties: [String: Double]

    /// The built-in profile with this name (`car`/`driving`, `bicycle`/`cycling`/`bike`,
    /// `foot`/`walking`), or nil.
    public static func named(_ name: String) -> Profile? {
        switch name.lowercased() {
        case "car", "driving", "drive": return .car
        case "bicycle", "cycling", "bike": return .bicycle
        case "foot", "walking", "walk": return .foot
        default: return nil
        }
    }
}
