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
            let guidance = GuidanceOptions(language: saved.language, units: saved.units)
            var providers: [TravelProfile: any RouteProvider] = [:]
            let engine = try data.loadEngine()
            let server = saved.tier.features.routingEngineChoice && tierSource == nil ? saved.routingServer : nil
            // The chosen server routes first, the embedded engine answering while it is down.
            // An OSRM server's URL names one profile (driving); a Valhalla server costs each.
            func routed(_ profile: TravelProfile, _ embedded: EngineRouteProvider) -> any RouteProvider {
                guard let server, profile == .car || saved.routingServerKind == .valhalla else { return embedded }
                let primary = saved.routingServerKind.provider(at: server, valhalla: profile.valhallaCosting,
                                                               guidance: guidance)
                return FallbackRouteProvider(primary: primary, fallback: embedded)
            }
            providers[.car] = routed(.car, EngineRouteProvider(engine: engine, guidance: guidance))
            for (profile, other) in profiles where profile != .car {
                providers[profile] = routed(profile, EngineRouteProvider(engine: try other.loadEngine(), guidance: guidance))
            }
            guard let index = try data.loadSearchIndex() else {
                throw AppError(.searchUnavailable(place: "", indexPath: data.searchIndexURL.path))
            }
            return Environment(providers: providers, places: IndexPlaceSearch(index: index), store: store,
                               settings: settings, clock: SystemClock(), centre: index.centre, supportLog: supportLog,
                               tierSource: tierSource)
        }
    }

    /// The app, built for `environment`.
    @MainActor
    public static func build(_ environment: Environment) -> AppModel {
        let settings = SettingsModel(persistence: environment.settings, store: environment.store,
                                     probePoint: environment.centre, tierSource: environment.tierSource)
        let saved = settings.state.settings
        let format = DisplayFormatter(language: saved.language, units: saved.units)
        var navigationSettings = NavigationSettings()
        navigationSettings.units = saved.units
        navigationSettings.language = saved.language
        let navigation = NavigationModel(provider: environment.providers[.car] ?? UnavailableProvider(),
                                         store: environment.store, clock: environment.clock,
                                         settings: navigationSettings, mode: saved.guidanceMode)
        navigation.hapticsOn = saved.haptics
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
                                         timeZone: environment.timeZone,
                                         allows: { [settings] in $0 != .truck || settings.state.features.truckRouting }),
            navigation: navigation, settings: settings, places: environment.store.map(PlacesModel.init),
            simulation: simulation)
        app.assistant = assistant(for: app, in: environment)
        app.rides = rides(in: environment, format: format)
        return app
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
