import Foundation
import GemNavNavigation

/// `--events FILE`: every event as one JSON object per line, in the navigation module's
/// contract (`NavigationEventEncoder`), written as the trip goes so a crash keeps what came
/// before.
final class EventFile {
    private let handle: FileHandle
    private let encoder: NavigationEventEncoder
    private let path: String

    /// Creates (or truncates) the file.
    init(path: String, units: DistanceUnits, language: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CLIError(description: "Cannot write the events file \(path).")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CLIError(description: "Cannot open the events file \(path).")
        }
        self.handle = handle
        self.path = path
        encoder = NavigationEventEncoder(units: units, language: language)
    }

    /// Appends the events of `updates`.
    func write(_ updates: [NavigationUpdate]) throws {
        let lines = updates.flatMap(encoder.jsonLines)
        guard !lines.isEmpty else { return }
        do {
            try handle.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
        } catch {
            throw CLIError(description: "Writing the events file \(path) failed: \(error.localizedDescription)")
        }
    }

    /// Flushes and closes the file.
    func close() throws {
        try CLIError.wrap { try handle.close() }
    }
}
