import Clocks
import Foundation
import GemNavAssistant
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// Who may understand: Settings keep the provider (old stores read as on-device), Free is
/// on-device only, and the chat sends nothing anywhere unless the user chose a model on a
/// tier that allows one.
@MainActor @Suite struct ModelGatingTests {
    /// Counts the requests a fake transport receives.
    final class Requests: @unchecked Sendable {
        // @unchecked: `count` is only touched under `lock`.
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var total: Int { lock.withLock { count } }
    }

    /// Gemini's answer proposing `mute`.
    nonisolated static let muteAnswer = Data(#"{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"mute","args":{}}}]},"finishReason":"STOP"}]}"#.utf8)

    func makeChat(_ settings: AppSettings, requests: Requests) throws -> (AppModel, AssistantModel) {
        let data = try MonacoData.data.get()
        let index = try #require(try data.loadSearchIndex())
        let environment = AppComposition.Environment(
            providers: [.car: EngineRouteProvider(engine: try data.loadEngine())], places: IndexPlaceSearch(index: index),
            store: try AppStore.inMemory(), settings: InMemorySettings(settings), clock: ManualClock(),
            timer: TestClock(), centre: index.centre, timeZone: .gmt)
        let app = AppComposition.build(environment)
        let assistant = Assistant(places: environment.places, travel: nil, centre: environment.centre, timeZone: .gmt)
        let chat = AssistantModel(assistant: assistant, app: app, environment: ["GEMINI_API_KEY": "k"]) { request in
            requests.add()
            #expect(request.value(forHTTPHeaderField: "x-goog-api-key") == "k")
            return (200, Self.muteAnswer)
        }
        return (app, chat)
    }

    @Test func oldSettingsReadAsOnDevice() throws {
        let old = #"{"tier":"plus","units":"metric","language":"fr","voice":true,"haptics":true,"guidanceMode":"visual"}"#
        let settings = try JSONDecoder().decode(AppSettings.self, from: Data(old.utf8))
        #expect(settings.language == "fr" && settings.assistantProvider == .onDevice && settings.assistantModel == nil)
        var chosen = AppSettings()
        chosen.assistantProvider = .openAICompatible
        chosen.assistantBaseURL = URL(string: "http://127.0.0.1:11434")
        chosen.assistantModel = "qwen2.5"
        let again = try JSONDecoder().decode(AppSettings.self, from: JSONEncoder().encode(chosen))
        #expect(again == chosen && again.assistantModelSettings.provider()?.kind == .openAICompatible)
        #expect(AppSettings().assistantModelSettings.provider() == nil)
    }

    @Test func settingsRefuseAModelOnFreeAndForgetItWhenLeavingPlus() throws {
        var free = AppSettings()
        free.tier = .free
        let persistence = InMemorySettings(free)
        let settings = SettingsModel(persistence: persistence, store: nil, probePoint: Coordinate(latitude: 43.73, longitude: 7.42))
        settings.send(.setAssistantProvider(.gemini))
        #expect(settings.state.settings.assistantProvider == .onDevice)
        #expect(settings.state.message?.contains("GemNav Plus") == true)

        settings.send(.setTier(.plus))
        settings.send(.setAssistantProvider(.openAICompatible))
        settings.send(.setAssistantModel("  qwen2.5 "))
        settings.send(.setAssistantBaseURL("http://127.0.0.1:11434"))
        #expect(try persistence.loadSettings()?.assistantModelSettings
            == ModelSettings(kind: .openAICompatible, model: "qwen2.5", baseURL: URL(string: "http://127.0.0.1:11434")))
        settings.send(.setAssistantBaseURL("not a server"))
        #expect(settings.state.message?.contains("not a server address") == true)
        #expect(settings.state.settings.assistantBaseURL == URL(string: "http://127.0.0.1:11434"))
        settings.send(.setTier(.free))
        #expect(try persistence.loadSettings()?.assistantProvider == .onDevice)
    }

    @Test func theChatAsksTheChosenModelOnlyWhenTheTierAllows() async throws {
        var plus = AppSettings()
        plus.assistantProvider = .gemini
        let requests = Requests()
        let (app, chat) = try makeChat(plus, requests: requests)
        chat.send(.ask("shush"))
        await chat.settled()
        #expect(requests.total == 1 && chat.state.messages.last?.actions == [.mute] && app.navigation.state.isMuted)

        var free = plus
        free.tier = .free
        let quiet = Requests()
        // The chat holds its app unowned: the app is kept for as long as the chat is used.
        let (freeApp, freeChat) = try makeChat(free, requests: quiet)
        freeChat.send(.ask("mute"))
        await freeChat.settled()
        #expect(quiet.total == 0 && freeChat.state.messages.last?.actions == [.mute] && freeApp.navigation.state.isMuted)

        let onDevice = Requests()
        let (deviceApp, deviceChat) = try makeChat(AppSettings(), requests: onDevice)
        deviceChat.send(.ask("mute"))
        await deviceChat.settled()
        #expect(onDevice.total == 0 && deviceApp.navigation.state.isMuted)
    }
}
