import Foundation
import Hummingbird
import Logging
import NIOCore

/// Builds the HTTP application that serves a data directory.
public enum GemNavServer {
    /// The Hummingbird application answering OSRM's route and nearest services, search,
    /// reverse and health on `host:port`.
    ///
    /// Run it with `runService()`, which stops gracefully on SIGINT and SIGTERM: open
    /// connections finish their requests before the process exits. Requests are served on
    /// all cores (NIO's event loops, one per core).
    /// - Parameters:
    ///   - port: 0 picks a free port; `onListening` receives the one bound.
    ///   - onListening: called once the socket accepts connections, with `host:port`.
    public static func application(data: ServerData, host: String = "127.0.0.1", port: Int = 5000,
                                   limits: ServerLimits = ServerLimits(), logger: Logger,
                                   onListening: @escaping @Sendable (String) async -> Void = { _ in })
        -> Application<GemNavResponder>
    {
        Application(
            responder: GemNavResponder(data: data, limits: limits, logger: logger),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "gemnav"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                await onListening(host.contains(":") ? "[\(host)]:\(bound)" : "\(host):\(bound)")
            },
            logger: logger)
    }
}
