import Foundation

/// A log kept in `fileCount` files of at most `maxFileBytes` each: `name` is written to; when
/// it is full it becomes `name.1`, `name.1` becomes `name.2`, and so on, the oldest is deleted.
///
/// Not thread-safe: `SupportLog` serialises every call.
final class RotatingLogFile {
    let directory: URL
    let name: String
    let maxFileBytes: Int
    let fileCount: Int
    private var handle: FileHandle?
    private var size = 0

    init(directory: URL, name: String, maxFileBytes: Int, fileCount: Int) {
        self.directory = directory
        self.name = name
        self.maxFileBytes = max(1, maxFileBytes)
        self.fileCount = max(1, fileCount)
    }

    deinit { try? handle?.close() }

    /// Every file the log may use, oldest first.
    var urls: [URL] { (0..<fileCount).reversed().map(url(generation:)) }

    /// Appends one record, rotating first when it would not fit in the current file. A record
    /// longer than a whole file is cut (keeping its final newline) so the size cap holds.
    func append(_ record: Data) throws {
        let record = record.count > maxFileBytes ? record.prefix(maxFileBytes - 1) + Data("\n".utf8) : record
        let handle = try openHandle()
        if size > 0 && size + record.count > maxFileBytes {
            try rotate()
            return try append(record)
        }
        do {
            try handle.write(contentsOf: record)
            size += record.count
        } catch {
            // Reopen next time: the file may have been deleted or the disk freed.
            try? handle.close()
            self.handle = nil
            throw error
        }
    }

    /// Every file's bytes, oldest first.
    func readAll() throws(SupportLogError) -> Data {
        var all = Data()
        for url in urls where FileManager.default.fileExists(atPath: url.path) {
            do {
                all.append(try Data(contentsOf: url))
            } catch {
                throw SupportLogError(.unreadable(path: url.path, reason: "\(error.localizedDescription)"))
            }
        }
        return all
    }

    /// Deletes every file; the next record starts a new one.
    func removeAll() throws(SupportLogError) {
        try? handle?.close()
        handle = nil
        size = 0
        for url in urls where FileManager.default.fileExists(atPath: url.path) {
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw SupportLogError(.undeletable(path: url.path, reason: "\(error.localizedDescription)"))
            }
        }
    }

    private func url(generation: Int) -> URL {
        directory.appendingPathComponent(generation == 0 ? name : "\(name).\(generation)")
    }

    private func openHandle() throws -> FileHandle {
        if let handle { return handle }
        let current = url(generation: 0)
        if !FileManager.default.fileExists(atPath: current.path) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: current.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: current.path])
            }
        }
        let opened = try FileHandle(forWritingTo: current)
        // A log from an earlier run goes on where it ended.
        size = Int(try opened.seekToEnd())
        handle = opened
        return opened
    }

    private func rotate() throws {
        try? handle?.close()
        handle = nil
        let fm = FileManager.default
        let oldest = url(generation: fileCount - 1)
        if fm.fileExists(atPath: oldest.path) { try fm.removeItem(at: oldest) }
        for generation in stride(from: fileCount - 2, through: 0, by: -1) {
            let from = url(generation: generation)
            if fm.fileExists(atPath: from.path) { try fm.moveItem(at: from, to: url(generation: generation + 1)) }
        }
        size = 0
    }
}
