import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavRides
import GemNavSearch
import GemNavServices
import GemNavStorage

/// One message from the page: what the user (or the browser) did, as `{"intent": NAME, ...}`.
/// Each is handed to the app model unchanged in meaning; the page decides nothing.
struct WebIntent: Decodable, Equatable {
    /// The fields any intent may carry.
    var intent: String
    var screen: String?
    var text: String?
    var id: String?
    var index: Int?
    var from: Int?
    var to: Int?
    var on: Bool?
    var option: String?
    var mode: String?
    var value: String?
    var speed: Double?
    var lat: Double?
    var lon: Double?
    var accuracy: Double?
    var course: Double?
    var zoom: Double?
    var granted: Bool?
    var visible: Bool?
    var vibrate: Bool?
    var speech: Bool?
    /// Whether the page can keep the screen on (Screen Wake Lock API); a page that does not say can.
    var wakeLock: Bool?
    var target: String?
    var name: String?

    /// Reads one message.
    /// - Throws: `WebAppError` naming what is wrong with it.
    static func decode(_ text: String) throws -> WebIntent {
        do {
            return try JSONDecoder().decode(WebIntent.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw WebAppError(.malformedMessage(Self.describe(error)))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
            let path = c.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? c.debugDescription : "\(path): \(c.debugDescription)"
        case .dataCorrupted(let c): return c.debugDescription
        @unknown default: return "\(error)"
        }
    }

    /// Hands the intent to `app`.
    /// - Throws: `WebAppError` for an unknown intent or a missing or invalid field.
    @MainActor
    func apply(to app: AppModel, clock: any NavigationClock) throws {
        switch intent {
        case "open": app.send(.open(try pick(screen, "screen", AppModel.Screen.init)))
        case "close": app.send(.close)
        case "type": app.search.send(.typed(try need(text, "text")))
        case "clearSearch": app.search.send(.cleared)
        case "category": app.search.send(.categoryTapped(try pick(value, "value", SearchCategory.init)))
        case "pick": app.search.send(.picked(try place(app)))
        case "mapTap": app.search.send(.mapTapped(try coordinate()))
        case "directions": app.send(.directions)
        case "addStop":
            guard let stop = app.search.state.destination else { throw WebAppError(.notNow("no place is chosen to add as a stop")) }
            app.planning.send(.addStop(stop))
            app.send(.open(.planning))
        case "removeStop": app.planning.send(.removeStop(try need(index, "index")))
        case "moveStop": app.planning.send(.moveStop(from: try need(from, "from"), to: try need(to, "to")))
        case "avoid":
            let options: [String: AvoidOptions] = ["tolls": .tolls, "motorways": .motorways, "ferries": .ferries]
            app.planning.send(.setAvoid(try pick(option, "option") { options[$0] }, try need(on, "on")))
        case "travelMode": app.planning.send(.setMode(try pick(mode, "mode", TravelProfile.init)))
        case "vehicle": app.planning.send(.setVehicleDimension(try need(option, "option"), try need(value, "value")))
        case "selectRoute": app.planning.send(.select(try need(index, "index")))
        case "simulate": app.simulation.send(.setEnabled(try need(on, "on")))
        case "simulationSpeed": app.simulation.send(.setSpeed(try need(speed, "speed")))
        case "start": app.send(.startNavigation)
        case "consent": app.navigation.send(.consent(granted: try need(granted, "granted")))
        case "guidanceMode": app.navigation.send(.setMode(try pick(mode, "mode", NavigationModel.GuidanceMode.init)))
        case "mute": app.navigation.send(.toggleMute)
        case "pause": app.navigation.send(.pause)
        case "resume": app.navigation.send(.resume)
        case "continue": app.navigation.send(.continueToNextStop)
        case "acceptFasterRoute": app.navigation.send(.acceptFasterRoute)
        case "dismissFasterRoute": app.navigation.send(.dismissFasterRoute)
        case "endTrip": app.send(.endTrip)
        case "goHome": app.send(.goHome)
        case "handOff": app.send(.handOff(try pick(target, "target", ExternalMapsLink.Target.init)))
        case "location":
            app.send(.located(LocationFix(coordinate: try coordinate(), horizontalAccuracy: accuracy ?? -1,
                                          speed: speed, course: course, timestamp: clock.now)))
        case "permission":
            let states: [String: MapModel.Permission] = ["granted": .whenInUse, "denied": .denied, "prompt": .notDetermined]
            app.map.send(.permissionChanged(try pick(value, "value") { states[$0] }))
        case "mapMoved": app.map.send(.moved(centre: try coordinate(), zoom: try need(zoom, "zoom")))
        case "recenter": app.map.send(.recenter)
        case "visibility": app.send(.lifecycle(try need(visible, "visible") ? .foreground : .background))
        case "capabilities":
            app.send(.capabilities(DeviceCapabilities(canVibrate: try need(vibrate, "vibrate"),
                                                      canSpeak: try need(speech, "speech"),
                                                      canKeepScreenOn: wakeLock ?? true)))
        case "setting": try applySetting(to: app.settings)
        case "supportLog":
            let actions: [String: SettingsModel.Intent] = ["export": .exportSupportLog, "clear": .clearSupportLog]
            app.settings.send(try pick(value, "value") { actions[$0] })
        case "saveFavourite": try saveFavourite(app)
        case "deleteFavourite": app.places?.send(.deleteFavourite(FavouriteID(rawValue: try number())))
        case "deleteRecent": app.places?.send(.deleteRecent(RecentDestinationID(rawValue: try number())))
        case "clearRecents": app.places?.send(.clearRecents)
        case "deleteTrip": app.places?.send(.deleteTrip(TripID(rawValue: try number())))
        case "ridePickup": try rides(app).send(.setPickup(try chosenOrHere(app)))
        case "rideDestination":
            guard let place = app.search.state.destination else { throw WebAppError(.notNow("no place is chosen to ride to; search one first")) }
            let rides = try rides(app)
            // Without a pickup yet, the ride starts where the user is (or looks).
            if rides.state.pickup == nil { rides.send(.setPickup(try here(app))) }
            rides.send(.setDestination(place))
            app.send(.open(.ride))
        case "rideClass": try rides(app).send(.setClass(try pick(value, "value", RideClass.init)))
        case "confirmRide": try rides(app).send(.confirm)
        case "cancelRide": try rides(app).send(.cancel)
        case "retryRide": try rides(app).send(.retry)
        case "rideDone": try rides(app).send(.done)
        case "deleteRide": try rides(app).send(.deleteHistory(try need(id, "id")))
        case "ask": try chat(app).send(.ask(try need(text, "text")))
        case "clearChat": try chat(app).send(.clear)
        case "listen": try chat(app).send(.startListening)
        case "notHeard":
            let failures: [String: AssistantModel.VoiceFailure] = [
                "denied": .microphoneDenied, "unavailable": .microphoneUnavailable, "insecure": .insecurePage, "silence": .silence,
            ]
            try chat(app).send(.notHeard(try pick(value, "value") { failures[$0] }))
        default: throw WebAppError(.unknownIntent(intent))
        }
    }

    @MainActor
    private func rides(_ app: AppModel) throws -> RideModel {
        guard let rides = app.rides else { throw WebAppError(.notNow("rides need the embedded routing engine")) }
        return rides
    }

    /// The place chosen in search, else where the user is.
    @MainActor
    private func chosenOrHere(_ app: AppModel) throws -> Place {
        if value != "here", let place = app.search.state.destination { return place }
        return try here(app)
    }

    /// The user's position, else the map's centre (a desk without location), as route planning does.
    @MainActor
    private func here(_ app: AppModel) throws -> Place {
        guard let start = app.startingPlace else {
            throw WebAppError(.notNow("your position is not known; choose a pickup place in search"))
        }
        return start
    }

    @MainActor
    private func chat(_ app: AppModel) throws -> AssistantModel {
        guard let assistant = app.assistant else { throw WebAppError(.notNow("this app has no assistant")) }
        return assistant
    }

    @MainActor
    private func applySetting(to settings: SettingsModel) throws {
        let key = try need(name, "name")
        switch key {
        case "tier": settings.send(.setTier(try pick(value, "value", Tier.init)))
        case "units": settings.send(.setUnits(try pick(value, "value", DistanceUnits.init)))
        case "language": settings.send(.setLanguage(try need(value, "value")))
        case "voice": settings.send(.setVoice(try need(on, "on")))
        case "haptics": settings.send(.setHaptics(try need(on, "on")))
        case "guidanceMode": settings.send(.setGuidanceMode(try pick(value, "value", NavigationModel.GuidanceMode.init)))
        case "routingServer": settings.send(.setRoutingServer(value.flatMap { $0.isEmpty ? nil : $0 }))
        case "consent": settings.send(.setConsent(try need(on, "on")))
        default: throw WebAppError(.invalidField("name", "'\(key)' is not a setting"))
        }
    }

    @MainActor
    private func saveFavourite(_ app: AppModel) throws {
        guard let places = app.places else { throw WebAppError(.notNow("this app has no store for places")) }
        guard let place = app.search.state.destination else { throw WebAppError(.notNow("no place is chosen to save")) }
        switch try need(value, "value") {
        case "home": places.send(.setHome(place))
        case "work": places.send(.setWork(place))
        case "named": places.send(.addFavourite(place, name: name ?? place.name))
        case let other: throw WebAppError(.invalidField("value", "'\(other)' is not home, work or named"))
        }
    }

    /// The place `id` names among the results and suggestions shown.
    @MainActor
    private func place(_ app: AppModel) throws -> Place {
        let id = try need(self.id, "id")
        let shown = app.search.state.results + app.search.state.suggestions
        guard let place = shown.first(where: { $0.id == id }) else {
            throw WebAppError(.notNow("the place '\(id)' is no longer shown; search again"))
        }
        return place
    }

    private func coordinate() throws -> Coordinate {
        let c = Coordinate(latitude: try need(lat, "lat"), longitude: try need(lon, "lon"))
        guard c.isValid else { throw WebAppError(.invalidField("lat/lon", "\(c.latitude),\(c.longitude) is not on Earth")) }
        return c
    }

    private func number() throws -> Int64 {
        let text = try need(id, "id")
        guard let n = Int64(text) else { throw WebAppError(.invalidField("id", "'\(text)' is not a number")) }
        return n
    }

    private func need<T>(_ value: T?, _ field: String) throws -> T {
        guard let value else { throw WebAppError(.missingField(field, intent: intent)) }
        return value
    }

    private func pick<T>(_ value: String?, _ field: String, _ make: (String) -> T?) throws -> T {
        let text = try need(value, field)
        guard let made = make(text) else { throw WebAppError(.invalidField(field, "'\(text)' is not one of the accepted values")) }
        return made
    }
}
