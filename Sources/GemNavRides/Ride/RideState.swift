import Foundation
import GemNavCore
import GemNavServices

/// Identifies one ride, from its request to the history.
public struct RideID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The id as text ("R-3f2a9c01").
    public var rawValue: String

    /// Wraps an id.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The id as text.
    public var description: String { rawValue }
}

/// What a rider has chosen and been quoted before confirming: both places, the class, the
/// route between them and the fare estimate.
public struct RidePlan: Sendable, Hashable {
    /// Where the rider is picked up.
    public var pickup: Place
    /// Where the ride goes.
    public var destination: Place
    /// Standard or XL.
    public var rideClass: RideClass
    /// The road route from pickup to destination.
    public var route: RideRoute
    /// The fare estimate for `route`.
    public var estimate: Fare

    /// Creates a plan.
    public init(pickup: Place, destination: Place, rideClass: RideClass, route: RideRoute, estimate: Fare) {
        self.pickup = pickup
        self.destination = destination
        self.rideClass = rideClass
        self.route = route
        self.estimate = estimate
    }
}

/// The driver of a ride as the rider sees them.
public struct Driver: Sendable, Hashable, Codable {
    /// Stable id inside the fleet ("D3").
    public var id: String
    /// First name shown ("Ana").
    public var name: String
    /// Make, model and colour ("Renault Zoe, white").
    public var car: String
    /// Number plate.
    public var plate: String
    /// Average rating, 1 to 5.
    public var rating: Double
    /// Where the car is now.
    public var position: Coordinate
    /// The largest class of ride the car takes (an XL car also takes standard rides).
    public var rideClass: RideClass

    /// Creates a driver.
    public init(id: String, name: String, car: String, plate: String, rating: Double, position: Coordinate,
                rideClass: RideClass = .standard) {
        self.id = id
        self.name = name
        self.car = car
        self.plate = plate
        self.rating = rating
        self.position = position
        self.rideClass = rideClass
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, car, plate, rating, position, rideClass
    }

    /// Reads a driver; rides stored before cars had a class were standard cars.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(String.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                  car: try c.decode(String.self, forKey: .car), plate: try c.decode(String.self, forKey: .plate),
                  rating: try c.decode(Double.self, forKey: .rating), position: try c.decode(Coordinate.self, forKey: .position),
                  rideClass: try c.decodeIfPresent(RideClass.self, forKey: .rideClass) ?? .standard)
    }
}

