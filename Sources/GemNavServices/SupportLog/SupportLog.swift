import Foundation
import Logging

/// The support log (seed 002's logging manager): navigation events written through swift-log
/// into rotating files the user can export from Settings and send with a bug report.
///
/// ```swift
/// let supportLog = SupportLog(directory: appSupport.appendingPathComponent("Logs"))
/// LoggingSystem.bootstrap { label in supportLog.handler(label: label) }
/// supportLog.redactsPositions = consent != .granted    // again whenever consent changes
/// Logger(label: "gemnav.navigation").info("Off route", metadata: ["position": "\(fix)"])
/// let data = try supportLog.exportedData()              // oldest record first
/// ```
///
/// Positions appear only while `redactsPositions` is false, i.e. while the user allows trips
/// to be recorded; it starts true. One record is one line:
/// `2026-11-21T06:31:22.250Z INFO gemnav.navigation: Off route position=[position withheld]`.
///
/// Thread-safe: every record, export and setting goes through one lock.
public final class SupportLog: @unchecked Sendable {
    /// Metadata keys whose values are positions, withheld while `redactsPositions` is set
    /// (compared ignoring case). Values that are a `Coordinate`, or look like "LAT,LON", are
    /// withheld under any key.
    public static let positionKeys: Set<String> = [
        "position", "coordinate", "location", "fix", "latitude", "longitude", "lat", "lon", "lng",
        "origin", "destination", "stop",
    ]

    private let lock = NSLock()
    private let file: RotatingLogFile
    private let now: @Sendable () -> Date
    private var redacting: Bool

    /// A support log in `directory` (created on the first record).
    ///
    /// - Parameters:
    ///   - directory: Where the files live: `fileName`, then `fileName.1`, `fileName.2`… older.
    ///   - fileName: The current file's name.
    ///   - maxFileBytes: Each file's size cap; 1 MB by default.
    ///   - fileCount: How many files are kept, the oldest dropped beyond; 3 by default.
    ///   - redactsPositions: Whether positions are withheld from the start (true until the app
    ///     knows recording consent is granted).
    ///   - now: The clock stamping records.
    public init(directory: URL, fileName: String = "support.log", maxFileBytes: Int = 1 << 20,
                fileCount: Int = 3, redactsPositions: Bool = true,
                now: @escaping @Sendable () -> Date = { Date() })
    {
        file = RotatingLogFile(directory: directory, name: fileName, maxFileBytes: maxFileBytes,
                               fileCount: fileCount)
        redacting = redactsPositions
        self.now = now
    }

    /// Whether positions are withheld from records written from now on ("[position
    /// withheld]"). The app sets it to "recording consent is not granted" at launch and
    /// whenever the consent changes; records already written are not rewritten.
    public var redactsPositions: Bool {
        get { lock.withLock { redacting } }
        set { lock.withLock { redacting = newValue } }
    }

    /// A handler for `LoggingSystem.bootstrap` or `Logger(label:factory:)`.
    public func handler(label: String) -> SupportLogHandler {
        SupportLogHandler(supportLog: self, label: label)
    }

    /// The whole log as one UTF-8 text, oldest record first, for the user to share.
    public func exportedData() throws(SupportLogError) -> Data {
        lock.lock()
        defer { lock.unlock() }
        return try file.readAll()
    }

    /// Deletes every log file, e.g. when the user deletes their recorded trips.
    public func clear() throws(SupportLogError) {
        lock.lock()
        defer { lock.unlock() }
        try file.removeAll()
    }

    /// Formats and appends one record; a record that cannot be written is dropped.
    func write(level: Logger.Level, label: String, message: String, metadata: Logger.Metadata,
               error: (any Error)?)
    {
        let stamp = now().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        lock.withLock {
            let record = SupportLogRecord(
                stamp: stamp, level: level, label: label, message: message, metadata: metadata,
                error: error.map { String(describing: $0) }, redacting: redacting)
            try? file.append(Data(record.line.utf8))
        }
    }
}
