import GemNavCore

/// What a profile makes of one OSM way: per direction, whether and how fast it may be used,
/// and the road attributes guidance needs.
struct WayAttributes: Hashable, Sendable {
    /// km/h forward along the way's node order; 0 when not allowed.
    var forwardSpeed: Double
    /// km/h against the node order; 0 when not allowed.
    var backwardSpeed: Double
    /// Weight multiplier (≥ 1) for roads a profile discourages (parking aisles…).
    var weightFactor: Double
    /// Entering this way costs the profile's restricted penalty (access=destination…).
    var isRestricted: Bool
    /// Whole-way ferry crossing time in seconds from its `duration` tag.
    var ferryDuration: Double?
    /// `toll=yes`.
    var isToll: Bool
    /// A motorway or motorway link (for avoid=motorways).
    var isMotorway: Bool
    /// `junction=circular` (a ring that is a rotary when named, never a plain roundabout).
    var isCircular: Bool
    /// Whether a route may start or end on it: not on a ferry or train, nor on a private
    /// service road (OSRM's `is_startpoint`).
    var isStartpoint: Bool
    /// Road attributes in node order.
    var forwardRoad: RoadInfo
    /// Road attributes against node order.
    var backwardRoad: RoadInfo

    var isFerry: Bool { forwardRoad.mode == .ferry }
}

/// What a profile makes of one tagged node.
struct NodeRules: Sendable, Hashable {
    /// The node cannot be passed (bollard, access=no…).
    var blocks = false
    /// Seconds to pass it (gates), 0 when free.
    var penalty = 0.0
    /// A traffic signal (costs the profile's signal penalty).
    var isTrafficSignal = false
}

extension Profile {
    /// The most specific access value present, following the access hierarchy.
    func accessValue(_ tags: [String: String]) -> String? {
        for key in accessHierarchy.reversed() {
            if let v = tags[key] { return v }
        }
        return nil
    }

    /// How this profile treats a node with these tags.
    func nodeRules(_ tags: [String: String]) -> NodeRules {
        var rules = NodeRules()
        if tags["highway"] == "traffic_signals" || tags["crossing"] == "traffic_signals" {
            rules.isTrafficSignal = trafficSignalPenalty > 0 && tags["highway"] == "traffic_signals"
        }
        if let access = accessValue(tags) {
            if forbiddenAccess.contains(access) && tags["barrier"] != nil { rules.blocks = true }
            return rules
        }
        guard let barrier = tags["barrier"] else { return rules }
        if barrier == "bollard" && tags["bollard"] == "rising" { return rules }
        if barrier == "kerb" && (tags["kerb"] == "lowered" || tags["kerb"] == "flush") { return rules }
        if let p = barrierPenalties[barrier] {
            rules.penalty = p
        } else if blockingBarriers.contains(barrier) {
            rules.blocks = true
        }
        return rules
    }

