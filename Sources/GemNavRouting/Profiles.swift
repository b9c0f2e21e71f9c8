/// The built-in profiles. Speeds and rules follow OSRM's car.lua, bicycle.lua and foot.lua so
/// GemNav's durations are comparable with the reference engine's.
extension Profile {
    private static let surfaceCaps: [String: Double] = [
        "cement": 80, "compacted": 80, "fine_gravel": 80, "paving_stones": 60, "metal": 60,
        "bricks": 60, "grass": 40, "wood": 40, "sett": 40, "grass_paver": 40, "gravel": 40,
        "unpaved": 40, "ground": 40, "dirt": 40, "pebblestone": 40, "tartan": 40,
        "cobblestone": 30, "clay": 30, "earth": 20, "stone": 20, "rocky": 20, "sand": 20,
        "laterite": 15, "mud": 10, "ice": 20, "snow": 30,
    ]

    /// Driving a car.
    public static let car = Profile(
        name: "car", mode: .driving,
        highwaySpeeds: [
            "motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40, "primary": 65,
            "primary_link": 30, "secondary": 55, "secondary_link": 25, "tertiary": 40,
            "tertiary_link": 20, "unclassified": 25, "residential": 25, "living_street": 10,
            "service": 15, "road": 25,
        ],
        accessHierarchy: ["access", "vehicle", "motor_vehicle", "motorcar"],
        forbiddenAccess: ["no", "agricultural", "forestry", "emergency", "psv", "bus", "taxi",
                          "military", "official", "private", "delivery", "permit", "restricted",
                          "foot", "bicycle"],
        restrictedAccess: ["destination", "customers", "residents"],
        restrictedPenalty: 600,
        onewayKeys: ["oneway:motorcar", "oneway:motor_vehicle", "oneway:vehicle", "oneway"],
        obeysOneway: true,
        blockingBarriers: ["bollard", "block", "chain", "fence", "wall", "kerb", "stile",
                           "turnstile", "kissing_gate", "cycle_barrier", "log", "jersey_barrier",
                           "bus_trap", "motorcycle_barrier", "full-height_turnstile", "swing_gate",
                           "debris", "planter", "barrier_board", "sump_buster", "spikes", "hampshire_gate"],
        barrierPenalties: ["gate": 60, "lift_gate": 60],
        maxspeedFactor: 0.8, usesMaxspeed: true,
        surfaceSpeeds: surfaceCaps,
        tracktypeSpeeds: ["grade1": 60, "grade2": 40, "grade3": 30, "grade4": 25, "grade5": 20],
        ferrySpeed: 5, turnPenalty: 7.5, turnBias: 1.075, uTurnPenalty: 20,
        trafficSignalPenalty: 2,
        restrictionKeys: ["motorcar", "motor_vehicle", "vehicle"], obeysTurnRestrictions: true,
        pushingHighways: [:],
        servicePenalties: ["alley": 0.5, "parking": 0.5, "parking_aisle": 0.5, "driveway": 0.5,
                           "drive-through": 0.5, "drive-thru": 0.5])

    /// Riding a bicycle.
    public static let bicycle = Profile(
        name: "bicycle", mode: .cycling,
        highwaySpeeds: [
            "cycleway": 15, "primary": 15, "primary_link": 15, "secondary": 15, "secondary_link": 15,
            "tertiary": 15, "tertiary_link": 15, "residential": 15, "unclassified": 15,
            "living_street": 15, "road": 15, "service": 15, "track": 12, "path": 12,
            "trunk": 15, "trunk_link": 15,
        ],
        accessHierarchy: ["access", "vehicle", "bicycle"],
        forbiddenAccess: ["no", "private", "agricultural", "forestry", "delivery", "military",
                          "official", "use_sidepath"],
        restrictedAccess: ["destination", "customers"],
        restrictedPenalty: 300,
        onewayKeys: ["oneway:bicycle", "oneway"],
        obeysOneway: true,
        blockingBarriers: ["wall", "fence", "block", "log", "full-height_turnstile", "turnstile",
                           "stile", "jersey_barrier", "debris"],
        barrierPenalties: ["gate": 10, "lift_gate": 10, "kissing_gate": 20, "cycle_barrier": 10],
        maxspeedFactor: 1, usesMaxspeed: false,
        surfaceSpeeds: ["cobblestone": 6, "sett": 10, "gravel": 10, "unpaved": 6, "ground": 10,
                        "dirt": 8, "grass": 6, "sand": 3, "mud": 3, "pebblestone": 6,
                        "fine_gravel": 10, "compacted": 10, "wood": 6, "paving_stones": 12],
        tracktypeSpeeds: ["grade1": 12, "grade2": 10, "grade3": 8, "grade4": 6, "grade5": 4],
        ferrySpeed: 5, turnPenalty: 6, turnBias: 1.4, uTurnPenalty: 20,
        trafficSignalPenalty: 2,
        restrictionKeys: ["bicycle", "vehicle"], obeysTurnRestrictions: true,
        pushingHighways: ["footway": 4, "pedestrian": 4, "steps": 2, "platform": 4],
        servicePenalties: [:])

    /// Walking.
    public static let foot = Profile(
        name: "foot", mode: .walking,
        highwaySpeeds: [
            "primary": 5, "primary_link": 5, "secondary": 5, "secondary_link": 5, "tertiary": 5,
            "tertiary_link": 5, "unclassified": 5, "residential": 5, "road": 5, "living_street": 5,
            "service": 5, "track": 5, "path": 5, "steps": 5, "pedestrian": 5, "footway": 5,
            "pier": 5, "cycleway": 5, "bridleway": 5, "trunk": 5, "trunk_link": 5,
        ],
        accessHierarchy: ["access", "foot"],
        forbiddenAccess: ["no", "private", "agricultural", "forestry", "delivery", "military",
                          "official", "use_sidepath"],
        restrictedAccess: ["destination", "customers"],
        restrictedPenalty: 300,
        onewayKeys: ["oneway:foot"],
        obeysOneway: false,
        blockingBarriers: ["wall", "fence", "block", "jersey_barrier", "debris"],
        barrierPenalties: [:],
        maxspeedFactor: 1, usesMaxspeed: false,
        surfaceSpeeds: ["fine_gravel": 4.5, "gravel": 4.5, "pebblestone": 4.5, "mud": 2.5,
                        "sand": 2.5],
        tracktypeSpeeds: [:],
        ferrySpeed: 5, turnPenalty: 0, turnBias: 1, uTurnPenalty: 0, trafficSignalPenalty: 0,
        restrictionKeys: ["foot"], obeysTurnRestrictions: false,
        pushingHighways: [:],
        servicePenalties: [:])
}
