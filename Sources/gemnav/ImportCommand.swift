import ArgumentParser
import Foundation
import GemNavServices
import GemNavRouting

/// `gemnav import`: builds a data directory from an OSM file: the routing graph and, beside
/// it, the search index (`search.gemnav`) and the map's tile source (`tiles.gemnav`), the
/// names `gemnav serve` reads.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Build a routing graph, a search index and map tiles from an .osm.pbf or .osm file.")

    @Argument(help: "The OpenStreetMap file (.osm.pbf or .osm).")
    var file: String

    @Option(help: "car, truck, bicycle or foot.")
    var profile: String = "car"

    @Option(help: "Directory to write the graph and search index to.")
    var output: String

    @Flag(help: "Build no search index (place names will not resolve).")
    var skipSearch = false

    @Flag(help: "Build no map tile source (gemnav serve will not serve a map).")
    var skipTiles = false

    func run() throws {
        guard let p = Profile.named(profile) else {
            throw ValidationError("Unknown profile '\(profile)'. Use car, truck, bicycle or foot.")
        }
        let source = URL(fileURLWithPath: file)
        let data = MapData(directory: URL(fileURLWithPath: output))
        let started = Date()
        let bar = ProgressBar()
        let summary = try CLIError.wrap {
            try GraphImporter(profile: p).importGraph(from: source, to: data.graphDirectory,
                                                      progress: { bar.update($0, $1) })
        }
        bar.finish()
        print(String(format: "Imported %@ for %@: %d junctions, %d roads, %d turns, %d restrictions; graph %.1f MB in %.1f s.",
                     summary.source, summary.profile, summary.junctions, summary.edges, summary.turns,
                     summary.restrictions, Double(summary.bytes) / 1e6, Date().timeIntervalSince(started)))
        if summary.clearedTraffic {
            print("The traffic installed for the previous graph was removed; run `gemnav traffic --data \(output) FILE.csv` to apply speeds again.")
        }
        if !skipSearch {
            let searchStarted = Date()
            let (stats, bytes) = try CLIError.wrap {
                try SearchIndexImport.build(from: source, to: data.searchIndexURL, progress: { bar.update($0, $1) })
            }
            bar.finish()
            print("Search index: \(stats.places) places, \(stats.streets) streets, \(stats.pois) POIs, "
                + "\(stats.addresses) addresses; "
                + String(format: "%.1f MB in %.1f s.", Double(bytes) / 1e6, Date().timeIntervalSince(searchStarted)))
        }
        if !skipTiles {
            let tilesStarted = Date()
            let summary = try CLIError.wrap {
                try TileSourceImport.build(from: source, to: data.tilesURL, progress: { bar.update($0, $1) })
            }
            bar.finish()
            let layers = ["streets", "buildings", "pois", "ocean"].map { "\(summary.featuresPerLayer[$0] ?? 0) \($0)" }
            print("Map tiles: \(summary.features) features (" + layers.joined(separator: ", ") + "); "
                + String(format: "%.1f MB in %.1f s.", Double(summary.bytes) / 1e6, Date().timeIntervalSince(tilesStarted)))
        }
    }
}
