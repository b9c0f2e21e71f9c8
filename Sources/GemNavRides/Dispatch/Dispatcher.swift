import Foundation
import GemNavCore

/// Chooses the driver for a request: the free driver with the shortest driving time to the
/// pickup, found with one many-to-one matrix query (straight-line distance misleads on a map
/// of one-way streets, tunnels and hairpins).
public struct Dispatcher: Sendable {
    /// The driving times.
    public let matrix: any TravelTimeMatrix
    /// A driver farther than this many seconds from the pickup is not sent.
    public var limit: Double

    /// The default limit: 15 minutes of driving.
    public static let defaultLimit = 900.0

    /// Creates a dispatcher.
    public init(matrix: any TravelTimeMatrix, limit: Double = Dispatcher.defaultLimit) {
        self.matrix = matrix
        self.limit = limit
    }

    /// The index in `drivers` of the driver to send and their driving time to `pickup`.
    /// - Throws: `RideError` `.noDriverAvailable` when no driver reaches it within `limit`, or
    ///   `.matrixFailed`.
    public func choose(among drivers: [Coordinate], for pickup: Coordinate) throws(RideError)
        -> (index: Int, eta: Double)
    {
        let noDriver = RideError(.noDriverAvailable(limit: limit, drivers: drivers.count))
        guard !drivers.isEmpty else { throw noDriver }
        let table = try matrix.durations(from: drivers, to: [pickup])
        var best: (index: Int, eta: Double)?
        for (i, row) in table.enumerated() {
            guard let eta = row.first ?? nil, eta <= limit else { continue }
            if best == nil || eta < best!.eta { best = (i, eta) }
        }
        guard let best else { throw noDriver }
        return best
    }
}
