import ArgumentParser
import Foundation
import GemNavServices
import GemNavRouting

/// `--data DIR` and `--profile`, shared by the commands that read map data. Without `--data`
/// the embedded Monaco extract is used, imported into the cache on first use.
struct DataOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Data directory made by `gemnav import` (graph and search index).",
        discussion: "Without it, the embedded Monaco extract (Data/monaco.osm.pbf) is imported once into ~/.cache/gemnav and reused."))
    var data: String?

    @Option(help: "Profile of the embedded data when --data is not given: car, truck, bicycle or foot.")
    var profile: String = "car"

    /// The data set to use, importing the embedded one (with a progress bar) when needed.
    func mapData() throws -> MapData {
        if let data { return MapData(directory: URL(fileURLWithPath: data)) }
        guard let p = Profile.named(profile) else {
            throw ValidationError("Unknown profile '\(profile)'. Use car, truck, bicycle or foot.")
        }
        return try Self.embedded(p)
    }

    /// The embedded extract's data for `profile`, imported (with a progress bar) when needed.
    static func embedded(_ profile: Profile) throws -> MapData {
        let bar = ProgressBar()
        defer { bar.finish() }
        return try CLIError.wrap { try EmbeddedData().prepare(profile: profile, progress: { bar.update($0, $1) }) }
    }
}
