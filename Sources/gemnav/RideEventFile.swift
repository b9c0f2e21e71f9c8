import Foundation
import GemNavRides

/// `gemnav ride --events FILE`: one JSON object per line, written as the ride goes.
final class RideEventFile {
    private let handle: FileHandle
    private let path: String

    /// Creates (or truncates) the file.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path)
        else { throw CLIError(description: "Cannot write the events file \(path).") }
        self.handle = handle
        self.path = path
    }

    /// Appends `update` when it is part of the events contract.
    func write(_ update: RideUpdate) throws {
        guard let line = update.jsonLine else { return }
        do {
            try handle.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw CLIError(description: "Writing the events file \(path) failed: \(error.localizedDescription)")
        }
    }

    /// Flushes and closes the file.
    func close() throws {
        try CLIError.wrap { try handle.close() }
    }
}