    /// How this profile treats a way with these tags, or nil when it cannot use it at all.
    func wayAttributes(_ tags: [String: String]) -> WayAttributes? {
        let highway = tags["highway"]
        let isFerry = tags["route"] == "ferry"
        guard highway != nil || isFerry else { return nil }
        if tags["area"] == "yes" && !isFerry { return nil }
        if let hw = highway, hw == "construction" || hw == "proposed" || hw == "abandoned" { return nil }
        if tags["impassable"] == "yes" || tags["status"] == "impassable" { return nil }

        let access = accessValue(tags)
        if let a = access, forbiddenAccess.contains(a) { return nil }
        let explicitlyAllowed = access.map { ["yes", "designated", "permissive"].contains($0) } ?? false

        var mode = isFerry ? TravelMode.ferry : self.mode
        var speed: Double
        if isFerry {
            speed = ferrySpeed
        } else if let hw = highway, let s = highwaySpeeds[hw] {
            speed = s
        } else if let hw = highway, let s = pushingHighways[hw] {
            speed = s
            mode = .walking
        } else if explicitlyAllowed, highway != "motorway" {
            speed = highwaySpeeds["residential"] ?? highwaySpeeds.values.min() ?? 5
        } else {
            return nil
        }

        let limits = isFerry ? (nil, nil) : parseDirectionalMaxspeed(tags)
        var forwardSpeed = speed, backwardSpeed = speed
        if usesMaxspeed {
            if let l = limits.0 { forwardSpeed = Swift.min(l * maxspeedFactor, l) }
            if let l = limits.1 { backwardSpeed = Swift.min(l * maxspeedFactor, l) }
        }
        for cap in [tags["surface"].flatMap { surfaceSpeeds[$0] },
                    tags["tracktype"].flatMap { tracktypeSpeeds[$0] }].compactMap({ $0 }) {
            forwardSpeed = Swift.min(forwardSpeed, cap)
            backwardSpeed = Swift.min(backwardSpeed, cap)
        }

        let (forwardOK, backwardOK) = onewayDirections(tags, highway: highway)
        if !forwardOK && !backwardOK { return nil }
        let roadClass = isFerry ? RoadClass.ferry : (highway.flatMap(RoadClass.init(rawValue:)) ?? .road)
        let junction = tags["junction"]
        let isRoundabout = junction == "roundabout" || junction == "circular"
        func road(forward: Bool, limit: Double?) -> RoadInfo {
            let suffix = forward ? ":forward" : ":backward"
            let onewayForward = forward && !backwardOK
            func directional(_ key: String) -> String {
                tags[key + suffix] ?? ((onewayForward || !backwardOK || !forwardOK) ? tags[key] ?? "" : "")
            }
            return RoadInfo(
                name: tags["name"] ?? "", ref: tags["ref"] ?? "",
                destinations: directional("destination"), destinationRef: directional("destination:ref"),
                exits: tags["junction:ref"] ?? "", roadClass: roadClass, mode: mode,
                isRoundabout: isRoundabout, isToll: tags["toll"] == "yes",
                turnLanes: directional("turn:lanes"), speedLimitKmh: limit)
        }
        let ferryDuration = isFerry ? tags["duration"].flatMap(Self.parseDuration) : nil
        let service = tags["service"].flatMap { servicePenalties[$0] } ?? 1
        return WayAttributes(
            forwardSpeed: forwardOK ? forwardSpeed : 0, backwardSpeed: backwardOK ? backwardSpeed : 0,
            weightFactor: 1 / service,
            isRestricted: access.map { restrictedAccess.contains($0) } ?? false,
            ferryDuration: ferryDuration, isToll: tags["toll"] == "yes",
            isMotorway: highway == "motorway" || highway == "motorway_link",
            isCircular: junction == "circular",
            isStartpoint: !isFerry && !(highway == "service" && access == "private"),
            forwardRoad: road(forward: true, limit: limits.0),
            backwardRoad: road(forward: false, limit: limits.1))
    }

    /// Which directions a way may be travelled in by this profile.
    private func onewayDirections(_ tags: [String: String], highway: String?) -> (Bool, Bool) {
        guard obeysOneway else { return (true, true) }
        let value = onewayKeys.lazy.compactMap { tags[$0] }.first
        switch value {
        case "yes", "1", "true": return (true, false)
        case "-1", "reverse": return (false, true)
        case "reversible", "alternating": return (false, false)
        case "no", "false", "0": return (true, true)
        default:
            let junction = tags["junction"]
            if junction == "roundabout" || junction == "circular" || highway == "motorway" {
                return (true, false)
            }
            return (true, true)
        }
    }

    /// Speed limits (km/h) forward and backward, from `maxspeed`, `maxspeed:forward`/`:backward`.
    private func parseDirectionalMaxspeed(_ tags: [String: String]) -> (Double?, Double?) {
        let both = tags["maxspeed"].flatMap(Maxspeed.parse)
        let fwd = tags["maxspeed:forward"].flatMap(Maxspeed.parse) ?? both
        let bwd = tags["maxspeed:backward"].flatMap(Maxspeed.parse) ?? both
        return (fwd, bwd)
    }

    /// Parses a ferry `duration` ("HH:MM", "HH:MM:SS", "PT1H30M" or minutes) into seconds.
    static func parseDuration(_ text: String) -> Double? {
        let parts = text.split(separator: ":").map { Double($0) }
        if parts.count >= 2, parts.allSatisfy({ $0 != nil }) {
            let p = parts.map { $0! }
            return p[0] * 3600 + p[1] * 60 + (p.count > 2 ? p[2] : 0)
        }
        if let minutes = Double(text) { return minutes * 60 }
        guard text.hasPrefix("PT") else { return nil }
        var total = 0.0, number = ""
        for ch in text.dropFirst(2) {
            if ch.isNumber || ch == "." { number.append(ch); continue }
            guard let v = Double(number) else { return nil }
            switch ch {
            case "H": total += v * 3600
            case "M": total += v * 60
            case "S": total += v
            default: return nil
            }
            number = ""
        }
        return total > 0 ? total : nil
    }
}
