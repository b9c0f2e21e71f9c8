import Foundation
import GemNavAssistant
import GemNavCore
import GemNavServices
import GemNavStorage
import Observation

/// The settings screen: tier, units, language, voice, haptics, the guidance mode trips start
/// in, the routing engine (Pro: the embedded one, or an OSRM or Valhalla server, checked and
/// identified before it is used), the assistant's provider (on the device, or — Plus and Pro,
/// when the user enables it — Gemini or an OpenAI-compatible server, with its model and
/// address) and the location-recording consent. Every change is saved at once.
@MainActor @Observable
public final class SettingsModel {
    /// Whether the chosen routing server answers.
    public enum ServerStatus: Sendable, Hashable {
        /// No server chosen: the embedded engine routes.
        case embedded
        /// The server is being checked.
        case checking
        /// The server answered; it routes (the embedded engine takes over while it is down).
        case available
        /// The server was not switched to, and why.
        case unavailable(String)
    }

    /// What the screen shows.
    public struct State: Sendable, Hashable {
        /// The settings in force.
        public var settings: AppSettings
        /// What the tier allows.
        public var features: TierFeatures
        /// The routing server's status.
        public var server: ServerStatus = .embedded
        /// Who decides the tier when Settings cannot switch it (a purchase, the server); nil when
        /// the user picks it here.
        public var tierDecidedBy: String?
        /// The recording consent.
        public var consent: LocationConsent = .awaiting
        /// A sentence when a change was refused or could not be saved.
        public var message: String?
        /// Whether there is a support log to export or clear.
        public var hasSupportLog = false
    }

    /// Something for the shell to do outside the app.
    public enum Effect: Sendable, Hashable {
        /// Offer this text to be saved or shared as a file (the support log export).
        case share(fileName: String, text: String)
    }

    /// What the user does on this screen.
    public enum Intent: Sendable, Hashable {
        /// Switches the tier (the local app's own choice).
        case setTier(Tier)
        /// Metric or imperial.
        case setUnits(DistanceUnits)
        /// One of `AppSettings.languages`.
        case setLanguage(String)
        /// Spoken prompts on or off.
        case setVoice(Bool)
        /// Vibration on or off.
        case setHaptics(Bool)
        /// The mode trips start in.
        case setGuidanceMode(NavigationModel.GuidanceMode)
        /// An OSRM or Valhalla server's address, or nil for the embedded engine.
        case setRoutingServer(String?)
        /// Trips may be recorded (true) or not (false).
        case setConsent(Bool)
        /// Who understands the assistant: on the device, or a model the user enables (not on Free).
        case setAssistantProvider(AssistantProviderKind)
        /// The assistant model's name, nil or empty for the provider's default.
        case setAssistantModel(String?)
        /// The assistant model's server address, nil or empty for the provider's default.
        case setAssistantBaseURL(String?)
        /// Hands the support log to the user, to attach to a bug report.
        case exportSupportLog
        /// Deletes the support log.
        case clearSupportLog
    }

    /// The support log's file name when exported.
    public static let supportLogFileName = "gemnav-support.log"

    /// The screen's state.
    public private(set) var state: State
    /// Where the probe asks the server for a road (the map's centre).
    public var probePoint: Coordinate

    /// Hears every consent change (the support log shows positions only once granted).
    public var onConsentChange: (@MainActor (LocationConsent) -> Void)?
    /// Hears the settings in force whenever they change, so the app applies them at once.
    public var onChange: (@MainActor (AppSettings) -> Void)?

    private let persistence: any SettingsPersisting
    private let store: AppStore?
    private let supportLog: SupportLog?
    private var effects: [Effect] = []
    private let probe: ServerProbe
    private var pending: Task<Void, Never>?

    /// Reads the recording consent again from the store: it is also answered by the trip's
    /// disclosure, and by other sessions on the same store.
    public func reloadConsent() {
        if let consent = try? store?.consent { state.consent = consent }
    }

    /// Loads the saved settings (the defaults when none or unreadable); with a `tierSource`
    /// the tier is the source's, not the user's. `supportLog` is what "export" hands out.
    public init(persistence: any SettingsPersisting, store: AppStore?, probe: ServerProbe = ServerProbe(),
                probePoint: Coordinate, tierSource: (any TierSource)? = nil, supportLog: SupportLog? = nil)
    {
        self.persistence = persistence
        self.store = store
        self.supportLog = supportLog
        self.probe = probe
        self.probePoint = probePoint
        let settings = ((try? persistence.loadSettings()) ?? nil) ?? AppSettings()
        var initial = State(settings: settings, features: settings.tier.features)
        initial.server = settings.routingServer == nil ? .embedded : .available
        initial.consent = (try? store?.consent) ?? .awaiting
        initial.tierDecidedBy = tierSource?.decider
        initial.hasSupportLog = supportLog != nil
        state = initial
        if let tierSource {
            pending = Task { [weak self] in
                let tier = await tierSource.currentTier()
                self?.adopt(tier)
            }
            // Follows the source's later changes while the screen lives.
            Task { [weak self] in
                for await tier in tierSource.tierUpdates() {
                    guard let self else { return }
                    await self.pending?.value
                    self.adopt(tier)
                }
            }
        }
    }

