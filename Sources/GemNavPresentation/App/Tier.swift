/// The product tiers of seeds 000 and 001. What each one may do is data, in one place
/// (`features`), so no screen tests a tier by name.
public enum Tier: String, Sendable, Hashable, Codable, CaseIterable {
    /// Guidance without an in-app map; trips can be handed to an external maps app.
    case free
    /// The in-app map and full turn-by-turn; a cloud assistant may be enabled.
    case plus
    /// Everything in Plus, truck routing and the routing-engine toggle.
    case pro

    /// What this tier may do.
    public var features: TierFeatures {
        switch self {
        case .free:
            return TierFeatures(inAppMap: false, externalMapsHandOff: true, cloudAssistant: false,
                                truckRouting: false, routingEngineChoice: false)
        case .plus:
            return TierFeatures(inAppMap: true, externalMapsHandOff: true, cloudAssistant: true,
                                truckRouting: false, routingEngineChoice: false)
        case .pro:
            return TierFeatures(inAppMap: true, externalMapsHandOff: true, cloudAssistant: true,
                                truckRouting: true, routingEngineChoice: true)
        }
    }
}

/// What a tier allows. Guidance by banner, voice and the haptic pocket mode belongs to every
/// tier (seed 004), so it is not a feature here.
public struct TierFeatures: Sendable, Hashable {
    /// The map view inside the app (Free shows guidance without a map, seed 000).
    public var inAppMap: Bool
    /// Links that hand the trip to Google Maps, Apple Maps or a `geo:` app.
    public var externalMapsHandOff: Bool
    /// A cloud or local LLM may back the assistant when the user enables it (Free is on-device only).
    public var cloudAssistant: Bool
    /// Truck routing with vehicle dimensions (offered once the engine has a truck profile).
    public var truckRouting: Bool
    /// Choosing the routing engine: embedded, or an OSRM / Valhalla server.
    public var routingEngineChoice: Bool
}

/// Where the tier comes from when the user does not pick it in Settings: a purchase in the iOS
/// app, a server setting for the web app (`gemnav serve --tier`). Behind one protocol so screens
/// never ask which. Without a source the local app's Settings switch the tier.
public protocol TierSource: Sendable {
    /// The tier in force now.
    func currentTier() async -> Tier
    /// Who decides, for Settings to say why the tier cannot be switched there ("this server").
    var decider: String { get }
    /// Every later change of the tier (a purchase, a refund, an expired subscription), for as
    /// long as the app runs; a source that never changes finishes at once.
    func tierUpdates() -> AsyncStream<Tier>
}

extension TierSource {
    /// No changes: the tier stays what `currentTier` said.
    public func tierUpdates() -> AsyncStream<Tier> { AsyncStream { $0.finish() } }
}

/// A tier fixed at launch (a server setting, a test).
public struct FixedTier: TierSource {
    /// The tier.
    public let tier: Tier
    /// Who fixed it.
    public let decider: String
    /// Always `tier`, decided by `decider`.
    public init(_ tier: Tier, decider: String = "this server") {
        self.tier = tier
        self.decider = decider
    }
    /// `tier`.
    public func currentTier() async -> Tier { tier }
}
