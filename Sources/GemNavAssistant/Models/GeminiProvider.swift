import Foundation
import GemNavCore

/// Gemini's `generateContent` (REST, v1beta): `POST {base}/v1beta/models/{model}:generateContent`
/// with the key in `x-goog-api-key`, the actions as `tools[].functionDeclarations`, the
/// proposal read from the first candidate's `functionCall` and `text` parts.
public struct GeminiProvider: LanguageModelProvider {
    /// Google's endpoint.
    public static let defaultBaseURL = URL(string: "https://generativelanguage.googleapis.com")!
    /// A fast model with function calling.
    public static let defaultModel = "gemini-2.5-flash"
    /// Where the key is read from by default.
    public static let defaultKeyVariable = "GEMINI_API_KEY"

    /// The server, e.g. `https://generativelanguage.googleapis.com`.
    public let baseURL: URL
    /// The model, e.g. "gemini-2.5-flash".
    public let model: String
    /// The environment variable the key came from (named in errors, never the key).
    public let keyVariable: String
    private let apiKey: String?
    private let http: ModelHTTP

    public var kind: AssistantProviderKind { .gemini }
    public var displayName: String { "Gemini (\(model))" }

    /// A client of `model` at `baseURL`; `apiKey` nil fails every request with `.missingKey`.
    public init(apiKey: String?, model: String = defaultModel, baseURL: URL = defaultBaseURL,
                keyVariable: String = defaultKeyVariable, timeout: TimeInterval = 10, transport: ModelTransport? = nil)
    {
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.model = model
        self.baseURL = baseURL
        self.keyVariable = keyVariable
        http = ModelHTTP(provider: "Gemini (\(model))", timeout: timeout, transport: transport ?? ModelHTTP.urlSession,
                         secret: self.apiKey)
    }

    /// `{base}/v1beta/models/{model}:generateContent`.
    public var endpoint: URL {
        // Built as text: `appendingPathComponent` may escape the colon, which the API does not expect.
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let name = model.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#"])) ?? model
        return URL(string: "\(base)/v1beta/models/\(name):generateContent") ?? baseURL
    }

    /// The request body for `prompt`.
    public static func body(_ prompt: ModelPrompt) -> JSONValue {
        let declarations: [JSONValue] = prompt.tools.map { tool in
            var declaration: [String: JSONValue] = ["name": .string(tool.name), "description": .string(tool.description)]
            // Gemini refuses an object schema without properties: a function without
            // arguments is declared without parameters.
            if tool.parameters.object?["properties"]?.object?.isEmpty == false { declaration["parameters"] = tool.parameters }
            return .object(declaration)
        }
        return [
            "systemInstruction": ["parts": [["text": .string(prompt.system)]]],
            "contents": [["role": "user", "parts": [["text": .string(prompt.utterance)]]]],
            "tools": [["functionDeclarations": .array(declarations)]],
            "toolConfig": ["functionCallingConfig": ["mode": "AUTO"]],
            "generationConfig": ["temperature": .number(0)],
        ]
    }

    public func propose(_ prompt: ModelPrompt) async throws(ModelError) -> ModelProposal {
        guard let apiKey else { throw http.failure(.missingKey(variable: keyVariable), endpoint) }
        let data = try await http.post(endpoint, body: Self.body(prompt).data(), headers: ["x-goog-api-key": apiKey])
        do {
            return try Self.proposal(JSONDecoder().decode(Response.self, from: data))
        } catch let error as ModelError.Code {
            throw http.failure(error, endpoint)
        } catch {
            throw http.failure(.malformed(reason: DecodingSummary.describe(error)), endpoint)
        }
    }

    /// The proposal in a decoded answer.
    static func proposal(_ response: Response) throws(ModelError.Code) -> ModelProposal {
        guard let candidate = response.candidates?.first else {
            let why = response.promptFeedback?.blockReason.map { "the prompt was blocked (\($0))" } ?? "no candidate"
            throw .malformed(reason: why)
        }
        let parts = candidate.content?.parts ?? []
        let calls = parts.compactMap(\.functionCall).map { ProposedCall(name: $0.name, arguments: $0.args ?? [:]) }
        let text = parts.compactMap(\.text).joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !calls.isEmpty || !text.isEmpty else {
            throw .malformed(reason: "an empty answer (finish reason \(candidate.finishReason ?? "none"))")
        }
        return ModelProposal(calls: calls, text: text.isEmpty ? nil : text)
    }

    /// The parts of `GenerateContentResponse` the assistant reads.
    struct Response: Decodable {
        struct Candidate: Decodable {
            var content: Content?
            var finishReason: String?
        }
        struct Content: Decodable { var parts: [Part]? }
        struct Part: Decodable {
            var text: String?
            var functionCall: FunctionCall?
        }
        struct FunctionCall: Decodable {
            var name: String
            var args: [String: JSONValue]?
        }
        struct Feedback: Decodable { var blockReason: String? }
        var candidates: [Candidate]?
        var promptFeedback: Feedback?
    }
}

extension ModelError.Code: Error {}
