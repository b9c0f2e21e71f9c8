/// The road network a route was found on, as guidance may walk it: some of OSRM's rules
/// decide a junction by what lies beyond it on roads the route does not take (a sliproad is
/// one only if the main road meets the road it leads to just ahead).
public protocol StreetNetwork: AnyObject, Sendable {
    /// The junction at the far end of directed edge `edge` (an arm's `edge`), as seen by a
    /// traveller arriving along it: `inArm` is the road back, `outArm` equals it, and
    /// `canEnter` says where that traveller may go on.
    func junction(reachedBy edge: Int32) -> RoutePath.Junction
    /// The geometry of directed edge `edge`, in travel direction, both ends included.
    func coordinates(of edge: Int32) -> [Coordinate]
    /// The length of directed edge `edge` along its geometry, metres.
    func length(of edge: Int32) -> Double
    /// Whether directed edge `edge` may be driven at all (oneway and access; turn
    /// restrictions, which `canEnter` also weighs, aside).
    func isDrivable(_ edge: Int32) -> Bool
}

/// A leg's link to its road network. It is no part of the leg's value: two legs over the
/// same roads are equal whichever network they were found on.
public struct NetworkLink: Sendable, Hashable {
    /// The network.
    public let network: any StreetNetwork

    /// Links to `network`.
    public init(_ network: any StreetNetwork) { self.network = network }

    public static func == (a: NetworkLink, b: NetworkLink) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
