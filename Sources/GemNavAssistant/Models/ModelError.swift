import Foundation

/// Why a language model did not answer. The assistant then answers on the device and says so.
/// Messages never contain the API key: a server's own words are kept only with the key removed.
public struct ModelError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The precise failure.
    public enum Code: Sendable, Hashable {
        /// No API key in the environment variable the provider reads.
        case missingKey(variable: String)
        /// The server refused the key (HTTP 401 or 403, or Gemini's 400 "API key not valid").
        case unauthorized(status: Int)
        /// Too many requests or the quota is spent (HTTP 429).
        case rateLimited
        /// The server failed (HTTP 5xx).
        case serverError(status: Int)
        /// The server refused the request for another reason (HTTP 4xx), with its message.
        case refused(status: Int, message: String)
        /// No answer within the timeout.
        case timeout(seconds: Double)
        /// The server could not be reached.
        case unreachable(reason: String)
        /// The answer is not the API's JSON.
        case malformed(reason: String)
    }

    /// The failure.
    public let code: Code
    /// The provider, e.g. "Gemini (gemini-2.5-flash)".
    public let provider: String
    /// The address asked (never holding the key: keys travel in headers).
    public let url: String

    /// An error for `code` from `provider` at `url`.
    public init(_ code: Code, provider: String, url: String) {
        self.code = code
        self.provider = provider
        self.url = url
    }

    /// The HTTP status the server answered with, when it answered.
    public var httpStatus: Int? {
        switch code {
        case .unauthorized(let s), .serverError(let s), .refused(let s, _): s
        case .rateLimited: 429
        case .missingKey, .timeout, .unreachable, .malformed: nil
        }
    }

    /// A few words for the chat, why the model did not answer: a reply template's key and
    /// its slots, so the reason is said in the reply's language.
    var reason: (key: String, slots: [String: String]) {
        switch code {
        case .missingKey(let variable): ("model.reason.missingKey", ["variable": variable])
        case .unauthorized: ("model.reason.unauthorized", [:])
        case .rateLimited: ("model.reason.rateLimited", [:])
        case .serverError(let status): ("model.reason.serverError", ["status": "\(status)"])
        case .refused(let status, _): ("model.reason.refused", ["status": "\(status)"])
        case .timeout(let seconds): ("model.reason.timeout", ["seconds": seconds.formatted()])
        case .unreachable: ("model.reason.unreachable", [:])
        case .malformed: ("model.reason.malformed", [:])
        }
    }

    public var description: String {
        switch code {
        case .missingKey(let variable):
            "\(provider) needs an API key: set \(variable) (or choose the on-device assistant)."
        case .unauthorized(let status):
            "\(provider) refused the API key (HTTP \(status) from \(url)): check the key, or choose the on-device assistant."
        case .rateLimited:
            "\(provider) is rate-limited (HTTP 429 from \(url)): wait a moment or check the plan's quota."
        case .serverError(let status):
            "\(provider) failed (HTTP \(status) from \(url)); try again later."
        case .refused(let status, let message):
            "\(provider) refused the request (HTTP \(status) from \(url)): \(message)"
        case .timeout(let seconds):
            "\(provider) did not answer within \(seconds.formatted()) s (\(url)); check the server or raise the timeout."
        case .unreachable(let reason):
            "\(provider) could not be reached at \(url): \(reason). Check the base URL and that the server runs."
        case .malformed(let reason):
            "\(provider) answered with something that is not its API's JSON (\(reason)) at \(url)."
        }
    }
}
