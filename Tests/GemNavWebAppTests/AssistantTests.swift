import Clocks
import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
@testable import GemNavWebApp
import Hummingbird
import HummingbirdTesting
import Testing

/// The assistant of a tab's app: asked over the tab's WebSocket messages and over
/// `POST /assistant`, on the Monaco map.
@MainActor @Suite struct AssistantTests {
    let timer = TestClock()
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))

    func sessions() throws -> WebSessions {
        let environment = try MonacoData.appEnvironment(clock: clock, timer: timer)
        return WebSessions(clock: clock) { _, _ in AppComposition.build(environment) }
    }

    @Test func anUtteranceOnTheTabActsOnItsTrip() async throws {
        let session = try sessions().open(nil)
        try session.receive(#"{"intent":"location","lat":43.7396,"lon":7.4275,"accuracy":5}"#)
        try session.receive(#"{"intent":"open","screen":"assistant"}"#)
        #expect(session.app.screen == .assistant)
        try session.receive(#"{"intent":"ask","text":"take me to the stade louis II"}"#)
        let assistant = try #require(session.app.assistant)
        await assistant.settled()
        let chat = WebState(session.app).assistant
        #expect(chat?.messages.map(\.author) == ["user", "assistant"])
        #expect(chat?.messages.last?.text.contains("Stade Louis II") == true)
        // The trip started on the tab's own app, and stays under way whatever screen is shown.
        #expect(session.app.screen == .navigation && WebState(session.app).tripUnderWay)
        try session.receive(#"{"intent":"consent","granted":false}"#)
        try session.receive(#"{"intent":"open","screen":"assistant"}"#)
        #expect(!WebState.routesShown(session.app).isEmpty, "the route stays on the map behind the chat")

        try session.receive(#"{"intent":"clearChat"}"#)
        #expect(WebState(session.app).assistant?.messages.isEmpty == true)
    }

    @Test func theVoiceButtonListensAndReportsWhatCameOfIt() async throws {
        let all = try sessions()
        all.recognizer = { _ in "" }
        let session = try all.open(nil)
        try session.receive(#"{"intent":"listen"}"#)
        #expect(WebState(session.app).assistant?.voice
            == WebState.VoiceCommand(canListen: true, listening: true, success: nil, message: nil))
        // A server without a recogniser says why as soon as the button is pressed.
        let deaf = try sessions().open(nil)
        deaf.app.assistant?.speechUnavailable = "Install a recogniser."
        try deaf.receive(#"{"intent":"listen"}"#)
        #expect(deaf.app.assistant?.state.voice.isListening == false)
        #expect(deaf.app.assistant?.state.voice.result?.message == "Install a recogniser.")
        try session.receive(#"{"intent":"notHeard","value":"denied"}"#)
        let voice = try #require(WebState(session.app).assistant?.voice)
        #expect(!voice.listening && voice.success == false && voice.message?.contains("microphone") == true)

        let assistant = try #require(session.app.assistant)
        assistant.send(.startListening)
        assistant.send(.heard("find a pharmacy"))
        await assistant.settled()
        #expect(assistant.state.voice.result?.success == true)
        #expect(assistant.takeEffects().count == 1, "a spoken command is answered aloud")
    }

    func app(_ sessions: WebSessions) throws -> some ApplicationProtocol {
        let files = WebFiles(directory: FileManager.default.temporaryDirectory)
        let responder = WebAppResponder(files: files, api: Router().buildResponder(), hasMap: false, sessions: sessions)
        return Application(responder: responder)
    }

    nonisolated func post(_ client: some TestClientProtocol, _ json: String) async throws
        -> (HTTPResponse.Status, [String: Any])
    {
        let (status, body) = try await client.execute(uri: "/assistant", method: .post,
                                                      headers: [.contentType: "application/json"],
                                                      body: ByteBuffer(string: json)) { response in
            (response.status, Data(buffer: response.body))
        }
        return (status, (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:])
    }

    @Test func postAssistantAnswersAndKeepsTheConversation() async throws {
        let sessions = try sessions()
        try await app(sessions).test(.router) { client in
            let (status, found) = try await post(client, #"{"text":"find a pharmacy","lat":43.7396,"lon":7.4275}"#)
            #expect(status == .ok && found["provider"] as? String == "on-device")
            let action = try #require((found["actions"] as? [[String: Any]])?.first)
            #expect(action["type"] as? String == "findNearby")
            let results = try #require(action["results"] as? [[String: Any]])
            #expect(results.count >= 2)
            let id = try #require(found["session"] as? String)

            let (_, chosen) = try await post(client, #"{"text":"the second one","session":"\#(id)"}"#)
            let navigate = try #require((chosen["actions"] as? [[String: Any]])?.first)
            #expect(navigate["type"] as? String == "navigate")
            #expect((navigate["destination"] as? [String: Any])?["name"] as? String == results[1]["name"] as? String)
            #expect(chosen["session"] as? String == id)
        }
        // The session outlives the request like a closed tab's, not for ever.
        #expect(sessions.count == 1)
    }

    @Test func aSpokenCommandIsRecognisedThenAsked() async throws {
        let sessions = try sessions()
        let tab = try sessions.open(nil)
        try tab.receive(#"{"intent":"listen"}"#)
        try await app(sessions).test(.router) { client in
            // Without a recogniser the tab hears why, and the request is refused with the same words.
            try await client.execute(uri: "/assistant/audio?session=\(tab.id)", method: .post, body: ByteBuffer(string: "RIFF")) {
                #expect($0.status == .serviceUnavailable)
            }
        }
        #expect(tab.app.assistant?.state.voice.result?.success == false)
        #expect(tab.app.assistant?.state.voice.isListening == false)

        sessions.recognizer = { audio in String(decoding: audio, as: UTF8.self) == "silence" ? " " : "find a pharmacy" }
        try await app(sessions).test(.router) { client in
            let (status, body) = try await client.execute(uri: "/assistant/audio?session=\(tab.id)", method: .post,
                                                          body: ByteBuffer(string: "RIFF…")) {
                ($0.status, Data(buffer: $0.body))
            }
            let answer = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(status == .ok && answer["heard"] as? String == "find a pharmacy")
            #expect((answer["actions"] as? [[String: Any]])?.first?["type"] as? String == "findNearby")
            try await client.execute(uri: "/assistant/audio?session=\(tab.id)", method: .post, body: ByteBuffer(string: "silence")) {
                let silent = try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]
                #expect($0.status == .ok && silent?["heard"] as? String == "", "nothing said is an answer, not an error")
                #expect((silent?["voice"] as? [String: Any])?["success"] as? Bool == false)
            }
        }
        #expect(tab.app.assistant?.state.voice.result?.message.contains("Nothing was heard") == true)
        #expect(tab.app.assistant?.state.messages.first?.text == "find a pharmacy")
    }

    @Test func ridesTravelOnTheTabsSession() async throws {
        let session = try sessions().open(nil)
        func failure(_ text: String) -> WebAppError? {
            do { try session.receive(text) } catch let e as WebAppError { return e } catch { return nil }
            return nil
        }
        #expect(failure(#"{"intent":"rideDestination"}"#)?.closesConnection == false, "nothing chosen yet")
        #expect(failure(#"{"intent":"rideClass","value":"limousine"}"#)?.closesConnection == true)
        try session.receive(#"{"intent":"location","lat":43.7392,"lon":7.4285,"accuracy":5}"#)
        session.app.search.send(.picked(Place(name: "Stade Louis II", coordinate: Coordinate(latitude: 43.7275, longitude: 7.4156))))
        try session.receive(#"{"intent":"rideDestination"}"#)
        let ride = try #require(WebState(session.app).ride)
        #expect(session.app.screen == .ride && ride.phase == "routeReady" && ride.canConfirm)
        #expect(ride.pickup == "Map centre" && ride.destination == "Stade Louis II" && ride.fare?.hasSuffix("EUR") == true)
        #expect(ride.line.count > 1)
        try session.receive(#"{"intent":"confirmRide"}"#)
        #expect(WebState(session.app).ride?.canCancel == true)
        try session.receive(#"{"intent":"cancelRide"}"#)
        #expect(WebState(session.app).ride?.history.count == 1)
    }

    @Test func postAssistantExplainsBadRequests() async throws {
        try await app(try sessions()).test(.router) { client in
            for (body, words) in [("nope", "not the JSON expected"), (#"{"text":"  "}"#, "Say something"),
                                  (#"{"text":"hi","lat":91,"lon":0}"#, "not on Earth"), (#"{"text":"hi","lat":43}"#, "go together"),
                                  (#"{"text":"hi","language":"de"}"#, "en or fr"), (#"{"text":"hi","session":"../x"}"#, "not a session id")]
            {
                let (status, answer) = try await post(client, body)
                #expect(status == .badRequest, "\(body)")
                #expect((answer["error"] as? String)?.contains(words) == true, "\(body): \(answer)")
            }
            try await client.execute(uri: "/assistant", method: .get) { response in
                #expect(response.status == .methodNotAllowed && response.headers[.allow] == "POST")
            }
        }
    }
}
