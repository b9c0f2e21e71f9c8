import Foundation
import GemNavCore
import GemNavRides
import GemNavRouting
import GemNavServices
import GemNavStorage
import Hummingbird

/// The ride REST API: `POST /rides` (pickup, destination, class) → 201 with the ride,
/// `GET /rides/{id}`, `POST /rides/{id}/cancel`, `POST /rides/{id}/retry`, `GET /rides` (the
/// history). A refused transition is a 409 with an error body, and nothing changes. A ride's
/// live feed (`follow`, the WebSocket `/rides/{id}/live`) is in `RideDesk+Live.swift`.
///
/// Each ride is simulated against its own seeded fleet on the server's roads. No task runs in
/// the background: whenever a ride is read or changed it first catches up one tick per second
/// the injected clock has advanced since it was booked, so tests drive it with a test clock.
/// Dates recorded in the history are the clock's too: `epoch` plus the time the clock has
/// advanced. A ride is saved to the history when the desk sees it end, and forgotten
/// `keepEnded` later (then `GET /rides/{id}` is a 404 that says it ended).
public final class RideDesk: @unchecked Sendable {
    // @unchecked: `rides`, `booked` and `watchers` are only touched under `lock`.
    private let lock = NSLock()
    private var rides: [String: BookedRide] = [:]
    private var booked: UInt64 = 0
    /// Who follows which ride live: each is woken when a request changes the ride.
    private var watchers: [String: [UUID: AsyncStream<Void>.Continuation]] = [:]
    private let engine: RoutingEngine
    private let planner: RidePlanner
    private let store: AppStore?
    private let drivers: Int
    private let epoch: Date
    private let keepEnded: Duration
    private let elapsed: @Sendable () -> Duration
    /// Sleeps until the clock has advanced this long since the desk was made.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    /// Ticks one read may catch up at most (a ride left unread for hours is not replayed).
    static let maximumCatchUp = 7200

    /// One ride the desk follows.
    private struct BookedRide {
        var simulation: RideSimulation
        /// When it was booked, on the desk's clock: its tick n is due `n` seconds later.
        let bookedAt: Duration
        /// When the desk saw it complete or be cancelled (and saved it to the history), on the
        /// desk's clock; nil while it runs.
        var endedAt: Duration?
    }

    /// A desk on `engine` charging the map's tariff from `book`, with `drivers` simulated
    /// drivers per ride, saving ended rides to `store`, timed by `clock`.
    /// - Parameters:
    ///   - epoch: the date of `clock`'s present instant; the history's dates are `epoch` plus
    ///     the time `clock` has advanced since.
    ///   - keepEnded: how long a completed or cancelled ride is still answered by
    ///     `GET /rides/{id}` before it is forgotten (it stays in the history).
    public init<C: Clock<Duration>>(engine: RoutingEngine, book: TariffBook, store: AppStore?, drivers: Int = 8,
                                    clock: C, epoch: Date = Date(), keepEnded: Duration = .seconds(300))
    {
        self.engine = engine
        planner = RidePlanner(engine: engine, book: book)
        self.store = store
        self.drivers = drivers
        self.epoch = epoch
        self.keepEnded = keepEnded
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleepUntil = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    }

