import Foundation
import GemNavAssistant
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import Hummingbird

/// `POST /assistant`: one turn with the assistant of an app session, answered with the JSON of
/// `gemnav ask` plus the session's id. With the id of an open tab the utterance acts on that
/// tab's trip (the page sees it happen); without one a session is made and kept like a tab's,
/// so the next request continues the conversation ("the second one").
struct AssistantEndpoint: Sendable {
    /// The path it answers.
    static let path = "/assistant"
    /// The path of spoken commands.
    static let audioPath = "/assistant/audio"
    /// Largest request body: an utterance is a sentence.
    static let maximumBody = 16 * 1024
    /// Largest recording: a minute of 16 kHz 16-bit mono.
    static let maximumAudio = 2 * 1024 * 1024

    let sessions: WebSessions

    /// What a client sends.
    struct Question: Decodable {
        var text: String?
        var utterance: String?
        var session: String?
        var language: String?
        var lat: Double?
        var lon: Double?
    }

    func respond(to request: Request) async -> Response {
        guard request.method == .post else {
            return Self.postOnly("Send the utterance with POST, as JSON: {\"text\": \"find a pharmacy\"}.")
        }
        let question: Question
        do {
            let buffer = try await request.body.collect(upTo: Self.maximumBody)
            question = try JSONDecoder().decode(Question.self, from: Data(buffer: buffer))
        } catch is DecodingError {
            return Self.error(.badRequest, "The body is not the JSON expected: {\"text\": \"find a pharmacy\", \"session\": \"…\", \"language\": \"en\", \"lat\": 43.73, \"lon\": 7.42} (only text is required).")
        } catch {
            return Self.error(.contentTooLarge, "The body is over \(Self.maximumBody / 1024) kB; an utterance is a sentence.")
        }
        return await answer(question)
    }

    /// `POST /assistant/audio?session=ID`: a recorded command (WAV) recognised, then asked like
    /// a typed one; the session's voice-command state says what came of it either way.
    func respondToAudio(_ request: Request) async -> Response {
        guard request.method == .post else { return Self.postOnly("Send the recording with POST as audio/wav.") }
        let query = request.uri.queryParameters
        let audio: Data
        do {
            audio = Data(buffer: try await request.body.collect(upTo: Self.maximumAudio))
        } catch {
            return Self.error(.contentTooLarge, "The recording is over \(Self.maximumAudio >> 20) MB; a command is a few seconds.")
        }
        let opened: (WebSession, AssistantModel, (@Sendable (Data) async throws -> String)?, String)
        do {
            opened = try await MainActor.run {
                let session = try sessions.open(query["session"].map(String.init))
                guard let assistant = session.app.assistant else { throw WebAppError(.notNow("this app has no assistant")) }
                return (session, assistant, sessions.recognizer, sessions.recognizerMissing)
            }
        } catch let error as WebAppError {
            return Self.error(.badRequest, error.description)
        } catch {
            return Self.error(.serviceUnavailable, "The app could not start: \(error)")
        }
        let (session, assistant, recognizer, missing) = opened
        // Whatever went wrong, the session's voice button says so too.
        func notHeard(_ failure: AssistantModel.VoiceFailure, _ status: HTTPResponse.Status) async -> Response {
            await MainActor.run {
                assistant.send(.notHeard(failure))
                session.released()
            }
            return Self.error(status, failure.message)
        }
        guard let recognizer else { return await notHeard(.recognizer(missing), .serviceUnavailable) }
        let heard: String
        do {
            heard = try await recognizer(audio).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            return await notHeard(.recognizer("The recording could not be recognised: \(error)"), .unprocessableContent)
        }
        guard !heard.isEmpty else {
            // Nothing said is an answer, not a failed request: the voice result says it, and a
            // page that sent its recording properly sees no error (200).
            let message: String = await MainActor.run {
                assistant.send(.notHeard(.silence))
                session.released()
                return assistant.state.voice.result?.message ?? ""
            }
            let object: [String: Any] = ["heard": "", "session": session.id, "voice": ["success": false, "message": message]]
            return Self.json(.ok, (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
        }
        await MainActor.run { assistant.send(.heard(heard)) }
        return await reply(session, assistant, extra: ["heard": heard])
    }

    /// Puts `question` to its session's assistant and answers with the turn.
    func answer(_ question: Question) async -> Response {
        guard let text = question.text ?? question.utterance,
              !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else {
            return Self.error(.badRequest, "Say something: the field 'text' holds the utterance, e.g. {\"text\": \"find a pharmacy\"}.")
        }
        let language: AssistantLanguage?
        if let code = question.language {
            guard let known = AssistantLanguage(rawValue: code) else {
                return Self.error(.badRequest, "'\(code)' is not a language the assistant speaks: use en or fr.")
            }
            language = known
        } else {
            language = nil
        }
        var position: Coordinate?
        switch (question.lat, question.lon) {
        case (nil, nil): break
        case (let lat?, let lon?):
            let c = Coordinate(latitude: lat, longitude: lon)
            guard c.isValid else { return Self.error(.badRequest, "\(lat),\(lon) is not on Earth: lat is -90…90, lon -180…180.") }
            position = c
        default:
            return Self.error(.badRequest, "lat and lon go together: give both, or neither to use the session's position.")
        }
        let asked: (WebSession, AssistantModel)
        do {
            asked = try await MainActor.run {
                let session = try sessions.open(question.session)
                let assistant = try session.ask(text, language: language, at: position)
                return (session, assistant)
            }
        } catch let error as WebAppError {
            return Self.error(.badRequest, error.description)
        } catch {
            return Self.error(.serviceUnavailable, "The app could not start: \(error)")
        }
        let (session, assistant) = asked
        return await reply(session, assistant)
    }

    /// The session's last turn once the assistant is done, as JSON with the session's id.
    private func reply(_ session: WebSession, _ assistant: AssistantModel, extra: [String: String] = [:]) async -> Response {
        await assistant.settled()
        let body: Data? = await MainActor.run {
            session.released()
            guard let turn = assistant.lastTurn else { return nil }
            var object = AssistantJSON.object(turn)
            object["session"] = session.id
            for (key, value) in extra { object[key] = value }
            return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        }
        guard let body else { return Self.error(.internalServerError, "The assistant gave no answer.") }
        return Self.json(.ok, body)
    }

    /// 405 with `Allow: POST` and how to send it.
    static func postOnly(_ how: String) -> Response {
        var headers = HTTPFields()
        headers[.allow] = "POST"
        return error(.methodNotAllowed, how, headers: headers)
    }

    static func error(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        let object = ["error": message]
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return json(status, body, headers: headers)
    }

    static func json(_ status: HTTPResponse.Status, _ body: Data, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
