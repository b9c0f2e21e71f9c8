import ArgumentParser
import Foundation
import GemNavRouting

/// `gemnav import`: builds a routing graph from an OSM file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Build a routing graph from an .osm.pbf or .osm file.")

    @Argument(help: "The OpenStreetMap file (.osm.pbf or .osm).")
    var file: String

    @Option(help: "car, bicycle or foot.")
    var profile: String = "car"

    @Option(help: "Directory to write the graph to.")
    var output: String

    func run() throws {
        guard let p = Profile.named(profile) else {
            throw ValidationError("Unknown profile '\(profile)'. Use car, bicycle or foot.")
        }
        let started = Date()
        let bar = ProgressBar()
        let summary = try CLIError.wrap {
            try GraphImporter(profile: p).importGraph(
                from: URL(fileURLWithPath: file), to: URL(fileURLWithPath: output),
                progress: { bar.update($0, $1) })
        }
        bar.finish()
        print(String(format: "Imported %@ for %@: %d junctions, %d roads, %d turns, %d restrictions; graph %.1f MB in %.1f s.",
                     summary.source, summary.profile, summary.junctions, summary.edges, summary.turns,
                     summary.restrictions, Double(summary.bytes) / 1e6, Date().timeIntervalSince(started)))
    }
}
