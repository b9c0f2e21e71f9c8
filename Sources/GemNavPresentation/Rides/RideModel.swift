import Foundation
import GemNavCore
import GemNavGuidance
import GemNavRides
import GemNavServices
import GemNavStorage
import Observation

/// The ride screen (seed 003): a pickup and a destination, the route with its price, "Confirm
/// ride", the driver found and driving to the rider, the ride, the arrival, and the history.
/// It owns one `RideSimulation` (simulated drivers on the map's real roads) advanced one
/// simulated second per second of the injected clock, so tests step it without waiting.
@MainActor @Observable
public final class RideModel {
    /// The driver as the rider sees them.
    public struct DriverView: Sendable, Hashable {
        /// First name.
        public var name: String
        /// Make, model and colour.
        public var car: String
        /// Number plate.
        public var plate: String
        /// Stars, 1–5.
        public var rating: Double
        /// Where the car is.
        public var position: Coordinate
        /// Time until the car reaches the pickup (before) or the destination (during the ride).
        public var etaText: String?
    }

    /// One ride of the history.
    public struct HistoryItem: Sendable, Hashable, Identifiable {
        /// The ride's id.
        public var id: String
        /// "Casino → Stade Louis II".
        public var title: String
        /// "Completed · 12.40 EUR · 14:05" or "Cancelled · 14:05".
        public var detail: String
    }

    /// The screen's state.
    public struct State: Sendable, Hashable {
        /// The ride's state machine, as it stands.
        public var ride: RideState = .idle
        /// The pickup chosen (the user's position until another is chosen).
        public var pickup: Place?
        /// The destination chosen.
        public var destination: Place?
        /// Standard or XL.
        public var rideClass: RideClass = .standard
        /// "8 min · 3.1 km" for the route quoted.
        public var routeText: String?
        /// The estimate before confirming, the final fare after ("12.40 EUR").
        public var fareText: String?
        /// What the rider is told now ("Looking for a driver…").
        public var status: String
        /// The driver, once one is assigned.
        public var driver: DriverView?
        /// The route shown: to the pickup while the driver comes, then the ride's.
        public var route: [Coordinate] = []
        /// Why the last intent could not be done, or the ride's error.
        public var message: String?
        /// Past rides, newest first.
        public var history: [HistoryItem] = []

        /// Whether "Confirm ride" applies.
        public var canConfirm: Bool { ride.name == .routeReady }
        /// Whether "Cancel ride" applies (until the rider is picked up).
        public var canCancel: Bool { ride.name.isCancellable && ride.rideId != nil }
        /// Whether "Try again" applies.
        public var canRetry: Bool { ride.name == .error }
        /// Whether the ride is over and can be closed.
        public var isCompleted: Bool { ride.name == .rideCompleted }
    }

    /// What the user does on this screen.
    public enum Intent: Sendable, Hashable {
        /// Ride from here.
        case setPickup(Place)
        /// Ride to there.
        case setDestination(Place)
        /// Standard or XL (re-quotes).
        case setClass(RideClass)
        /// "Confirm ride": the ride is requested and a driver looked for.
        case confirm
        /// "Cancel ride", until the pickup.
        case cancel
        /// "Try again" after no driver was found.
        case retry
        /// "Done" after the ride: back to a new one.
        case done
        /// Removes a ride from the history.
        case deleteHistory(String)
    }

    /// The screen's state.
    public private(set) var state: State

    /// Made on first use, around the pickup then chosen: placing the drivers costs routes a
    /// screen never showing rides need not pay, and the drivers work where the rider is.
    private var simulation: RideSimulation {
        get throws {
            if let made { return made }
            let new = try makeSimulation(state.pickup?.coordinate)
            made = new
            return new
        }
    }
    private var made: RideSimulation?
    private let makeSimulation: (Coordinate?) throws -> RideSimulation
    private let store: AppStore?
    private let clock: any Clock<Duration>
    private let format: DisplayFormatter
    private let timeFormat: TimeOfDayFormat
    private var ticking: Task<Void, Never>?

    /// A ride screen over the simulation `simulation` makes on first use (given the pickup then
    /// chosen, if any), paced by `clock`, keeping its history in `store` (its times written by
    /// `timeFormat`).
    public init(simulation: @escaping (Coordinate?) throws -> RideSimulation, store: AppStore?, clock: any Clock<Duration>,
                format: DisplayFormatter = DisplayFormatter(), timeFormat: TimeOfDayFormat = TimeOfDayFormat())
    {
        self.timeFormat = timeFormat
        makeSimulation = simulation
        self.store = store
        self.clock = clock
        self.format = format
        state = State(status: RideModel.status(.idle, format: format))
        loadHistory()
    }

    /// Handles one intent.
    public func send(_ intent: Intent) {
        state.message = nil
        do {
            switch intent {
            case .setPickup(let place):
                state.pickup = place
                try choose()
            case .setDestination(let place):
                state.destination = place
                try choose()
            case .setClass(let rideClass):
                state.rideClass = rideClass
                if state.ride.name == .routeReady { apply(try run { try $0.quote(rideClass) }) }
            case .confirm:
                apply(try run { try $0.confirm() })
                startTicking()
            case .cancel:
                apply(try run { try $0.cancel() })
            case .retry:
                apply(try run { try $0.retry() })
                startTicking()
            case .done:
                apply(try run { try $0.finish() })
                state.driver = nil
                state.route = []
                state.fareText = nil
                state.routeText = nil
                state.destination = nil
            case .deleteHistory(let id):
                _ = try store?.deleteRide(id)
                loadHistory()
            }
        } catch {
            state.message = String(describing: error)
        }
    }

