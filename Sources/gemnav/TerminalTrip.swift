import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavPresentation
import GemNavServices

/// The terminal as a shell over the app core: the trip is planned on the route card, started
/// and guided by the navigation screen's model, fed one fix at a time; the terminal only shows
/// what that screen shows, logs its events and speaks its prompts. Each fix waits for any
/// reroute it asked for, so a simulated trip is deterministic.
@MainActor
final class TerminalTrip {
    /// The app.
    let app: AppModel
    private let trip: PreparedTrip
    private var updates: [NavigationUpdate] = []

    /// Upper bound on fixes, so a source that never ends cannot loop forever.
    static let maximumFixes = 200_000

    init(_ trip: PreparedTrip) {
        self.trip = trip
        app = AppComposition.build(trip.environment)
        app.navigation.onUpdate = { [weak self] in self?.updates.append($0) }
    }

    /// Plans the trip on the route card and starts guidance.
    /// - Throws: `CLIError` with the route card's reason when no route is found.
    func start(muted: Bool) async throws -> TripPlan {
        let card = app.planning
        app.map.send(.permissionChanged(.whenInUse))
        card.send(.setOrigin(trip.places[0]))
        for stop in trip.places.dropFirst().dropLast() { card.send(.addStop(stop)) }
        for option in [AvoidOptions.tolls, .motorways, .ferries] where trip.avoid.contains(option) {
            card.send(.setAvoid(option, true))
        }
        card.send(.setDestination(trip.places[trip.places.count - 1]))
        await card.settled()
        if case .error(let reason) = card.state.phase { throw CLIError(description: reason) }
        app.send(.startNavigation)
        if muted { app.navigation.send(.toggleMute) }
        guard let route = app.navigation.route else { throw CLIError(description: "The trip could not start.") }
        return TripPlan(places: trip.places, route: route, avoid: trip.avoid)
    }

    /// Feeds every fix of the trip's source, handing each fix's events and screen to `show`;
    /// true when the destination was reached. A trip that ends before arriving is ended, so a
    /// recording is closed.
    func run(realtime: Bool, show: (LocationFix, [NavigationUpdate], [NavigationModel.Effect]) async throws -> Void)
        async throws -> Bool
    {
        var simulator: RouteSimulator?
        var replay: ArraySlice<LocationFix> = []
        switch trip.fixes {
        case .simulate(let options):
            guard let route = app.navigation.route else { return false }
            simulator = try CLIError.wrap { try RouteSimulator(route: route, options: options) }
        case .replay(let fixes): replay = fixes[...]
        }
        var followed = app.navigation.route
        var previous: LocationFix?
        for _ in 0..<Self.maximumFixes {
            guard let fix = simulator != nil ? simulator?.next() : replay.popFirst() else { break }
            if realtime, let previous {
                try await Task.sleep(for: .seconds(min(5, max(0, fix.timestamp.timeIntervalSince(previous.timestamp)))))
            }
            previous = fix
            trip.clock.set(to: fix.timestamp)
            app.send(.located(fix))
            await app.navigation.settled()
            if simulator != nil, let route = app.navigation.route, route != followed {
                // The simulated driver takes the new route from where it is.
                try CLIError.wrap { try simulator?.follow(route) }
                followed = route
            }
            let shown = updates
            updates = []
            try await show(fix, shown, app.navigation.takeEffects())
        }
        let arrived = app.navigation.state.phase == .arrived
        app.send(.endTrip)
        return arrived
    }
}
