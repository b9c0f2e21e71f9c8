import Foundation
import GemNavCore
import GemNavServices
import Logging
import Testing

/// A fresh folder for one test's log files, removed afterwards.
private final class LogFolder {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("gemnav-support-log-\(UUID().uuidString)", isDirectory: true)

    /// The names of the files in the folder, sorted.
    var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Every record's time: `stamp`.
private let fixedClock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_790_000_000.25) }
private let stamp = "2026-09-21T14:13:20.250Z"

/// Values whose default description holds a position, as a careless caller might log them.
private struct Sample { var coordinate: Coordinate; var speed: Double }
private struct Spot { var latitude: Double; var longitude: Double }

private struct RerouteFailed: Error, CustomStringConvertible {
    var description: String { "no route from 43.7396000,7.4276000" }
}

private func text(of log: SupportLog) throws -> String {
    String(decoding: try log.exportedData(), as: UTF8.self)
}

@Suite struct SupportLogTests {
    @Test func writesOneLinePerRecordWithLevelAndSortedMetadata() throws {
        let folder = LogFolder()
        let log = SupportLog(directory: folder.url, redactsPositions: false, now: fixedClock)
        var logger = Logger(label: "gemnav.navigation") { log.handler(label: $0) }
        logger[metadataKey: "trip"] = "7"
        logger.debug("not written at the default level")
        logger.info("Rerouted\nafter a missed turn", metadata: ["reason": "offRoute", "attempt": "2"])
        logger.logLevel = .debug
        logger.debug("Step advanced")
        logger.error("Reroute failed", error: RerouteFailed())

        #expect(try text(of: log) == """
            \(stamp) INFO gemnav.navigation: Rerouted\\nafter a missed turn attempt=2 reason=offRoute trip=7
            \(stamp) DEBUG gemnav.navigation: Step advanced trip=7
            \(stamp) ERROR gemnav.navigation: Reroute failed trip=7 error=no route from 43.7396000,7.4276000

            """)
        #expect(folder.files == ["support.log"])
    }

    @Test func positionsAreWithheldUntilConsentIsGranted() throws {
        let folder = LogFolder()
        let log = SupportLog(directory: folder.url, now: fixedClock)
        #expect(log.redactsPositions)
        let logger = Logger(label: "nav") { log.handler(label: $0) }
        let casino = Coordinate(latitude: 43.7396, longitude: 7.4276)
        func logEverything() {
            logger.warning("Off route near 43.73960, 7.42760", error: RerouteFailed(), metadata: [
                "position": "43.7396,7.4276",
                "Destination": "Casino",
                "at": .stringConvertible(casino),
                "stops": .array([.stringConvertible(casino), "Port Hercule"]),
                "fix": .dictionary(["speed": "11.2"]),
                "speed": "11.2",
                "sample": "\(Sample(coordinate: casino, speed: 11.2))",
                "spot": "\(Spot(latitude: 43.7396, longitude: 7.4276))",
            ])
        }
        logEverything()
        log.redactsPositions = false
        logEverything()

        let lines = try text(of: log).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let withheld = "[position withheld]"
        #expect(lines[0] == "\(stamp) WARNING nav: Off route near \(withheld)"
            + " Destination=\(withheld) at=\(withheld) fix=\(withheld) position=\(withheld)"
            + " sample=Sample(coordinate: \(withheld), speed: 11.2) speed=11.2"
            + " spot=Spot(\(withheld), \(withheld)) stops=[\(withheld), Port Hercule]"
            + " error=no route from \(withheld)")
        #expect(lines[0].contains("43.7") == false && lines[0].contains("Casino") == false)
        #expect(lines[1].contains("position=43.7396,7.4276") && lines[1].contains("at=43.7396000,7.4276000"))
        #expect(lines[1].contains("Destination=Casino"))
    }

    @Test func rotatesAtTheSizeCapAndDropsTheOldestFile() throws {
        let folder = LogFolder()
        let log = SupportLog(directory: folder.url, maxFileBytes: 400, fileCount: 3, now: fixedClock)
        let logger = Logger(label: "nav") { log.handler(label: $0) }
        for i in 0..<100 { logger.info("event \(String(format: "%03d", i))") }

        #expect(folder.files == ["support.log", "support.log.1", "support.log.2"])
        for name in folder.files {
            let size = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent(name).path)[.size]
            #expect((size as? Int ?? .max) <= 400)
        }
        // Oldest first, the newest last, the oldest events gone, no record split.
        let events = try text(of: log).split(separator: "\n").map { Int($0.suffix(3))! }
        #expect(events.last == 99)
        #expect(events.first! > 0)
        #expect(events == Array(events.first!...99))
    }

    @Test func aRecordLongerThanAFileIsCutToFit() throws {
        let folder = LogFolder()
        let log = SupportLog(directory: folder.url, maxFileBytes: 100, fileCount: 2, now: fixedClock)
        let logger = Logger(label: "nav") { log.handler(label: $0) }
        logger.info("\(String(repeating: "x", count: 500))")
        let data = try log.exportedData()
        #expect(data.count == 100 && data.last == UInt8(ascii: "\n"))
    }

    @Test func goesOnWithTheLogOfAnEarlierRunAndClears() throws {
        let folder = LogFolder()
        do {
            let log = SupportLog(directory: folder.url, now: fixedClock)
            Logger(label: "nav") { log.handler(label: $0) }.info("first run")
        }
        let log = SupportLog(directory: folder.url, now: fixedClock)
        let logger = Logger(label: "nav") { log.handler(label: $0) }
        logger.info("second run")
        #expect(try text(of: log) == "\(stamp) INFO nav: first run\n\(stamp) INFO nav: second run\n")

        try log.clear()
        #expect(folder.files.isEmpty)
        #expect(try log.exportedData().isEmpty)
        logger.info("after clearing")
        #expect(try text(of: log).hasSuffix("nav: after clearing\n"))
    }

    @Test func metadataProviderAndLoggerMetadataAreWritten() throws {
        let folder = LogFolder()
        let log = SupportLog(directory: folder.url, now: fixedClock)
        let provider = Logger.MetadataProvider { ["session": "s1", "trip": "from provider"] }
        var logger = Logger(label: "nav") { SupportLogHandler(supportLog: log, label: $0, metadataProvider: provider) }
        logger[metadataKey: "trip"] = "from logger"
        logger.info("Arrived", metadata: ["leg": "2"])
        #expect(try text(of: log).hasSuffix("nav: Arrived leg=2 session=s1 trip=from provider\n"))
    }
}
