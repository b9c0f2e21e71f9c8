import Foundation
import GemNavCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one request to a model's server and returns its status and body; `URLSession` in
/// the app, any function in tests.
public typealias ModelTransport = @Sendable (URLRequest) async throws -> (status: Int, body: Data)

/// The HTTP exchange both model clients share: the deadline, and HTTP failures turned into
/// `ModelError`s with the key taken out of anything the server said.
struct ModelHTTP: Sendable {
    let provider: String
    let timeout: TimeInterval
    let transport: ModelTransport
    /// The secret to keep out of error messages, when there is one.
    let secret: String?

    /// `URLSession` with a deadline kept here: Linux's URLSession does not apply
    /// `timeoutInterval` to a server that accepts the connection and never answers.
    static let urlSession: ModelTransport = { request in
        let answer = try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await URLSession.shared.data(for: request) }
            group.addTask {
                try await Task.sleep(for: .seconds(request.timeoutInterval))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        guard let (data, response) = answer else { throw TimedOut() }
        guard let status = (response as? HTTPURLResponse)?.statusCode else { throw URLError(.badServerResponse) }
        return (status, data)
    }

    /// What `urlSession` throws when the deadline passes first.
    struct TimedOut: Error {}

    /// A JSON POST of `body` to `url` with `headers`.
    func post(_ url: URL, body: Data, headers: [String: String]) async throws(ModelError) -> Data {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let status: Int, data: Data
        do {
            (status, data) = try await transport(request)
        } catch is TimedOut {
            throw failure(.timeout(seconds: timeout), url)
        } catch let error as URLError where error.code == .timedOut {
            throw failure(.timeout(seconds: timeout), url)
        } catch let error as ModelError {
            throw error
        } catch {
            throw failure(.unreachable(reason: redacted(error.localizedDescription)), url)
        }
        switch status {
        case 200..<300: return data
        case 401, 403: throw failure(.unauthorized(status: status), url)
        case 429: throw failure(.rateLimited, url)
        case 500...: throw failure(.serverError(status: status), url)
        default:
            let message = Self.serverMessage(data)
            // Gemini answers a bad key with 400 INVALID_ARGUMENT, "API key not valid".
            if status == 400, message.localizedCaseInsensitiveContains("api key") || message.contains("API_KEY") {
                throw failure(.unauthorized(status: status), url)
            }
            throw failure(.refused(status: status, message: redacted(message)), url)
        }
    }

    func failure(_ code: ModelError.Code, _ url: URL) -> ModelError {
        ModelError(code, provider: provider, url: url.absoluteString)
    }

    /// `text` with the secret replaced.
    func redacted(_ text: String) -> String {
        guard let secret, !secret.isEmpty else { return text }
        return text.replacingOccurrences(of: secret, with: "[key]")
    }

    /// The `error.message` both APIs put in a failure's body, else the body's start.
    static func serverMessage(_ data: Data) -> String {
        struct Body: Decodable {
            struct Detail: Decodable { var message: String? }
            var error: Detail?
        }
        if let message = (try? JSONDecoder().decode(Body.self, from: data))?.error?.message { return message }
        return String(decoding: data.prefix(200), as: UTF8.self)
    }
}
