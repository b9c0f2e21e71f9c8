import ArgumentParser
import Foundation
import GemNavCore
import GemNavStorage
import GemNavTestSupport
import Testing
@testable import gemnav

/// `gemnav ride` and `gemnav rides` end to end, in process, on the Monaco data.
@Suite(.serialized) struct RideCommandTests {
    let dir = TestData.temporary("ride-command")

    func run(_ arguments: [String]) async throws {
        var command = try GemNav.parseAsRoot(arguments)
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    }

    func ride(_ extra: [String]) throws -> [String] {
        let data = try MonacoData.data.get().graphDirectory.path
        return ["ride", "--data", data, "--to", "43.72760,7.41550", "--simulate", "--drivers", "5", "--seed", "4"] + extra
    }

    func objects(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func aRideWritesTheEventsContractAndLandsInTheHistory() async throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("app.sqlite").path
        let events = dir.appendingPathComponent("ride.jsonl").path
        try await run(try ride(["--from", "Casino de Monte Carlo", "--events", events, "--store", store, "--class", "xl"]))
        let objects = try objects(events)
        let types = objects.map { $0["type"] as? String ?? "" }
        #expect(Set(types).isSubset(of: ["state", "driver", "fare", "error"]))
        let times = objects.map { $0["t"] as? Double ?? -1 }
        #expect(times.allSatisfy { $0 >= 0 } && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        let states = objects.compactMap { $0["type"] as? String == "state" ? $0["state"] as? String : nil }
        #expect(states.last == "rideCompleted" && states.contains("driverArriving"))
        for o in objects {
            switch o["type"] as? String {
            case "state":
                #expect(o["state"] is String && o.keys.contains("rideId"))
                if ["driverAssigned", "driverEnRoute", "rideCompleted"].contains(o["state"] as? String) {
                    let driver = try #require(o["driver"] as? [String: Any])
                    #expect(driver["name"] is String && driver["plate"] is String && driver["rating"] is Double)
                    #expect(o["rideId"] is String && o["estimate"] is [String: Any] && o["route"] is [String: Any])
                }
            case "driver":
                let position = try #require(o["position"] as? [String: Any])
                #expect(position["lat"] is Double && position["lon"] is Double)
                #expect(o["heading"] is Double && (o["eta_s"] as? Double).map { $0 >= 0 } == true)
            case "fare":
                #expect(["estimate", "final"].contains(o["kind"] as? String))
                #expect(o["amount"] is Double && o["currency"] as? String == "EUR" && o["class"] as? String == "xl")
            default: break
            }
        }
        let fares = objects.filter { $0["type"] as? String == "fare" }.map { $0["kind"] as? String }
        #expect(fares == ["estimate", "final"])

        let rides = try AppStore(path: store).rides()
        #expect(rides.count == 1 && rides[0].outcome == .completed && rides[0].rideClass == "xl")
        try await run(["rides", "--store", store])
        try await run(["rides", "--format", "json", "--store", store])
        try await run(["rides", "delete", rides[0].id, "--store", store])
        #expect(try AppStore(path: store).rides().isEmpty)
        await #expect(throws: CLIError.self) { try await run(["rides", "delete", rides[0].id, "--store", store]) }
    }

    @Test func homeFillsThePickupAndCancelAtStopsTheRide() async throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("home.sqlite").path
        try AppStore(path: store).addFavourite(.home, name: "Home", coordinate: Coordinate(latitude: 43.7396, longitude: 7.4276))
        try await run(try ride(["--from", "home", "--cancel-at", "driverEnRoute", "--store", store]))
        let rides = try AppStore(path: store).rides()
        #expect(rides.count == 1 && rides[0].outcome == .cancelled && rides[0].cancelledIn == "driverEnRoute")
        #expect(rides[0].pickupName == "Home")
    }

    @Test func badOptionsAreRefusedBeforeAnyWork() throws {
        #expect(throws: (any Error).self) { try GemNav.parseAsRoot(try ride(["--from", "home", "--cancel-at", "rideInProgress"])) }
        #expect(throws: (any Error).self) { try GemNav.parseAsRoot(try ride(["--from", "home", "--class", "limo"])) }
        #expect(throws: (any Error).self) {
            try GemNav.parseAsRoot(["ride", "--from", "a", "--to", "b"])
        }
        #expect(throws: (any Error).self) { try GemNav.parseAsRoot(["rides", "--format", "xml"]) }
    }
}
