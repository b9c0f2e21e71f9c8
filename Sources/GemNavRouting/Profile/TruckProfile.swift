/// The heavy goods vehicle: the car's rules (OSRM car.lua) with the truck's access keys, speed
/// caps and preferences. Its physical limits are not applied at import: each road and barrier
/// keeps them, so one graph serves every vehicle size a request names.
extension Profile {
    /// Highest average speeds of a heavy goods vehicle per road class, km/h. EU trucks are
    /// governed at 90 km/h (Directive 92/6/EEC) and Portugal's Código da Estrada (art. 27)
    /// allows them 90 on motorways, 80 on other roads outside towns and 50 in towns; the caps
    /// sit about 10 % under those, as car.lua's speeds sit under the car's limits.
    static let truckSpeedCaps: [String: Double] = [
        "motorway": 80, "motorway_link": 60, "trunk": 75, "trunk_link": 60, "primary": 70,
        "primary_link": 50, "secondary": 65, "secondary_link": 50, "tertiary": 60, "tertiary_link": 45,
        "unclassified": 45, "residential": 45, "living_street": 10, "service": 30,
    ]

    /// Driving a heavy goods vehicle (`hgv`).
    public static let truck: Profile = {
        var p = Profile.car
        p.name = "truck"
        // `goods` (light goods vehicles) sits under `hgv`: a road closed to all goods
        // vehicles is closed to trucks unless `hgv` says otherwise.
        p.accessHierarchy = ["access", "vehicle", "motor_vehicle", "goods", "hgv"]
        p.accessWhitelist.formUnion(["hgv", "goods"])
        p.onewayKeys = ["oneway:hgv", "oneway:motor_vehicle", "oneway:vehicle", "oneway"]
        p.restrictionKeys = ["hgv", "motor_vehicle", "vehicle"]
        for (highway, cap) in truckSpeedCaps {
            if let speed = p.highwaySpeeds[highway] { p.highwaySpeeds[highway] = Swift.min(speed, cap) }
        }
        var vehicle = VehicleRules.car
        vehicle.size = nil
        vehicle.limitKeys = .truck
        vehicle.speedCaps = truckSpeedCaps
        vehicle.ownMaxspeedKey = "maxspeed:hgv"
        vehicle.designatedKey = "hgv"
        // Valhalla's truck costing weighs designated truck routes at 0.85 (`kTruckRouteFactor`).
        vehicle.designatedFactor = 1 / 0.85
        p.vehicle = vehicle
        return p
    }()

    /// Whether graphs of this profile keep road and barrier limits for each request's vehicle.
    public var keepsVehicleLimits: Bool { vehicle != nil && vehicle?.size == nil }
}
