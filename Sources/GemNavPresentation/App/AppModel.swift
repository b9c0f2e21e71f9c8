import Foundation
import GemNavCore
import GemNavNavigation
import GemNavServices
import Observation

/// The whole app as one model: its screens, which one is shown, and the moves between them
/// (search → route card → navigation), built once by `AppComposition` for a tier and an
/// environment. Front ends show `screen` and the screens' states and send intents; none of
/// them decides anything.
@MainActor @Observable
public final class AppModel {
    /// The screens.
    public enum Screen: String, Sendable, Hashable, CaseIterable {
        /// The map around the user.
        case map
        /// Search.
        case search
        /// The route card.
        case planning
        /// Turn-by-turn guidance.
        case navigation
        /// Settings.
        case settings
        /// Favourites, recents, trips.
        case places
        /// The assistant's chat; a trip under way goes on being guided behind it.
        case assistant
        /// Ride-hailing: pickup, destination, price, the driver, the history.
        case ride
    }

    /// Something for the shell to do outside the app.
    public enum Effect: Sendable, Hashable {
        /// Open this URL (the external-maps hand-off).
        case openURL(URL)
    }

    /// What the user (or the device) does at the app level.
    public enum Intent: Sendable, Hashable {
        /// Show a screen.
        case open(Screen)
        /// Close the screen shown over another (settings, places, the assistant, rides): back
        /// to the one it was opened over, or the map when that one has nothing left to show.
        case close
        /// "Directions" on the search screen: plan a route to the chosen destination.
        case directions
        /// "Start" on the route card: navigate the selected route.
        case startNavigation
        /// A position fix from the device (or the simulated drive).
        case located(LocationFix)
        /// Hand the planned trip to another maps app.
        case handOff(ExternalMapsLink.Target)
        /// The trip is over (arrived and dismissed, or cancelled): back to the map.
        case endTrip
        /// "Take me home": route to the Home favourite and start as soon as the route is ready.
        case goHome
        /// The app went to the foreground, the background, or the screen was locked.
        case lifecycle(MapModel.Lifecycle)
        /// What the device can do; the app picks the fallbacks.
        case capabilities(DeviceCapabilities)
    }

    /// The screen shown.
    public private(set) var screen: Screen = .map
    /// The screen an overlay was opened over.
    private(set) var beneath: Screen = .map
    /// The map around the user.
    public let map: MapModel
    /// Search.
    public let search: SearchModel
    /// The route card.
    public let planning: RoutePlanningModel
    /// Turn-by-turn.
    public let navigation: NavigationModel
    /// Settings.
    public let settings: SettingsModel
    /// Favourites, recent destinations and trip history (nil without a store).
    public let places: PlacesModel?
    /// The simulated drive, a location source for a person at a desk.
    public let simulation: DriveSimulation
    /// The assistant's chat, acting on this app (nil when the app was built without one).
    public internal(set) var assistant: AssistantModel?
    /// Rides with simulated drivers on the map's roads (nil without an embedded engine).
    public internal(set) var rides: RideModel?
    /// A sentence for the user about the last app-level intent that could not be done.
    public private(set) var message: String?

    private var effects: [Effect] = []
    private var pending: Task<Void, Never>?

    /// Assembles the screens (see `AppComposition` for how they are built).
    public init(map: MapModel, search: SearchModel, planning: RoutePlanningModel, navigation: NavigationModel,
                settings: SettingsModel, places: PlacesModel? = nil, simulation: DriveSimulation)
    {
        self.simulation = simulation
        self.map = map
        self.search = search
        self.planning = planning
        self.navigation = navigation
        self.settings = settings
        self.places = places
        search.setSuggestions(places?.suggestions ?? [])
        keepCameraInStep()
    }

    /// What the tier allows now.
    public var features: TierFeatures { settings.state.features }

    /// Whether the screen should stay on: while a trip is under way (seed 000 keeps the idle
    /// timer off during guidance), on a device that can keep it on.
    public var keepsScreenOn: Bool {
        guard navigation.device.canKeepScreenOn else { return false }
        switch navigation.state.phase {
        case .awaitingConsent, .navigating, .paused, .atStop: return true
        case .idle, .arrived: return false
        }
    }

    /// Handles one intent.
    public func send(_ intent: Intent) {
        message = nil
        handle(intent)
        // What an intent does to the camera shows at once (a trip started follows the user
        // from its first fix); answers that come later reach it through `keepCameraInStep`.
        // A position never moves the camera: it is left out of the per-fix path.
        if case .located = intent { return }
        map.send(.show(camera))
    }

