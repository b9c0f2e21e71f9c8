import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation
import GemNavRouting
import GemNavSearch
import GemNavServices
import GemNavStorage
import Logging

/// The composition root (seed 001's dependency container, without a service locator): it
/// builds the whole app for an environment, once, and hands each screen exactly the services
/// it needs.
public enum AppComposition {
    /// What the app runs on.
    public struct Environment: Sendable {
        /// Route providers by travel profile (at least `.car`).
        public var providers: [TravelProfile: any RouteProvider]
        /// Search-ahead, categories, reverse geocoding.
        public var places: any PlaceSearching
        /// The app store (consent, trips); nil never records.
        public var store: AppStore?
        /// Where settings are kept.
        public var settings: any SettingsPersisting
        /// Time for sessions and arrival times.
        public var clock: any NavigationClock
        /// Time for debounces and timeouts.
        public var timer: any Clock<Duration>
        /// The map's centre before any fix.
        public var centre: Coordinate
        /// The zone arrival times are shown in.
        public var timeZone: TimeZone
        /// The locale times of day are written for ("2:05 PM" in the US); nil writes them
        /// 24-hour ("14:05"), the same everywhere.
        public var locale: Locale?
        /// The route providers for the settings in force, asked again whenever the routing
        /// server or the instructions' language or units change in Settings; nil keeps
        /// `providers` whatever the settings say (tests with fakes).
        public var providersForSettings: (@Sendable (AppSettings) -> [TravelProfile: any RouteProvider])?
        /// The search for the settings in force, asked again whenever the routing server
        /// changes (one that searches answers search and reverse geocoding, the offline index
        /// standing in); nil keeps `places` whatever the settings say.
        public var placesForSettings: (@Sendable (AppSettings) -> any PlaceSearching)?
        /// What checks a routing server before Settings switch to it.
        public var serverProbe = ServerProbe()
        /// The support log, whose positions follow the recording consent.
        public var supportLog: SupportLog?
        /// Where the tier comes from (a purchase, the server); nil lets Settings switch it.
        public var tierSource: (any TierSource)?

        /// An environment from its parts.
        public init(providers: [TravelProfile: any RouteProvider], places: any PlaceSearching, store: AppStore?,
                    settings: any SettingsPersisting, clock: any NavigationClock,
                    timer: any Clock<Duration> = ContinuousClock(), centre: Coordinate, timeZone: TimeZone = .current,
                    supportLog: SupportLog? = nil, tierSource: (any TierSource)? = nil)
        {
            self.supportLog = supportLog
            self.tierSource = tierSource
            self.providers = providers
            self.places = places
            self.store = store
            self.settings = settings
            self.clock = clock
            self.timer = timer
            self.centre = centre
            self.timeZone = timeZone
        }

        /// The live app on imported map data: the embedded engine for every profile imported
        /// beside it, the offline search index, the store (settings are kept in it unless
        /// `settings` says otherwise), the wall clock. A routing server chosen in Settings (Pro)
        /// routes first, with the engine as fallback, unless `tierSource` decides the tier (a
        /// managed app routes with its own engine).
        /// - Throws: `RoutingError` or `SearchError` for missing or damaged data, `StorageError`
        ///   for an unusable store.
        public static func live(data: MapData, profiles: [TravelProfile: MapData] = [:], store: AppStore,
                                settings: (any SettingsPersisting)? = nil, supportLog: SupportLog? = nil,
                                tierSource: (any TierSource)? = nil) throws
            -> Environment
        {
            let settings = settings ?? StoredSettings(store: store)
            let saved = ((try? settings.loadSettings()) ?? nil) ?? AppSettings()
            var loaded = [TravelProfile.car: try data.loadEngine()]
            for (profile, other) in profiles where profile != .car { loaded[profile] = try other.loadEngine() }
            let engines = loaded
            let managed = tierSource != nil
            let providersForSettings: @Sendable (AppSettings) -> [TravelProfile: any RouteProvider] = { saved in
                routeProviders(engines: engines, settings: saved, serverAllowed: !managed)
            }
            guard let index = try data.loadSearchIndex() else {
                throw AppError(.searchUnavailable(place: "", indexPath: data.searchIndexURL.path))
            }
            let offline = IndexPlaceSearch(index: index)
            let placesForSettings: @Sendable (AppSettings) -> any PlaceSearching = { saved in
                guard let server = chosenServer(saved, serverAllowed: !managed), saved.routingServerSearches
                else { return offline }
                return ServerPlaceSearch(server: server, fallback: offline)
            }
            var environment = Environment(providers: providersForSettings(saved), places: placesForSettings(saved),
                                          store: store, settings: settings, clock: SystemClock(), centre: index.centre,
                                          supportLog: supportLog, tierSource: tierSource)
            environment.providersForSettings = providersForSettings
            environment.placesForSettings = placesForSettings
            return environment
        }

        /// The server `settings` chose, when one is in force: the tier allows the choice and the
        /// app's own Settings decide the tier (`serverAllowed`; a managed app uses its engine).
        static func chosenServer(_ settings: AppSettings, serverAllowed: Bool) -> URL? {
            settings.tier.features.routingEngineChoice && serverAllowed ? settings.routingServer : nil
        }

