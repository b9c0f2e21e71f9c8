import Foundation
import GemNavCore

/// Road kinds a route may be asked to avoid entirely.
public struct AvoidOptions: OptionSet, Sendable, Hashable {
    /// Raw bits.
    public let rawValue: UInt8
    /// Creates options from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Toll roads.
    public static let tolls = AvoidOptions(rawValue: EdgeFlags.toll)
    /// Motorways and their links.
    public static let motorways = AvoidOptions(rawValue: EdgeFlags.motorway)
    /// Ferries.
    public static let ferries = AvoidOptions(rawValue: EdgeFlags.ferry)

    /// Parses a comma-separated list (`tolls,motorways,ferries`; OSRM's singular `toll`,
    /// `motorway`, `ferry` too). Returns nil naming nothing on an unknown word.
    public init?(list: String) {
        self = []
        for word in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            switch word {
            case "toll", "tolls": insert(.tolls)
            case "motorway", "motorways", "highway", "highways": insert(.motorways)
            case "ferry", "ferries": insert(.ferries)
            case "": continue
            default: return nil
            }
        }
    }

    /// Human words for the options, e.g. "tolls and ferries".
    public var words: String {
        var w: [String] = []
        if contains(.tolls) { w.append("tolls") }
        if contains(.motorways) { w.append("motorways") }
        if contains(.ferries) { w.append("ferries") }
        return w.count > 1 ? w.dropLast().joined(separator: ", ") + " and " + w.last! : w.first ?? ""
    }
}

/// What to route: the waypoints and the options a client may set.
public struct RouteRequest: Sendable, Hashable {
    /// Two or more points to visit in order.
    public var waypoints: [Coordinate]
    /// How many alternative routes to add to the best one (0…3).
    public var alternatives: Int
    /// Road kinds to exclude.
    public var avoid: AvoidOptions
    /// Optional travel-direction filter per waypoint.
    public var bearings: [BearingFilter?]
    /// Optional snapping radius per waypoint in metres.
    public var radiuses: [Double?]
    /// Forbid U-turns at intermediate waypoints (continue in the arrival direction).
    public var continueStraight: Bool

    /// The snapping radius used when a waypoint has none.
    public static let defaultRadius = 1000.0
    /// How far a waypoint on a small disconnected piece of road (a car park, a one-way trap)
    /// may be moved to reach the connected network, when the request sets no radius.
    public static let connectedRoadRadius = 5000.0

    /// Creates a request.
    public init(waypoints: [Coordinate], alternatives: Int = 0, avoid: AvoidOptions = [],
                bearings: [BearingFilter?] = [], radiuses: [Double?] = [], continueStraight: Bool = true)
    {
        self.waypoints = waypoints
        self.alternatives = alternatives
        self.avoid = avoid
        self.bearings = bearings
        self.radiuses = radiuses
        self.continueStraight = continueStraight
    }
}
