import Foundation
import GemNavTestSupport
import Hummingbird
import HummingbirdTesting

/// A loopback fake of both model APIs, answering as the real servers do (bodies and errors in
/// their wire format). The scenario is the model's name, so one server serves every test:
/// "navigate-casino", "nowhere", "bad-mode", "words", "unauthorized", "rate-limited",
/// "broken", "garbled", "slow" (held until `gate` opens). A wrong key gets the API's own 401.
struct FakeModelServer: Sendable {
    static let key = "test-key-5ecret-do-not-print"
    let gate = Gate()

    /// What the fake's model proposes for each scenario, as `(name, arguments)` pairs.
    static func calls(_ scenario: String) -> [(String, [String: Any])] {
        switch scenario {
        case "navigate-casino": [("setAvoid", ["avoid": ["tolls"]]), ("navigate", ["destination": "casino", "profile": "foot"])]
        case "nowhere": [("navigate", ["destination": "Xqzvw Qjxkb Zzyzx"])]
        case "bad-mode": [("setMode", ["mode": "telepathic"]), ("mute", [:]), ("teleport", ["to": "Mars"])]
        default: []
        }
    }

    static func json(_ object: Any, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return Response(status: status, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// Gemini's error shape: `{"error": {"code", "message", "status"}}`.
    static func geminiError(_ code: Int, _ message: String, _ status: String) -> Response {
        json(["error": ["code": code, "message": message, "status": status]], status: .init(code: code))
    }

    /// OpenAI's error shape: `{"error": {"message", "type", "code"}}`; the real 401 quotes
    /// part of the key, which the client must never pass on.
    static func openAIError(_ code: Int, _ message: String, _ type: String) -> Response {
        json(["error": ["message": message, "type": type, "param": NSNull(), "code": NSNull()]], status: .init(code: code))
    }

    func gemini(_ request: Request, _ context: some RequestContext) async throws -> Response {
        let call = context.parameters.get("call") ?? ""
        let scenario = String(call.prefix { $0 != ":" })
        guard call.hasSuffix(":generateContent") else { return Self.geminiError(404, "not found", "NOT_FOUND") }
        let body = try await request.body.collect(upTo: 1 << 20)
        let sent = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
        let tools = (sent?["tools"] as? [[String: Any]])?.first?["functionDeclarations"] as? [[String: Any]]
        guard sent?["contents"] != nil, let tools, tools.contains(where: { $0["name"] as? String == "navigate" }) else {
            return Self.geminiError(400, "Invalid JSON payload received.", "INVALID_ARGUMENT")
        }
        guard request.headers.first(where: { $0.name.canonicalName == "x-goog-api-key" })?.value == Self.key, scenario != "unauthorized" else {
            return Self.geminiError(400, "API key not valid. Please pass a valid API key.", "INVALID_ARGUMENT")
        }
        switch scenario {
        case "rate-limited": return Self.geminiError(429, "Resource has been exhausted (e.g. check quota).", "RESOURCE_EXHAUSTED")
        case "broken": return Self.geminiError(500, "An internal error has occurred.", "INTERNAL")
        case "garbled": return Self.text(#"{"candidates": [{"content": {"parts": [{"functionCall": "#, status: .ok)
        case "slow": await gate.wait()
        default: break
        }
        var parts: [[String: Any]] = Self.calls(scenario).map { ["functionCall": ["name": $0.0, "args": $0.1]] }
        if parts.isEmpty { parts = [["text": "Where would you like to go?"]] }
        return Self.json(["candidates": [["content": ["role": "model", "parts": parts], "finishReason": "STOP", "index": 0]],
                          "usageMetadata": ["promptTokenCount": 412, "candidatesTokenCount": 18, "totalTokenCount": 430],
                          "modelVersion": scenario])
    }

    func openAI(_ request: Request, _ context: some RequestContext) async throws -> Response {
        let body = try await request.body.collect(upTo: 1 << 20)
        let sent = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
        let scenario = sent?["model"] as? String ?? ""
        let tools = sent?["tools"] as? [[String: Any]]
        guard sent?["messages"] is [[String: Any]], let tools,
              tools.allSatisfy({ $0["type"] as? String == "function" && $0["function"] is [String: Any] })
        else { return Self.openAIError(400, "'messages' and 'tools' are required", "invalid_request_error") }
        if let auth = request.headers[.authorization], auth != "Bearer \(Self.key)" || scenario == "unauthorized" {
            return Self.openAIError(401, "Incorrect API key provided: \(auth.dropFirst(7)). You can find your API key at https://platform.openai.com/account/api-keys.", "invalid_request_error")
        }
        switch scenario {
        case "rate-limited": return Self.openAIError(429, "Rate limit reached for requests", "requests")
        case "broken": return Self.openAIError(503, "The server is overloaded", "server_error")
        case "garbled": return Self.text("<html>502 Bad Gateway</html>", status: .ok)
        case "slow": await gate.wait()
        default: break
        }
        let calls = Self.calls(scenario).enumerated().map { i, call -> [String: Any] in
            let arguments = String(decoding: try! JSONSerialization.data(withJSONObject: call.1), as: UTF8.self)
            return ["id": "call_\(i)", "type": "function", "function": ["name": call.0, "arguments": arguments]]
        }
        var message: [String: Any] = ["role": "assistant", "content": calls.isEmpty ? "Where would you like to go?" : NSNull()]
        if !calls.isEmpty { message["tool_calls"] = calls }
        return Self.json(["id": "chatcmpl-1", "object": "chat.completion", "created": 1_764_000_000, "model": scenario,
                          "choices": [["index": 0, "message": message, "finish_reason": calls.isEmpty ? "stop" : "tool_calls"]],
                          "usage": ["prompt_tokens": 400, "completion_tokens": 20, "total_tokens": 420]])
    }

    /// Runs `body` with the base URL of the fake on 127.0.0.1 (a free port); the held
    /// requests are let go before the server stops.
    func run(_ body: @escaping @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        let fake = self
        router.post("v1beta/models/:call") { request, context in try await fake.gemini(request, context) }
        router.post("v1/chat/completions") { request, context in try await fake.openAI(request, context) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            guard let port = client.port else { throw URLError(.cannotConnectToHost) }
            do {
                try await body(URL(string: "http://127.0.0.1:\(port)")!)
            } catch {
                await gate.open()
                throw error
            }
            await gate.open()
        }
    }
}
