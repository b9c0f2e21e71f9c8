import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavRouting
import GemNavServices
import Observation

/// The route card: origin (the user's position unless another is picked), destination, stops,
/// avoid options and travel mode (a truck's dimensions in truck mode); up to three routes with duration, distance, arrival time and
/// a "via" label; the chosen one. Routes are recalculated on every change, and only the answer
/// to the latest request is shown. The phases are seed 001's.
@MainActor @Observable
public final class RoutePlanningModel {
    /// Seed 001's route states.
    public enum Phase: Sendable, Hashable {
        /// Nothing to route yet.
        case idle
        /// Routes are being computed.
        case routeCalculating
        /// Routes are listed; one is selected.
        case routeReady
        /// The selected route is being navigated.
        case navigating
        /// No route: the reason, as a sentence for the user.
        case error(String)
    }

    /// What the screen shows.
    public struct State: Sendable, Hashable {
        /// Where the trip starts; nil means the user's current position.
        public var origin: Place?
        /// Where it ends.
        public var destination: Place?
        /// Stops on the way, in order.
        public var stops: [Place] = []
        /// Road kinds avoided.
        public var avoid: AvoidOptions = []
        /// How the trip is travelled.
        public var mode: TravelProfile = .car
        /// The truck routed in truck mode (height, weight, width, length, axle load).
        public var vehicle = VehicleDimensions.truck
        /// Why the last dimension typed was refused ("vehicle height '42' is not…"), until a
        /// valid one is typed; the previous value stays in use.
        public var vehicleProblem: String?
        /// The routes offered, fastest first.
        public var routes: [RouteSummary] = []
        /// Index of the chosen route in `routes`.
        public var selected = 0
        /// Where planning is.
        public var phase: Phase = .idle

        /// An empty card.
        public init() {}

        /// The chosen route, when routes are listed.
        public var selectedRoute: RouteSummary? { routes.indices.contains(selected) ? routes[selected] : nil }
    }

    /// What the user does on this screen.
    public enum Intent: Sendable, Hashable {
        /// Sets the start; nil goes back to the current position.
        case setOrigin(Place?)
        /// Sets the destination.
        case setDestination(Place)
        /// Adds a stop before the destination.
        case addStop(Place)
        /// Removes the stop at an index.
        case removeStop(Int)
        /// Moves a stop to another position.
        case moveStop(from: Int, to: Int)
        /// Turns one avoid option on or off.
        case setAvoid(AvoidOptions, Bool)
        /// Changes the travel mode.
        case setMode(TravelProfile)
        /// Sets one of the truck's dimensions as typed: `height`, `weight`, `width`, `length` or
        /// `axleload`, in metres or tonnes.
        case setVehicleDimension(String, String)
        /// Chooses one of the routes listed.
        case select(Int)
        /// Computes the routes again (after an error, or a move).
        case recalculate
        /// The chosen route is being navigated.
        case navigationStarted
        /// Back to an empty card.
        case reset
    }

    /// The screen's state.
    public private(set) var state = State()
    /// The user's last known position, used when `origin` is nil.
    public var currentLocation: Coordinate?
    /// The user's course, passed to the router so the route does not start with a U-turn.
    public var currentHeading: Double?
    /// Alternatives asked for besides the fastest route (1–3 routes in all).
    public var alternatives = 2

    private let allows: @MainActor (TravelProfile) -> Bool
    private let clock: any NavigationClock
    /// Words distances and durations (Settings' units and language).
    public var format: DisplayFormatter {
        didSet { resummarize() }
    }
    /// Writes arrival times (the user's time zone and locale).
    public var timeFormat: TimeOfDayFormat {
        didSet { resummarize() }
    }
    private var providers: [TravelProfile: any RouteProvider]
    private var generation = 0
    private var pending: Task<Void, Never>?

    /// Creates the card; `providers` holds one provider per travel mode the map can route, and
    /// `allows` says which modes the tier includes now (trucks are Pro's).
    public init(providers: [TravelProfile: any RouteProvider], clock: any NavigationClock,
                format: DisplayFormatter = DisplayFormatter(), timeFormat: TimeOfDayFormat = TimeOfDayFormat(timeZone: .current),
                allows: @escaping @MainActor (TravelProfile) -> Bool = { _ in true })
    {
        self.providers = providers
        self.clock = clock
        self.format = format
        self.timeFormat = timeFormat
        self.allows = allows
    }

