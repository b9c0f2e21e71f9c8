import Foundation

/// A conversation kept in a JSON file between calls (`gemnav ask --session FILE`).
public struct ConversationFile: Sendable {
    /// The file.
    public let url: URL

    /// The conversation at `url`.
    public init(url: URL) { self.url = url }

    /// The saved conversation, or an empty one when the file does not exist yet.
    /// - Throws: `AssistantError` when the file cannot be read or is not a conversation.
    public func load() throws -> ConversationContext {
        guard FileManager.default.fileExists(atPath: url.path) else { return ConversationContext() }
        do {
            return try JSONDecoder().decode(ConversationContext.self, from: Data(contentsOf: url))
        } catch {
            throw AssistantError(.unreadableSession(path: url.path, reason: "\(error)"))
        }
    }

    /// Writes `context` (temporary file and rename, so a crash never leaves half a file).
    /// - Throws: `AssistantError` when the file cannot be written.
    public func save(_ context: ConversationContext) throws {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(context).write(to: url, options: .atomic)
        } catch {
            throw AssistantError(.unwritableSession(path: url.path, reason: "\(error.localizedDescription)"))
        }
    }
}

/// Why the assistant could not do something outside the conversation itself.
public struct AssistantError: Error, CustomStringConvertible, Sendable {
    /// The precise failure.
    public enum Code: Sendable, Hashable {
        /// The session file exists but is not a conversation.
        case unreadableSession(path: String, reason: String)
        /// The session file cannot be written.
        case unwritableSession(path: String, reason: String)
    }

    /// What went wrong.
    public let code: Code

    /// An error for `code`.
    public init(_ code: Code) { self.code = code }

    public var description: String {
        switch code {
        case .unreadableSession(let path, let reason):
            "The session file \(path) is not a GemNav conversation (\(reason)). Delete it or pass another --session file."
        case .unwritableSession(let path, let reason):
            "Could not write the session file \(path): \(reason). Check the directory exists and is writable."
        }
    }
}
