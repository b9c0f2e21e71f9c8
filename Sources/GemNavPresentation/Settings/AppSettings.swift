import Foundation
import GemNavAssistant
import GemNavCore
import GemNavServices

/// Everything the user sets, kept in the app store as one value.
public struct AppSettings: Sendable, Hashable, Codable {
    /// The tier, where the local app may switch it (a purchase or a server setting decides elsewhere).
    public var tier: Tier = .plus
    /// Units of distances and speeds.
    public var units: DistanceUnits = .metric
    /// Language of instructions and screens ("en", "fr").
    public var language = "en"
    /// Whether prompts are spoken.
    public var voice = true
    /// Whether cues vibrate.
    public var haptics = true
    /// The guidance mode a trip starts in.
    public var guidanceMode: NavigationModel.GuidanceMode = .visual
    /// A routing server to use instead of the embedded engine (Pro), nil for the embedded
    /// engine.
    public var routingServer: URL?
    /// The protocol `routingServer` speaks, as the probe found it. Settings saved before
    /// Valhalla servers were recognised read as OSRM, the only kind there was.
    public var routingServerKind: RoutingServerKind = .osrm
    /// Whether `routingServer` also searches places (Photon's API, as `gemnav serve` offers),
    /// as the probe found; it then answers search and reverse geocoding too.
    public var routingServerSearches = false
    /// Who understands the assistant's chat: on the device (the default: nothing leaves it),
    /// or — the user's choice, Plus and Pro only — Gemini or an OpenAI-compatible server.
    public var assistantProvider: AssistantProviderKind = .onDevice
    /// The assistant's model name, nil for the provider's default.
    public var assistantModel: String?
    /// The assistant model's server, nil for the provider's default.
    public var assistantBaseURL: URL?
    /// The environment variable holding the model's API key, nil for GEMINI_API_KEY or
    /// OPENAI_API_KEY. The key itself is never stored.
    public var assistantKeyVariable: String?

    /// The assistant's model settings as chosen (whether the tier allows them is the caller's
    /// question: `TierFeatures.cloudAssistant`).
    public var assistantModelSettings: ModelSettings {
        ModelSettings(kind: assistantProvider, model: assistantModel, baseURL: assistantBaseURL,
                      keyVariable: assistantKeyVariable)
    }

    /// The defaults.
    public init() {}

    /// Reads settings saved by any version: a field this version does not know is ignored and
    /// a field it misses keeps its default, so an update never loses the user's choices.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = AppSettings.defaults
        tier = (try? c.decodeIfPresent(Tier.self, forKey: .tier)) ?? d.tier
        units = (try? c.decodeIfPresent(DistanceUnits.self, forKey: .units)) ?? d.units
        language = (try? c.decodeIfPresent(String.self, forKey: .language)) ?? d.language
        voice = (try? c.decodeIfPresent(Bool.self, forKey: .voice)) ?? d.voice
        haptics = (try? c.decodeIfPresent(Bool.self, forKey: .haptics)) ?? d.haptics
        guidanceMode = (try? c.decodeIfPresent(NavigationModel.GuidanceMode.self, forKey: .guidanceMode)) ?? d.guidanceMode
        routingServer = (try? c.decodeIfPresent(URL.self, forKey: .routingServer)) ?? d.routingServer
        routingServerKind = (try? c.decodeIfPresent(RoutingServerKind.self, forKey: .routingServerKind)) ?? d.routingServerKind
        routingServerSearches = (try? c.decodeIfPresent(Bool.self, forKey: .routingServerSearches)) ?? d.routingServerSearches
        assistantProvider = (try? c.decodeIfPresent(AssistantProviderKind.self, forKey: .assistantProvider))
            ?? d.assistantProvider
        assistantModel = (try? c.decodeIfPresent(String.self, forKey: .assistantModel)) ?? d.assistantModel
        assistantBaseURL = (try? c.decodeIfPresent(URL.self, forKey: .assistantBaseURL)) ?? d.assistantBaseURL
        assistantKeyVariable = (try? c.decodeIfPresent(String.self, forKey: .assistantKeyVariable)) ?? d.assistantKeyVariable
    }

    private static let defaults = AppSettings()

    /// The languages with instruction tables.
    public static let languages = ["en", "fr"]
}

/// Where settings are kept: the app store, or memory in tests.
public protocol SettingsPersisting: Sendable {
    /// The saved settings, nil when none were saved.
    func loadSettings() throws -> AppSettings?
    /// Saves `settings`.
    func saveSettings(_ settings: AppSettings) throws
}

/// Settings kept in memory only.
public final class InMemorySettings: SettingsPersisting, @unchecked Sendable {
    // @unchecked: `saved` is only touched under `lock`.
    private let lock = NSLock()
    private var saved: AppSettings?

    /// Starts with `settings` saved (nil: nothing saved yet).
    public init(_ settings: AppSettings? = nil) { saved = settings }

    public func loadSettings() throws -> AppSettings? { lock.withLock { saved } }
    public func saveSettings(_ settings: AppSettings) throws { lock.withLock { saved = settings } }
}
