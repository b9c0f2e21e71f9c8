import Foundation

/// A one-line progress display on standard error for long work (imports, index builds).
/// Redraws only when the shown percentage or stage changes, and stays silent when standard
/// error is not a terminal so logs and CI output are not flooded.
final class ProgressBar: @unchecked Sendable {
    private var stage = ""
    private var percent = -1
    private let lock = NSLock()
    private let isTerminal = isatty(STDERR_FILENO) != 0

    func update(_ stage: String, _ fraction: Double) {
        lock.lock()
        defer { lock.unlock() }
        let p = Int((min(1, max(0, fraction)) * 100).rounded(.down))
        guard stage != self.stage || p != percent else { return }
        if stage != self.stage && !isTerminal { FileHandle.standardError.write(Data("\(stage)…\n".utf8)) }
        self.stage = stage
        percent = p
        guard isTerminal else { return }
        let width = 30
        let filled = width * p / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(stage.padding(toLength: 24, withPad: " ", startingAt: 0)) \(bar) \(p)%".utf8))
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
