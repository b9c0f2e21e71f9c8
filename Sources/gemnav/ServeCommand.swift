import ArgumentParser
import Foundation
import GemNavAssistant
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavRides
import GemNavRouting
import GemNavServer
import GemNavWebApp
import Hummingbird
import Logging
import NIOCore
import NIOSSL

extension Tier: ExpressibleByArgument {}

/// `gemnav serve`: the web app, the OSRM-compatible route API and Photon-shaped search over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web app and the map data over HTTP: the app at /, OSRM route and nearest API, search, reverse.",
        discussion: """
            Open http://HOST:PORT/ in a browser for the app (each tab its own session over the WebSocket \
            /app/ws). Endpoints: GET /route/v1/{profile}/{lon,lat;lon,lat...}, /nearest/v1/{profile}/{lon,lat}, \
            /table/v1/{profile}/{coordinates}, /search?q=, /reverse?lat=&lon=, /health, the map's \
            /tiles/{z}/{x}/{y}.mvt, /tiles.json, /style.json, /style-dark.json, /fonts/{fontstack}/{range}.pbf; \
            POST /assistant and /assistant/audio; POST /rides, GET /rides, GET /rides/{id}, POST /rides/{id}/cancel \
            and /retry, and the WebSocket /rides/{id}/live (the ride each second until it ends).

            Without --data it serves the embedded Monaco map. Stops gracefully on SIGINT or SIGTERM.
            """)

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(help: ArgumentHelp("The tier every web session gets: free, plus or pro.",
                               discussion: "Without it, each user switches the tier in the app's Settings."))
    var tier: Tier?

    @Option(help: ArgumentHelp("PEM certificate (chain) to serve HTTPS with; needs --tls-key.",
                               discussion: "A phone on the local network needs HTTPS for geolocation, wake lock and the microphone."))
    var tlsCert: String?

    @Option(help: "PEM private key of --tls-cert.")
    var tlsKey: String?

    @Option(help: ArgumentHelp("The web app's files; the map's glyphs are read from its vendor/fonts (scripts/setup-web.sh).",
                               discussion: "Default: $GEMNAV_WEB, else the web/ folder of the package."))
    var web: String?

    @Option(help: "Address to listen on (0.0.0.0 for every interface).")
    var host: String = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: Int = 5000

    @Option(help: "Memory for cut map tiles, in MB (0 cuts every tile request afresh).")
    var tileCacheMB: Int = 64

    @Option(help: "Log level: trace, debug (one line per request), info (a summary per minute of traffic), notice, warning, error.")
    var logLevel: String = "info"

    @Option(help: ArgumentHelp("Traffic speeds (OSRM segment-speed CSV) for routes and tables (API and app), re-read when the file changes.",
                               discussion: "Checked every 2 s by modification time; a bad file is logged and the previous speeds stay."))
    var traffic: String?

    @Option(help: ArgumentHelp("Largest /table, as osrm-routed's --max-table-size: at most N×N cells (100: 100×100 or 1,000×10).",
                               discussion: "A fleet's dispatcher may need more; each cell costs a search, so keep it bounded on a public server."))
    var maxTableSize: Int = 100

    @Option(help: "Most coordinates in one route request, as osrm-routed's --max-viaroute-size.")
    var maxViarouteSize: Int = 100

    @Option(help: ArgumentHelp("Truck routing in the app (Pro tier): a directory imported with `--profile truck`, or `embedded` for the embedded map's.",
                               discussion: "Without it the app routes cars only; the truck's dimensions are set on the route card."))
    var truckData: String?

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("Unknown --log-level '\(logLevel)'. Use trace, debug, info, notice, warning or error.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535.") }
        guard tileCacheMB >= 0 else { throw ValidationError("--tile-cache-mb must be 0 or more.") }
        guard maxTableSize >= 1 else { throw ValidationError("--max-table-size must be 1 or more.") }
        guard maxViarouteSize >= 2 else { throw ValidationError("--max-viaroute-size must be 2 or more: a route has a start and an end.") }
        GemNavServer.runConcurrencyOnEventLoops()
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "gemnav.serve")
        logger.logLevel = level
        // Both files are memory-mapped: loading takes milliseconds whatever the map's size.
        let map = try dataOptions.mapData()
        let data = try CLIError.wrap { ServerData(engine: try map.loadEngine(), search: try map.loadSearchIndex()) }
        let store = try storeOptions.open()
        // Without a search index the API still serves routes; the app says why it cannot start.
        let source = tier.map { FixedTier($0) }
        let profiles = try truckData.map { [TravelProfile.truck: try truckMap($0)] } ?? [:]
        let environment = Result {
            try AppComposition.Environment.live(data: map, profiles: profiles, store: store,
                                                supportLog: storeOptions.supportLog(), tierSource: source)
        }
        if let traffic {
            let appEngines = ((try? environment.get())?.providers.values).map { providers in
                providers.compactMap { ($0 as? EngineRouteProvider)?.engine }
            } ?? []
            try follow(traffic, engines: [data.engine] + appEngines, logger: logger)
        }
        let sessions = await WebSessions(clock: SystemClock()) { timeZone, locale in
            var page = try environment.get()
            page.timeZone = timeZone
            page.locale = locale
            return AppComposition.build(page)
        }
        await listen(sessions, placeNames: data.search?.recordNames ?? [], logger: logger)
        let files = try webFiles()
        let assets = MapAssets(tilesURL: map.tilesURL, webDirectory: files.directory, cacheBytes: tileCacheMB << 20)
        if let problem = assets.tilesProblem { logger.warning("No map tiles: \(problem)") }
        let rides = RideDesk(engine: data.engine, book: try CLIError.wrap { try TariffBook.bundled() }, store: store,
                             clock: ContinuousClock())
        let limits = ServerLimits(maxWaypoints: maxViarouteSize, maxTableSize: maxTableSize)
        let api = GemNavResponder(data: data, limits: limits, logger: logger, map: assets, rides: rides)
        let tls = try tlsConfiguration()
        let scheme = tls == nil ? "http" : "https"
        let app = try WebApp.application(
            api: api, files: files, hasMap: assets.hasTiles, sessions: sessions, rides: rides, host: host, port: port, tls: tls, logger: logger,
            onListening: { address in
                // Written unbuffered: scripts wait for this line to know the port is open.
                let what = (data.search == nil ? ["routes"] : ["routes", "search"]) + (assets.hasTiles ? ["map"] : [])
                let list = what.count == 1 ? what[0] : what.dropLast().joined(separator: ", ") + " and " + what.last!
                FileHandle.standardOutput.write(Data("""
                    gemnav serving \(data.engine.graph.profile.name) \(list) on \(scheme)://\(address)
                    open \(scheme)://\(address)/ for the app

                    """.utf8))
            })
        do {
            try await app.runService()
        } catch let e as IOError where e.errnoCode == EADDRINUSE {
            throw CLIError(description: "Port \(port) is already in use on \(host). Stop the other server or pick another --port.")
        }
    }

    /// Applies the `--traffic` file to the API's and the app sessions' engines now (a bad one
    /// stops the server from starting) and then whenever its modification time changes,
    /// logging what each reload did and when the hierarchy for its speeds is ready.
    private func follow(_ path: String, engines: [RoutingEngine], logger: Logger) throws {
        let background = TrafficFeed.backgroundQueue()
        let feed = TrafficFeed(url: URL(fileURLWithPath: path), engines: engines) { work in
            background {
                let start = ContinuousClock.now
                work()
                if engines.first?.trafficHierarchyIsReady == true {
                    let took = (ContinuousClock.now - start).components
                    let seconds = String(format: "%.1f s", Double(took.seconds) + Double(took.attoseconds) / 1e18)
                    logger.info("Traffic hierarchy ready after \(seconds): routes under the current speeds use it")
                }
            }
        }
        if case .failed(let why) = feed.refresh() { throw CLIError(description: why) }
        if let s = engines.first?.traffic?.summary {
            logger.info("Traffic from \(path): \(s.matchedSegments) segments matched, \(s.unknownSegments) unknown")
        }
        Task.detached {
            while true {
                try await Task.sleep(for: .seconds(2))
                switch feed.refresh() {
                case .unchanged: break
                case .applied(let s):
                    logger.info("Traffic reloaded from \(path): \(s.matchedSegments) segments matched, \(s.unknownSegments) unknown")
                case .failed(let why): logger.error("Traffic not reloaded, keeping the previous speeds: \(why)")
                }
            }
        }
    }

    /// Gives the sessions' voice-command buttons a recogniser when PocketSphinx is installed;
    /// without it they say how to install one, and typing still works.
    private func listen(_ sessions: WebSessions, placeNames: Set<String>, logger: Logger) async {
        do {
            let recognizer = try PocketSphinxRecognizer(grammar: VoiceGrammar(placeNames: placeNames))
            await MainActor.run {
                sessions.recognizer = { wav in
                    let clip = try AudioClip(wav: wav)
                    return try await recognizer.recognize(clip)
                }
            }
        } catch {
            logger.notice("Voice commands off: \(error)")
            await MainActor.run { sessions.recognizerMissing = "Voice commands are off on this server: \(error) Type your request instead." }
        }
    }

    /// The HTTPS configuration from `--tls-cert` and `--tls-key`, nil for plain HTTP.
    private func tlsConfiguration() throws -> TLSConfiguration? {
        switch (tlsCert, tlsKey) {
        case (nil, nil): return nil
        case (.some, nil), (nil, .some): throw ValidationError("--tls-cert and --tls-key go together: give both, or neither for HTTP.")
        case (let cert?, let key?):
            do {
                let chain = try NIOSSLCertificate.fromPEMFile(cert)
                guard !chain.isEmpty else { throw CLIError(description: "\(cert) holds no PEM certificate.") }
                let privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
                return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                                privateKey: .privateKey(privateKey))
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError(description: "Could not read the TLS certificate \(cert) or key \(key) (PEM expected): \(error). "
                    + "For a local network, `openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 365 -subj /CN=gemnav` makes a pair.")
            }
        }
    }

    /// The web app's files: `--web`, else the package's `web/`.
    private func webFiles() throws -> WebFiles {
        if let web {
            let url = URL(fileURLWithPath: web)
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent("index.html").path) else {
                throw ValidationError("--web \(web) has no index.html: pass the web/ folder of the GemNav package.")
            }
            return WebFiles(directory: url)
        }
        guard let found = EmbeddedData().webDirectory() else {
            throw CLIError(description: "The web app's files (web/index.html) were not found beside gemnav or in the working directory. Pass --web DIR or set GEMNAV_WEB.")
        }
        return WebFiles(directory: found)
    }

    /// The truck graph `--truck-data` names, preparing the embedded map's when asked.
    private func truckMap(_ value: String) throws -> MapData {
        value == "embedded" ? try DataOptions.embedded(.truck) : MapData(directory: URL(fileURLWithPath: value))
    }

}
