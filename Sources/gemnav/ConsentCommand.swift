import ArgumentParser
import Foundation
import GemNavStorage

/// `gemnav consent`: the user's decision on recording trips (GPS logs) in the app store.
struct ConsentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consent", abstract: "Grant, deny or show consent to record trips.",
        discussion: """
            grant: navigate records each trip's GPS fixes. deny: navigate records nothing (trips already \
            recorded are kept; add --delete-trips to delete them). status (default): show the decision.
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "grant, deny or status.")
    var action: String = "status"

    @Flag(help: "With deny: also delete every recorded trip.")
    var deleteTrips = false

    func validate() throws {
        guard ["grant", "deny", "status"].contains(action) else {
            throw ValidationError("Unknown action '\(action)'. Use grant, deny or status.")
        }
        if deleteTrips && action != "deny" { throw ValidationError("--delete-trips goes with deny.") }
    }

    func run() throws {
        let store = try storeOptions.open()
        switch action {
        case "grant":
            try CLIError.wrap { try store.setConsent(.granted) }
            print("Consent granted: navigate will record trips in \(store.path).")
        case "deny":
            let count = try CLIError.wrap { try store.recordedTripCount() }
            try CLIError.wrap { try store.setConsent(.denied, deletingRecordedTrips: deleteTrips) }
            print("Consent denied: navigate records nothing.")
            if count > 0 {
                print(deleteTrips ? "Deleted \(count) recorded trip(s)."
                    : "\(count) recorded trip(s) kept; delete them with `gemnav trips delete --all`.")
            }
        default:
            let decision = try CLIError.wrap { try store.consentDecision() }
            let when = decision.decidedAt.map { " (decided \(ISO8601DateFormatter().string(from: $0)))" } ?? ""
            print("Consent: \(decision.consent.rawValue)\(when). Store: \(store.path)")
            if decision.consent == .awaiting {
                print("Decide with `gemnav consent grant` or `gemnav consent deny`.")
            }
        }
    }
}
