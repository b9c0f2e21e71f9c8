/// A sign or signal on a node that costs time to pass (OSRM's obstacles).
struct Obstacle: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case trafficSignal, stop, minorStop, giveWay }
    /// Which travel directions along the way the obstacle faces (`direction=*`,
    /// `traffic_signals:direction=*`); `unspecified` faces both.
    enum Direction: Sendable, Hashable { case unspecified, forward, backward, both }

    var kind: Kind
    var direction: Direction
    var seconds: Double

    /// Whether it applies to traffic passing along the way (`forward`) or against it.
    func faces(forward: Bool) -> Bool {
        switch direction {
        case .forward: return forward
        case .backward: return !forward
        case .unspecified, .both: return true
        }
    }

    /// Seconds it costs to pass through a node where only two roads meet, coming from
    /// `incoming` metres away and leaving for `outgoing` metres. As OSRM infers, a stop sign
    /// with no direction faces the traffic that reaches it from afar: one less than 20 m from
    /// where a driver comes from and more than 20 m from where they go belongs to the
    /// junction behind them. A minor-road stop never applies on a plain road.
    func passSeconds(forward: Bool, incoming: Double, outgoing: Double) -> Double {
        guard faces(forward: forward) else { return 0 }
        switch kind {
        case .minorStop: return 0
        case .stop where direction == .unspecified && incoming < 20 && outgoing > 20: return 0
        default: return seconds
        }
    }
}

/// What a profile makes of one tagged node.
struct NodeRules: Sendable, Hashable {
    /// The node cannot be passed (bollard, access=no…).
    var blocks = false
    /// Seconds to pass it (gates), 0 when free.
    var penalty = 0.0
    /// A traffic signal, stop or give-way sign there.
    var obstacle: Obstacle?
    /// Limits kept for each request's vehicle (truck graphs), whatever the node's access.
    var limits = PhysicalLimits()
    /// A designated place to turn (`highway=turning_circle`, `turning_loop`, `mini_roundabout`:
    /// OSRM's `Turning` obstacles), where a U-turn may be made and the node stays a junction.
    var isTurningPlace = false
}

extension Profile {
    /// `highway` values of OSRM's `Turning` obstacles.
    private static let turningPlaces: Set<String> = ["turning_circle", "turning_loop", "mini_roundabout"]

    /// How this profile treats a node with these tags (OSRM car.lua's `process_node`).
    func nodeRules(_ raw: [String: String]) -> NodeRules {
        let tags = TagReader(raw)
        var rules = NodeRules()
        rules.obstacle = obstacle(tags)
        rules.isTurningPlace = tags["highway"].map(Self.turningPlaces.contains) ?? false
        if let v = vehicle, v.size == nil { rules.limits = v.limitKeys.node(tags) }
        let access = accessHierarchy.reversed().lazy.compactMap { tags[$0] }.first.map(resolveAccess)
        if let access {
            // An explicit access value decides alone: barriers and their delays are ignored.
            rules.blocks = forbiddenAccess.contains(access) && !restrictedAccess.contains(access)
            return rules
        }
        guard let barrier = tags["barrier"] else { return rules }
        if barrier == "height_restrictor", let size = vehicle?.size,
           let h = tags["maxheight"].flatMap(LimitDimension.height.parse), LimitDimension.height.blocks(limit: h, size: size.height) {
            rules.blocks = true
            return rules
        }
        if barrier == "bollard" && tags["bollard"] == "rising" { return rules }
        if barrier == "kerb" && (tags["kerb"] == "lowered" || tags["kerb"] == "flush" || tags["highway"] == "crossing") {
            return rules
        }
        if barrier == "fence" && (tags["sensory"] == "audible" || tags["sensory"] == "audio") { return rules }
        if let p = barrierPenalties[barrier] {
            rules.penalty = p
        } else if let passable = passableBarriers {
            rules.blocks = !passable.contains(barrier)
        } else {
            rules.blocks = blockingBarriers.contains(barrier)
        }
        return rules
    }

    /// The signal or sign on a node, with the direction it faces.
    private func obstacle(_ tags: TagReader) -> Obstacle? {
        guard trafficSignalPenalty > 0, let highway = tags["highway"] else { return nil }
        var direction = tags["direction"]
        let kind: Obstacle.Kind, seconds: Double
        switch highway {
        case "traffic_signals":
            kind = .trafficSignal
            seconds = trafficSignalPenalty
            direction = tags["traffic_signals:direction"] ?? direction
        case "stop":
            kind = tags["stop"] == "minor" ? .minorStop : .stop
            seconds = 2
        case "give_way":
            kind = .giveWay
            seconds = 1
        default:
            return nil
        }
        let facing: Obstacle.Direction
        switch direction {
        case "forward": facing = .forward
        case "backward": facing = .backward
        case "both": facing = .both
        default: facing = .unspecified
        }
        return Obstacle(kind: kind, direction: facing, seconds: seconds)
    }

    /// The access value that decides, from a `;` list the most permissive one (OSRM's
    /// `resolve_access`: allowed, then restricted, then forbidden, then anything else).
    func resolveAccess(_ value: String) -> String {
        guard value.contains(";") else { return value }
        func rank(_ v: String) -> Int {
            if accessWhitelist.contains(v) { return 3 }
            if restrictedAccess.contains(v) { return 2 }
            if forbiddenAccess.contains(v) { return 1 }
            return 0
        }
        var best: String?, bestRank = -1
        for part in value.split(separator: ";") {
            let v = part.trimmingCharacters(in: .whitespaces)
            if rank(v) > bestRank { best = v; bestRank = rank(v) }
        }
        return best ?? value
    }
}
