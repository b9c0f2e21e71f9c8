import Clocks
import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// "Simulate drive" on the Monaco map, with no location permission (a desk): the trip starts
/// at the map centre, the car drives at ten times real time on the test clock, waits at the
/// stop until "Continue", and ends at arrival; device fixes are ignored while it drives.
@MainActor @Suite struct DriveSimulationTests {
    @Test func drivesATripWithAStopToArrival() async throws {
        let data = try MonacoData.data.get()
        let index = try #require(try data.loadSearchIndex())
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
        let timer = TestClock()
        let store = try AppStore.inMemory()
        try store.setConsent(.denied)
        let app = AppComposition.build(AppComposition.Environment(
            providers: [.car: EngineRouteProvider(engine: try data.loadEngine())], places: IndexPlaceSearch(index: index),
            store: store, settings: InMemorySettings(), clock: clock, timer: timer, centre: index.centre, timeZone: .gmt))
        app.map.send(.permissionChanged(.denied))

        app.simulation.send(.setEnabled(true))
        app.simulation.send(.setSpeed(25))
        #expect(app.simulation.state.speed == 10)
        app.search.send(.picked(Place(name: "Stade Louis II", coordinate: AppModelTests.stade)))
        app.send(.directions)
        #expect(app.planning.state.origin?.name == "Map centre")
        app.planning.send(.addStop(Place(name: "Casino", coordinate: AppModelTests.casino)))
        await app.planning.settled()
        try #require(app.planning.state.phase == .routeReady)
        app.send(.startNavigation)
        #expect(app.simulation.state.isDriving && app.keepsScreenOn)

        var sawStop = false
        for _ in 0..<5_000 where app.navigation.state.phase != .arrived {
            clock.advance(by: 0.1)
            await timer.advance(by: .milliseconds(100))
            await app.navigation.settled()
            if app.navigation.state.phase == .atStop {
                sawStop = true
                let held = app.map.state.position
                clock.advance(by: 1)
                await timer.advance(by: .seconds(1))
                #expect(app.map.state.position == held, "the car waits at the stop until the user continues")
                app.send(.located(LocationFix(coordinate: AppModelTests.stade, horizontalAccuracy: 5, timestamp: clock.now)))
                #expect(app.map.state.position == held, "device fixes are ignored while the car drives")
                app.navigation.send(.continueToNextStop)
            }
        }
        #expect(sawStop)
        #expect(app.navigation.state.phase == .arrived)
        // The car's next tick sees the arrival and stops; on a loaded machine that tick may run
        // after the clock moved, so the test waits for it rather than for the clock alone.
        await timer.advance(by: .seconds(1))
        await app.simulation.finished()
        #expect(!app.simulation.state.isDriving && !app.keepsScreenOn)
        app.send(.endTrip)
        #expect(app.screen == .map)
    }
}

/// The "Simulate drive" controls, each step stating their whole state.
extension DriveSimulationTests {
    @Test func theControlsStepByStep() {
        let store = ScreenStore(DriveSimulation(clock: ManualClock(), timer: TestClock()))
        store.send(.setEnabled(true)) { $0.isEnabled = true }
        store.send(.setSpeed(4)) { $0.speed = 4 }
        store.send(.setSpeed(25)) { $0.speed = 10 }
        store.send(.setSpeed(0)) { $0.speed = 1 }
        store.send(.setSpeed(.nan))
        store.send(.setEnabled(false)) { $0.isEnabled = false }
        store.finish()
    }
}
