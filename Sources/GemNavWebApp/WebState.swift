import Foundation
import GemNavCore
import GemNavGuidance
import GemNavPresentation
import GemNavRides
import GemNavServices

/// Everything the web page shows, read from one app model: the same screens' states, as
/// JSON the page draws without deciding anything. Texts come worded and formatted; the page
/// only places them.
struct WebState: Encodable, Equatable {
    struct PlaceItem: Encodable, Equatable {
        var id: String
        var name: String
        var subtitle: String
        var lat: Double
        var lon: Double
        var category: String?
    }

    struct Map: Encodable, Equatable {
        var shown: Bool
        var permission: String
        var lat: Double?
        var lon: Double?
        var course: Double?
        var centreLat: Double?
        var centreLon: Double?
        var zoom: Double
        var following: Bool
        var showsRecenter: Bool
        var notice: String?
        var camera: Camera?
    }

    struct Search: Encodable, Equatable {
        var query: String
        var searching: Bool
        var results: [PlaceItem]
        var suggestions: [PlaceItem]
        var categories: [String]
        var category: String?
        var destination: PlaceItem?
        var message: String?
    }

    struct RouteItem: Encodable, Equatable {
        var duration: String
        var distance: String
        var arrival: String
        var via: String
        var selected: Bool
    }

    struct Planning: Encodable, Equatable {
        var phase: String
        var error: String?
        var origin: PlaceItem?
        var destination: PlaceItem?
        var stops: [PlaceItem]
        var routes: [RouteItem]
        var avoidTolls: Bool
        var avoidMotorways: Bool
        var avoidFerries: Bool
        var mode: String
        var modes: [String]
        /// The truck's dimensions as shown in truck mode ("4", "40", "2.55", "16.5").
        var vehicle: Vehicle
        var vehicleProblem: String?
    }

    struct Vehicle: Encodable, Equatable {
        var height: String
        var weight: String
        var width: String
        var length: String
    }

    struct Banner: Encodable, Equatable {
        var icon: String
        var arrow: String
        var symbol: String
        var instruction: String
        var distance: String
        var next: String?
        var nextArrow: String?
        var lanes: [LaneItem]
    }

    struct LaneItem: Encodable, Equatable {
        var arrows: String
        var active: Bool
        /// What a screen reader says of the lane.
        var label: String
    }

    struct Navigation: Encodable, Equatable {
        var phase: String
        var mode: String
        var muted: Bool
        var recording: Bool
        var destination: String
        var notice: String?
        var recordingProblem: String?
        var stopQuestion: String?
        /// "Faster route found, saves 4 min", while on offer.
        var fasterRoute: String?
        var disclosure: Disclosure?
        var banner: Banner?
        var street: String
        var speed: String?
        var limit: String?
        var overLimit: Bool
        var remainingDistance: String
        var remainingTime: String
        var arrival: String
        var offRoute: Bool
        var lastPrompt: String?
    }

    struct Disclosure: Encodable, Equatable {
        var title: String
        var text: String
        var decline: String
        var accept: String
    }

    struct Simulation: Encodable, Equatable {
        var enabled: Bool
        var speed: Double
        var driving: Bool
    }

    struct Settings: Encodable, Equatable {
        var tier: String
        var tiers: [String]
        var tierDecidedBy: String?
        var units: String
        var language: String
        var languages: [String]
        var voice: Bool
        var haptics: Bool
        var guidanceMode: String
        var routingServer: String?
        var serverStatus: String
        var consent: String
        var message: String?
        var routingEngineChoice: Bool
        var hasSupportLog: Bool
    }

    struct Favourite: Encodable, Equatable {
        var id: Int64
        var kind: String
        var name: String
        var lat: Double
        var lon: Double
    }

    struct Recent: Encodable, Equatable {
        var id: Int64
        var name: String
        var subtitle: String?
    }

    struct Trip: Encodable, Equatable {
        var id: Int64
        var title: String
        var detail: String
    }

    struct Places: Encodable, Equatable {
        var favourites: [Favourite]
        var recents: [Recent]
        var trips: [Trip]
        var message: String?
    }

    struct ChatMessage: Encodable, Equatable {
        var author: String
        var text: String
        /// The places the reply lists (nearby results, choices to pick from), named and placed.
        var places: [String]
    }

    struct VoiceCommand: Encodable, Equatable {
        /// Whether the server recognises speech: without, the page does not record.
        var canListen: Bool
        var listening: Bool
        var success: Bool?
        var message: String?
    }

