import Foundation
import GemNavCore
import GemNavRides
import GemNavRouting
import GemNavServices
import GemNavTestSupport

/// Places, plans and drivers the ride tests share, and Monaco's engine loaded once.
enum RideFixtures {
    static let casino = Place(name: "Casino de Monte-Carlo", coordinate: Coordinate(latitude: 43.73933, longitude: 7.42755))
    static let stade = Place(name: "Stade Louis II", coordinate: Coordinate(latitude: 43.72760, longitude: 7.41550))
    static let palace = Place(name: "Palais Princier", coordinate: Coordinate(latitude: 43.73150, longitude: 7.42030))
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static let engine = Result { try MonacoData.data.get().loadEngine() }

    /// A small made-up plan (no engine needed) between the casino and the stadium.
    static func plan(_ rideClass: RideClass = .standard) -> RidePlan {
        let route = RideRoute(coordinates: [casino.coordinate, stade.coordinate], segmentDistances: [2000],
                              segmentDurations: [300])
        let tariff = Tariff(currency: "EUR", base: 4, perKilometre: 2, perMinute: 0.5, minimum: 10,
                            classMultipliers: ["xl": 1.5])
        return RidePlan(pickup: casino, destination: stade, rideClass: rideClass, route: route,
                        estimate: tariff.fare(distance: 2000, duration: 300, rideClass: rideClass, kind: .estimate))
    }

    static let driver = Driver(id: "D1", name: "Ana", car: "Renault Zoe, white", plate: "AB-123-CD", rating: 4.8,
                               position: palace.coordinate)

    static let finalFare = Fare(kind: .final, amount: 12.5, currency: "EUR", distance: 2010, duration: 310,
                                rideClass: .standard)
}