    /// The modes this map can route and the tier includes, in a fixed order. Asked afresh each
    /// time, so a tier change shows at once.
    public var availableModes: [TravelProfile] {
        TravelProfile.allCases.filter { providers[$0] != nil && allows($0) }
    }

    /// The provider that routes `mode`, nil when the map has no data for it.
    public func provider(for mode: TravelProfile) -> (any RouteProvider)? { providers[mode] }

    /// Routes with `providers` from now on (another routing server, or instructions in another
    /// language, was chosen in Settings); routes on the card are computed again with them,
    /// unless they are being navigated.
    public func use(_ providers: [TravelProfile: any RouteProvider]) {
        self.providers = providers
        if state.destination != nil, state.phase != .navigating { calculate() }
    }

    /// Handles one intent.
    public func send(_ intent: Intent) {
        switch intent {
        case .setOrigin(let place): state.origin = place
        case .setDestination(let place): state.destination = place
        case .addStop(let place): state.stops.append(place)
        case .removeStop(let i):
            guard state.stops.indices.contains(i) else { return }
            state.stops.remove(at: i)
        case .moveStop(let from, let to):
            guard state.stops.indices.contains(from), state.stops.indices.contains(to) else { return }
            state.stops.insert(state.stops.remove(at: from), at: to)
        case .setAvoid(let option, let on):
            if on { state.avoid.formUnion(option) } else { state.avoid.subtract(option) }
        case .setMode(let mode): state.mode = mode
        case .setVehicleDimension(let name, let text):
            do {
                try state.vehicle.set(name, to: text)
                state.vehicleProblem = nil
            } catch {
                state.vehicleProblem = "\(error)"
                return
            }
            guard state.mode == .truck else { return }
        case .select(let i):
            if state.routes.indices.contains(i) { state.selected = i }
            return
        case .recalculate: break
        case .navigationStarted:
            if state.selectedRoute != nil { state.phase = .navigating }
            return
        case .reset:
            generation += 1
            pending?.cancel()
            state = State()
            return
        }
        calculate()
    }

    /// Waits for the routes being computed, if any.
    public func settled() async {
        await pending?.value
    }

    /// Asks the mode's provider for routes; a newer request makes this one's answer stale.
    private func calculate() {
        generation += 1
        let mine = generation
        pending?.cancel()
        guard let destination = state.destination else {
            state.routes = []
            state.phase = .idle
            return
        }
        guard allows(state.mode) else {
            return fail("Truck routing is part of GemNav Pro: choose Pro in Settings, or another travel mode.")
        }
        guard let provider = providers[state.mode] else {
            return fail("\(state.mode.rawValue.capitalized) routing is not available for this map.")
        }
        guard let start = state.origin?.coordinate ?? currentLocation else {
            return fail("Your position is not known yet: choose a start, or allow location access.")
        }
        let query = RouteQuery(waypoints: [start] + state.stops.map(\.coordinate) + [destination.coordinate],
                               heading: state.origin == nil ? currentHeading : nil, avoid: state.avoid,
                               alternatives: alternatives, vehicle: state.mode == .truck ? state.vehicle : nil)
        state.phase = .routeCalculating
        pending = Task { [weak self] in
            let outcome: Result<[Route], any Error>
            do { outcome = .success(try await provider.routes(for: query)) } catch { outcome = .failure(error) }
            guard let self, self.generation == mine else { return }
            switch outcome {
            case .success(let routes) where !routes.isEmpty:
                self.state.routes = RouteSummary.make(routes, format: self.format, now: self.clock.now,
                                                      timeFormat: self.timeFormat)
                self.state.selected = 0
                self.state.phase = .routeReady
            case .success:
                self.fail("No route was found.")
            case .failure(let error):
                self.fail(String(describing: error))
            }
        }
    }

    /// Words the routes on the card again after a change of units, language or locale.
    private func resummarize() {
        guard !state.routes.isEmpty else { return }
        state.routes = RouteSummary.make(state.routes.map(\.route), format: format, now: clock.now, timeFormat: timeFormat)
    }

    private func fail(_ reason: String) {
        state.routes = []
        state.selected = 0
        state.phase = .error(reason)
    }
}
