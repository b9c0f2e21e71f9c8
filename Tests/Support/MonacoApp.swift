import Foundation
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage

extension MonacoData {
    /// The whole app's environment on Monaco: the embedded engine routes cars, the index
    /// searches, an in-memory store and settings; time comes from `clock` and `timer`, arrival
    /// times are in GMT.
    public static func appEnvironment(clock: any NavigationClock, timer: any Clock<Duration>) throws
        -> AppComposition.Environment
    {
        let data = try data.get()
        guard let index = try data.loadSearchIndex() else { throw CocoaError(.fileNoSuchFile) }
        return AppComposition.Environment(
            providers: [.car: EngineRouteProvider(engine: try data.loadEngine())], places: IndexPlaceSearch(index: index),
            store: try AppStore.inMemory(), settings: InMemorySettings(AppSettings()), clock: clock, timer: timer,
            centre: index.centre, timeZone: .gmt)
    }
}
