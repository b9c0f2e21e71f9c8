import Clocks
import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavRides
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// The ride screen on Monaco's roads with simulated drivers, stepped second by second.
@MainActor @Suite struct RideModelTests {
    func app() throws -> AppModel {
        let environment = try MonacoData.appEnvironment(clock: ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000)),
                                                        timer: TestClock())
        return AppComposition.build(environment)
    }

    @Test func aRideFromQuoteToHistory() throws {
        let app = try app()
        let rides = try #require(app.rides)
        app.map.send(.permissionChanged(.whenInUse))
        app.send(.located(LocationFix(coordinate: AppModelTests.casino, horizontalAccuracy: 5, timestamp: Date())))
        #expect(rides.state.pickup?.name == AppModel.myPosition)
        rides.send(.confirm)
        #expect(rides.state.message?.isEmpty == false, "nothing to confirm yet")

        rides.send(.setDestination(Place(name: "Stade Louis II", coordinate: AppModelTests.stade)))
        #expect(rides.state.ride.name == .routeReady && rides.state.canConfirm)
        let estimate = try #require(rides.state.fareText)
        #expect(estimate.hasSuffix("EUR") && rides.state.routeText?.contains("km") == true && !rides.state.route.isEmpty)
        rides.send(.setClass(.xl))
        #expect(rides.state.fareText != estimate, "XL costs more")

        rides.send(.confirm)
        #expect(rides.state.canCancel)
        var seen: [RideStateName] = [rides.state.ride.name]
        for _ in 0..<3_000 where !rides.state.isCompleted {
            rides.tick()
            if seen.last != rides.state.ride.name { seen.append(rides.state.ride.name) }
        }
        #expect(seen.contains(.driverEnRoute) && seen.contains(.rideInProgress) && seen.last == .rideCompleted)
        #expect(rides.state.driver?.name.isEmpty == false && rides.state.status.hasPrefix("You have arrived"))
        #expect(rides.state.history.count == 1 && rides.state.history[0].detail.hasPrefix("Completed"))
        rides.send(.done)
        #expect(rides.state.ride.name == .idle && rides.state.driver == nil && rides.state.destination == nil)
    }

    @Test func cancelBeforeThePickupIsRecordedAndRefusedAfter() throws {
        let rides = try #require(try app().rides)
        rides.send(.setPickup(Place(name: "Casino", coordinate: AppModelTests.casino)))
        rides.send(.setDestination(Place(name: "Stade Louis II", coordinate: AppModelTests.stade)))
        rides.send(.confirm)
        rides.tick(5)
        rides.send(.cancel)
        #expect(rides.state.ride.name == .idle && rides.state.message == nil)
        #expect(rides.state.history.first?.detail.hasPrefix("Cancelled") == true)
        rides.send(.cancel)
        #expect(rides.state.message?.isEmpty == false, "nothing left to cancel")
        rides.send(.deleteHistory(rides.state.history[0].id))
        #expect(rides.state.history.isEmpty)
    }
}
