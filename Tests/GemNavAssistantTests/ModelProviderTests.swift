import Foundation
import GemNavCore
import GemNavSearch
import GemNavServices
import GemNavTestSupport
import Testing
@testable import GemNavAssistant

/// The Gemini and OpenAI-compatible clients over real HTTP against a loopback fake speaking
/// their wire formats: proposals carried out by the on-device code on Monaco, values the app
/// does not have and places the map does not know dropped with a reason, and every failure
/// (key refused, rate limit, server error, garbled answer, no answer in time, no key)
/// answered on the device with the reason said — and the key never in a message.
@Suite struct ModelProviderTests {
    static let casino = Coordinate(latitude: 43.7392, longitude: 7.4285)

    func assistant(_ model: (any LanguageModelProvider)?) throws -> Assistant {
        let data = try MonacoData.data.get()
        let index = try #require(try data.loadSearchIndex())
        return Assistant(places: IndexPlaceSearch(index: index), travel: EngineTravelTimes(engine: try data.loadEngine()),
                         centre: index.centre, timeZone: .gmt, model: model)
    }

    func ask(_ model: any LanguageModelProvider, _ utterance: String,
             _ context: ConversationContext = ConversationContext(position: casino)) async throws -> AssistantTurn
    {
        var context = context
        let assistant = try assistant(model)
        return await assistant.respond(to: utterance, in: &context)
    }

    static func gemini(_ base: URL, _ scenario: String, timeout: Double = 120) -> GeminiProvider {
        GeminiProvider(apiKey: FakeModelServer.key, model: scenario, baseURL: base, timeout: timeout)
    }

    static func openAI(_ base: URL, _ scenario: String, key: String? = FakeModelServer.key, timeout: Double = 120)
        -> OpenAICompatibleProvider
    {
        OpenAICompatibleProvider(apiKey: key, model: scenario, baseURL: base, timeout: timeout)
    }

    /// Both clients of `scenario` on the fake at `base`.
    static func both(_ base: URL, _ scenario: String, timeout: Double = 120) -> [any LanguageModelProvider] {
        [gemini(base, scenario, timeout: timeout), openAI(base, scenario, timeout: timeout)]
    }

    @Test func proposalsAreCarriedOutByTheOnDeviceCode() async throws {
        try await FakeModelServer().run { base in
            for model in Self.both(base, "navigate-casino") + [Self.openAI(base, "navigate-casino", key: nil)] {
                let turn = try await ask(model, "walk me to the casino and skip the tolls")
                #expect(turn.provider == model.kind.rawValue && turn.notice == nil)
                guard turn.actions.count == 2, case .navigate(let destination, let stops, let avoid, let profile, let estimate) = turn.actions[1]
                else {
                    Issue.record("\(model.displayName): expected setAvoid then navigate, got \(turn.actions)")
                    continue
                }
                #expect(turn.actions[0] == .setAvoid([.tolls]) && stops.isEmpty && avoid == [.tolls] && profile == .foot)
                #expect(destination.name.contains("Casino") && estimate != nil)
                #expect(turn.reply.hasPrefix("Avoiding tolls from now on. Taking you to \(destination.name), avoiding tolls on foot"))
            }
            #expect(Self.gemini(base, "x").kind.rawValue == "gemini" && Self.openAI(base, "x").kind.rawValue == "openai-compatible")
        }
    }

    @Test(arguments: [("unauthorized", "its API key was refused"), ("rate-limited", "it is rate-limited"),
                      ("broken", "its server failed"), ("garbled", "its answer was not readable")])
    func aFailingModelLeavesTheTurnToTheDevice(scenario: String, reason: String) async throws {
        try await FakeModelServer().run { base in
            for model in Self.both(base, scenario) {
                let turn = try await ask(model, "find a pharmacy")
                #expect(turn.provider == "on-device")
                #expect(turn.reply.hasPrefix("\(model.displayName) didn't answer (\(reason)"), "\(turn.reply)")
                guard case .findNearby(.pharmacy, let results)? = turn.actions.first else {
                    Issue.record("expected the device's findNearby, got \(turn.actions)")
                    continue
                }
                #expect(!results.isEmpty && turn.reply.contains(results[0].place.name))
                let notice = try #require(turn.notice)
                #expect(notice.contains(base.absoluteString))
                #expect(!notice.contains(FakeModelServer.key) && !turn.reply.contains(FakeModelServer.key))
            }
        }
    }

