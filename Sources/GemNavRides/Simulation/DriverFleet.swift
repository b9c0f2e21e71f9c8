import Foundation
import GemNavCore
import GemNavNavigation
import GemNavRouting

/// Simulated drivers on the real road network: placed on roads from a seed, cruising from one
/// random road point to the next at road speeds while free, and handed over to a ride when
/// dispatched. A fleet given a service area works only there, as a city's drivers do: placed
/// and cruising on roads within a few minutes' drive of its centre.
public struct DriverFleet: Sendable {
    /// Where a fleet works: the roads within `reach` seconds of driving to `centre`.
    public struct ServiceArea: Sendable, Hashable {
        /// The point the drivers stay near (a ride service puts them where riders are).
        public var centre: Coordinate
        /// The longest drive from a driver's road to the centre, in seconds.
        public var reach: Double

        /// The default reach: ten minutes, well inside the dispatcher's limit, so a rider at the
        /// centre always has the whole fleet within reach.
        public static let defaultReach = 600.0

        /// An area around `centre`.
        public init(centre: Coordinate, reach: Double = ServiceArea.defaultReach) {
            self.centre = centre
            self.reach = reach
        }

        /// The straight-line radius searched for roads: as far as a car goes in `reach` on a
        /// fast road, so the drive test, not the circle, decides.
        var radius: Double { reach * 25 }
    }

    /// A driver and what they are doing.
    public struct Member: Sendable, Hashable {
        /// Who, and where the car is.
        public var driver: Driver
        /// Whether the driver is on a ride (and so not cruising or dispatchable).
        public var isBusy = false
        /// The cruise being driven while free.
        var cruise: RouteFollower?
    }

    private let engine: RoutingEngine
    private var generator: SeededGenerator
    private let cruising: Bool
    private let area: ServiceArea?
    /// Every driver, in a fixed order.
    public private(set) var members: [Member]

    /// Metres around a random point searched for a road to put a car on.
    static let placementRadius = 250.0
    /// Random points tried for one road position before giving up on it.
    static let placementAttempts = 60

    /// `count` drivers placed on random roads of the map, or of `area` when given, cruising;
    /// the same `seed` gives the same drivers, positions and cruises.
    /// - Throws: `RideError` `.noRoute` when the area's centre is off the roads, or the map has
    ///   too few roads to place the drivers.
    public init(engine: RoutingEngine, count: Int, seed: UInt64, area: ServiceArea? = nil) throws(RideError) {
        self.engine = engine
        generator = SeededGenerator(seed: seed)
        cruising = true
        self.area = area
        members = []
        if let area {
            // A pickup off the roads is the rider's mistake to fix, not a lack of drivers.
            do {
                _ = try engine.nearest(area.centre)
            } catch {
                throw RideError(.noRoute("\(error)"))
            }
        }
        for i in 0..<max(0, count) {
            guard let position = randomRoadPoint() else {
                throw RideError(.noRoute("no road found to place driver \(i + 1) of \(count) on the map"))
            }
            members.append(Member(driver: Self.profile(i, position: position, generator: &generator)))
        }
    }

    /// Drivers where they are, parked unless `cruising` (tests build exact situations with it).
    public init(engine: RoutingEngine, drivers: [Driver], cruising: Bool = false, seed: UInt64 = 1) {
        self.engine = engine
        generator = SeededGenerator(seed: seed)
        self.cruising = cruising
        area = nil
        members = drivers.map { Member(driver: $0) }
    }

    /// The free drivers: their indexes in `members` and positions.
    public var free: [(index: Int, position: Coordinate)] {
        members.indices.filter { !members[$0].isBusy }.map { ($0, members[$0].driver.position) }
    }

    /// The free drivers whose car takes a `rideClass` ride.
    public func free(for rideClass: RideClass) -> [(index: Int, position: Coordinate)] {
        free.filter { members[$0.index].driver.rideClass.serves(rideClass) }
    }

    /// Moves every free driver `seconds` along their cruise, starting a new cruise at its end.
    mutating func cruise(for seconds: Double) {
        guard cruising else { return }
        for i in members.indices where !members[i].isBusy {
            if members[i].cruise?.isFinished ?? true {
                members[i].cruise = newCruise(from: members[i].driver.position)
            }
            guard var follower = members[i].cruise else { continue }
            follower.advance(by: seconds)
            members[i].driver.position = follower.position
            members[i].cruise = follower
        }
    }

