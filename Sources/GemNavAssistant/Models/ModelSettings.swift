import Foundation

/// Who understands the user: the on-device grammar (the default, and the only one on the
/// Free tier), Gemini, or a server speaking OpenAI's chat-completions API.
public enum AssistantProviderKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The on-device understanding: nothing leaves the device.
    case onDevice = "on-device"
    /// Google's Gemini, in the cloud.
    case gemini
    /// llama.cpp, Ollama, vLLM (or OpenAI) through the chat-completions API.
    case openAICompatible = "openai-compatible"

    /// The kind named `text`: its raw value, or "openai" for the chat-completions API.
    public init?(name text: String) {
        if text == "openai" { self = .openAICompatible } else { self.init(rawValue: text) }
    }
}

/// Which model backs the assistant and where it is; the key is never part of it (it is read
/// from the environment when a request is made, so settings files never hold a secret).
public struct ModelSettings: Sendable, Hashable, Codable {
    /// The provider.
    public var kind: AssistantProviderKind
    /// The model's name; nil for the provider's default.
    public var model: String?
    /// The server's base URL; nil for the provider's default.
    public var baseURL: URL?
    /// The environment variable holding the key; nil for GEMINI_API_KEY or OPENAI_API_KEY.
    public var keyVariable: String?
    /// Seconds before a model that does not answer is given up on (the device answers then).
    public var timeout: TimeInterval?

    /// Settings from their parts.
    public init(kind: AssistantProviderKind = .onDevice, model: String? = nil, baseURL: URL? = nil,
                keyVariable: String? = nil, timeout: TimeInterval? = nil)
    {
        self.kind = kind
        self.model = model
        self.baseURL = baseURL
        self.keyVariable = keyVariable
        self.timeout = timeout
    }

    /// The provider these settings name, nil for the on-device understanding.
    /// - Parameters:
    ///   - environment: where the key is read (the process's environment in the app).
    ///   - transport: answers instead of `URLSession` in tests.
    public func provider(environment: [String: String] = ProcessInfo.processInfo.environment,
                         transport: ModelTransport? = nil) -> (any LanguageModelProvider)?
    {
        let model = self.model.flatMap { $0.isEmpty ? nil : $0 }
        switch kind {
        case .onDevice:
            return nil
        case .gemini:
            let variable = keyVariable ?? GeminiProvider.defaultKeyVariable
            return GeminiProvider(apiKey: environment[variable], model: model ?? GeminiProvider.defaultModel,
                                  baseURL: baseURL ?? GeminiProvider.defaultBaseURL, keyVariable: variable,
                                  timeout: timeout ?? 10, transport: transport)
        case .openAICompatible:
            let variable = keyVariable ?? OpenAICompatibleProvider.defaultKeyVariable
            return OpenAICompatibleProvider(apiKey: environment[variable], model: model ?? OpenAICompatibleProvider.defaultModel,
                                            baseURL: baseURL ?? OpenAICompatibleProvider.defaultBaseURL,
                                            timeout: timeout ?? 30, transport: transport)
        }
    }
}
