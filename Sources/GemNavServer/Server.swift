import Hummingbird
import Logging
import NIOCore
import NIOPosix

/// Builds the HTTP application that serves a data directory.
public enum GemNavServer {
    /// Makes NIO's event loops (one thread per core) Swift Concurrency's global executor, so
    /// each request is read, routed and written on one thread.
    ///
    /// Route computation is CPU-bound and synchronous. On Swift's default pool every request
    /// hops from its event loop to a pool thread and back, and under load the two sets of
    /// threads contend for the cores: measured on 2 cores with wrk on the Porto pairs, p99
    /// latency fell from 35–80 ms to 5–10 ms at equal or better throughput, and a dedicated
    /// NIO thread pool for the routing did no better. Call it once, first thing in a server
    /// process; it returns false when the hook is unavailable.
    @discardableResult
    public static func runConcurrencyOnEventLoops() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    /// The Hummingbird application answering OSRM's route, nearest and table services, search,
    /// reverse and health on `host:port`.
    ///
    /// Run it with `runService()`, which stops gracefully on SIGINT and SIGTERM: open
    /// connections finish their requests before the process exits. Requests are served on
    /// all cores (NIO's event loops, one per core).
    /// - Parameters:
    ///   - port: 0 picks a free port; `onListening` receives the one bound.
    ///   - onListening: called once the socket accepts connections, with `host:port`.
    ///   - map: the web map's tiles, styles and glyphs, when served.
    ///   - rides: the ride API (`/rides`), when served.
    public static func application(data: ServerData, host: String = "127.0.0.1", port: Int = 5000,
                                   limits: ServerLimits = ServerLimits(), logger: Logger, map: MapAssets? = nil,
                                   rides: RideDesk? = nil,
                                   onListening: @escaping @Sendable (String) async -> Void = { _ in })
        -> Application<GemNavResponder>
    {
        Application(
            responder: GemNavResponder(data: data, limits: limits, logger: logger, map: map, rides: rides),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "gemnav"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                await onListening(host.contains(":") ? "[\(host)]:\(bound)" : "\(host):\(bound)")
            },
            logger: logger)
    }
}
