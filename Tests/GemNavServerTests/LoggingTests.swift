import Foundation
@testable import GemNavServer
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// What `gemnav serve` logs: each request at debug, a summary per interval at info.
@Suite struct LoggingTests {
    /// Records logged, from any thread.
    final class Records: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [(Logger.Level, String)] = []
        func append(_ r: (Logger.Level, String)) { lock.withLock { list.append(r) } }
        var all: [(Logger.Level, String)] { lock.withLock { list } }
    }

    /// Keeps every record logged through it.
    struct Capture: LogHandler {
        let records: Records
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?,
                 source: String, file: String, function: String, line: UInt) {
            records.append((level, message.description))
        }
    }

    @Test func requestsAtDebugSummaryAtInfo() async throws {
        let records = Records()
        let logger = Logger(label: "gemnav.test") { _ in Capture(records: records) }
        let data = try TestMaps.town.get()
        let app = Application(
            responder: GemNavResponder(data: data, logger: logger, summaryInterval: .zero),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.router) { client in
            _ = try await client.execute(uri: "/route/v1/driving/\(RouteEndpointTests.townTrip)", method: .get)
            _ = try await client.execute(uri: "/route/v1/driving/2.35%0002,48.85;2.36,48.85", method: .get)
        }
        let logged = records.all
        #expect(logged.filter { $0.0 == .debug && $0.1 == "request" }.count == 2)
        #expect(!logged.contains { $0.0 == .info && $0.1 == "request" })
        let summaries = logged.filter { $0.0 == .info && $0.1.contains("requests") }.map(\.1)
        #expect(summaries.count == 2)
        #expect(summaries.last?.contains("1 requests (1 errors)") == true, "\(summaries)")
    }

    @Test func summaryCoversItsInterval() {
        let start = ContinuousClock.now
        let stats = RequestStats(interval: .seconds(10), now: start)
        for i in 1...99 {
            #expect(stats.record(micros: i * 10, isError: false, now: start + .seconds(1)) == nil)
        }
        let summary = stats.record(micros: 100_000, isError: true, now: start + .seconds(10))
        // Nearest rank, as the benchmarks read OSRM's figures: the 50th and the 99th of 100.
        #expect(summary == .init(requests: 100, errors: 1, p50: 500, p99: 990, seconds: 10))
        // The next interval starts empty.
        #expect(stats.record(micros: 7, isError: false, now: start + .seconds(20))?.requests == 1)
    }
}