        /// The embedded engines' providers, each behind the routing server `settings` chose
        /// (Pro, and only when the app's own Settings decide the tier): the server routes first,
        /// the embedded engine answering while it is down. An OSRM server's URL names one
        /// profile (driving); a Valhalla server costs each.
        static func routeProviders(engines: [TravelProfile: RoutingEngine], settings: AppSettings,
                                   serverAllowed: Bool) -> [TravelProfile: any RouteProvider]
        {
            let guidance = GuidanceOptions(language: settings.language, units: settings.units)
            let server = chosenServer(settings, serverAllowed: serverAllowed)
            return engines.reduce(into: [:]) { providers, entry in
                let (profile, engine) = entry
                let embedded = EngineRouteProvider(engine: engine, guidance: guidance)
                guard let server, profile == .car || settings.routingServerKind == .valhalla else {
                    providers[profile] = embedded
                    return
                }
                let primary = settings.routingServerKind.provider(at: server, valhalla: profile.valhallaCosting,
                                                                  guidance: guidance)
                providers[profile] = FallbackRouteProvider(primary: primary, fallback: embedded)
            }
        }
    }

    /// The app, built for `environment`.
    @MainActor
    public static func build(_ environment: Environment) -> AppModel {
        let settings = SettingsModel(persistence: environment.settings, store: environment.store,
                                     probe: environment.serverProbe, probePoint: environment.centre, tierSource: environment.tierSource,
                                     supportLog: environment.supportLog)
        let saved = settings.state.settings
        let format = DisplayFormatter(language: saved.language, units: saved.units)
        var navigationSettings = NavigationSettings()
        navigationSettings.units = saved.units
        navigationSettings.language = saved.language
        let timeFormat = TimeOfDayFormat(timeZone: environment.timeZone, locale: environment.locale)
        let navigation = NavigationModel(provider: environment.providers[.car] ?? UnavailableProvider(),
                                         store: environment.store, clock: environment.clock,
                                         settings: navigationSettings, mode: saved.guidanceMode, timeFormat: timeFormat)
        navigation.hapticsOn = saved.haptics
        navigation.voiceOn = saved.voice
        if let log = environment.supportLog {
            // Positions reach the support log only while trips may be recorded.
            log.redactsPositions = settings.state.consent != .granted
            let follow: @MainActor (LocationConsent) -> Void = { log.redactsPositions = $0 != .granted }
            navigation.onConsentChange = follow
            settings.onConsentChange = follow
            navigation.logger = Logger(label: "gemnav.navigation") { log.handler(label: $0) }
        }
        let simulation = DriveSimulation(clock: environment.clock, timer: environment.timer)
        let app = AppModel(
            map: MapModel(centre: environment.centre),
            search: SearchModel(places: environment.places, clock: environment.timer),
            planning: RoutePlanningModel(providers: environment.providers, clock: environment.clock, format: format,
                                         timeFormat: timeFormat,
                                         allows: { [settings] in $0 != .truck || settings.state.features.truckRouting }),
            navigation: navigation, settings: settings, places: environment.store.map { PlacesModel(store: $0, clock: environment.clock) },
            simulation: simulation)
        app.assistant = assistant(for: app, in: environment)
        app.rides = rides(in: environment, format: format, timeFormat: timeFormat)
        let routing = RoutingChoice(saved)
        settings.onChange = { [weak app] changed in
            guard let app else { return }
            let rebuilt = routing.changes(to: changed)
            apply(changed, to: app, providers: rebuilt ? environment.providersForSettings : nil,
                  places: rebuilt ? environment.placesForSettings : nil)
        }
        return app
    }

    /// Applies settings changed in Settings at once: voice and vibration, the units and
    /// language of the screens (the prompts from the next trip), and — when `providers` and
    /// `places` are given — the route providers and the search for a new routing server or
    /// instruction language.
    @MainActor
    static func apply(_ settings: AppSettings, to app: AppModel,
                      providers: (@Sendable (AppSettings) -> [TravelProfile: any RouteProvider])?,
                      places: (@Sendable (AppSettings) -> any PlaceSearching)?)
    {
        if let places { app.search.use(places(settings)) }
        app.navigation.voiceOn = settings.voice
        app.navigation.hapticsOn = settings.haptics
        app.navigation.use(units: settings.units, language: settings.language)
        let format = DisplayFormatter(language: settings.language, units: settings.units)
        if app.planning.format != format { app.planning.format = format }
        if let providers {
            let chosen = providers(settings)
            app.planning.use(chosen)
            app.navigation.use(chosen[.car] ?? UnavailableProvider())
        }
    }
}

/// What the route providers are built from, remembered so they are built again only when it
/// changes (a unit change must not drop a healthy server connection).
@MainActor
private final class RoutingChoice {
    private var last: Key

    private struct Key: Equatable {
        var server: URL?
        var kind: RoutingServerKind
        var searches: Bool
        var serverAllowed: Bool
        var language: String
        var units: DistanceUnits

        init(_ s: AppSettings) {
            (server, kind, searches) = (s.routingServer, s.routingServerKind, s.routingServerSearches)
            serverAllowed = s.tier.features.routingEngineChoice
            (language, units) = (s.language, s.units)
        }
    }

    init(_ settings: AppSettings) { last = Key(settings) }

    /// Whether `settings` route differently from the last ones seen; remembers them.
    func changes(to settings: AppSettings) -> Bool {
        let key = Key(settings)
        defer { last = key }
        return key != last
    }
}

extension TravelProfile {
    /// The Valhalla costing model for this way of travelling.
    var valhallaCosting: ValhallaCosting {
        switch self {
        case .car: return .auto
        case .bicycle: return .bicycle
        case .foot: return .pedestrian
        case .truck: return .truck
        }
    }
}

/// Stands in when an environment has no car routing: every request says so.
struct UnavailableProvider: RouteProvider {
    var name: String { "no routing engine" }
    func routes(for query: RouteQuery) async throws -> [Route] {
        throw AppError(.noRoute("This map has no car routing data: import it with `gemnav import FILE --profile car`."))
    }
}
