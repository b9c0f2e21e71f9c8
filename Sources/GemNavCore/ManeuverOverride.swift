/// How the map itself says one turn is to be announced: an OSM `type=maneuver` relation
/// (`maneuver=fork`, `direction=slight_left`, or `maneuver=suppress`), attached by the router
/// to the junction of a route where the relation's from → via → to roads are driven.
public struct ManeuverOverride: Sendable, Hashable {
    /// The maneuver type to announce instead of guidance's own; nil keeps guidance's.
    public var type: ManeuverType?
    /// The direction to announce instead of guidance's own; nil keeps guidance's.
    public var modifier: ManeuverModifier?
    /// Whether the turn is not announced at all (`maneuver=suppress`): the road after it is
    /// part of the step before.
    public var suppresses: Bool

    /// Creates an override.
    public init(type: ManeuverType? = nil, modifier: ManeuverModifier? = nil, suppresses: Bool = false) {
        self.type = type
        self.modifier = modifier
        self.suppresses = suppresses
    }

    /// This override with `later` applied on top, as OSRM applies several relations naming
    /// the same turn one after the other: each sets only what it states.
    public func merged(with later: ManeuverOverride) -> ManeuverOverride {
        ManeuverOverride(type: later.type ?? type, modifier: later.modifier ?? modifier,
                         suppresses: later.suppresses || (later.type == nil && suppresses))
    }
}
