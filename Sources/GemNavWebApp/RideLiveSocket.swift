import GemNavServer
import HummingbirdWebSocket

/// The WebSocket `/rides/{id}/live`: a REST ride's live updates, on the same WebSocket server,
/// port and frame limits as the web app's `/app/ws`, with the same error message and closes.
///
/// The server sends `{"type": "ride", "ride": {…}}` (the `GET /rides/{id}` object) at once and
/// whenever the ride changes, then closes normally (1000) when it has completed or been
/// cancelled. An unknown id gets `{"type": "error", "code": "NotFound", "message": …}` and the
/// close 1003. The client sends nothing; closing the socket stops the feed.
enum RideLiveSocket {
    /// The ride id of a `/rides/{id}/live` path (a query is ignored), nil for any other path.
    static func rideId(in path: String) -> String? {
        let parts = (path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .split(separator: "/")
        guard parts.count == 3, parts[0] == "rides", parts[2] == "live" else { return nil }
        return String(parts[1])
    }

    /// Real time between the upgrade and the first frame (see `serve`).
    static let firstFrameDelay = Duration.milliseconds(50)

    /// Feeds ride `id` from `desk` to one connection until the ride ends or the client leaves.
    ///
    /// After the feed has closed the socket, the client's answering close is awaited at most
    /// `closeTimeout` (the library bounds its own close handshake the same way, but only after a
    /// handler returns; this one waits inside): a client that never answers, or never got the
    /// close, would otherwise hold the connection, and a server's graceful shutdown, forever.
    static func serve(desk: RideDesk, id: String, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
                      closeTimeout: Duration = WebApp.closeTimeout) async
    {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                // swift-websocket's client (HummingbirdWSClient) can lose frames that reach it in
                // the same read as the 101 response, and then hangs; a first frame sent a moment
                // after the upgrade reaches every client.
                try? await Task.sleep(for: firstFrameDelay)
                switch await desk.follow(id, send: { try await outbound.write(.text($0)) }) {
                case .ended: try? await outbound.close(.normalClosure, reason: nil)
                case .refused: try? await outbound.close(.unacceptableData, reason: nil)
                case .interrupted: break
                }
                return true
            }
            group.addTask {
                // Read only to notice the client's close (and to answer its close handshake);
                // anything it sends is ignored.
                do {
                    for try await _ in inbound.messages(maxSize: WebApp.maximumMessage) {}
                } catch {}
                return false
            }
            // The client left first: stop following. Otherwise the feed has closed the socket
            // and the reader ends with the client's answering close, or the wait runs out
            // (real time, not the desk's clock).
            if await group.next() == true {
                group.addTask {
                    try? await Task.sleep(for: closeTimeout)
                    return true
                }
                _ = await group.next()
            }
            group.cancelAll()
        }
    }
}
