import ArgumentParser
import Foundation

/// `gemnav support-log`: the support log the app keeps beside its store, to attach to a bug
/// report (the terminal's Settings export), or deleted.
struct SupportLogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "support-log", abstract: "Export or delete the support log.",
        discussion: """
            export (default): print the log, oldest record first (redirect it to a file to attach it \
            to a bug report). Positions appear in it only while trips may be recorded \
            (`gemnav consent grant`). clear: delete it.
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "export or clear.")
    var action: String = "export"

    func validate() throws {
        guard ["export", "clear"].contains(action) else {
            throw ValidationError("Unknown action '\(action)'. Use export or clear.")
        }
    }

    func run() throws {
        let log = storeOptions.supportLog()
        if action == "clear" {
            try CLIError.wrap { try log.clear() }
            print("Support log deleted.")
            return
        }
        let data = try CLIError.wrap { try log.exportedData() }
        guard !data.isEmpty else {
            FileHandle.standardError.write(Data("The support log is empty: nothing has been logged yet.\n".utf8))
            return
        }
        FileHandle.standardOutput.write(data)
    }
}
