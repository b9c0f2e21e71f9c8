import Foundation
import GRDB
import GemNavCore
import GemNavStorage
import Testing

/// A `kill -9` in the middle of writes must lose nothing already committed.
///
/// The test re-launches its own test binary as a child process that runs only
/// `writesUntilKilled` (it is disabled unless `CrashWriter.storeVariable` names a store). The
/// child commits favourites, recent destinations and a setting in a loop and prints each after
/// its commit returned; the parent kills it with SIGKILL mid-loop and checks the file.
@Suite struct CrashSafetyTests {
    @Test(.enabled(if: CrashWriter.testBinary != nil,
                   "this test binary cannot re-launch itself (needs the SwiftPM .xctest executable of a Linux build)"))
    func killDuringWritesLosesNothingCommitted() throws {
        let folder = try TempFolder()
        let path = folder.path("app.sqlite")
        _ = try AppStore(path: path)

        let child = Process()
        child.executableURL = URL(fileURLWithPath: try #require(CrashWriter.testBinary))
        child.arguments = ["--testing-library", "swift-testing", "--filter", "CrashSafetyTests/writesUntilKilled"]
        child.environment = ProcessInfo.processInfo.environment.merging([CrashWriter.storeVariable: path]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()

        let reader = LineReader(output.fileHandleForReading)
        var lines: [String] = []
        // Forty rounds of three commits, then kill mid-loop. The timeout is generous: the child
        // is a whole test binary starting on a busy two-core machine.
        while lines.count(where: { $0.hasPrefix("favourite ") }) < 40 {
            guard let line = reader.nextLine(timeout: 120) else {
                if child.isRunning { kill(child.processIdentifier, SIGKILL) }
                Issue.record("the writer child stopped or went silent after \(lines.count) commits")
                return
            }
            if let commit = CrashWriter.commit(in: line) { lines.append(commit) }
        }
        try #require(child.isRunning, "the writer finished before it could be killed")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)
        // What the child printed before it died was committed too.
        while let line = reader.nextLine(timeout: 2) {
            if let commit = CrashWriter.commit(in: line) { lines.append(commit) }
        }

        let queue = try DatabaseQueue(path: path)
        #expect(try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } == ["ok"])
        try queue.close()

        let store = try AppStore(path: path)
        let favourites = Set(try store.favourites().map { String($0.id.rawValue) })
        let reportedFavourites = lines.filter { $0.hasPrefix("favourite ") }.map { String($0.dropFirst(10)) }
        #expect(Set(reportedFavourites).isSubset(of: favourites))

        // The cap keeps 50 recents; one more may have committed after the last line printed.
        let recents = Set(try store.recentDestinations().map { String($0.id.rawValue) })
        let reportedRecents = lines.filter { $0.hasPrefix("recent ") }.map { String($0.dropFirst(7)) }
        #expect(Set(reportedRecents.suffix(AppStore.recentDestinationLimit - 1)).isSubset(of: recents))

        let lastCounter = try #require(lines.last { $0.hasPrefix("counter ") }.flatMap { Int($0.dropFirst(8)) })
        #expect(try #require(try store.setting(Int.self, key: "counter")) >= lastCounter)
    }

    /// The child's half: never runs in a normal test run.
    @Test(.enabled(if: CrashWriter.storePath != nil,
                   "runs only as the child process of killDuringWritesLosesNothingCommitted"))
    func writesUntilKilled() throws {
        let store = try AppStore(path: try #require(CrashWriter.storePath))
        for i in 0..<20_000 {
            let spot = Coordinate(latitude: 43.7 + Double(i % 1000) * 0.0001, longitude: 7.42)
            let favourite = try store.addFavourite(name: "Favourite \(i)", coordinate: spot)
            CrashWriter.report("favourite \(favourite.id)")
            let recent = try store.recordDestination(name: "Recent \(i)", coordinate: spot)
            CrashWriter.report("recent \(recent.id)")
            try store.setSetting(i, key: "counter")
            CrashWriter.report("counter \(i)")
        }
    }
}

/// What the parent and the child of `CrashSafetyTests` share.
enum CrashWriter {
    /// The environment variable naming the store the child writes to.
    static let storeVariable = "GEMNAV_CRASH_WRITER_STORE"

    /// The store path when running as the child.
    static var storePath: String? { ProcessInfo.processInfo.environment[storeVariable] }

    /// The running test binary, when it is one that can be re-launched with a filter: on
    /// Linux, SwiftPM runs `GemNavPackageTests.xctest` itself, which takes
    /// `--testing-library swift-testing --filter`. (On macOS a host process loads the bundle.)
    static var testBinary: String? {
        [Bundle.main.executablePath, CommandLine.arguments.first].compactMap { $0 }.first { path in
            path.hasSuffix(".xctest") && FileManager.default.isExecutableFile(atPath: path)
        }
    }

    private static let marker = "COMMITTED "

    /// Prints one committed write with an unbuffered write, so it reaches the pipe before
    /// the next write starts: a line in the pipe is a promise that the commit returned.
    static func report(_ commit: String) {
        FileHandle.standardOutput.write(Data((marker + commit + "\n").utf8))
    }

    /// The commit a line of the child's output reports, or nil for Swift Testing's own output.
    static func commit(in line: String) -> String? {
        line.hasPrefix(marker) ? String(line.dropFirst(marker.count)) : nil
    }
}

/// Reads lines from a pipe with a timeout, so a silent child fails the test instead of hanging it.
private final class LineReader {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next line, or nil at end of file or when nothing arrives for `timeout` seconds.
    func nextLine(timeout: TimeInterval) -> String? {
        let deadline = Date() + timeout
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var pending = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&pending, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
