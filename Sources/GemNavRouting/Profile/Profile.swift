import GemNavCore

/// A travel mode's rules for which OSM ways and nodes it may use and how fast, written as
/// data (tables) rather than code, so the three built-in profiles differ only in values.
public struct Profile: Sendable, Hashable {
    /// Short name: `car`, `truck`, `bicycle` or `foot`.
    public var name: String
    /// Travel mode reported on its routes.
    public var mode: TravelMode
    /// Speed in km/h per `highway=*` value; a value not listed is not routable.
    public var highwaySpeeds: [String: Double]
    /// Access tags from general to specific; the most specific tag present decides.
    public var accessHierarchy: [String]
    /// Access values that allow the mode (and give an unknown `highway` the default speed).
    public var accessWhitelist: Set<String>
    /// Access values that forbid the way or node, unless also restricted.
    public var forbiddenAccess: Set<String>
    /// Access values allowed only to start or end there (`destination`, `private`…):
    /// routable, but entering costs `restrictedPenalty` so routes do not pass through.
    public var restrictedAccess: Set<String>
    /// `highway=*` values on which restricted access applies (elsewhere those values are
    /// treated as forbidden); nil: everywhere.
    public var restrictedHighways: Set<String>?
    /// km/h on a way whose `highway` has no speed but whose access tag allows this mode.
    public var defaultSpeed: Double
    /// `highway=*` values never used, whatever their access tags (`steps`, `construction`…).
    public var avoidedHighways: Set<String>
    /// Weight added (seconds) for entering a restricted way from an unrestricted one.
    public var restrictedPenalty: Double
    /// Keys, most specific first, whose value overrides `oneway` (e.g. `oneway:bicycle`).
    public var onewayKeys: [String]
    /// Whether oneway tags apply at all (they do not for walkers).
    public var obeysOneway: Bool
    /// `barrier=*` values that block this mode (when `passableBarriers` is nil).
    public var blockingBarriers: Set<String>
    /// When set, every `barrier=*` value not in it (nor with a penalty) blocks, as OSRM's car does.
    public var passableBarriers: Set<String>?
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
    /// Speed caps by `smoothness=*`, km/h (0 closes the way).
    public var smoothnessSpeeds: [String: Double]
    /// Speed in km/h by `route=*` (ferries, shuttle trains) when the way has no `duration` tag.
    public var routeSpeeds: [String: Double]
    /// Seconds added for a turn of 90° (scaled by angle); 0 disables turn costs.
    public var turnPenalty: Double
    /// Right turns (left in left-hand traffic) are cheaper by this factor.
    public var turnBias: Double
    /// Seconds added to a U-turn.
    public var uTurnPenalty: Double
    /// Seconds added (at 90° and beyond, tapering towards straight) to a turn across
    /// oncoming traffic, a left turn where traffic keeps right (OSRM's
    /// `oncoming_turn_penalty`); 0 disables it.
    public var oncomingTurnPenalty: Double = 0
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
    /// Vehicle size and rate penalties, for motor vehicles only.
    public var vehicle: VehicleRules?

    /// The built-in profile with this name (`car`/`driving`, `truck`/`hgv`,
    /// `bicycle`/`cycling`/`bike`, `foot`/`walking`), or nil.
    public static func named(_ name: String) -> Profile? {
        switch name.lowercased() {
        case "car", "driving", "drive": return .car
        case "truck", "hgv": return .truck
        case "bicycle", "cycling", "bike": return .bicycle
        case "foot", "walking", "walk": return .foot
        default: return nil
        }
    }
}