    struct Assistant: Encodable, Equatable {
        var messages: [ChatMessage]
        var thinking: Bool
        var voice: VoiceCommand
    }

    struct RideDriver: Encodable, Equatable {
        var name: String
        var car: String
        var plate: String
        var rating: Double
        var lat: Double
        var lon: Double
        var eta: String?
    }

    struct RideHistoryItem: Encodable, Equatable {
        var id: String
        var title: String
        var detail: String
    }

    struct Ride: Encodable, Equatable {
        var phase: String
        var status: String
        var pickup: String?
        var destination: String?
        var rideClass: String
        var classes: [String]
        var route: String?
        var fare: String?
        var canConfirm: Bool
        var canCancel: Bool
        var canRetry: Bool
        var completed: Bool
        var driver: RideDriver?
        var message: String?
        var history: [RideHistoryItem]
        /// The ride's route as [lon, lat] pairs.
        var line: [[Double]]
    }

    /// A pin on the map: the trip's destination, its stops (numbered in order), or a place
    /// picked in search; `label` is what a screen reader says ("Destination: Casino",
    /// "Stop 1: Stade Louis II").
    struct Marker: Encodable, Equatable {
        var kind: String
        /// The stop's number (1, 2, …); nil for the destination and a picked place.
        var number: Int?
        var name: String
        var label: String
        var lat: Double
        var lon: Double
    }

    var screen: String
    var message: String?
    var keepScreenOn: Bool
    /// A trip is being guided (its panel stays under the chat).
    var tripUnderWay: Bool
    var inAppMap: Bool
    var externalMaps: Bool
    var map: Map
    var search: Search
    var planning: Planning
    var navigation: Navigation
    var simulation: Simulation
    var settings: Settings
    var places: Places?
    var assistant: Assistant?
    var ride: Ride?
    /// The pins the map shows now (see `markers(_:)`).
    var markers: [Marker]
    /// Lines for the map: the route followed, or the routes offered (selected first), as
    /// [lon, lat] pairs; nil when unchanged since the last message (see `WebSession`).
    var routeLines: [[[Double]]]?
}

extension WebState {
    /// The state of `app` now (without route lines).
    @MainActor
    init(_ app: AppModel) {
        let features = app.features
        let format = DisplayFormatter(language: app.settings.state.settings.language,
                                      units: app.settings.state.settings.units)
        screen = app.screen.rawValue
        message = app.message
        keepScreenOn = app.keepsScreenOn
        tripUnderWay = app.map.isNavigating
        inAppMap = features.inAppMap
        externalMaps = features.externalMapsHandOff
        let m = app.map.state
        map = Map(shown: features.inAppMap, permission: "\(m.permission)", lat: m.position?.latitude,
                  lon: m.position?.longitude, course: m.course, centreLat: m.centre?.latitude,
                  centreLon: m.centre?.longitude, zoom: m.zoom, following: m.isFollowing,
                  showsRecenter: m.showsRecenter, notice: m.notice,
                  camera: m.camera.map { Camera($0, revision: m.cameraRevision) })
        let s = app.search.state
        search = Search(query: s.query, searching: s.isSearching, results: s.results.map(PlaceItem.init),
                        suggestions: s.suggestions.map(PlaceItem.init), categories: s.categories.map(\.rawValue),
                        category: s.category?.rawValue, destination: s.destination.map(PlaceItem.init),
                        message: s.message)
        planning = Planning(app.planning.state, modes: app.planning.availableModes)
        navigation = Navigation(app.navigation.state)
        let sim = app.simulation.state
        simulation = Simulation(enabled: sim.isEnabled, speed: sim.speed, driving: sim.isDriving)
        settings = Settings(app.settings.state)
        places = app.places.map { Places($0.state, format: format, timeFormat: app.navigation.timeFormat) }
        assistant = app.assistant.map { Assistant($0.state, format: format) }
        ride = app.rides.map { Ride($0.state) }
        markers = Self.markers(app)
    }

