/// Road signage compared as OSRM compares its name ids: one id per distinct (name,
/// destinations, pronunciation, ref, exits), the empty one for a road without any.
extension RoadInfo {
    /// OSRM's empty name id: no name, ref, destination, exit number or pronunciation.
    public var hasNoLabels: Bool {
        name.isEmpty && ref.isEmpty && destinations.isEmpty && destinationRef.isEmpty && exits.isEmpty
            && pronunciation.isEmpty
    }

    /// OSRM's equal name ids: the same name, ref, destinations, exit numbers and pronunciation.
    public func sameLabels(as other: RoadInfo) -> Bool {
        name == other.name && ref == other.ref && destinations == other.destinations
            && destinationRef == other.destinationRef && exits == other.exits && pronunciation == other.pronunciation
    }

    /// Whether OSRM's graph compression makes one road of two pieces of way meeting end to end
    /// (in travel direction): the same signs, class, mode, ring, tunnel and toll. Speeds and
    /// lane counts may differ.
    public func isSameRoad(as other: RoadInfo) -> Bool {
        sameLabels(as: other) && roadClass == other.roadClass && mode == other.mode && isRoundabout == other.isRoundabout
            && isTunnel == other.isTunnel && isToll == other.isToll
    }
}
