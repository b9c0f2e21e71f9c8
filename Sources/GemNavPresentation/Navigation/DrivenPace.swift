import Foundation

/// How fast the route is actually being covered compared with its planned durations, so the
/// ETA follows the speed driven: a pace of 0.8 means each planned minute takes 1¼ minutes.
/// Smoothed over about a minute so a red light does not make the arrival time jump.
public struct DrivenPace: Sendable, Hashable {
    /// Planned seconds covered per second driven, smoothed.
    public private(set) var pace = 1.0
    private var lastT: Double?
    private var lastRemaining = 0.0

    /// The pace of a trip not driven yet: as planned.
    public init() {}

    /// Seconds over which the pace is smoothed.
    static let timeConstant = 60.0
    /// Bounds on the pace, so one odd stretch cannot make an absurd ETA.
    static let range = 0.4...1.6

    /// Records that `remaining` planned seconds were left at trip time `t`.
    public mutating func record(t: Double, remaining: Double) {
        defer { (lastT, lastRemaining) = (t, remaining) }
        guard let lastT, t > lastT else { return }
        let dt = t - lastT
        let covered = lastRemaining - remaining
        // A reroute or a new leg changes the remaining time by more than driving can: skip it.
        guard covered >= 0, covered <= 3 * dt else { return }
        let weight = 1 - exp(-dt / Self.timeConstant)
        pace += weight * (covered / dt - pace)
        pace = min(Self.range.upperBound, max(Self.range.lowerBound, pace))
    }

    /// Seconds left at the pace driven.
    public func adjusted(_ remaining: Double) -> Double { remaining / pace }
}
