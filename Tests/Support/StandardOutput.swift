import Foundation

/// What a command run in process prints, captured one command at a time across every suite:
/// there is one standard output per process, and Swift Testing runs suites in parallel, so two
/// suites redirecting it at once would each read the other's output, or none.
public enum StandardOutput {
    private static let turnstile = Turnstile()

    /// Runs `body` with standard output going to a file, and returns what was printed.
    public static func capture(_ body: () async throws -> Void) async throws -> String {
        await turnstile.enter()
        let out = TestData.temporary("stdout-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let handle = try FileHandle(forWritingTo: out)
        fflush(nil)
        let saved = dup(STDOUT_FILENO)
        dup2(handle.fileDescriptor, STDOUT_FILENO)
        var failure: (any Error)?
        do { try await body() } catch { failure = error }
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        try? handle.close()
        await turnstile.leave()
        if let failure { throw failure }
        return try String(contentsOf: out, encoding: .utf8)
    }
}

/// Lets one caller through at a time, the others waiting in order.
private actor Turnstile {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
