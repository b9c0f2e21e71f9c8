import ArgumentParser
import Foundation
import GemNavRides
import GemNavServices
import GemNavStorage

/// `gemnav ride`: a ride booked and played against simulated drivers on the map's real roads,
/// shown live on the terminal and optionally logged as JSON lines.
struct RideCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ride", abstract: "Book a ride and watch simulated drivers bring it to its end (--simulate).",
        discussion: """
            --from and --to are LAT,LON, a place name, or a favourite ("home", "work", or its name). \
            The ride is quoted from the map's tariff (see docs/rides.md), confirmed, and sent to the free driver \
            with the shortest driving time to the pickup. The driver drives real roads at road speeds to the pickup \
            and then to the destination; the ride ends in the history (`gemnav rides`), completed or cancelled.

            --events FILE writes one JSON object per line: t (simulated seconds), type state | driver | fare | error.
            """)

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "Pickup: LAT,LON, a place name or a favourite (home, work, a favourite's name).")
    var from: String
    @Option(help: "Destination: LAT,LON, a place name or a favourite.")
    var to: String
    @Flag(help: "Play the ride against simulated drivers (the only backend for now).")
    var simulate = false
    @Option(help: "Simulated drivers on the map.")
    var drivers = 8
    @Option(help: "Seed of the drivers' names, positions and cruises.")
    var seed: UInt64 = 1
    @Option(name: .customLong("class"), help: "Ride class: standard or xl.")
    var rideClass: String = "standard"
    @Option(help: "Cancel when the ride enters this state (one before the pickup, e.g. driverEnRoute).")
    var cancelAt: String?
    @Option(help: "Write every event as JSON lines to this file.")
    var events: String?
    @Flag(help: "One simulated second per second instead of as fast as possible.")
    var realtime = false

    func validate() throws {
        guard simulate else { throw ValidationError("Give --simulate: rides are played against simulated drivers.") }
        guard (1...500).contains(drivers) else { throw ValidationError("--drivers must be 1 to 500.") }
        guard RideClass(rawValue: rideClass) != nil else { throw ValidationError("--class is standard or xl.") }
        if let cancelAt {
            let cancellable = RideStateName.allCases.filter(\.isCancellable).map(\.rawValue)
            guard let state = RideStateName(rawValue: cancelAt), state.isCancellable else {
                throw ValidationError("--cancel-at must be a state before the pickup: \(cancellable.joined(separator: ", ")).")
            }
        }
    }

    func run() async throws {
        let data = try dataOptions.mapData()
        let engine = try CLIError.wrap { try data.loadEngine() }
        let store = try storeOptions.open()
        let places = RidePlaces(store: store, resolver: try CLIError.wrap { try data.placeResolver(for: [from, to]) })
        let pickup = try CLIError.wrap { try places.resolve(from) }
        let destination = try CLIError.wrap { try places.resolve(to, near: pickup) }
        let book = try CLIError.wrap { try TariffBook.bundled() }
        let region = book.region(forMap: engine.graph.boundingBox)
        let planner = RidePlanner(engine: engine, book: book)
        let fleet = try CLIError.wrap { try DriverFleet(engine: engine, count: drivers, seed: seed,
                                                                 area: DriverFleet.ServiceArea(centre: pickup.coordinate)) }
        var simulation = RideSimulation(planner: planner, dispatcher: Dispatcher(matrix: EngineTravelTimes(engine: engine)),
                                        fleet: fleet, start: Date(), seed: seed)
        let eventFile = try events.map { try RideEventFile(path: $0) }
        let view = RideView(terminal: isatty(STDOUT_FILENO) != 0)
        view.header("Ride \(pickup.label) → \(destination.label) · \(rideClass) · \(drivers) drivers · tariff "
            + (region.map { "\($0.name) (\($0.tariff.currency))" } ?? "default"))
        let show: (RideUpdate) throws -> Void = { update in
            try eventFile?.write(update)
            view.show(update)
        }
        let clock: (any Clock<Duration>)? = realtime ? ContinuousClock() : nil
        let runner = RideRunner(clock: clock, store: store,
                                cancelAt: cancelAt.flatMap(RideStateName.init(rawValue:)))
        let last = try await CLIError.wrap {
            try await runner.run(&simulation, from: pickup, to: destination,
                                 rideClass: RideClass(rawValue: rideClass) ?? .standard, show: show)
        }
        try eventFile?.close()
        view.finish(last, store: store.path)
        if case .error(let error, _) = last { throw CLIError(description: error.description) }
    }
}