    @Test func theErrorsKnowTheirStatusAndNeverHoldTheKey() async throws {
        try await FakeModelServer().run { base in
            let prompt = ModelPrompt(system: "test", utterance: "mute")
            for (scenario, status) in [("unauthorized", [400, 401]), ("rate-limited", [429]), ("broken", [500, 503])] {
                for model in Self.both(base, scenario) {
                    do {
                        _ = try await model.propose(prompt)
                        Issue.record("\(scenario): expected an error")
                    } catch let error as ModelError {
                        #expect(status.contains(error.httpStatus ?? 0), "\(error)")
                        #expect(!error.description.contains(FakeModelServer.key))
                    }
                }
            }
            // OpenAI's 401 quotes the key it was given; that sentence is not passed on.
            let wrong = OpenAICompatibleProvider(apiKey: "sk-wrong-key-1234", model: "navigate-casino", baseURL: base)
            do {
                _ = try await wrong.propose(prompt)
                Issue.record("expected the key to be refused")
            } catch let error as ModelError {
                #expect(error.code == .unauthorized(status: 401) && !error.description.contains("sk-wrong"))
            }
        }
    }

    @Test func aModelThatDoesNotAnswerInTimeIsLeftBehind() async throws {
        try await FakeModelServer().run { base in
            for model in Self.both(base, "slow", timeout: 0.3) {
                let turn = try await ask(model, "mute")
                #expect(turn.provider == "on-device" && turn.actions == [.mute])
                #expect(turn.reply.hasPrefix("\(model.displayName) didn't answer (it did not answer within 0.3 s)"))
            }
        }
    }

