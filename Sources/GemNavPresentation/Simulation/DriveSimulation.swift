import Foundation
import GemNavCore
import GemNavNavigation
import GemNavServices
import Observation

/// "Simulate drive": a car that drives the route being navigated at its road speeds, for a
/// person at a desk. It is a location source like the device's GPS: each tick of the timer
/// clock delivers the next fix to the app. It waits while the trip is paused, waits at a stop
/// until the user continues, follows every new route after a reroute, and stops at arrival.
@MainActor @Observable
public final class DriveSimulation {
    /// What the switch and the speed control show.
    public struct State: Sendable, Hashable {
        /// Whether trips are driven by the simulation instead of the device's position.
        public var isEnabled = false
        /// How many times faster than real time the car drives (1 to 10).
        public var speed = 1.0
        /// Whether a simulated car is driving now.
        public var isDriving = false
    }

    /// What the user does with the controls.
    public enum Intent: Sendable, Hashable {
        /// The "Simulate drive" switch.
        case setEnabled(Bool)
        /// The "Simulation speed" control; clamped to 1…10.
        case setSpeed(Double)
    }

    /// The range of `State.speed`.
    public static let speeds: ClosedRange<Double> = 1...10

    /// The controls' state.
    public private(set) var state = State()

    private let clock: any NavigationClock
    private let timer: any Clock<Duration>
    private var simulator: RouteSimulator?
    private var followed: Route?
    private var drive: Task<Void, Never>?

    /// A simulation whose fixes carry `clock`'s time and whose ticks come from `timer`.
    public init(clock: any NavigationClock, timer: any Clock<Duration>) {
        self.clock = clock
        self.timer = timer
    }

    /// Handles one intent. Turning the switch off stops the car; the trip then follows the
    /// device's position again.
    public func send(_ intent: Intent) {
        switch intent {
        case .setEnabled(let on):
            state.isEnabled = on
            if !on { stop() }
        case .setSpeed(let speed):
            state.speed = min(Self.speeds.upperBound, max(Self.speeds.lowerBound, speed.isFinite ? speed : 1))
        }
    }

    /// Starts driving `navigation`'s trip when the switch is on; each fix goes to `deliver`.
    func start(_ navigation: NavigationModel, deliver: @escaping @MainActor (LocationFix) -> Void) {
        stop()
        guard state.isEnabled else { return }
        state.isDriving = true
        // Each tick's deadline is fixed when the previous tick ends, so a task that starts late
        // (or a test clock moved first) still drives on time.
        var next = Deadline(after: period, on: timer)
        drive = Task { [weak self, weak navigation] in
            while !Task.isCancelled {
                do { try await next.reached() } catch { return }
                guard let self, let navigation, self.tick(navigation, deliver: deliver) else { break }
                next = Deadline(after: self.period, on: self.timer)
            }
            self?.state.isDriving = false
        }
    }

    /// Waits until the car has stopped by itself (the trip arrived or ended); returns at once
    /// when it is not driving. For tests and shells that wait for a drive's end.
    public func finished() async {
        await drive?.value
    }

    /// Wall time between two fixes, each one second of driving.
    private var period: Duration { .seconds(1 / state.speed) }

    /// Stops the car.
    func stop() {
        drive?.cancel()
        drive = nil
        simulator = nil
        followed = nil
        state.isDriving = false
    }

    /// One second of driving; false once the trip is over.
    private func tick(_ navigation: NavigationModel, deliver: @MainActor (LocationFix) -> Void) -> Bool {
        switch navigation.state.phase {
        case .idle, .arrived: return false
        // The disclosure, a pause or a stop question holds the car until the user answers.
        case .awaitingConsent, .paused, .atStop: return true
        case .navigating: break
        }
        guard let route = navigation.route else { return false }
        if route != followed {
            // A new trip, or a reroute from where the car is: drive the route the session follows.
            var options = SimulationOptions()
            options.start = clock.now
            options.stopDwell = 0
            simulator = try? RouteSimulator(route: route, options: options)
            followed = route
        }
        guard let fix = simulator?.next() else { return false }
        deliver(LocationFix(coordinate: fix.coordinate, horizontalAccuracy: fix.horizontalAccuracy, speed: fix.speed,
                            course: fix.course, timestamp: clock.now))
        return true
    }
}
