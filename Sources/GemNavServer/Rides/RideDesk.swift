import Foundation
import GemNavCore
import GemNavRides
import GemNavRouting
import GemNavServices
import GemNavStorage
import Hummingbird

/// The ride REST API: `POST /rides` (pickup, destination, class) → 201 with the ride,
/// `GET /rides/{id}`, `POST /rides/{id}/cancel`, `POST /rides/{id}/retry`, `GET /rides` (the
/// history). A refused transition is a 409 with an error body, and nothing changes.
///
/// Each ride is simulated against its own seeded fleet on the server's roads. No task runs in
/// the background: whenever a ride is read or changed it first catches up one tick per second
/// the injected clock has advanced since it was booked, so tests drive it with a test clock.
public final class RideDesk: @unchecked Sendable {
    // @unchecked: `rides` and `booked` are only touched under `lock`.
    private let lock = NSLock()
    private var rides: [String: (simulation: RideSimulation, bookedAt: Duration)] = [:]
    private var booked: UInt64 = 0
    private let engine: RoutingEngine
    private let planner: RidePlanner
    private let store: AppStore?
    private let drivers: Int
    private let elapsed: @Sendable () -> Duration

    /// Ticks one read may catch up at most (a ride left unread for hours is not replayed).
    static let maximumCatchUp = 7200

    /// A desk on `engine` charging the map's tariff from `book`, with `drivers` simulated
    /// drivers per ride, saving ended rides to `store`, timed by `clock`.
    public init<C: Clock<Duration>>(engine: RoutingEngine, book: TariffBook, store: AppStore?, drivers: Int = 8,
                                    clock: C)
    {
        self.engine = engine
        planner = RidePlanner(engine: engine, book: book)
        self.store = store
        self.drivers = drivers
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
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
        default:
            return Self.error(404, "NotFound", "No such ride endpoint: \(method) /rides/\(parts.joined(separator: "/")). "
                + "Use POST /rides, GET /rides, GET /rides/{id}, POST /rides/{id}/cancel or /retry.")
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
            booked += 1
            do {
                let fleet = try DriverFleet(engine: engine, count: drivers, seed: booked)
                var simulation = RideSimulation(planner: planner, dispatcher: Dispatcher(matrix: EngineTravelTimes(engine: engine)),
                                                fleet: fleet, start: Date(), seed: booked)
                _ = try simulation.select(pickup: pickup, destination: destination)
                _ = try simulation.quote(rideClass)
                _ = try simulation.confirm()
                guard let id = simulation.state.rideId?.rawValue else {
                    return Self.error(500, "InternalError", "the ride got no id")
                }
                rides[id] = (simulation, elapsed())
                return Self.ride(simulation, status: 201)
            } catch {
                return Self.error(400, "NoRoute", "\(error)")
            }
        }
    }

    /// Catches the ride up with the clock, applies `change`, and answers with the ride.
    private func withRide(_ id: Substring, _ change: (inout RideSimulation) throws -> [RideUpdate]) -> Answer {
        lock.withLock {
            guard var entry = rides[String(id)] else {
                return Self.error(404, "NotFound", RideError(.rideNotFound(String(id))).description)
            }
            let due = Int((elapsed() - entry.bookedAt).components.seconds)
            var ticks = 0
            while Int(entry.simulation.t) < due, ticks < Self.maximumCatchUp,
                  ![.rideCompleted, .idle, .error].contains(entry.simulation.state.name)
            {
                save(entry.simulation.tick())
                ticks += 1
            }
            defer { rides[String(id)] = entry }
            do {
                save(try change(&entry.simulation))
            } catch let error as RideError where error.isInvalidTransition {
                // Refused: the ride is left as it was.
                return Self.error(409, "InvalidTransition", error.description)
            } catch {
                return Self.error(400, "RideFailed", "\(error)")
            }
            return Self.ride(entry.simulation, status: 200)
        }
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

    private static func ride(_ simulation: RideSimulation, status: Int) -> Answer {
        var object = simulation.state.jsonObject
        object["t"] = simulation.t
        return Answer(status: status, body: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }

    private static func error(_ status: Int, _ code: String, _ message: String) -> Answer {
        Answer(status: status, body: (try? JSONSerialization.data(withJSONObject: ["code": code, "message": message],
                                                                  options: [.sortedKeys])) ?? Data())
    }
}