/// Where a ride is, with exactly the data that state has: nothing in `idle`, the places being
/// chosen while selecting, the plan once a route is ready, a ride id from the request on, a
/// driver from the assignment on, the final fare at the end. `error` keeps the state it came
/// from, which `retry` returns to.
public indirect enum RideState: Sendable, Hashable {
    /// Nothing chosen.
    case idle
    /// The rider is choosing pickup and destination (either may still be missing).
    case selectingLocations(pickup: Place?, destination: Place?)
    /// Both places chosen, the route and fare estimate are shown; the rider may confirm.
    case routeReady(RidePlan)
    /// The rider confirmed; the request is on its way to the ride service.
    case submittingRequest(rideId: RideID, plan: RidePlan)
    /// The service accepted the request and looks for a driver.
    case searchingForDriver(rideId: RideID, plan: RidePlan)
    /// A driver accepted the ride.
    case driverAssigned(rideId: RideID, plan: RidePlan, driver: Driver)
    /// The driver drives to the pickup.
    case driverEnRoute(rideId: RideID, plan: RidePlan, driver: Driver)
    /// The driver is within 100 m of the pickup (or waiting there).
    case driverArriving(rideId: RideID, plan: RidePlan, driver: Driver)
    /// The rider is in the car on the way to the destination.
    case rideInProgress(rideId: RideID, plan: RidePlan, driver: Driver)
    /// The last 500 m (or minute) before the destination.
    case approachingDestination(rideId: RideID, plan: RidePlan, driver: Driver)
    /// The rider was dropped off; `fare` is the final one.
    case rideCompleted(rideId: RideID, plan: RidePlan, driver: Driver, fare: Fare)
    /// Something went wrong in state `from`; `retry` goes back there.
    case error(RideError, from: RideState)

    /// The state's name, without its data.
    public var name: RideStateName {
        switch self {
        case .idle: .idle
        case .selectingLocations: .selectingLocations
        case .routeReady: .routeReady
        case .submittingRequest: .submittingRequest
        case .searchingForDriver: .searchingForDriver
        case .driverAssigned: .driverAssigned
        case .driverEnRoute: .driverEnRoute
        case .driverArriving: .driverArriving
        case .rideInProgress: .rideInProgress
        case .approachingDestination: .approachingDestination
        case .rideCompleted: .rideCompleted
        case .error: .error
        }
    }

    /// The ride's id, from the request on.
    public var rideId: RideID? {
        switch self {
        case .submittingRequest(let id, _), .searchingForDriver(let id, _): id
        case .driverAssigned(let id, _, _), .driverEnRoute(let id, _, _), .driverArriving(let id, _, _),
             .rideInProgress(let id, _, _), .approachingDestination(let id, _, _), .rideCompleted(let id, _, _, _): id
        case .error(_, let from): from.rideId
        case .idle, .selectingLocations, .routeReady: nil
        }
    }

    /// The plan, from the moment a route is ready.
    public var plan: RidePlan? {
        switch self {
        case .routeReady(let plan), .submittingRequest(_, let plan), .searchingForDriver(_, let plan): plan
        case .driverAssigned(_, let plan, _), .driverEnRoute(_, let plan, _), .driverArriving(_, let plan, _),
             .rideInProgress(_, let plan, _), .approachingDestination(_, let plan, _),
             .rideCompleted(_, let plan, _, _): plan
        case .error(_, let from): from.plan
        case .idle, .selectingLocations: nil
        }
    }

    /// The driver, from the assignment on.
    public var driver: Driver? {
        switch self {
        case .driverAssigned(_, _, let d), .driverEnRoute(_, _, let d), .driverArriving(_, _, let d),
             .rideInProgress(_, _, let d), .approachingDestination(_, _, let d), .rideCompleted(_, _, let d, _): d
        case .error(_, let from): from.driver
        case .idle, .selectingLocations, .routeReady, .submittingRequest, .searchingForDriver: nil
        }
    }

    /// The same state with the driver moved to `driver`, for states that have a driver.
    func with(driver: Driver) -> RideState {
        switch self {
        case .driverAssigned(let id, let plan, _): .driverAssigned(rideId: id, plan: plan, driver: driver)
        case .driverEnRoute(let id, let plan, _): .driverEnRoute(rideId: id, plan: plan, driver: driver)
        case .driverArriving(let id, let plan, _): .driverArriving(rideId: id, plan: plan, driver: driver)
        case .rideInProgress(let id, let plan, _): .rideInProgress(rideId: id, plan: plan, driver: driver)
        case .approachingDestination(let id, let plan, _):
            .approachingDestination(rideId: id, plan: plan, driver: driver)
        default: self
        }
    }
}

/// The names of the ride's states, as the CLI, the events file and the server spell them.
public enum RideStateName: String, Sendable, Hashable, Codable, CaseIterable {
    case idle, selectingLocations, routeReady, submittingRequest, searchingForDriver, driverAssigned, driverEnRoute,
         driverArriving, rideInProgress, approachingDestination, rideCompleted, error

    /// Whether a ride in this state may still be cancelled: until the rider is picked up.
    public var isCancellable: Bool {
        switch self {
        case .selectingLocations, .routeReady, .submittingRequest, .searchingForDriver, .driverAssigned,
             .driverEnRoute, .driverArriving: true
        case .idle, .rideInProgress, .approachingDestination, .rideCompleted, .error: false
        }
    }
}
