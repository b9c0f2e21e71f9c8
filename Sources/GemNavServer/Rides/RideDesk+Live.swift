import Foundation

extension RideDesk {
    /// How a ride's live feed ended.
    public enum LiveEnd: Sendable, Hashable {
        /// The ride completed or was cancelled; its last state was sent.
        case ended
        /// No ride has this id (never booked, or ended and forgotten); an error was sent.
        case refused
        /// The follower went away (a send failed or the task was cancelled).
        case interrupted
    }

    /// Follows ride `id` live, as `GET /rides/{id}` would show it if polled each second.
    ///
    /// `send` gets `{"type": "ride", "ride": {…}}` — `ride` is exactly the object `GET /rides/{id}`
    /// answers — at once, then whenever the ride changes: each second of the desk's clock while
    /// it moves (the ride catches up as a read would), and at once when a request cancels or
    /// retries it. After the message showing it completed or cancelled, it returns `.ended`. An
    /// unknown id gets one `{"type": "error", "code": "NotFound", "message": …}` and `.refused`.
    ///
    /// The desk still runs no task of its own: this call's wake-ups, on the injected clock, are
    /// what move the ride, so a test clock drives a follower as it drives reads.
    public func follow(_ id: String, send: @Sendable (String) async throws -> Void) async -> LiveEnd {
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let token = watch(id, wake)
        var timer: Task<Void, Never>?
        defer {
            timer?.cancel()
            unwatch(id, token)
        }
        var sent: Data?
        var wakeup = wakeups.makeAsyncIterator()
        repeat {
            switch read(id) {
            case .missing(let answer):
                let error = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]) ?? [:]
                try? await send(Self.text(error.merging(["type": "error"]) { $1 }))
                return .refused
            case .ride(let ride, let ended, let nextTick):
                let body = Self.json(ride)
                if body != sent {
                    do { try await send(Self.text(["type": "ride", "ride": ride])) } catch { return .interrupted }
                    sent = body
                }
                if ended { return .ended }
                // Deadlines are whole seconds after the booking, not "one second from now", so a
                // clock that has already passed one wakes the follower at once rather than late.
                timer?.cancel()
                timer = Task { [sleepUntil] in
                    if (try? await sleepUntil(nextTick)) != nil { wake.yield() }
                }
            }
        } while await wakeup.next() != nil
        return .interrupted
    }

    private static func text(_ object: [String: Any]) -> String {
        String(decoding: json(object), as: UTF8.self)
    }
}
