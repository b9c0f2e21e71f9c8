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
    ///
    /// The geometry is stored once for the whole leg, and each road stretch names its part
    /// of it: a route has a stretch per road between junctions, and three arrays per stretch
    /// were most of a query's allocations.
    public struct Leg: Sendable, Hashable {
        /// The roads in order. The first starts at the departure point, the last ends at
        /// the arrival point (both possibly part-way along a road).
        public var roads: [RoadStretch]
        /// `junctions[i]` is where `roads[i]` ends and `roads[i + 1]` begins
        /// (so there is one fewer junction than roads).
        public var junctions: [Junction]
        /// Geometry in travel direction; consecutive stretches share their joint point.
        public var coordinates: [Coordinate]
        /// Metres per geometry segment (`coordinates.count - 1` values; segment `i` runs
        /// from point `i` to point `i + 1`).
        public var segmentDistances: [Double]
        /// Seconds per geometry segment, turn costs included.
        public var segmentDurations: [Double]
        /// Routing weight of the leg (seconds, turn costs included).
        public var weight: Double
        /// The road network the leg was found on, for guidance rules that look at roads the
        /// route does not take (OSRM's sliproad test); nil for a leg drawn by hand.
        public var network: NetworkLink?

        /// Creates a leg from its parts.
        public init(roads: [RoadStretch], junctions: [Junction], coordinates: [Coordinate],
                    segmentDistances: [Double], segmentDurations: [Double], weight: Double)
        {
            self.roads = roads
            self.junctions = junctions
            self.coordinates = coordinates
            self.segmentDistances = segmentDistances
            self.segmentDurations = segmentDurations
            self.weight = weight
        }

        /// Creates an empty leg, to be filled with `append(_:coordinates:segmentDistances:segmentDurations:)`
        /// and `junctions`.
        public init(weight: Double) {
            self.init(roads: [], junctions: [], coordinates: [], segmentDistances: [], segmentDurations: [],
                      weight: weight)
        }

        /// Appends a stretch of `road` along `coordinates` (at least two points, in travel
        /// direction, with one distance and duration per segment). Its first point is the
        /// joint with the previous stretch and stored once when the two coincide.
        public mutating func append(_ road: RoadInfo, coordinates line: some Collection<Coordinate>,
                                    segmentDistances distances: some Sequence<Double>,
                                    segmentDurations durations: some Sequence<Double>)
        {
            guard let first = line.first else { return }
            let start = beginStretch(at: first)
            coordinates.append(contentsOf: line.dropFirst())
            segmentDistances.append(contentsOf: distances)
            segmentDurations.append(contentsOf: durations)
            roads.append(RoadStretch(road: road, points: start..<coordinates.count))
        }

        /// Where a stretch starting at `point` begins in `coordinates`: the last point when it
        /// is the same, else a new point (joined to the previous one by an empty segment, so
        /// segments and points stay aligned).
        public mutating func beginStretch(at point: Coordinate) -> Int {
            if let last = coordinates.last {
                if last == point { return coordinates.count - 1 }
                segmentDistances.append(0)
                segmentDurations.append(0)
            }
            coordinates.append(point)
            return coordinates.count - 1
        }

        /// The points of stretch `k`.
        public func coordinates(of k: Int) -> ArraySlice<Coordinate> { coordinates[roads[k].points] }

        /// The segment indexes of stretch `k`.
        public func segments(of k: Int) -> Range<Int> { roads[k].points.lowerBound..<(roads[k].points.upperBound - 1) }

        /// Length of stretch `k` in metres.
        public func distance(of k: Int) -> Double {
            var total = 0.0
            for i in segments(of: k) { total += segmentDistances[i] }
            return total
        }

        /// Travel time on stretch `k` in seconds.
        public func duration(of k: Int) -> Double {
            var total = 0.0
            for i in segments(of: k) { total += segmentDurations[i] }
            return total
        }

        /// Distance in metres.
        public var distance: Double { segmentDistances.reduce(0, +) }
        /// Travel time in seconds (turn costs included in the segment durations).
        public var duration: Double { segmentDurations.reduce(0, +) }
    }

    /// A continuous piece of one road (same attributes) driven from one junction to the next.
    public struct RoadStretch: Sendable, Hashable {
        /// The road's attributes in travel direction.
        public var road: RoadInfo
        /// Indexes of its points in the leg's `coordinates` (at least two).
        public var points: Range<Int>

        /// Creates a stretch.
        public init(road: RoadInfo, points: Range<Int>) {
            self.road = road
            self.points = points
        }
    }

    /// A graph node where the route passes from one stretch to the next, with every road
    /// that meets there.
    public struct Junction: Sendable, Hashable {
        /// Where the junction is.
        public var location: Coordinate
        /// The roads at the junction, sorted by bearing (clockwise from north).
        public var arms: Arms
        /// Index in `arms` of the road the route arrives on (its bearing points back along it).
        public var inArm: Int
        /// Index in `arms` of the road the route leaves on.
        public var outArm: Int
        /// Turn cost paid here, seconds (already included in the durations).
        public var turnCost: Double
        /// How the map says the turn taken here is to be announced (an OSM `type=maneuver`
        /// relation whose roads the route drives), if it says so.
        public var maneuverOverride: ManeuverOverride?
        /// The graph node, to tell junctions reached along different roads apart (-1 when
        /// not known).
        public var node: Int32 = -1

        /// Creates a junction.
        public init(location: Coordinate, arms: [Arm], inArm: Int, outArm: Int, turnCost: Double = 0) {
            self.init(location: location, arms: Arms(arms), inArm: inArm, outArm: outArm, turnCost: turnCost)
        }

        /// Creates a junction whose arms may lie in storage shared with other junctions.
        public init(location: Coordinate, arms: Arms, inArm: Int, outArm: Int, turnCost: Double = 0) {
            self.location = location
            self.arms = arms
            self.inArm = inArm
            self.outArm = outArm
            self.turnCost = turnCost
        }
    }

    /// The arms of one junction, indexed from 0. A leg's junctions keep their arms in one
    /// shared array: a route passes hundreds of junctions, and an array of its own for each
    /// was the query's most frequent allocation.
    public struct Arms: RandomAccessCollection, Sendable, Hashable {
        private let storage: [Arm]
        private let offset: Int
        /// The number of arms.
        public let count: Int

        /// Arms kept in an array of their own.
        public init(_ arms: [Arm]) {
            self.init(arms, range: arms.indices)
        }

        /// The arms at `range` of `storage`.
        public init(_ storage: [Arm], range: Range<Int>) {
            precondition(range.lowerBound >= 0 && range.upperBound <= storage.count, "arms outside their storage")
            self.storage = storage
            offset = range.lowerBound
            count = range.count
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }

        public subscript(i: Int) -> Arm {
            precondition(i >= 0 && i < count, "arm index out of range")
            return storage[offset + i]
        }

        public static func == (a: Arms, b: Arms) -> Bool { a.elementsEqual(b) }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for arm in self { hasher.combine(arm) }
        }
    }

    /// One road at a junction.
    public struct Arm: Sendable, Hashable {
        /// Bearing from the junction along the road, whole degrees 0…359, as listed.
        public var bearing: Int
        /// The same bearing before rounding: turn angles are decided on it, as OSRM decides
        /// them, so a turn of 59.6° is no 60° one.
        public var exactBearing: Double
        /// The bearing of the road's first 2 m, which can point elsewhere than the road goes
        /// (a lane offset, a curve drawn into the junction); OSRM's wide-turn test checks it.
        public var initialBearing: Double
        /// Whether the traveller coming from `inArm` may leave on this road (mode access,
        /// oneway and turn restrictions all considered).
        public var canEnter: Bool
        /// Whether traffic can arrive at the junction along this road (used to detect merges).
        public var canArrive: Bool
        /// The road's attributes in the direction leaving the junction, names and refs
        /// included on every arm: deciding the obvious road compares the names of all of them.
        public var road: RoadInfo
        /// Whether the road leaving along this arm is the short piece inside a divided road's
        /// crossing, which guidance folds into one maneuver with the junction after it.
        public var insideCrossing: Bool
        /// The network's directed edge leaving the junction along this road, to follow it with
        /// `StreetNetwork.junction(reachedBy:)` (-1 when not known).
        public var edge: Int32 = -1

        /// Creates an arm; `exactBearing` and `initialBearing` default to `bearing`.
        public init(bearing: Int, exactBearing: Double? = nil, initialBearing: Double? = nil, canEnter: Bool,
                    canArrive: Bool, road: RoadInfo, insideCrossing: Bool = false)
        {
            self.bearing = bearing
            self.exactBearing = exactBearing ?? Double(bearing)
            self.initialBearing = initialBearing ?? exactBearing ?? Double(bearing)
            self.canEnter = canEnter
            self.canArrive = canArrive
            self.road = road
            self.insideCrossing = insideCrossing
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