    /// The position the pickup defaults to, until the user chooses another.
    public func located(_ here: Coordinate) {
        guard state.pickup == nil || state.pickup?.name == AppModel.myPosition else { return }
        state.pickup = Place(name: AppModel.myPosition, coordinate: here)
    }

    /// Advances the simulation by `seconds` simulated seconds at once (the ticking clock does
    /// this one second at a time).
    public func tick(_ seconds: Int = 1) {
        guard made != nil else { return }
        for _ in 0..<seconds { apply(made!.tick()) }
    }

    /// Runs `change` on the simulation (made if needed).
    private func run(_ change: (inout RideSimulation) throws -> [RideUpdate]) throws -> [RideUpdate] {
        var current = try simulation
        defer { made = current }
        return try change(&current)
    }

    /// Chooses both places once both are known, and quotes the ride.
    private func choose() throws {
        guard let pickup = state.pickup, let destination = state.destination else { return }
        switch state.ride.name {
        case .idle, .selectingLocations, .routeReady: break
        default: throw RideError(.invalidTransition(state: state.ride.name, event: "choose places"))
        }
        apply(try run { try $0.select(pickup: pickup, destination: destination) })
        apply(try run { try $0.quote(state.rideClass) })
    }

    private func startTicking() {
        ticking?.cancel()
        let clock = clock
        ticking = Task { [weak self] in
            while !Task.isCancelled {
                do { try await Self.pause(clock) } catch { return }
                guard let self, self.isUnderWay else { return }
                self.tick()
            }
        }
    }

    private static func pause<C: Clock<Duration>>(_ clock: C) async throws {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
    }

    private var isUnderWay: Bool {
        switch state.ride.name {
        case .idle, .selectingLocations, .routeReady, .rideCompleted, .error: return false
        default: return true
        }
    }

    private func apply(_ updates: [RideUpdate]) {
        for update in updates {
            switch update.kind {
            case .state(let ride):
                state.ride = ride
                // A quote no longer on offer (places changed, a refused one) is not shown.
                if ride.plan == nil { (state.routeText, state.fareText, state.route) = (nil, nil, []) }
                if let plan = ride.plan {
                    state.routeText = "\(format.duration(plan.route.duration)) · \(format.distance(plan.route.distance))"
                    if state.fareText == nil || ride.name == .routeReady { state.fareText = plan.estimate.text }
                    if [.routeReady, .rideInProgress, .approachingDestination].contains(ride.name) {
                        state.route = plan.route.coordinates
                    }
                }
                if let driver = ride.driver {
                    state.driver = DriverView(name: driver.name, car: driver.car, plate: driver.plate, rating: driver.rating,
                                              position: driver.position, etaText: state.driver?.etaText)
                }
                if case .error(let error, _) = ride { state.message = error.description }
                if ride.name == .idle { state.driver = nil; state.route = [] }
            case .driver(let position):
                state.driver?.position = position.position
                state.driver?.etaText = format.duration(position.eta)
            case .fare(let fare):
                state.fareText = fare.text
            case .error(let error):
                state.message = error.description
            case .finished(let ride):
                do { try store?.addRide(ride.historyEntry) } catch { state.message = "The ride could not be saved: \(error)" }
                loadHistory()
            }
        }
        state.status = Self.status(state.ride, format: format, eta: state.driver?.etaText)
    }

    private func loadHistory() {
        guard let store else { return }
        do {
            state.history = try store.rides().map { entry in
                let outcome = "\(entry.outcome)".prefix(1).uppercased() + "\(entry.outcome)".dropFirst()
                let fare = entry.fareAmount.map { String(format: "%.2f %@", $0, entry.currency ?? "") }
                return HistoryItem(id: entry.id, title: "\(entry.pickupName) → \(entry.destinationName)",
                                   detail: ([outcome] + [fare].compactMap { $0 } + [timeFormat.dayAndTime(entry.endedAt)])
                                       .joined(separator: " · "))
            }
        } catch {
            state.message = "The ride history could not be read: \(error)"
        }
    }

    /// What the rider is told in `ride`.
    static func status(_ ride: RideState, format: DisplayFormatter, eta: String? = nil) -> String {
        switch ride {
        case .idle: return "Where to? Choose a destination."
        case .selectingLocations: return "Choose a pickup and a destination."
        case .routeReady: return "Check the price and confirm the ride."
        case .submittingRequest: return "Requesting your ride…"
        case .searchingForDriver: return "Looking for a driver…"
        case .driverAssigned(_, _, let d): return "\(d.name) accepted your ride."
        case .driverEnRoute(_, _, let d): return "\(d.name) is on the way" + (eta.map { ", \($0)" } ?? "") + "."
        case .driverArriving(_, _, let d): return "\(d.name) is arriving: look for \(d.car), \(d.plate)."
        case .rideInProgress: return "On the way" + (eta.map { ", \($0) to go" } ?? "") + "."
        case .approachingDestination: return "Almost there."
        case .rideCompleted(_, let plan, _, _): return "You have arrived at \(plan.destination.name)."
        case .error(let error, _): return error.description
        }
    }
}
