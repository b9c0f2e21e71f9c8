/// The raw result of a route search, before guidance: the roads driven and the junctions
/// between them. Guidance turns it into a `Route` with steps.
public struct RoutePath: Sendable, Hashable {
    /// One leg per pair of consecutive waypoints.
    public var legs: [Leg]
    /// The snapped waypoints, one per input coordinate.
    public var waypoints: [Waypoint]

    /// Creates a path.
    public init(legs: [Leg], waypoints: [Waypoint]) {
        self.legs = legs
        self.waypoints = waypoints
    }

    /// Total distance in metres.
    public var distance: Double { legs.reduce(0) { $0 + $1.distance } }
    /// Total duration in seconds.
    public var duration: Double { legs.reduce(0) { $0 + $1.duration } }
    /// Total routing weight (duration plus turn costs, seconds).
    public var weight: Double { legs.reduce(0) { $0 + $1.weight } }

    /// The path between two consecutive waypoints.
    public struct Leg: Sendable, Hashable {
        /// The roads in order. The first starts at the departure point, the last ends at
        /// the arrival point (both possibly part-way along a road).
        public var roads: [RoadStretch]
        /// `junctions[i]` is where `roads[i]` ends and `roads[i + 1]` begins
        /// (so there is one fewer junction than roads).
        public var junctions: [Junction]
        /// Routing weight of the leg (seconds, turn costs included).
        public var weight: Double

        /// Creates a leg.
        public init(roads: [RoadStretch], junctions: [Junction], weight: Double) {
            self.roads = roads
            self.junctions = junctions
            self.weight = weight
        }

        /// Distance in metres.
        public var distance: Double { roads.reduce(0) { $0 + $1.distance } }
        /// Travel time in seconds (turn costs included in the stretch durations).
        public var duration: Double { roads.reduce(0) { $0 + $1.duration } }
    }

    /// A continuous piece of one road (same attributes) driven from one junction to the next.
    public struct RoadStretch: Sendable, Hashable {
        /// The road's attributes in travel direction.
        public var road: RoadInfo
        /// Geometry in travel direction, at least two points.
        public var coordinates: [Coordinate]
        /// Metres per geometry segment (`coordinates.count - 1` values).
        public var segmentDistances: [Double]
        /// Seconds per geometry segment (`coordinates.count - 1` values).
        public var segmentDurations: [Double]

        /// Creates a stretch.
        public init(road: RoadInfo, coordinates: [Coordinate], segmentDistances: [Double],
                    segmentDurations: [Double])
        {
            self.road = road
            self.coordinates = coordinates
            self.segmentDistances = segmentDistances
            self.segmentDurations = segmentDurations
        }

        /// Length in metres.
        public var distance: Double { segmentDistances.reduce(0, +) }
        /// Travel time in seconds.
        public var duration: Double { segmentDurations.reduce(0, +) }
    }

    /// A graph node where the route passes from one stretch to the next, with every road
    /// that meets there.
    public struct Junction: Sendable, Hashable {
        /// Where the junction is.
        public var location: Coordinate
        /// The roads at the junction, sorted by bearing (clockwise from north).
        public var arms: [Arm]
        /// Index in `arms` of the road the route arrives on (its bearing points back along it).
        public var inArm: Int
        /// Index in `arms` of the road the route leaves on.
        public var outArm: Int
        /// Turn cost paid here, seconds (already included in the durations).
        public var turnCost: Double

        /// Creates a junction.
        public init(location: Coordinate, arms: [Arm], inArm: Int, outArm: Int, turnCost: Double = 0) {
            self.location = location
            self.arms = arms
            self.inArm = inArm
            self.outArm = outArm
            self.turnCost = turnCost
        }
    }

    /// One road at a junction.
    public struct Arm: Sendable, Hashable {
        /// Bearing from the junction along the road, degrees 0…359.
        public var bearing: Int
        /// Whether the traveller coming from `inArm` may leave on this road (mode access,
        /// oneway and turn restrictions all considered).
        public var canEnter: Bool
        /// Whether traffic can arrive at the junction along this road (used to detect merges).
        public var canArrive: Bool
        /// The road's attributes in the direction leaving the junction. For the roads the
        /// route neither arrives nor leaves on, the embedded engine fills in class, mode and
        /// flags only (no names), which is all a maneuver decision looks at.
        public var road: RoadInfo

        /// Creates an arm.
        public init(bearing: Int, canEnter: Bool, canArrive: Bool, road: RoadInfo) {
            self.bearing = bearing
            self.canEnter = canEnter
            self.canArrive = canArrive
            self.road = road
        }
    }
}

/// A waypoint as snapped onto the road network.
public struct Waypoint: Sendable, Hashable, Codable {
    /// The coordinate the user asked for.
    public var input: Coordinate
    /// The snapped location on the nearest road.
    public var location: Coordinate
    /// Name of the road snapped to.
    public var name: String
    /// Metres between the input and the snapped location.
    public var distance: Double

    /// Creates a waypoint.
    public init(input: Coordinate, location: Coordinate, name: String, distance: Double) {
        self.input = input
        self.location = location
        self.name = name
        self.distance = distance
    }
}
