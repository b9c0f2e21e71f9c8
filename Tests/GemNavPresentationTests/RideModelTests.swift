import Clocks
import Foundation
import GemNavCore
import GemNavGuidance
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

/// The ride screen's quote intent by intent, each step stating the whole view state.
extension RideModelTests {
    @Test func theQuoteStepByStep() throws {
        let store = ScreenStore(try #require(try app().rides))
        let format = DisplayFormatter()
        let casino = Place(name: "Casino", coordinate: AppModelTests.casino)
        let stade = Place(name: "Stade Louis II", coordinate: AppModelTests.stade)
        store.send(.confirm) {
            $0.message = "Cannot confirm while the ride is idle; allowed now: set the pickup, set the destination. Nothing was changed."
        }
        store.send(.setPickup(casino)) {
            $0.message = nil
            $0.pickup = casino
        }
        store.send(.setDestination(stade)) {
            $0.destination = stade
            $0.ride = store.state.ride                      // the route the engine found, checked below
            let plan = store.state.ride.plan!
            $0.routeText = "\(format.duration(plan.route.duration)) · \(format.distance(plan.route.distance))"
            $0.fareText = plan.estimate.text
            $0.route = plan.route.coordinates
            $0.status = "Check the price and confirm the ride."
        }
        let plan = try #require(store.state.ride.plan)
        #expect(store.state.ride.name == .routeReady && plan.pickup.name == "Casino" && plan.destination.name == "Stade Louis II")
        #expect(plan.estimate.text.hasSuffix(" EUR") && plan.route.distance > 1_000)
        store.send(.setClass(.xl)) {
            $0.rideClass = .xl
            $0.ride = store.state.ride
            $0.fareText = store.state.ride.plan!.estimate.text
        }
        #expect(store.state.fareText != plan.estimate.text, "XL costs more")
        store.send(.setPickup(Place(name: "Stade, gate B", coordinate: Coordinate(latitude: 43.7277, longitude: 7.4157)))) {
            $0.pickup = Place(name: "Stade, gate B", coordinate: Coordinate(latitude: 43.7277, longitude: 7.4157))
            $0.message = "The pickup and the destination are the same place (24 m apart): choose a destination further away."
            $0.ride = .selectingLocations(pickup: $0.pickup, destination: stade)     // the old quote is gone
            $0.status = "Choose a pickup and a destination."
            $0.routeText = nil
            $0.fareText = nil
            $0.route = []
        }
        store.finish()
    }
}