    /// Takes driver `index` off cruising for a ride.
    mutating func engage(_ index: Int) {
        members[index].isBusy = true
        members[index].cruise = nil
    }

    /// Moves a busy driver to `position` (the ride drives them).
    mutating func move(_ index: Int, to position: Coordinate) {
        members[index].driver.position = position
    }

    /// Frees driver `index` after a ride, where they are.
    mutating func release(_ index: Int) {
        members[index].isBusy = false
    }

    /// A route from `start` to a random road point, nil when none is found this time.
    private mutating func newCruise(from start: Coordinate) -> RouteFollower? {
        guard let target = randomRoadPoint(),
              let path = try? engine.route(RouteRequest(waypoints: [start, target])).first,
              path.duration > 0
        else { return nil }
        return RouteFollower(RideRoute(path))
    }

    /// A point on a road inside the map's box and, with a service area, within its reach (the
    /// centre's own road when random points keep missing it).
    private mutating func randomRoadPoint() -> Coordinate? {
        let map = engine.graph.boundingBox
        var box = map
        if let area {
            let lat = area.radius / Geodesy.earthRadius * 180 / .pi
            let lon = lat / max(0.01, cos(area.centre.latitude * .pi / 180))
            box = BoundingBox(min: Coordinate(latitude: max(map.min.latitude, area.centre.latitude - lat),
                                              longitude: max(map.min.longitude, area.centre.longitude - lon)),
                              max: Coordinate(latitude: min(map.max.latitude, area.centre.latitude + lat),
                                              longitude: min(map.max.longitude, area.centre.longitude + lon)))
            guard box.min.latitude <= box.max.latitude, box.min.longitude <= box.max.longitude else { return nil }
        }
        for _ in 0..<Self.placementAttempts {
            let c = Coordinate(latitude: .random(in: box.min.latitude...box.max.latitude, using: &generator),
                               longitude: .random(in: box.min.longitude...box.max.longitude, using: &generator))
            guard let road = try? engine.nearest(c, radius: Self.placementRadius).first?.location else { continue }
            if let area {
                guard let drive = try? engine.route(RouteRequest(waypoints: [road, area.centre])).first,
                      drive.duration <= area.reach
                else { continue }
            }
            return road
        }
        // Few roads within reach (a pickup at the end of a long dead end): the driver waits on
        // the centre's own road rather than nowhere.
        return area.flatMap { try? engine.nearest($0.centre).first?.location }
    }

    private static let names = ["Ana", "Luca", "Sofia", "Marc", "Inès", "Tiago", "Emma", "Hugo", "Lea", "Nuno",
                                "Clara", "Paul", "Marta", "Jonas", "Chloé", "Rui"]
    private static let cars: [(String, RideClass)] = [
        ("Renault Zoe, white", .standard), ("Toyota Prius, grey", .standard), ("Peugeot 508, black", .standard),
        ("Tesla Model 3, blue", .standard), ("Skoda Octavia, silver", .standard), ("Kia Niro, red", .standard),
        ("Mercedes V-Class, black", .xl), ("VW Multivan, grey", .xl)]

    /// A seeded name, car, plate and rating for driver `i`.
    private static func profile(_ i: Int, position: Coordinate, generator: inout SeededGenerator) -> Driver {
        let letters = Array("ABCDEFGHJKLMNPRSTVWXYZ")
        func letter() -> Character { letters[Int.random(in: 0..<letters.count, using: &generator)] }
        let plate = "\(letter())\(letter())-\(Int.random(in: 100...999, using: &generator))-\(letter())\(letter())"
        let rating = (Double.random(in: 4.3...5.0, using: &generator) * 10).rounded() / 10
        // Every fourth car is an XL one, so a fleet of four or more always has one to offer;
        // a random mix left whole fleets without any.
        let rideClass: RideClass = i % 4 == 3 ? .xl : .standard
        let models = cars.filter { $0.1 == rideClass }
        let car = models[Int.random(in: 0..<models.count, using: &generator)].0
        return Driver(id: "D\(i + 1)", name: names[i % names.count], car: car, plate: plate, rating: rating,
                      position: position, rideClass: rideClass)
    }
}