    @Test func aFrenchTurnSaysWhyTheModelFailedInFrench() async throws {
        try await FakeModelServer().run { base in
            let model = Self.gemini(base, "rate-limited")
            let turn = try await ask(model, "trouve une pharmacie")
            #expect(turn.reply.hasPrefix("\(model.displayName) n'a pas répondu (trop de requêtes) : j'ai répondu sur l'appareil."),
                    "\(turn.reply)")
        }
    }

    @Test func geminiWithoutAKeySendsNothing() async throws {
        let model = GeminiProvider(apiKey: nil, transport: { _ in
            Issue.record("nothing may be sent without a key")
            return (500, Data())
        })
        let turn = try await ask(model, "mute")
        #expect(turn.provider == "on-device" && turn.actions == [.mute])
        #expect(turn.reply.hasPrefix("Gemini (gemini-2.5-flash) didn't answer (no API key in GEMINI_API_KEY)"))
        #expect(turn.notice?.contains("set GEMINI_API_KEY") == true)
    }

    @Test func aPlaceTheMapDoesNotKnowIsDropped() async throws {
        try await FakeModelServer().run { base in
            for model in Self.both(base, "nowhere") {
                let turn = try await ask(model, "take me to atlantis")
                #expect(turn.provider == model.kind.rawValue && turn.actions == [.unknown])
                #expect(turn.reply == "I didn't act on the model's navigate: I couldn't find \"Xqzvw Qjxkb Zzyzx\" on this map.")
            }
        }
    }

    @Test func valuesTheAppDoesNotHaveAreDropped() async throws {
        try await FakeModelServer().run { base in
            for model in Self.both(base, "bad-mode") {
                let turn = try await ask(model, "read my mind and be quiet")
                #expect(turn.actions == [.mute])
                #expect(turn.reply == "I didn't act on the model's setMode: \"telepathic\" is not a mode I know. "
                    + "Muted. Say \"unmute\" to hear me again. "
                    + "I didn't act on the model's teleport: \"teleport\" is not something I can do.")
            }
        }
    }

    @Test func wordsWithoutCallsAreShownAndNothingIsDone() async throws {
        try await FakeModelServer().run { base in
            for model in Self.both(base, "words") {
                let turn = try await ask(model, "hmm")
                #expect(turn.reply == "Where would you like to go?" && turn.actions == [.unknown])
                #expect(turn.provider == model.kind.rawValue)
            }
        }
    }

    @Test func theRequestsSpeakEachWireFormat() throws {
        var context = ConversationContext(position: Self.casino)
        context.list = [Candidate(place: Place(name: "Pharmacie du Rocher", coordinate: Self.casino), duration: 60, distance: 500)]
        let prompt = ModelPrompt(system: Assistant.brief(context, language: .en), utterance: "the first one")
        #expect(prompt.system.contains("1. Pharmacie du Rocher") && !prompt.system.contains("43.73"))

        let gemini = try #require(GeminiProvider.body(prompt).object)
        let declarations = try #require(gemini["tools"]?.array?.first?.object?["functionDeclarations"]?.array)
        #expect(declarations.count == AssistantTool.catalogue.count)
        let mute = try #require(declarations.first { $0.object?["name"] == "mute" }?.object)
        #expect(mute["parameters"] == nil)
        #expect(gemini["systemInstruction"]?.object?["parts"]?.array?.first?.object?["text"]?.string == prompt.system)
        #expect(GeminiProvider(apiKey: "k", model: "gemini-2.5-flash").endpoint.absoluteString
            == "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent")

        let openAI = try #require(OpenAICompatibleProvider(apiKey: nil, model: "llama3.2").body(prompt).object)
        let tools = try #require(openAI["tools"]?.array)
        #expect(tools.count == AssistantTool.catalogue.count && tools.allSatisfy { $0.object?["type"] == "function" })
        #expect(openAI["messages"]?.array?.first?.object?["role"] == "system")
        #expect(OpenAICompatibleProvider(apiKey: nil, baseURL: URL(string: "http://127.0.0.1:11434")!).endpoint.absoluteString
            == "http://127.0.0.1:11434/v1/chat/completions")
    }

    @Test func placesInAProposalReadAsTheDeviceReadsThem() throws {
        var context = ConversationContext(position: Self.casino)
        context.list = [Candidate(place: Place(name: "Pharmacie du Rocher", coordinate: Self.casino), duration: 60, distance: 500),
                        Candidate(place: Place(name: "Pharmacie Azurea", coordinate: Self.casino), duration: 90, distance: 900)]
        let reader = ProposalReader(context: context)
        #expect(reader.reference("pharmacie azuréa") == .ordinal(2))
        #expect(reader.reference("Home") == .favourite("Home") && reader.reference("here") == .here)
        #expect(reader.reference("pharmacy") == .category(.pharmacy) && reader.reference("it") == .focus)
        #expect(reader.reference("Stade Louis II") == .text("Stade Louis II"))
        let request = try reader.request(ProposedCall(name: "navigate", arguments: [
            "destination": "Pharmacie Azurea", "stops": ["casino"], "avoid": ["tolls", "ferries"], "profile": "bicycle"]))
        #expect(request.intent == .navigate && request.place == .ordinal(2) && request.stops == [.text("casino")])
        #expect(request.avoid == [.tolls, .ferries] && request.profile == .bicycle)
        #expect(throws: ProposalReader.Problem.self) { try reader.request(ProposedCall(name: "findNearby", arguments: ["category": "spaceport"])) }
        #expect(throws: ProposalReader.Problem.self) { try reader.request(ProposedCall(name: "navigate", arguments: ["avoid": ["tolls"]])) }
        #expect(throws: ProposalReader.Problem.self) { try reader.request(ProposedCall(name: "setAvoid", arguments: ["avoid": ["potholes"]])) }
    }
}
