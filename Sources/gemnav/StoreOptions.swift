import ArgumentParser
import Foundation
import GemNavServices
import GemNavStorage

/// `--store PATH`: the app store holding the recording consent and the recorded trips.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The app store (SQLite).", discussion: "Default: $GEMNAV_STORE, else ~/.local/share/gemnav/app.sqlite."))
    var store: String?

    /// The store's path: `--store`, else `GEMNAV_STORE`, else `~/.local/share/gemnav/app.sqlite`.
    var path: String {
        if let store { return store }
        let env = ProcessInfo.processInfo.environment
        if let path = env["GEMNAV_STORE"], !path.isEmpty { return path }
        let home = env["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/gemnav/app.sqlite"
    }

    /// The support log kept beside the store (`logs/` next to it): navigation events, with
    /// positions only while trips may be recorded; `gemnav support-log` exports it.
    func supportLog() -> SupportLog {
        SupportLog(directory: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("logs"))
    }

    /// Opens (creating when needed) the store and its directory.
    func open() throws -> AppStore {
        let url = URL(fileURLWithPath: path)
        try CLIError.wrap {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
        }
        return try CLIError.wrap { try AppStore(path: url.path) }
    }
}
