import ArgumentParser
import Foundation
import GemNavStorage

/// `gemnav trips`: the recorded trips: list, export as GPX, delete.
struct TripsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trips", abstract: "List, export or delete recorded trips.",
        discussion: """
            list (default) | export ID --gpx FILE | delete ID | delete --all
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "list, export or delete.")
    var action: String = "list"

    @Argument(help: "The trip id (see list).")
    var id: Int64?

    @Option(help: "With export: the GPX file to write.")
    var gpx: String?

    @Flag(help: "With delete: delete every trip.")
    var all = false

    func validate() throws {
        switch action {
        case "list": break
        case "export":
            guard id != nil, gpx != nil else { throw ValidationError("Usage: gemnav trips export ID --gpx FILE") }
        case "delete":
            guard (id != nil) != all else { throw ValidationError("Usage: gemnav trips delete ID, or delete --all") }
        default: throw ValidationError("Unknown action '\(action)'. Use list, export or delete.")
        }
    }

    func run() throws {
        let store = try storeOptions.open()
        switch action {
        case "export":
            let trip = TripID(rawValue: id ?? 0)
            let document = try CLIError.wrap { try store.exportGPX(trip) }
            try CLIError.wrap { try document.write(toFile: gpx ?? "", atomically: true, encoding: .utf8) }
            print("Wrote trip \(trip) to \(gpx ?? "").")
        case "delete":
            if all {
                let count = try CLIError.wrap { try store.deleteAllTrips() }
                print("Deleted \(count) trip(s).")
            } else {
                let trip = TripID(rawValue: id ?? 0)
                guard try CLIError.wrap({ try store.deleteTrip(trip) }) else {
                    throw CLIError(description: "No recorded trip with id \(trip).")
                }
                print("Deleted trip \(trip).")
            }
        default:
            let trips = try CLIError.wrap { try store.trips() }
            guard !trips.isEmpty else {
                print("No recorded trips. Store: \(store.path)")
                return
            }
            let formatter = ISO8601DateFormatter()
            print("ID  Started               Distance  Duration  Fixes  Route")
            for t in trips {
                let distance = t.distance.map { String(format: "%6.1f km", $0 / 1000) } ?? "     –   "
                let duration = t.duration.map { String(format: "%6.0f s", $0) } ?? "unfinished"
                let route = [t.originName, t.destinationName].compactMap { $0 }.joined(separator: " → ")
                let id = t.id.description.padding(toLength: 3, withPad: " ", startingAt: 0)
                print("\(id) \(formatter.string(from: t.startedAt))  \(distance)  \(duration)  "
                    + String(format: "%5d", t.fixCount) + "  \(route)")
            }
        }
    }
}