    private func handle(_ intent: Intent) {
        switch intent {
        case .open(let screen):
            if screen == .search || screen == .places { places?.send(.reload) }
            if screen == .settings { settings.reloadConsent() }
            if screen == .search { search.setSuggestions(places?.suggestions ?? []) }
            if screen.isOverlay, !self.screen.isOverlay { beneath = self.screen }
            self.screen = screen
        case .close:
            guard screen.isOverlay else { return }
            switch beneath {
            case .navigation where !map.isNavigating: screen = .map
            case .planning where planning.state.destination == nil: screen = .map
            default: screen = beneath
            }
        case .directions:
            guard let destination = search.state.destination else { return }
            if planning.currentLocation == nil, planning.state.origin == nil {
                // Without a position (location off, or a desk far from the map) the trip starts
                // where the user is looking; the route card names it and another start can be chosen.
                planning.send(.setOrigin(startingPlace ?? Place(name: Self.mapCentre, coordinate: destination.coordinate)))
            }
            planning.send(.setDestination(destination))
            screen = .planning
        case .startNavigation:
            guard let plan = tripPlan() else { return }
            planning.send(.navigationStarted)
            if let destination = plan.places.last { places?.recordDestination(destination) }
            navigation.start(plan, provider: planning.provider(for: planning.state.mode))
            map.isNavigating = true
            map.send(.recenter)
            screen = .navigation
            map.isSimulating = simulation.state.isEnabled
            simulation.start(navigation) { [weak self] fix in self?.locate(fix) }
        case .located(let fix):
            // While the simulated car drives, it is the only location source.
            guard !simulation.state.isDriving else { return }
            locate(fix)
        case .handOff(let target):
            guard features.externalMapsHandOff, let destination = planning.state.destination else { return }
            let mode: ExternalMapsLink.Mode = planning.state.mode == .foot
                ? .walking : planning.state.mode == .bicycle ? .bicycling : .driving
            effects.append(.openURL(ExternalMapsLink.url(target, to: destination.coordinate,
                                                         via: planning.state.stops.map(\.coordinate), mode: mode)))
        case .endTrip:
            simulation.stop()
            map.isSimulating = false
            navigation.send(.cancel)
            planning.send(.reset)
            places?.send(.reload)
            map.isNavigating = false
            screen = .map
        case .goHome:
            guard let home = places?.home else {
                message = "Home is not set: save a place as Home in Places first."
                return
            }
            planning.send(.setDestination(home))
            screen = .planning
            pending = Task { [weak self] in
                guard let self else { return }
                await self.planning.settled()
                if self.planning.state.phase == .routeReady { self.send(.startNavigation) }
            }
        case .lifecycle(let lifecycle):
            map.send(.lifecycle(lifecycle))
            navigation.send(.background(lifecycle != .foreground))
        case .capabilities(let device):
            navigation.device = device
        }
    }

    /// A position from the device or the simulated car.
    private func locate(_ fix: LocationFix) {
        map.send(.located(fix))
        guard map.canLocate else { return }
        planning.currentLocation = fix.coordinate
        rides?.located(fix.coordinate)
        if let course = fix.course, (fix.speed ?? 0) > 2 { planning.currentHeading = course }
        search.origin = fix.coordinate
        // Guidance follows every fix of a trip, whatever screen is shown over it (settings, the chat).
        if map.isNavigating { navigation.send(.fix(fix)) }
    }

    /// What a start is called when it is the user's position.
    public static let myPosition = "My position"
    /// What a start is called when it is the centre of the map.
    public static let mapCentre = "Map centre"

    /// Where a trip or a ride starts when the user chose no start: their position, else the
    /// centre of the map they are looking at (a desk without location access); nil when
    /// neither is known yet.
    public var startingPlace: Place? {
        if let here = planning.currentLocation ?? map.state.position { return Place(name: Self.myPosition, coordinate: here) }
        return map.state.centre.map { Place(name: Self.mapCentre, coordinate: $0) }
    }

    /// Waits for app-level work in flight ("go home" waiting for its route).
    public func settled() async {
        await pending?.value
    }

    /// The effects produced since the last call, in order.
    public func takeEffects() -> [Effect] {
        defer { effects = [] }
        return effects
    }

    /// The trip the route card describes: its places, the selected route, its avoid options.
    private func tripPlan() -> TripPlan? {
        let card = planning.state
        guard let selected = card.selectedRoute, let destination = card.destination else { return nil }
        let origin = card.origin ?? Place(name: Self.myPosition, coordinate: selected.route.legs.first?.steps.first?.maneuver.location
            ?? destination.coordinate)
        return TripPlan(places: [origin] + card.stops + [destination], route: selected.route, avoid: card.avoid,
                        vehicle: card.mode == .truck ? card.vehicle : nil)
    }
}

extension AppModel.Screen {
    /// Whether the screen is shown over another and closes back to it.
    var isOverlay: Bool { [.settings, .places, .assistant, .ride].contains(self) }
}