    /// The pins for `app` now: during a trip its stops and destination; on the route card
    /// the card's stops and destination; on the map and search screens the place picked (a
    /// search result or a point tapped on the map); none elsewhere (the ride's dialog draws
    /// its own car).
    @MainActor
    static func markers(_ app: AppModel) -> [Marker] {
        let stops: [Place], destination: Place?
        if app.map.isNavigating, app.screen != .ride {
            let places = app.navigation.tripPlaces
            stops = places.count > 2 ? Array(places[1..<(places.count - 1)]) : []
            destination = places.count > 1 ? places.last : nil
        } else if app.screen == .planning {
            stops = app.planning.state.stops
            destination = app.planning.state.destination
        } else if app.screen == .map || app.screen == .search, let picked = app.search.state.destination {
            return [Marker(kind: "place", name: picked.name, label: "Place: \(picked.name)",
                           lat: picked.coordinate.latitude, lon: picked.coordinate.longitude)]
        } else {
            return []
        }
        let numbered = stops.enumerated().map { i, stop in
            Marker(kind: "stop", number: i + 1, name: stop.name, label: "Stop \(i + 1): \(stop.name)",
                   lat: stop.coordinate.latitude, lon: stop.coordinate.longitude)
        }
        let end = destination.map {
            Marker(kind: "destination", name: $0.name, label: "Destination: \($0.name)",
                   lat: $0.coordinate.latitude, lon: $0.coordinate.longitude)
        }
        return numbered + (end.map { [$0] } ?? [])
    }

    /// The routes the map draws for `app` now: the route followed, or the routes offered with
    /// the selected one first.
    @MainActor
    static func routesShown(_ app: AppModel) -> [Route] {
        if app.map.isNavigating, let route = app.navigation.route { return [route] }
        let card = app.planning.state
        guard app.screen == .planning else { return [] }
        let selected = card.selectedRoute.map { [$0.route] } ?? []
        return selected + card.routes.filter { $0.id != card.selected }.map(\.route)
    }

    /// `routes` as the map's lines of [lon, lat] pairs.
    static func lines(_ routes: [Route]) -> [[[Double]]] {
        routes.map { $0.geometry.map { [$0.longitude, $0.latitude] } }
    }
}

extension WebState.PlaceItem {
    init(_ place: Place) {
        self.init(id: place.id, name: place.name, subtitle: place.subtitle, lat: place.coordinate.latitude,
                  lon: place.coordinate.longitude, category: place.category?.rawValue)
    }
}

extension WebState.Planning {
    init(_ card: RoutePlanningModel.State, modes: [TravelProfile]) {
        var error: String?
        let phase: String
        switch card.phase {
        case .idle: phase = "idle"
        case .routeCalculating: phase = "routeCalculating"
        case .routeReady: phase = "routeReady"
        case .navigating: phase = "navigating"
        case .error(let reason): (phase, error) = ("error", reason)
        }
        self.init(phase: phase, error: error, origin: card.origin.map(WebState.PlaceItem.init),
                  destination: card.destination.map(WebState.PlaceItem.init),
                  stops: card.stops.map(WebState.PlaceItem.init),
                  routes: card.routes.map {
                      WebState.RouteItem(duration: $0.durationText, distance: $0.distanceText, arrival: $0.arrivalText,
                                         via: $0.via, selected: $0.id == card.selected)
                  },
                  avoidTolls: card.avoid.contains(.tolls), avoidMotorways: card.avoid.contains(.motorways),
                  avoidFerries: card.avoid.contains(.ferries), mode: card.mode.rawValue,
                  modes: modes.map(\.rawValue),
                  vehicle: WebState.Vehicle(height: Self.number(card.vehicle.height), weight: Self.number(card.vehicle.weight),
                                            width: Self.number(card.vehicle.width), length: Self.number(card.vehicle.length)),
                  vehicleProblem: card.vehicleProblem)
    }

    /// `4`, `2.55`: what an input field shows.
    private static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}

extension WebState.Navigation {
    init(_ n: NavigationModel.State) {
        let v = n.screen
        self.init(phase: "\(n.phase)", mode: n.mode.rawValue, muted: n.isMuted, recording: n.isRecording,
                  destination: n.destinationName, notice: n.notice, recordingProblem: n.recordingProblem,
                  stopQuestion: n.stopQuestion, fasterRoute: n.fasterRoute,
                  disclosure: n.disclosure.map {
                      WebState.Disclosure(title: $0.title, text: $0.text, decline: $0.decline, accept: $0.accept)
                  },
                  banner: v.banner.map {
                      WebState.Banner(icon: $0.icon.rawValue, arrow: $0.icon.arrow, symbol: $0.icon.systemImageName,
                                      instruction: $0.instruction, distance: $0.distanceText, next: $0.next,
                                      nextArrow: $0.nextIcon?.arrow,
                                      lanes: $0.lanes.map {
                                          WebState.LaneItem(arrows: $0.icons.map(\.arrow).joined(), active: $0.isActive,
                                                            label: $0.isActive ? "\($0.directions), take this lane" : $0.directions)
                                      })
                  },
                  street: v.street, speed: v.speedText, limit: v.limitText, overLimit: v.isOverLimit,
                  remainingDistance: v.remainingDistanceText, remainingTime: v.remainingTimeText,
                  arrival: v.arrivalText, offRoute: v.isOffRoute, lastPrompt: v.lastPrompt)
    }
}