    /// A JSON answer: status and body.
    public struct Answer: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// The JSON body.
        public var body: Data
    }

    /// Answers `method` on the path parts after `/rides` (`[]`, `[id]` or `[id, action]`).
    public func answer(method: String, parts: [Substring], body: Data) -> Answer {
        switch (method, parts.count) {
        case ("POST", 0): return book(body)
        case ("GET", 0): return history()
        case ("GET", 1): return withRide(parts[0]) { _ in [] }
        case ("POST", 2) where parts[1] == "cancel": return withRide(parts[0]) { try $0.cancel() }
        case ("POST", 2) where parts[1] == "retry": return withRide(parts[0]) { try $0.retry() }
        case ("GET", 2) where parts[1] == "live":
            return Self.error(426, "UpgradeRequired", "/rides/\(parts[0])/live is a WebSocket: open ws://HOST/rides/\(parts[0])/live "
                + "with a WebSocket client (new WebSocket(url) in a page), or poll GET /rides/\(parts[0]).")
        default:
            return Self.error(404, "NotFound", "No such ride endpoint: \(method) /rides/\(parts.joined(separator: "/")). "
                + "Use POST /rides, GET /rides, GET /rides/{id}, POST /rides/{id}/cancel or /retry, or the WebSocket /rides/{id}/live.")
        }
    }

    /// The HTTP response for a request under `/rides`, nil for any other path.
    public func response(to request: Request) async throws -> Response? {
        let parts = request.uri.path.split(separator: "/")
        guard parts.first == "rides" else { return nil }
        let body = try await request.body.collect(upTo: 64 * 1024)
        let answer = answer(method: request.method.rawValue, parts: Array(parts.dropFirst()),
                            body: Data(buffer: body))
        return Response(status: HTTPResponse.Status(code: answer.status),
                        headers: [.contentType: "application/json; charset=UTF-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    /// What `POST /rides` reads.
    struct Booking: Decodable {
        struct Point: Decodable {
            var lat: Double
            var lon: Double
            var name: String?
        }

        var pickup: Point
        var destination: Point
        var `class`: String?
    }

    private func book(_ body: Data) -> Answer {
        let booking: Booking
        do {
            booking = try JSONDecoder().decode(Booking.self, from: body)
        } catch {
            return Self.error(400, "InvalidRequest", "The body must be JSON like {\"pickup\": {\"lat\": 43.7393, "
                + "\"lon\": 7.4276}, \"destination\": {\"lat\": 43.7276, \"lon\": 7.4155}, \"class\": \"standard\"}: \(error)")
        }
        guard let rideClass = RideClass(rawValue: booking.class ?? "standard") else {
            return Self.error(400, "InvalidRequest", "class must be standard or xl")
        }
        func place(_ p: Booking.Point) -> Place? {
            let c = Coordinate(latitude: p.lat, longitude: p.lon)
            return c.isValid ? Place(name: p.name ?? PlaceResolver.latLon(c), coordinate: c) : nil
        }
        guard let pickup = place(booking.pickup), let destination = place(booking.destination) else {
            return Self.error(400, "InvalidRequest", "pickup and destination need lat -90…90 and lon -180…180")
        }
        return lock.withLock {
            let now = elapsed()
            // Bookings are what fill the desk, so each one also ends and forgets the rides
            // nobody has read since they finished.
            for id in rides.keys { catchUp(&rides[id]!, now: now) }
            forgetEnded(now: now)
            booked += 1
            do {
                let fleet = try DriverFleet(engine: engine, count: drivers, seed: booked,
                                            area: DriverFleet.ServiceArea(centre: pickup.coordinate))
                var simulation = RideSimulation(planner: planner, dispatcher: Dispatcher(matrix: EngineTravelTimes(engine: engine)),
                                                fleet: fleet, start: date(at: now), seed: booked)
                _ = try simulation.select(pickup: pickup, destination: destination)
                _ = try simulation.quote(rideClass)
                _ = try simulation.confirm()
                guard let id = simulation.state.rideId?.rawValue else {
                    return Self.error(500, "InternalError", "the ride got no id")
                }
                rides[id] = BookedRide(simulation: simulation, bookedAt: now)
                return Answer(status: 201, body: Self.json(Self.object(of: simulation)))
            } catch {
                return Self.error(400, "NoRoute", "\(error)")
            }
        }
    }

    /// Catches the ride up with the clock, applies `change`, and answers with the ride.
    private func withRide(_ id: Substring, _ change: (inout RideSimulation) throws -> [RideUpdate]) -> Answer {
        lock.withLock {
            let id = String(id)
            let now = elapsed()
            forgetEnded(now: now)
            guard var entry = rides[id] else { return notFound(id) }
            catchUp(&entry, now: now)
            defer { rides[id] = entry }
            do {
                let updates = try change(&entry.simulation)
                save(updates)
                markIfEnded(&entry, now: now)
                if !updates.isEmpty { watchers[id]?.values.forEach { $0.yield() } }
            } catch let error as RideError where error.isInvalidTransition {
                // Refused: the ride is left as it was.
                return Self.error(409, "InvalidTransition", error.description)
            } catch {
                return Self.error(400, "RideFailed", "\(error)")
            }
            return Answer(status: 200, body: Self.json(Self.object(of: entry.simulation)))
        }
    }

    /// What a live follower of a ride sees now.
    enum Reading {
        /// The ride (the object `GET /rides/{id}` answers), whether it has ended, and when,
        /// on the desk's clock, its next tick is due.
        case ride([String: Any], ended: Bool, nextTick: Duration)
        /// No such ride: the 404 `GET /rides/{id}` would answer.
        case missing(Answer)
    }

    /// Ride `id` caught up with the clock.
    func read(_ id: String) -> Reading {
        lock.withLock {
            let now = elapsed()
            forgetEnded(now: now)
            guard var entry = rides[id] else { return .missing(notFound(id)) }
            catchUp(&entry, now: now)
            rides[id] = entry
            let due = (now - entry.bookedAt).components.seconds
            return .ride(Self.object(of: entry.simulation), ended: entry.endedAt != nil,
                         nextTick: entry.bookedAt + .seconds(due + 1))
        }
    }

    /// Wakes `wake` whenever a request changes ride `id`, until `unwatch(id, token)`.
    func watch(_ id: String, _ wake: AsyncStream<Void>.Continuation) -> UUID {
        let token = UUID()
        lock.withLock { watchers[id, default: [:]][token] = wake }
        return token
    }

    /// Stops waking the watcher `token` of ride `id`.
    func unwatch(_ id: String, _ token: UUID) {
        lock.withLock {
            watchers[id]?[token] = nil
            if watchers[id]?.isEmpty == true { watchers[id] = nil }
        }
    }

    /// Ticks the ride once per second of the clock since its booking, until it ends or waits
    /// on an error (a retry resumes it).
    private func catchUp(_ entry: inout BookedRide, now: Duration) {
        let due = Int((now - entry.bookedAt).components.seconds)
        var ticks = 0
        while Int(entry.simulation.t) < due, ticks < Self.maximumCatchUp,
              ![.rideCompleted, .idle, .error].contains(entry.simulation.state.name)
        {
            save(entry.simulation.tick())
            ticks += 1
        }
        markIfEnded(&entry, now: now)
    }

    /// Notes when the desk saw a ride complete or be cancelled: its grace period starts then,
    /// not at the simulated drop-off, so a ride first read long after it ended is still
    /// answered once more.
    private func markIfEnded(_ entry: inout BookedRide, now: Duration) {
        guard entry.endedAt == nil, [.rideCompleted, .idle].contains(entry.simulation.state.name) else { return }
        entry.endedAt = now
    }

    /// Drops the rides that ended `keepEnded` or more ago; the history has them.
    private func forgetEnded(now: Duration) {
        rides = rides.filter { _, ride in ride.endedAt.map { now - $0 < keepEnded } ?? true }
    }

    /// The date at `elapsed` on the desk's clock.
    private func date(at elapsed: Duration) -> Date {
        epoch.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// The 404 for an id the desk does not follow, saying whether the ride ended.
    private func notFound(_ id: String) -> Answer {
        if let ended = try? store?.ride(id) {
            return Self.error(404, "NotFound", "Ride \(id) ended (\(ended.outcome.rawValue)) and is no longer followed; "
                + "it is in the history: GET /rides.")
        }
        return Self.error(404, "NotFound", RideError(.rideNotFound(id)).description
            + " Ids come from POST /rides; a ride that ended over \(keepEnded.components.seconds) s ago is only in the history (GET /rides).")
    }

    /// Saves the rides `updates` ended.
    private func save(_ updates: [RideUpdate]) {
        for case .finished(let ride) in updates.map(\.kind) { try? store?.addRide(ride.historyEntry) }
    }

    private func history() -> Answer {
        do {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            return Answer(status: 200, body: try encoder.encode(try store?.rides() ?? []))
        } catch {
            return Self.error(500, "InternalError", "\(error)")
        }
    }

    /// The ride as the API shows it: the `state` object of the events contract plus `t`.
    static func object(of simulation: RideSimulation) -> [String: Any] {
        var object = simulation.state.jsonObject
        object["t"] = simulation.t
        return object
    }

    /// `object` as compact JSON with sorted keys, slashes as they are (messages name paths).
    static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// An error answer: `{"code", "message"}` with `status`.
    static func error(_ status: Int, _ code: String, _ message: String) -> Answer {
        Answer(status: status, body: json(["code": code, "message": message]))
    }
}
