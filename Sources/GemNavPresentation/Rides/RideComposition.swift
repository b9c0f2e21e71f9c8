import Foundation
import GemNavGuidance
import GemNavRides
import GemNavServices

extension AppComposition {
    /// Simulated drivers on the map the embedded car engine routes on.
    static let rideDrivers = 8

    /// The ride screen on the environment's embedded car engine (nil when cars route only
    /// through a server: the simulation drives the engine's roads). Drivers are seeded by the
    /// clock's start, so a test clock gives the same drivers every run, and work around the
    /// first pickup (a map's box can hold roads far beyond the dispatcher's reach).
    @MainActor
    static func rides(in environment: Environment, format: DisplayFormatter, timeFormat: TimeOfDayFormat) -> RideModel? {
        guard let engine = (environment.providers[.car] as? EngineRouteProvider)?.engine else { return nil }
        let start = environment.clock.now
        return RideModel(simulation: { pickup in
            let book = try TariffBook.bundled()
            let fleet = try DriverFleet(engine: engine, count: rideDrivers, seed: UInt64(max(0, start.timeIntervalSince1970)),
                                        area: pickup.map { DriverFleet.ServiceArea(centre: $0) })
            return RideSimulation(planner: RidePlanner(engine: engine, book: book),
                                  dispatcher: Dispatcher(matrix: EngineTravelTimes(engine: engine)), fleet: fleet,
                                  start: start, seed: UInt64(max(0, start.timeIntervalSince1970)))
        }, store: environment.store, clock: environment.timer, format: format,
                         timeFormat: timeFormat)
    }
}
