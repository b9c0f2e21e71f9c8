import Foundation

/// A language model that turns an utterance into proposed app actions: Gemini in the cloud,
/// or any server speaking OpenAI's chat-completions API (llama.cpp, Ollama, vLLM on the
/// user's own machine). The model only proposes: the assistant validates every call and its
/// arguments (places resolve on the device's own map) before anything happens.
public protocol LanguageModelProvider: Sendable {
    /// Which kind of provider this is (the JSON's `provider`).
    var kind: AssistantProviderKind { get }
    /// The provider and model as the user knows them, e.g. "Gemini (gemini-2.5-flash)".
    var displayName: String { get }
    /// The model's proposal for `prompt`.
    /// - Throws: `ModelError` when the provider cannot answer (no key, key refused, rate
    ///   limit, server error, no answer in time, an answer that is not its API's JSON).
    func propose(_ prompt: ModelPrompt) async throws(ModelError) -> ModelProposal
}

/// What is sent to a model: instructions with the conversation's state, the utterance, and
/// the functions it may call. Never the user's position: places are resolved on the device.
public struct ModelPrompt: Sendable, Hashable {
    /// The instructions and the conversation's state, in words.
    public var system: String
    /// What the user said.
    public var utterance: String
    /// The functions the model may call.
    public var tools: [AssistantTool]

    /// A prompt from its parts.
    public init(system: String, utterance: String, tools: [AssistantTool] = AssistantTool.catalogue) {
        self.system = system
        self.utterance = utterance
        self.tools = tools
    }
}

/// One function call a model proposes, e.g. `navigate {"destination": "casino"}`.
public struct ProposedCall: Sendable, Hashable {
    /// The function's name.
    public var name: String
    /// Its arguments by name.
    public var arguments: [String: JSONValue]

    /// A call from its parts.
    public init(name: String, arguments: [String: JSONValue] = [:]) {
        self.name = name
        self.arguments = arguments
    }
}

/// A model's answer: the calls it proposes, in order, and any words it wrote.
public struct ModelProposal: Sendable, Hashable {
    /// The function calls.
    public var calls: [ProposedCall]
    /// The text parts joined, nil when there were none.
    public var text: String?

    /// A proposal from its parts.
    public init(calls: [ProposedCall], text: String? = nil) {
        self.calls = calls
        self.text = text
    }
}
