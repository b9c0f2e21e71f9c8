import Foundation
import GemNavServices
import GemNavCore
import GemNavNavigation
import Testing

/// Whole simulated trips on real map data (Monaco from the repository, Porto from the shared
/// extracts), routed by the embedded engine, with 10 m of seeded GPS noise.
@Suite struct WholeTripTests {
    static let monteCarlo = Coordinate(latitude: 43.7397, longitude: 7.4275)
    static let fontvieille = Coordinate(latitude: 43.7280, longitude: 7.4150)
    static let condamine = Coordinate(latitude: 43.7316, longitude: 7.4178)
    static let larvotto = Coordinate(latitude: 43.7445, longitude: 7.4330)

    func route(_ points: [Coordinate], _ provider: EngineRouteProvider) throws -> Route {
        try #require(try provider.plan(RouteQuery(waypoints: points)).first).route
    }

    @Test(arguments: [UInt64(1), 7, 42])
    func monacoTripFollowsEveryManeuver(seed: UInt64) async throws {
        let provider = try Fixtures.provider(Fixtures.monacoEngine)
        let planned = try route([Self.monteCarlo, Self.fontvieille], provider)
        let trip = try await Trip.simulate(planned, provider: provider, seed: seed)
        TripChecks.contract(trip)
        TripChecks.announcedBeforeNeverAfter(trip, route: planned)
        #expect(trip.count("offRoute") == 0, "no offRoute while following the route")
        #expect(trip.count("reroute") == 0)
        #expect(TripChecks.arrivalSpoken(trip, legs: 1))
    }

    @Test func missedTurnReroutesWithinThreeFixesAndArrives() async throws {
        let provider = try Fixtures.provider(Fixtures.monacoEngine)
        let planned = try route([Self.monteCarlo, Self.fontvieille], provider)
        try await checkMissedTurn(planned, provider: provider)
    }

    @Test func multiStopTripPausesAtEachStopAndResumes() async throws {
        let provider = try Fixtures.provider(Fixtures.monacoEngine)
        let planned = try route([Self.monteCarlo, Self.larvotto, Self.condamine, Self.fontvieille], provider)
        let trip = try await Trip.simulate(planned, provider: provider)
        TripChecks.contract(trip, stops: 2)
        TripChecks.announcedBeforeNeverAfter(trip, route: planned)
        let states = trip.updates.map(\.state.name)
        // Each stop: some fixes waiting at it, then guidance again on the next leg.
        let waits = zip(states, states.dropFirst()).filter { $0 == "arrivedAtStop" && $1 == "navigating" }.count
        #expect(waits == 2)
        let stopEvents = trip.events.compactMap { if case .waypointArrived(let w) = $0.event { w.waypointIndex } else { nil } }
        #expect(stopEvents == [1, 2])
        let legs = Set(trip.events.compactMap { if case .progress(let p) = $0.event { p.progress.legIndex } else { nil } })
        #expect(legs == [0, 1, 2])
    }

    @Test(.enabled(if: Fixtures.portoAvailable, "porto_portugal.osm.pbf is not in ../shared/data/osm"))
    func portoLongTripFollowsEveryManeuver() async throws {
        let provider = try Fixtures.provider(Fixtures.portoEngine)
        let planned = try route([PortoPlaces.matosinhos, PortoPlaces.gaia], provider)
        #expect(planned.distance > 8_000)
        let trip = try await Trip.simulate(planned, provider: provider)
        TripChecks.contract(trip)
        TripChecks.announcedBeforeNeverAfter(trip, route: planned)
        #expect(trip.count("offRoute") == 0)
    }

    @Test(.enabled(if: Fixtures.portoAvailable, "porto_portugal.osm.pbf is not in ../shared/data/osm"))
    func portoMissedTurnReroutesAndArrives() async throws {
        let provider = try Fixtures.provider(Fixtures.portoEngine)
        let planned = try route([PortoPlaces.aliados, PortoPlaces.boavista], provider)
        try await checkMissedTurn(planned, provider: provider)
    }

    /// Misses the second turn: a reroute must come within 3 fixes of the user being clearly
    /// off the route (true position beyond the deviation threshold), then lead to arrival.
    func checkMissedTurn(_ planned: Route, provider: EngineRouteProvider,
                         sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let trip = try await Trip.simulate(planned, provider: provider, missedTurn: 2)
        TripChecks.contract(trip, sourceLocation: sourceLocation)
        #expect(trip.count("offRoute") >= 1, sourceLocation: sourceLocation)
        // 25 m + reported accuracy (15 m) is the threshold; 2 × noise more makes every fix count.
        let clearlyOff = try #require(trip.fixes.firstIndex {
            TripChecks.distance($0.truth!, to: planned.geometry) > 60
        }, sourceLocation: sourceLocation)
        var rerouteFix: Int?
        var fixIndex = -1
        for update in trip.updates {
            if case .progress? = update.events.first { fixIndex += 1 }
            if rerouteFix == nil, update.events.contains(where: {
                if case .reroute(let r) = $0 { r.succeeded } else { false }
            }) {
                rerouteFix = fixIndex
            }
        }
        let reroute = try #require(rerouteFix, "no successful reroute", sourceLocation: sourceLocation)
        #expect(reroute - clearlyOff <= 3, "reroute \(reroute - clearlyOff) fixes after leaving the route",
                sourceLocation: sourceLocation)
        #expect(trip.finalRoute != planned, sourceLocation: sourceLocation)
    }
}

/// Points in the Porto extract.
enum PortoPlaces {
    static let aliados = Coordinate(latitude: 41.1485, longitude: -8.6110)
    static let boavista = Coordinate(latitude: 41.1580, longitude: -8.6290)
    static let matosinhos = Coordinate(latitude: 41.1840, longitude: -8.6890)
    static let gaia = Coordinate(latitude: 41.1230, longitude: -8.6120)
}
