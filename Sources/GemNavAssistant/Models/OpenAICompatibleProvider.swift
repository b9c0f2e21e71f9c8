import Foundation
import GemNavCore

/// OpenAI's chat-completions API as llama.cpp's server, Ollama, vLLM and OpenAI speak it:
/// `POST {base}/v1/chat/completions` with the actions as `tools` of `type: function`, the
/// proposal read from the first choice's `tool_calls` (arguments as a JSON string) and
/// `content`. A local server needs no key; a key, when set, goes as `Authorization: Bearer`.
public struct OpenAICompatibleProvider: LanguageModelProvider {
    /// llama.cpp's server on this machine: fully offline.
    public static let defaultBaseURL = URL(string: "http://127.0.0.1:8080")!
    /// A small model Ollama serves under this name (llama.cpp serves whatever it loaded).
    public static let defaultModel = "llama3.2"
    /// Where the key is read from by default.
    public static let defaultKeyVariable = "OPENAI_API_KEY"

    /// The server, e.g. `http://127.0.0.1:11434` for Ollama.
    public let baseURL: URL
    /// The model name sent.
    public let model: String
    private let apiKey: String?
    private let http: ModelHTTP

    public var kind: AssistantProviderKind { .openAICompatible }
    public var displayName: String { "the model \(model) at \(baseURL.absoluteString)" }

    /// A client of `model` at `baseURL`, with `apiKey` when the server wants one.
    public init(apiKey: String?, model: String = defaultModel, baseURL: URL = defaultBaseURL,
                timeout: TimeInterval = 30, transport: ModelTransport? = nil)
    {
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.model = model
        self.baseURL = baseURL
        http = ModelHTTP(provider: "the model \(model) at \(baseURL.absoluteString)", timeout: timeout,
                         transport: transport ?? ModelHTTP.urlSession, secret: self.apiKey)
    }

    /// `{base}/v1/chat/completions`.
    public var endpoint: URL {
        baseURL.appendingPathComponent("v1").appendingPathComponent("chat").appendingPathComponent("completions")
    }

    /// The request body for `prompt`.
    public func body(_ prompt: ModelPrompt) -> JSONValue {
        [
            "model": .string(model),
            "messages": [["role": "system", "content": .string(prompt.system)],
                         ["role": "user", "content": .string(prompt.utterance)]],
            "tools": .array(prompt.tools.map { tool in
                ["type": "function", "function": ["name": .string(tool.name), "description": .string(tool.description),
                                                  "parameters": tool.parameters]]
            }),
            "tool_choice": "auto",
            "temperature": .number(0),
        ]
    }

    public func propose(_ prompt: ModelPrompt) async throws(ModelError) -> ModelProposal {
        let headers = apiKey.map { ["Authorization": "Bearer \($0)"] } ?? [:]
        let data = try await http.post(endpoint, body: body(prompt).data(), headers: headers)
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
        guard let message = response.choices.first?.message else { throw .malformed(reason: "no choice") }
        var calls: [ProposedCall] = []
        for call in message.toolCalls ?? [] {
            // `arguments` is JSON in a string; an empty string is a call without arguments.
            let text = call.function.arguments ?? ""
            guard text.trimmingCharacters(in: .whitespaces).isEmpty
                    || (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))?.object != nil
            else { throw .malformed(reason: "the arguments of \(call.function.name) are not a JSON object") }
            let arguments = (try? JSONDecoder().decode([String: JSONValue].self, from: Data(text.utf8))) ?? [:]
            calls.append(ProposedCall(name: call.function.name, arguments: arguments))
        }
        let text = (message.content ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !calls.isEmpty || !text.isEmpty else { throw .malformed(reason: "an empty answer") }
        return ModelProposal(calls: calls, text: text.isEmpty ? nil : text)
    }

    /// The parts of a chat completion the assistant reads.
    struct Response: Decodable {
        struct Choice: Decodable { var message: Message? }
        struct Message: Decodable {
            var content: String?
            var toolCalls: [ToolCall]?
            enum CodingKeys: String, CodingKey {
                case content
                case toolCalls = "tool_calls"
            }
        }
        struct ToolCall: Decodable { var function: Function }
        struct Function: Decodable {
            var name: String
            var arguments: String?
        }
        var choices: [Choice]
    }
}