    /// Handles one intent.
    public func send(_ intent: Intent) {
        state.message = nil
        var s = state.settings
        switch intent {
        case .setTier(let tier):
            if let decider = state.tierDecidedBy {
                state.message = "The tier is set by \(decider), not in Settings."
                return
            }
            s.tier = tier
            // A server choice is a Pro feature: leaving Pro goes back to the embedded engine.
            if !tier.features.routingEngineChoice, s.routingServer != nil {
                s.routingServer = nil
                state.server = .embedded
            }
            // Free is on-device only: leaving Plus stops sending utterances anywhere.
            if !tier.features.cloudAssistant { s.assistantProvider = .onDevice }
        case .setUnits(let units): s.units = units
        case .setLanguage(let language):
            guard AppSettings.languages.contains(language) else {
                state.message = "GemNav speaks \(AppSettings.languages.joined(separator: " and ")), not '\(language)'."
                return
            }
            s.language = language
        case .setVoice(let on): s.voice = on
        case .setHaptics(let on): s.haptics = on
        case .setGuidanceMode(let mode): s.guidanceMode = mode
        case .setRoutingServer(let text): return chooseServer(text)
        case .setAssistantProvider(let kind):
            guard kind == .onDevice || state.features.cloudAssistant else {
                state.message = "A cloud or local model for the assistant is part of GemNav Plus; Free understands on the device."
                return
            }
            s.assistantProvider = kind
        case .setAssistantModel(let name):
            let trimmed = name?.trimmingCharacters(in: .whitespaces) ?? ""
            s.assistantModel = trimmed.isEmpty ? nil : trimmed
        case .setAssistantBaseURL(let text):
            let trimmed = text?.trimmingCharacters(in: .whitespaces) ?? ""
            if trimmed.isEmpty {
                s.assistantBaseURL = nil
            } else {
                guard let url = URL(string: trimmed), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                    state.message = "'\(trimmed)' is not a server address such as http://127.0.0.1:8080."
                    return
                }
                s.assistantBaseURL = url
            }
        case .exportSupportLog: return exportSupportLog()
        case .clearSupportLog:
            do {
                try supportLog?.clear()
                state.message = "The support log was deleted."
            } catch {
                state.message = "\(error)"
            }
            return
        case .setConsent(let granted):
            do {
                try store?.setConsent(granted ? .granted : .denied)
                state.consent = granted ? .granted : .denied
                onConsentChange?(state.consent)
            } catch {
                state.message = String(describing: error)
            }
            return
        }
        save(s)
    }

    /// The effects produced since the last call, in order, for the shell to carry out.
    public func takeEffects() -> [Effect] {
        defer { effects = [] }
        return effects
    }

    private func exportSupportLog() {
        guard let supportLog else {
            state.message = "This app keeps no support log."
            return
        }
        do {
            let text = String(decoding: try supportLog.exportedData(), as: UTF8.self)
            guard !text.isEmpty else {
                state.message = "The support log is empty: nothing has been logged yet."
                return
            }
            effects.append(.share(fileName: Self.supportLogFileName, text: text))
        } catch {
            state.message = "\(error)"
        }
    }

    /// The tier a source decided: in force, not saved (the source decides again next time).
    private func adopt(_ tier: Tier) {
        state.settings.tier = tier
        state.features = tier.features
        if !tier.features.routingEngineChoice { state.server = .embedded }
        onChange?(state.settings)
    }

    /// Waits for the server check or the tier source in flight, if any.
    public func settled() async {
        await pending?.value
    }

    private func chooseServer(_ text: String?) {
        pending?.cancel()
        let trimmed = text?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !trimmed.isEmpty else {
            var s = state.settings
            s.routingServer = nil
            state.server = .embedded
            return save(s)
        }
        guard state.features.routingEngineChoice else {
            state.message = "Choosing the routing engine is part of GemNav Pro."
            return
        }
        guard let url = URL(string: trimmed), url.scheme != nil, url.host != nil else {
            state.server = .unavailable("'\(trimmed)' is not a server address such as http://localhost:5000.")
            return
        }
        state.server = .checking
        let probe = probe, point = probePoint
        pending = Task { [weak self] in
            let finding = await probe.examine(url, near: point)
            let searches = if case .server = finding { await probe.offersSearch(url, near: point) } else { false }
            guard let self, !Task.isCancelled else { return }
            switch finding {
            case .problem(let problem):
                self.state.server = .unavailable(problem)
            case .server(let kind):
                var s = self.state.settings
                s.routingServer = url
                s.routingServerKind = kind
                s.routingServerSearches = searches
                self.state.server = .available
                self.save(s)
            }
        }
    }

    private func save(_ settings: AppSettings) {
        do {
            try persistence.saveSettings(settings)
            state.settings = settings
            state.features = settings.tier.features
            onChange?(settings)
        } catch {
            state.message = "The settings could not be saved: \(error)."
        }
    }
}
