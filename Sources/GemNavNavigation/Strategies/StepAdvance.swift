import Foundation

/// What a step-advance strategy sees for the step being driven.
public struct StepAdvanceContext: Sendable, Hashable {
    /// Metres from the leg's start to the snapped position.
    public var along: Double
    /// Metres from the leg's start to the maneuver that ends the current step.
    public var maneuverAlong: Double
    /// Metres between the fix and the route.
    public var distanceFromRoute: Double
    /// The fix's horizontal accuracy in metres.
    public var horizontalAccuracy: Double

    /// Creates a context.
    public init(along: Double, maneuverAlong: Double, distanceFromRoute: Double,
                horizontalAccuracy: Double)
    {
        self.along = along
        self.maneuverAlong = maneuverAlong
        self.distanceFromRoute = distanceFromRoute
        self.horizontalAccuracy = horizontalAccuracy
    }

    /// Metres to the maneuver; negative once it is behind the user.
    public var distanceToManeuver: Double { maneuverAlong - along }
}

/// Decides when the user has finished the current step (Ferrostar-style composable strategy).
public protocol StepAdvanceStrategy: Sendable {
    /// Whether to move on to the next step.
    func shouldAdvance(_ context: StepAdvanceContext) -> Bool
}

/// Advances only once the maneuver point is behind the user by `margin` metres along the route
/// while the fix stays near the route. Passing, not approaching: a driver who goes straight on
/// past a turn is matched to the end of the old step, never beyond it, so the step stays.
public struct ManeuverPassedStepAdvance: StepAdvanceStrategy {
    /// Metres beyond the maneuver point.
    public var margin: Double
    /// Fixes farther than this from the route never advance the step.
    public var maximumDistanceFromRoute: Double

    /// Creates the strategy.
    public init(margin: Double = 3, maximumDistanceFromRoute: Double = 40) {
        self.margin = margin
        self.maximumDistanceFromRoute = maximumDistanceFromRoute
    }

    /// Whether the maneuver has been passed.
    public func shouldAdvance(_ context: StepAdvanceContext) -> Bool {
        context.distanceToManeuver <= -margin && context.distanceFromRoute <= maximumDistanceFromRoute
    }
}

/// Advances when the user is within `distance` metres of the maneuver (approach-based, as in
/// Ferrostar's `DistanceToEndOfStep`); useful for walking, where maneuvers are close together.
public struct DistanceToManeuverStepAdvance: StepAdvanceStrategy {
    /// Metres before the maneuver.
    public var distance: Double

    /// Creates the strategy.
    public init(distance: Double) { self.distance = distance }

    /// Whether the maneuver is close enough.
    public func shouldAdvance(_ context: StepAdvanceContext) -> Bool {
        context.distanceToManeuver <= distance
    }
}

/// Advances when any of its strategies does.
public struct AnyStepAdvance: StepAdvanceStrategy {
    /// The strategies, asked in order.
    public var strategies: [any StepAdvanceStrategy]

    /// Combines strategies.
    public init(_ strategies: [any StepAdvanceStrategy]) { self.strategies = strategies }

    /// Whether any strategy advances.
    public func shouldAdvance(_ context: StepAdvanceContext) -> Bool {
        strategies.contains { $0.shouldAdvance(context) }
    }
}
