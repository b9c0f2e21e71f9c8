import ArgumentParser
import Foundation
import GemNavRouting

/// `gemnav traffic`: installs live speeds (OSRM's segment-speed CSV) beside a graph, so
/// `route`, `table` and `serve` on that directory use them without re-importing.
struct TrafficCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "traffic",
        abstract: "Install traffic speeds (OSRM segment-speed CSV) for a graph, or clear them.",
        discussion: """
            Each line is FROM_OSM_NODE,TO_OSM_NODE,SPEED_KMH[,RATE] for one driving direction of one \
            OSM segment, as OSRM's --segment-speed-file: speed 0 closes the segment; without a rate \
            the weight follows the new duration, an empty rate keeps the weight, a rate (m/s) sets \
            weight = length / rate. The file is checked completely before anything is installed; node \
            pairs not in the graph are counted, not fatal. The overlay is written atomically to \
            DIR/traffic.gemnav and used by every later command on DIR.
            """)

    @Option(help: "Data directory made by `gemnav import`.")
    var data: String

    @Flag(help: "Remove the installed speeds: routes use the imported ones again.")
    var clear = false

    @Argument(help: "The segment-speed CSV file.")
    var file: String?

    func validate() throws {
        if clear == (file != nil) { throw ValidationError("Give either a CSV file or --clear.") }
    }

    func run() throws {
        let directory = URL(fileURLWithPath: data)
        if clear {
            let removed = try CLIError.wrap { try TrafficFile.clear(in: directory) }
            print(removed ? "Cleared the traffic speeds in \(data): routes use the imported speeds."
                : "No traffic speeds were installed in \(data).")
            return
        }
        let start = ContinuousClock.now
        let graph = try CLIError.wrap { try RoutingGraph(directory: directory) }
        let overlay = try CLIError.wrap {
            try TrafficOverlay(SpeedUpdates(contentsOf: URL(fileURLWithPath: file!)), graph: graph)
        }
        try CLIError.wrap { try TrafficFile.install(overlay, into: directory) }
        let s = overlay.summary
        let elapsed = (ContinuousClock.now - start).components
        let seconds = String(format: "%.2f s", Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        print("""
            Installed traffic from \(file!) into \(data) in \(seconds):
              \(s.lines) lines, \(s.matchedSegments) segments matched, \(s.unknownSegments) unknown (not drivable in this graph)
              \(s.changedEdges) directed edges changed, \(s.closedEdges) closed; search guidance \(String(format: "%.2f", overlay.potentialScale)) (1 = best)
            `gemnav traffic --data \(data) --clear` restores the imported speeds.
            """)
    }
}
