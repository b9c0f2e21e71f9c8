import ArgumentParser
import Foundation
import GemNavStorage

/// `gemnav rides`: the ride history (completed and cancelled rides, newest first).
struct RidesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rides", abstract: "List the ride history or delete a ride from it.",
        discussion: "list (default) [--format text|json] | delete ID")

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "list or delete.")
    var action: String = "list"
    @Argument(help: "With delete: the ride id (see list).")
    var id: String?
    @Option(help: "text or json.")
    var format: String = "text"

    func validate() throws {
        switch action {
        case "list": guard ["text", "json"].contains(format) else { throw ValidationError("--format is text or json.") }
        case "delete": guard id != nil else { throw ValidationError("Usage: gemnav rides delete ID") }
        default: throw ValidationError("Unknown action '\(action)'. Use list or delete.")
        }
    }

    func run() throws {
        let store = try storeOptions.open()
        if action == "delete" {
            let id = self.id ?? ""
            guard try CLIError.wrap({ try store.deleteRide(id) }) else {
                throw CLIError(description: "No ride with id \(id) in the history (see gemnav rides).")
            }
            print("Deleted ride \(id).")
            return
        }
        let rides = try CLIError.wrap { try store.rides() }
        if format == "json" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try CLIError.wrap { try encoder.encode(rides) }, as: UTF8.self))
            return
        }
        guard !rides.isEmpty else {
            print("No rides in the history. Store: \(store.path)")
            return
        }
        let formatter = ISO8601DateFormatter()
        print("ID          Ended                 Outcome    Fare        Distance  Route")
        for r in rides {
            let fare = r.fareAmount.map { String(format: "%7.2f %@", $0, r.currency ?? "") } ?? "          –"
            let distance = r.distance.map { String(format: "%5.1f km", $0 / 1000) } ?? "    –   "
            let outcome = r.outcome == .cancelled ? "cancelled" : "completed"
            print("\(r.id.padding(toLength: 11, withPad: " ", startingAt: 0)) \(formatter.string(from: r.endedAt))  "
                + "\(outcome.padding(toLength: 9, withPad: " ", startingAt: 0))  \(fare)  \(distance)  "
                + "\(r.pickupName) → \(r.destinationName)"
                + (r.cancelledIn.map { " (cancelled in \($0))" } ?? "")
                + (r.driverName.map { " · \($0), \(r.car ?? ""), \(r.plate ?? "")" } ?? ""))
        }
    }
}
