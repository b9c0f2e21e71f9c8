import ArgumentParser
import Foundation
import GemNavServices
import GemNavServer
import Hummingbird
import Logging
import NIOCore

/// `gemnav serve`: the OSRM-compatible route API, Photon-shaped search and the web map's
/// tiles, styles and glyphs over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a graph directory over HTTP: OSRM route and nearest API, search, reverse, map tiles.",
        discussion: """
            Endpoints: GET /route/v1/{profile}/{lon,lat;lon,lat...}, /nearest/v1/{profile}/{lon,lat},
            /search?q=, /reverse?lat=&lon=, /health, /tiles/{z}/{x}/{y}.mvt, /tiles.json, /style.json,
            /style-dark.json, /fonts/{fontstack}/{range}.pbf. Stops gracefully on SIGINT or SIGTERM.
            """)

    @Option(help: "Graph directory made by `gemnav import`.")
    var data: String

    @Option(help: "Address to listen on (0.0.0.0 for every interface).")
    var host: String = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: Int = 5000

    @Option(help: ArgumentHelp(
        "The web app's folder; glyphs are read from its vendor/fonts (made by scripts/setup-web.sh).",
        discussion: "Default: the web/ folder beside the package gemnav was built in, else ./web."))
    var web: String?

    @Option(help: "Memory for cut map tiles, in MB (0 cuts every tile request afresh).")
    var tileCacheMB: Int = 64

    @Option(help: "Log level: trace, debug (one line per request), info (a summary per minute of traffic), notice, warning, error.")
    var logLevel: String = "info"

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("Unknown --log-level '\(logLevel)'. Use trace, debug, info, notice, warning or error.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535.") }
        guard tileCacheMB >= 0 else { throw ValidationError("--tile-cache-mb must be 0 or more.") }
        GemNavServer.runConcurrencyOnEventLoops()
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "gemnav.serve")
        logger.logLevel = level
        // Both files are memory-mapped: loading takes milliseconds whatever the map's size.
        let map = MapData(directory: URL(fileURLWithPath: self.data))
        let data = try CLIError.wrap { ServerData(engine: try map.loadEngine(), search: try map.loadSearchIndex()) }
        let webDirectory = web.map { URL(fileURLWithPath: $0) } ?? WebDirectory.locate()
        let assets = MapAssets(tilesURL: map.tilesURL, webDirectory: webDirectory, cacheBytes: tileCacheMB << 20)
        if let problem = assets.tilesProblem { logger.warning("No map tiles: \(problem)") }
        if webDirectory == nil { logger.warning("No web/ folder found: map labels need glyphs; run scripts/setup-web.sh or pass --web DIR.") }
        let app = GemNavServer.application(
            data: data, host: host, port: port, logger: logger, map: assets,
            onListening: { address in
                // Written unbuffered: scripts wait for this line to know the port is open.
                let what = (data.search == nil ? ["routes"] : ["routes", "search"]) + (assets.hasTiles ? ["map"] : [])
                let list = what.count == 1 ? what[0] : what.dropLast().joined(separator: ", ") + " and " + what.last!
                FileHandle.standardOutput.write(
                    Data("gemnav serving \(data.engine.graph.profile.name) \(list) on http://\(address)\n".utf8))
            })
        do {
            try await app.runService()
        } catch let e as IOError where e.errnoCode == EADDRINUSE {
            throw CLIError(description: "Port \(port) is already in use on \(host). Stop the other server or pick another --port.")
        }
    }
}
