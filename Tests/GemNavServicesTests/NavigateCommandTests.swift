import ArgumentParser
import Foundation
import GemNavNavigation
import GemNavStorage
import Testing
@testable import gemnav

/// `gemnav navigate` end to end, in process: the JSON-lines contract of `--events`, and
/// recording with consent.
@Suite(.serialized) struct NavigateCommandTests {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("gemnav-navigate-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")

    func run(_ arguments: [String]) async throws {
        var command = try GemNav.parseAsRoot(arguments)
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    }

    func navigate(_ extra: [String]) throws -> [String] {
        let data = try Fixtures.monaco.get().graphDirectory.path
        return ["navigate", "--data", data, "--simulate", "--from", "Casino de Monte Carlo", "--to", "43.7280,7.4150",
                "--noise", "10", "--seed", "3", "--mode", "visual,voice,haptic"] + extra
    }

    func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    func isCoordinate(_ value: Any?) -> Bool {
        guard let c = value as? [String: Any] else { return false }
        return c["lat"] is Double && c["lon"] is Double
    }

    @Test func eventsFileKeepsTheContract() async throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let events = dir.appendingPathComponent("trip.jsonl").path
        try await run(try navigate(["--via", "43.7316,7.4178", "--miss-turn", "2", "--events", events, "--no-record"]))
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").map(String.init)
        let objects = try lines.map(object)
        let types = objects.map { $0["type"] as? String ?? "" }
        let allowed: Set = ["progress", "banner", "voice", "haptic", "offRoute", "rerouteNeeded", "reroute",
                            "waypointArrived", "arrived"]
        #expect(Set(types).isSubset(of: allowed))
        let times = objects.map { $0["t"] as? Double ?? -1 }
        #expect(times.allSatisfy { $0 >= 0 } && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(types.filter { $0 == "arrived" }.count == 1)
        #expect(types.filter { $0 == "waypointArrived" }.count == 1)
        let arrival = try #require(types.firstIndex(of: "arrived"))
        #expect(types[(arrival + 1)...].allSatisfy { $0 == "progress" })
        #expect(types.contains("offRoute") && types.contains("reroute"))
        for o in objects {
            switch o["type"] as? String {
            case "progress":
                #expect(isCoordinate(o["truth"]) && isCoordinate(o["location"]) && isCoordinate(o["snapped"]))
                #expect(o["distanceRemaining"] is Double && o["durationRemaining"] is Double && o["speed"] is Double)
            case "voice":
                #expect(o["text"] is String && (o["ssml"] as? String)?.hasPrefix("<speak>") == true)
                #expect((o["distanceToManeuver"] as? Double).map { $0 >= 0 } == true)
                #expect(isCoordinate(o["maneuverLocation"]))
            case "banner":
                #expect(o["primary"] is String && o["maneuverType"] is String && o["distance"] is Double)
                #expect(o.keys.contains("modifier"))
            case "haptic":
                #expect(o["pattern"] is String && (o["pulses"] as? Double).map { $0 >= 1 } == true)
            default: break
            }
        }
    }

    @Test func recordsOnlyWithConsent() async throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("app.sqlite").path
        await #expect(throws: CLIError.self) { try await run(try navigate(["--store", store])) }
        try await run(["consent", "deny", "--store", store])
        try await run(try navigate(["--store", store]))
        #expect(try AppStore(path: store).trips().isEmpty)
        try await run(["consent", "grant", "--store", store])
        try await run(try navigate(["--store", store]))
        let trips = try AppStore(path: store).trips()
        #expect(trips.count == 1 && trips[0].isFinished && trips[0].fixCount > 100)
        let gpx = dir.appendingPathComponent("trip.gpx").path
        try await run(["trips", "export", "\(trips[0].id)", "--gpx", gpx, "--store", store])
        #expect(try String(contentsOfFile: gpx, encoding: .utf8).contains("<trkpt"))
        try await run(["trips", "delete", "--all", "--store", store])
        #expect(try AppStore(path: store).trips().isEmpty)
    }

    @Test func gpxReplayNavigatesTheRecordedTrack() async throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("replay.sqlite").path
        try await run(["consent", "grant", "--store", store])
        try await run(try navigate(["--store", store]))
        let trip = try #require(try AppStore(path: store).trips().first)
        let gpx = dir.appendingPathComponent("replay.gpx").path
        try await run(["trips", "export", "\(trip.id)", "--gpx", gpx, "--store", store])
        let events = dir.appendingPathComponent("replay.jsonl").path
        let data = try Fixtures.monaco.get().graphDirectory.path
        try await run(["navigate", "--data", data, "--gpx", gpx, "--to", "43.7280,7.4150", "--events", events, "--no-record"])
        let types = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").map { try object(String($0))["type"] as? String }
        #expect(types.filter { $0 == "arrived" }.count == 1)
        #expect(!types.contains("offRoute"))
    }

    @Test func hapticRhythmsAndArrowsAreDrawn() {
        #expect(LiveView.rhythm(HapticPattern.pattern(for: .left)) == "●")
        #expect(LiveView.rhythm(HapticPattern.pattern(for: .right)) == "● ●")
        #expect(LiveView.rhythm(HapticPattern.pattern(for: .straight)) == "━━━━━━")
        #expect(LiveView.rhythm(HapticPattern.pattern(for: .arrival)) == "● ● ● ━━━━━━")
    }

    @Test func serverKindIsOneOfThoseSpoken() throws {
        #expect(throws: (any Error).self) { try GemNav.parseAsRoot(try navigate(["--no-record", "--server-kind", "graphhopper"])) }
        for kind in ["auto", "osrm", "valhalla"] {
            #expect(throws: Never.self) { try GemNav.parseAsRoot(try navigate(["--no-record", "--server-kind", kind])) }
        }
    }

    @Test func undecidedConsentRefusesWithGuidance() async throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("fresh.sqlite").path
        do {
            try await run(try navigate(["--store", store]))
            Issue.record("navigate started without a consent decision")
        } catch let error as CLIError {
            #expect(error.description.contains("gemnav consent grant") && error.description.contains("--no-record"))
        }
    }
}
