import ArgumentParser
import Foundation
import GemNavCore
import GemNavTestSupport
import Testing
@testable import gemnav

/// `gemnav table` run whole, in process, on the Monaco data: the OSRM JSON it prints equals the
/// engine's own table, place names resolve, and bad options are refused before any work.
@Suite(.serialized) struct TableCommandTests {
    static let casino = "43.73933,7.42755", stade = "43.7276,7.4155", port = "43.7355,7.4225"

    /// Runs `gemnav table --data MONACO` with `arguments` and returns what it printed.
    func table(_ arguments: [String]) async throws -> String {
        let data = try MonacoData.data.get().graphDirectory.path
        return try await StandardOutput.capture {
            var command = try GemNav.parseAsRoot(["table", "--data", data] + arguments)
            try command.run()
        }
    }

    @Test func jsonIsTheEnginesTableInOSRMsShape() async throws {
        let printed = try await table(["--sources", "\(Self.casino);\(Self.stade)", "--destinations", Self.port,
                                       "--format", "json"])
        // Standard output is the process's: another suite may print there too.
        let line = try #require(printed.split(separator: "\n").first { $0.contains("\"durations\"") })
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(answer["code"] as? String == "Ok")
        let durations = try #require(answer["durations"] as? [[Double]])
        let distances = try #require(answer["distances"] as? [[Double]])
        #expect((answer["sources"] as? [Any])?.count == 2 && (answer["destinations"] as? [Any])?.count == 1)

        func coordinate(_ text: String) -> Coordinate {
            let parts = text.split(separator: ",").compactMap { Double($0) }
            return Coordinate(latitude: parts[0], longitude: parts[1])
        }
        let engine = try MonacoData.data.get().loadEngine()
        let expected = try engine.table(sources: [coordinate(Self.casino), coordinate(Self.stade)],
                                        destinations: [coordinate(Self.port)])
        #expect(durations.count == 2 && durations.allSatisfy { $0.count == 1 })
        for i in 0..<2 {
            let seconds = try #require(expected.durations[i][0]), metres = try #require(expected.distances[i][0])
            // OSRM's JSON has tenths.
            #expect(abs(durations[i][0] - seconds) <= 0.05 + 1e-9 && abs(distances[i][0] - metres) <= 0.05 + 1e-9)
            #expect(seconds > 0)
        }
    }

    @Test func textNamesEachPairAndResolvesPlaceNames() async throws {
        let printed = try await table(["--sources", "Casino de Monte Carlo", "--destinations", "\(Self.stade); \(Self.port)"])
        // Standard output is the process's: `gemnav ride` in another suite prints arrows too.
        let pairs = printed.split(separator: "\n").filter { $0.contains(" → ") && $0.contains(" min ") && $0.hasSuffix(" km") }
        #expect(pairs.count == 2, "\(printed)")
        #expect(pairs.allSatisfy { $0.hasPrefix("Casino") })
    }

    @Test func badOptionsAndUnknownPlacesAreRefused() async throws {
        for bad in [["--sources", Self.casino, "--format", "xml"], ["--sources", " ; "],
                    ["--sources", Self.casino, "--avoid", "bridges"], ["--sources", Self.casino, "--destinations", ";"]] {
            #expect(throws: (any Error).self, "\(bad)") { try GemNav.parseAsRoot(["table"] + bad) }
        }
        await #expect(throws: CLIError.self) { try await table(["--sources", "Qqqqxxxzzz"]) }
    }
}
