import Foundation
import GemNavServer
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOSSL

/// The web app's server side: the page's files beside the API, the WebSocket at `/app/ws`
/// over which each tab sends intents and receives its app's state, and the WebSocket
/// `/rides/{id}/live` with a REST ride's live updates.
public enum WebApp {
    /// The WebSocket path.
    public static let socketPath = "/app/ws"
    /// Largest message a page may send (an intent is a few hundred bytes).
    static let maximumMessage = 16 * 1024
    /// How long a close the server sent waits for the client's answering close before the
    /// connection is dropped: a client that never answers must not hold it (or a shutdown).
    static let closeTimeout: Duration = .seconds(15)
    /// How often the server pings a WebSocket client; one that has not answered by the next
    /// ping is dropped with 1001 (going away), so dead connections do not linger.
    public static let pingPeriod: Duration = .seconds(30)

    /// The HTTP application serving `api` (any responder: the OSRM API, search, tiles), the
    /// page from `files`, and the app sessions over WebSocket. `hasMap` says whether `api`
    /// serves map tiles and a style (`/style.json`). With `tls` it serves HTTPS (and WSS), the
    /// secure context a phone's browser needs for geolocation, wake lock and the microphone.
    /// - Parameters:
    ///   - port: 0 picks a free port; `onListening` receives the one bound.
    ///   - rides: the desk whose rides `/rides/{id}/live` follows (the one `api` answers
    ///     `/rides` from); without it that path is not upgraded.
    ///   - pingPeriod: see `WebApp.pingPeriod`; nil never pings (a test whose client may be
    ///     starved of CPU for longer than a period).
    public static func application<API: HTTPResponder>(
        api: API, files: WebFiles, hasMap: Bool, sessions: WebSessions, rides: RideDesk? = nil, host: String, port: Int,
        tls: TLSConfiguration? = nil, pingPeriod: Duration? = WebApp.pingPeriod, logger: Logger,
        onListening: @escaping @Sendable (String) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol where API.Context == BasicRequestContext {
        let ws = WebSocketServerConfiguration(maxFrameSize: maximumMessage,
                                              autoPing: pingPeriod.map { .enabled(timePeriod: $0) } ?? .disabled,
                                              closeTimeout: closeTimeout)
        let http = HTTPServerBuilder.http1WebSocketUpgrade(configuration: .init(ws: ws)) { request, _, _ in
                if let rides, let id = request.path.flatMap(RideLiveSocket.rideId(in:)) {
                    return .upgrade([:]) { inbound, outbound, _ in
                        await RideLiveSocket.serve(desk: rides, id: id, inbound: inbound, outbound: outbound)
                    }
                }
                guard request.path.map({ $0.split(separator: "?").first == Substring(socketPath) }) == true else {
                    return .dontUpgrade
                }
                let query = request.path.map(parameters(in:)) ?? [:]
                // An unknown zone name falls back to GMT rather than refusing the page.
                let zone = query["tz"].flatMap(TimeZone.init(identifier:)) ?? .gmt
                let locale = query["lang"].flatMap(pageLocale)
                return .upgrade([:]) { inbound, outbound, _ in
                    await serve(sessions: sessions, id: query["session"], timeZone: zone, locale: locale,
                                inbound: inbound, outbound: outbound, logger: logger)
                }
            }
        return Application(
            responder: WebAppResponder(files: files, api: api, hasMap: hasMap, sessions: sessions),
            server: try tls.map { try .tls(http, tlsConfiguration: $0) } ?? http,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "gemnav"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                await onListening(host.contains(":") ? "[\(host)]:\(bound)" : "\(host):\(bound)")
            },
            logger: logger)
    }

    /// The locale a page's BCP 47 language tag ("en-US") names, nil for anything that is not a
    /// short tag of letters, digits and hyphens (times are then written 24-hour).
    static func pageLocale(_ tag: String) -> Locale? {
        guard !tag.isEmpty, tag.count <= 35, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        return Locale(identifier: tag)
    }

    /// The query parameters of a WebSocket path: `session` (the id to resume), `tz` (the
    /// page's IANA time zone) and `lang` (the browser's language tag).
    static func parameters(in path: String) -> [String: String] {
        guard let query = path.split(separator: "?", maxSplits: 1).dropFirst().first else { return [:] }
        var found: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            found[String(parts[0])] = String(parts[1]).removingPercentEncoding
        }
        return found
    }

    /// One connection: the session's messages go out as they come; each message in is an
    /// intent. A message that is not the protocol is answered with an error and closes this
    /// connection only; the session stays for a reconnect.
    static func serve(sessions: WebSessions, id: String?, timeZone: TimeZone, locale: Locale?,
                      inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, logger: Logger) async
    {
        let opened: Result<(WebSession, (messages: AsyncStream<String>, connection: Int)), WebAppError>
        do {
            opened = .success(try await MainActor.run {
                let session = try sessions.open(id, timeZone: timeZone, locale: locale)
                return (session, session.attach())
            })
        } catch let error as WebAppError {
            opened = .failure(error)
        } catch {
            opened = .failure(WebAppError(.notNow("the app could not start: \(error)")))
        }
        guard case .success(let (session, link)) = opened else {
            if case .failure(let error) = opened {
                try? await outbound.write(.text(#"{"type":"error","message":\#(jsonString(error.description))}"#))
            }
            try? await outbound.close(.unacceptableData, reason: nil)
            return
        }
        // The reader tells whether the page broke the protocol: the close then says so (1003).
        let refused = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await text in link.messages {
                    do { try await outbound.write(.text(text)) } catch { break }
                }
                return false
            }
            group.addTask {
                var refused = false
                do {
                    for try await message in inbound.messages(maxSize: maximumMessage) {
                        let error: WebAppError? = await MainActor.run {
                            do {
                                guard case .text(let text) = message else {
                                    throw WebAppError(.malformedMessage("a binary frame; intents are JSON text"))
                                }
                                try session.receive(text)
                            } catch let e as WebAppError {
                                session.report(e)
                                return e
                            } catch { return nil }
                            return nil
                        }
                        if let error, error.closesConnection {
                            logger.debug("closing a WebSocket: \(error.description)")
                            refused = true
                            break
                        }
                    }
                } catch {
                    logger.debug("WebSocket read failed: \(error)")
                }
                // Ends the writer: the session keeps the trip for a reconnect.
                await MainActor.run { session.detach(link.connection) }
                return refused
            }
            return await group.reduce(false) { $0 || $1 }
        }
        try? await outbound.close(refused ? .unacceptableData : .normalClosure, reason: nil)
    }

    static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
