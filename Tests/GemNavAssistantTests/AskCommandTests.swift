import ArgumentParser
import Foundation
import GemNavCore
import GemNavPresentation
import GemNavStorage
import GemNavTestSupport
import Testing
@testable import gemnav

/// `gemnav ask` run whole, in process: the JSON contract an external checker reads, and a
/// conversation carried across calls by `--session`.
@Suite(.serialized) struct AskCommandTests {
    /// Runs `gemnav` with `arguments` and returns what it printed.
    func run(_ arguments: [String]) async throws -> String {
        try await StandardOutput.capture {
            var command = try GemNav.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        }
    }

    func ask(_ utterance: String, _ extra: [String]) async throws -> [String: Any] {
        let data = try MonacoData.data.get().graphDirectory.path
        let text = try await run(["ask", "--data", data, "--format", "json", "--near", "43.7392,7.4285"] + extra + [utterance])
        // stdout is the process's: a suite running in parallel may print there too, so the
        // answer is the one JSON line that has a reply.
        let answers = text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        return try #require(answers.last { $0["reply"] != nil }, "no JSON answer in: \(text.prefix(300))")
    }

    func firstAction(_ o: [String: Any]) throws -> [String: Any] {
        try #require((o["actions"] as? [[String: Any]])?.first)
    }

    @Test func jsonKeepsTheContractAcrossASession() async throws {
        let session = TestData.temporary("conversation.json").path
        let found = try await ask("trouve une pharmacie", ["--session", session])
        #expect(found["provider"] as? String == "on-device" && (found["reply"] as? String)?.isEmpty == false)
        let nearby = try firstAction(found)
        #expect(nearby["type"] as? String == "findNearby" && nearby["category"] as? String == "pharmacy")
        let results = try #require(nearby["results"] as? [[String: Any]])
        #expect(results.count >= 2)
        #expect(results.allSatisfy { $0["name"] is String && $0["lat"] is Double && $0["lon"] is Double
                && $0["distance_m"] is Double })

        let picked = try firstAction(try await ask("the second one", ["--session", session, "--language", "en"]))
        #expect(picked["type"] as? String == "navigate" && picked["profile"] as? String == "car")
        let destination = try #require(picked["destination"] as? [String: Any])
        #expect(destination["name"] as? String == results[1]["name"] as? String)
        #expect(picked["stops"] as? [Any] != nil && picked["avoid"] as? [String] == [])

        let avoid = try firstAction(try await ask("avoid tolls", ["--session", session]))
        #expect(avoid["type"] as? String == "setAvoid" && avoid["avoid"] as? [String] == ["tolls"])
        let stored = try String(contentsOfFile: session, encoding: .utf8)
        #expect(stored.contains("\"trip\"") && stored.contains(destination["name"] as? String ?? "?"))
    }

    @Test func everyActionTypeHasItsFields() async throws {
        let mode = try firstAction(try await ask("pocket mode", []))
        #expect(mode["type"] as? String == "setMode" && mode["mode"] as? String == "haptic")
        let save = try firstAction(try await ask("save this place as work", []))
        #expect(save["type"] as? String == "saveFavourite" && save["name"] as? String == "Work" && save["place"] is [String: Any])
        let ride = try firstAction(try await ask("call a taxi to the stade louis II", []))
        #expect(ride["type"] as? String == "requestRide" && ride["pickup"] is [String: Any]
                && (ride["destination"] as? [String: Any])?["name"] as? String == "Stade Louis II")
        let stop = try firstAction(try await ask("add a stop at the casino", []))
        #expect(stop["type"] as? String == "addStop" && stop["stop"] is [String: Any])
        #expect(try firstAction(try await ask("xqzvw", []))["type"] as? String == "unknown")
        let text = try await run(["ask", "--data", try MonacoData.data.get().graphDirectory.path, "mute"])
        #expect(text.split(separator: "\n").contains("Muted. Say \"unmute\" to hear me again."))
    }

    @Test func aBadSessionFileSaysWhatToDo() async throws {
        let session = TestData.temporary("broken.json")
        try Data("not json".utf8).write(to: session)
        await #expect(throws: CLIError.self) { try await ask("mute", ["--session", session.path]) }
        #expect(throws: (any Error).self) { try GemNav.parseAsRoot(["ask", "--language", "de", "mute"]) }
    }

    @Test func homeIsTheStoredHome() async throws {
        let path = TestData.temporary("app.sqlite").path
        let store = try AppStore(path: path)
        let home = Coordinate(latitude: 43.7276, longitude: 7.4156)
        try store.addFavourite(.home, name: "Home", coordinate: home)
        let action = try firstAction(try await ask("take me home", ["--store", path]))
        let destination = try #require(action["destination"] as? [String: Any])
        #expect(action["type"] as? String == "navigate" && destination["name"] as? String == "Home")
        #expect(destination["lat"] as? Double == home.latitude && destination["lon"] as? Double == home.longitude)
    }

    @Test func providerFlagsChooseTheModelAndFreeRefusesOne() async throws {
        let path = TestData.temporary("app.sqlite").path
        _ = try AppStore(path: path)
        try await FakeModelServer().run { base in
            let answer = try await ask("walk me to the casino, no tolls", [
                "--store", path, "--provider", "openai", "--base-url", base.absoluteString, "--model", "navigate-casino",
                "--key-env", "GEMNAV_TEST_UNSET_KEY"])
            #expect(answer["provider"] as? String == "openai-compatible" && answer["notice"] == nil)
            #expect((answer["actions"] as? [[String: Any]])?.compactMap { $0["type"] as? String } == ["setAvoid", "navigate"])

            let fallback = try await ask("mute", [
                "--store", path, "--provider", "gemini", "--base-url", base.absoluteString, "--model", "broken",
                "--key-env", "GEMNAV_TEST_UNSET_KEY"])
            #expect(fallback["provider"] as? String == "on-device")
            #expect((fallback["notice"] as? String)?.contains("set GEMNAV_TEST_UNSET_KEY") == true)
        }
        var free = AppSettings()
        free.tier = .free
        try StoredSettings(store: try AppStore(path: path)).saveSettings(free)
        await #expect(throws: CLIError.self) { try await ask("mute", ["--store", path, "--provider", "gemini"]) }
        #expect(throws: (any Error).self) { try GemNav.parseAsRoot(["ask", "--provider", "skynet", "mute"]) }
    }
}