extension WebState.Settings {
    init(_ s: SettingsModel.State) {
        let status: String
        switch s.server {
        case .embedded: status = "Embedded engine"
        case .checking: status = "Checking the server…"
        case .available: status = "Server available"
        case .unavailable(let why): status = "Server unavailable: \(why)"
        }
        self.init(tier: s.settings.tier.rawValue, tiers: Tier.allCases.map(\.rawValue), tierDecidedBy: s.tierDecidedBy,
                  units: s.settings.units.rawValue, language: s.settings.language, languages: AppSettings.languages,
                  voice: s.settings.voice, haptics: s.settings.haptics, guidanceMode: s.settings.guidanceMode.rawValue,
                  routingServer: s.settings.routingServer?.absoluteString, serverStatus: status,
                  consent: "\(s.consent)", message: s.message, routingEngineChoice: s.features.routingEngineChoice,
                  hasSupportLog: s.hasSupportLog)
    }
}

extension WebState.Assistant {
    init(_ a: AssistantModel.State, format: DisplayFormatter) {
        messages = a.messages.map { message in
            // Nearby results with their distance; the choices of an ambiguous name with where they are.
            let places = message.actions.flatMap { action in
                action.listedPlaces.map { c -> String in
                    if case .findNearby = action { return "\(c.place.name) — \(format.distance(c.distance))" }
                    return c.place.subtitle.isEmpty ? c.place.name : "\(c.place.name) — \(c.place.subtitle)"
                }
            }
            return WebState.ChatMessage(author: message.author.rawValue, text: message.text, places: places)
        }
        thinking = a.isThinking
        voice = WebState.VoiceCommand(canListen: a.voice.unavailable == nil, listening: a.voice.isListening,
                                      success: a.voice.result?.success,
                                      message: a.voice.result?.message)
    }
}

extension WebState.Ride {
    init(_ r: RideModel.State) {
        phase = r.ride.name.rawValue
        status = r.status
        pickup = r.pickup?.name
        destination = r.destination?.name
        rideClass = r.rideClass.rawValue
        classes = RideClass.allCases.map(\.rawValue)
        route = r.routeText
        fare = r.fareText
        canConfirm = r.canConfirm
        canCancel = r.canCancel
        canRetry = r.canRetry
        completed = r.isCompleted
        driver = r.driver.map {
            WebState.RideDriver(name: $0.name, car: $0.car, plate: $0.plate, rating: $0.rating, lat: $0.position.latitude,
                                lon: $0.position.longitude, eta: $0.etaText)
        }
        message = r.message
        history = r.history.map { WebState.RideHistoryItem(id: $0.id, title: $0.title, detail: $0.detail) }
        line = r.route.map { [$0.longitude, $0.latitude] }
    }
}

extension WebState.Places {
    init(_ p: PlacesModel.State, format: DisplayFormatter, timeFormat: TimeOfDayFormat) {
        favourites = p.favourites.map {
            WebState.Favourite(id: $0.id.rawValue, kind: $0.kind.rawValue, name: $0.name,
                               lat: $0.coordinate.latitude, lon: $0.coordinate.longitude)
        }
        recents = p.recents.map { WebState.Recent(id: $0.id.rawValue, name: $0.name, subtitle: $0.subtitle) }
        trips = p.trips.map { trip in
            let route = [trip.originName, trip.destinationName].compactMap { $0 }.joined(separator: " → ")
            let figures = [trip.distance.map(format.distance), trip.duration.map(format.duration)].compactMap { $0 }
            return WebState.Trip(id: trip.id.rawValue, title: route.isEmpty ? "Trip" : route,
                                 detail: ([timeFormat.dayAndTime(trip.startedAt)] + figures).joined(separator: " · "))
        }
        message = p.message
    }
}
