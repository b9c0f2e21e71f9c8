import GemNavCore

/// What a profile makes of one OSM way: per direction, whether and how fast it may be used,
/// and the road attributes guidance needs.
struct WayAttributes: Hashable, Sendable {
    /// km/h forward along the way's node order; 0 when not allowed.
    var forwardSpeed: Double
    /// km/h against the node order; 0 when not allowed.
    var backwardSpeed: Double
    /// Weight multipliers (≥ 1) forward and backward for roads a profile discourages
    /// (parking aisles, narrow or unmarked roads, side roads, against `priority`…).
    var forwardWeightFactor: Double
    var backwardWeightFactor: Double
    /// Entering this way forward / backward costs the profile's restricted penalty
    /// (access=destination, private, HOV-only…).
    var forwardRestricted: Bool
    var backwardRestricted: Bool
    /// Whole-way crossing time in seconds from its `duration` tag (ferries, movable bridges).
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
    /// Limits kept for each request's vehicle (truck graphs), in node order and against it.
    var forwardLimits = PhysicalLimits()
    var backwardLimits = PhysicalLimits()

    var isFerry: Bool { forwardRoad.mode == .ferry }

    /// Whether driving it forward (`backward == false`) or backward is restricted.
    func isRestricted(backward: Bool) -> Bool { backward ? backwardRestricted : forwardRestricted }

    /// Whether OSRM's graph compression makes one road of this way and `other` where they
    /// meet end to end (`sameDirection`: drawn the same way round). It compares what a road
    /// is (class, ring, access and restriction each way, names and signs, classes, mode), not
    /// how fast it is or how many lanes it has: a road changing its speed limit or its lane
    /// count is one road to OSRM, and its bearing is taken along both.
    func compresses(with other: WayAttributes, sameDirection: Bool) -> Bool {
        let (ahead, back) = sameDirection ? (other.forwardRoad, other.backwardRoad) : (other.backwardRoad, other.forwardRoad)
        let (aheadSpeed, backSpeed) = sameDirection ? (other.forwardSpeed, other.backwardSpeed)
            : (other.backwardSpeed, other.forwardSpeed)
        let (aheadRestricted, backRestricted) = sameDirection ? (other.forwardRestricted, other.backwardRestricted)
            : (other.backwardRestricted, other.forwardRestricted)
        return (forwardSpeed > 0) == (aheadSpeed > 0) && (backwardSpeed > 0) == (backSpeed > 0)
            && forwardRestricted == aheadRestricted && backwardRestricted == backRestricted
            && isCircular == other.isCircular && isStartpoint == other.isStartpoint && isMotorway == other.isMotorway
            && forwardRoad.isSameRoad(as: ahead) && backwardRoad.isSameRoad(as: back)
    }
}

extension Profile {
    /// How this profile treats a way with these tags, or nil when it cannot use it at all.
    /// The steps follow OSRM's way handlers in order: blocked ways, physical limits, access
    /// per direction, oneway, ferries and movable bridges, speeds, maxspeed, surface caps and
    /// rate penalties.
    func wayAttributes(_ raw: [String: String]) -> WayAttributes? {
        let tags = TagReader(raw)
        let highway = tags["highway"]
        let routeSpeed = tags["route"].flatMap { routeSpeeds[$0] }
        guard highway != nil || routeSpeed != nil, !isBlocked(tags, highway: highway) else { return nil }

        var (forwardOK, backwardOK) = vehicle?.fits(tags) ?? (true, true)
        let access = tags.directional(accessHierarchy.reversed())
        let forwardAccess = access.forward.map(resolveAccess), backwardAccess = access.backward.map(resolveAccess)
        let restrictable = restrictedHighways.map { highway.map($0.contains) ?? false } ?? true
        var forwardRestricted = restrictable && forwardAccess.map(restrictedAccess.contains) ?? false
        var backwardRestricted = restrictable && backwardAccess.map(restrictedAccess.contains) ?? false
        if let a = forwardAccess, forbiddenAccess.contains(a), !forwardRestricted { forwardOK = false }
        if let a = backwardAccess, forbiddenAccess.contains(a), !backwardRestricted { backwardOK = false }
        guard forwardOK || backwardOK else { return nil }

        let oneway = onewayDirections(tags, highway: highway)
        forwardOK = forwardOK && oneway.forward
        backwardOK = backwardOK && oneway.backward

        var mode = self.mode
        var forwardSpeed = 0.0, backwardSpeed = 0.0
        var duration = tags["duration"].flatMap(Self.parseDuration).map { Swift.max($0, 1) }
        if let routeSpeed {
            mode = .ferry
            (forwardSpeed, backwardSpeed) = (routeSpeed, routeSpeed)
        } else if let v = vehicle, tags["bridge"] == "movable" {
            (forwardSpeed, backwardSpeed) = (v.movableBridgeSpeed, v.movableBridgeSpeed)
        } else {
            duration = nil
            if tags["service"] == "emergency_access" && vehicle != nil { return nil }
            if let hw = highway, let s = highwaySpeeds[hw] {
                (forwardSpeed, backwardSpeed) = (s, s)
            } else if let hw = highway, let s = pushingHighways[hw] {
                (forwardSpeed, backwardSpeed) = (s, s)
                mode = .walking
            } else {
                // No speed for this highway: only an access tag that is not forbidden opens it.
                func fallback(_ a: String?) -> Double {
                    guard let a, accessWhitelist.contains(a) || !forbiddenAccess.contains(a) else { return 0 }
                    return defaultSpeed
                }
                (forwardSpeed, backwardSpeed) = (fallback(forwardAccess), fallback(backwardAccess))
                // car.lua's speed handler drops such a way before any maxspeed could give it a
                // speed: a runway or railway signed 100 km/h is still no road.
                guard forwardSpeed > 0 || backwardSpeed > 0 else { return nil }
            }
            if usesMaxspeed {
                let advised = tags.directional(["maxspeed:advisory", "maxspeed", "source:maxspeed", "maxspeed:type"])
                if let l = advised.forward.flatMap(Maxspeed.parse), l > 0 { forwardSpeed = l * maxspeedFactor }
                if let l = advised.backward.flatMap(Maxspeed.parse), l > 0 { backwardSpeed = l * maxspeedFactor }
            }
            for cap in [tags["surface"].flatMap { surfaceSpeeds[$0] }, tags["tracktype"].flatMap { tracktypeSpeeds[$0] },
                        tags["smoothness"].flatMap { smoothnessSpeeds[$0] }].compactMap({ $0 }) {
                forwardSpeed = Swift.min(forwardSpeed, cap)
                backwardSpeed = Swift.min(backwardSpeed, cap)
            }
            if let caps = vehicle?.speedCaps(tags, highway: highway) {
                forwardSpeed = Swift.min(forwardSpeed, caps.forward)
                backwardSpeed = Swift.min(backwardSpeed, caps.backward)
            }
        }
        if let hov = hovRestrictions(tags) {
            forwardRestricted = forwardRestricted || hov.forward
            backwardRestricted = backwardRestricted || hov.backward
        }
        forwardOK = forwardOK && (forwardSpeed > 0 || duration != nil)
        backwardOK = backwardOK && (backwardSpeed > 0 || duration != nil)
        guard forwardOK || backwardOK else { return nil }

        let service = tags["service"].flatMap { servicePenalties[$0] } ?? 1
        let rates = vehicle?.rateFactors(tags, service: service, bidirectional: forwardOK && backwardOK,
                                         alternating: tags["oneway"] == "alternating") ?? (forward: service, backward: service)
        let isFerry = mode == .ferry
        let kept = vehicle?.keptLimits(tags) ?? (forward: PhysicalLimits(), backward: PhysicalLimits())
        let limits = isFerry ? (nil, nil) : parseDirectionalMaxspeed(raw)
        let roadClass = isFerry ? RoadClass.ferry : (highway.flatMap(RoadClass.init(rawValue:)) ?? .road)
        let junction = tags["junction"]
        let isRoundabout = junction == "roundabout" || junction == "circular"
        let lanes = TurnLanes.read(tags, forwardOneway: oneway.forward && !oneway.backward,
                                   reverseOneway: oneway.backward && !oneway.forward)
        let laneCount = Self.laneCount(tags)
        let ref = Self.canonicalList(tags["ref"] ?? ""), exits = Self.canonicalList(tags["junction:ref"] ?? "")
        func road(forward: Bool, limit: Double?) -> RoadInfo {
            let suffix = forward ? ":forward" : ":backward"
            let onewayForward = forward && !backwardOK
            func directional(_ key: String) -> String {
                tags[key + suffix] ?? ((onewayForward || !backwardOK || !forwardOK) ? tags[key] ?? "" : "")
            }
            var road = RoadInfo(
                name: tags["name"] ?? "", ref: ref,
                destinations: directional("destination"), destinationRef: directional("destination:ref"),
                exits: exits, roadClass: roadClass, mode: mode,
                isRoundabout: isRoundabout, isToll: tags["toll"] == "yes",
                turnLanes: forward ? lanes.forward : lanes.backward, speedLimitKmh: limit)
            // OSRM's `classes` way handler: tunnels, and access restricted in this direction.
            road.isTunnel = tags["tunnel"].map { $0 != "no" } ?? false
            road.pronunciation = tags["name:pronunciation"] ?? ""
            road.isRestricted = forward ? forwardRestricted : backwardRestricted
            road.laneCount = laneCount
            road.isRoundaboutWay = junction == "roundabout"
            return road
        }
        return WayAttributes(
            forwardSpeed: forwardOK ? Swift.max(forwardSpeed, 0.1) : 0,
            backwardSpeed: backwardOK ? Swift.max(backwardSpeed, 0.1) : 0,
            forwardWeightFactor: 1 / rates.forward, backwardWeightFactor: 1 / rates.backward,
            forwardRestricted: forwardRestricted, backwardRestricted: backwardRestricted,
            ferryDuration: duration, isToll: tags["toll"] == "yes",
            isMotorway: highway == "motorway" || highway == "motorway_link",
            isCircular: junction == "circular",
            isStartpoint: !isFerry && !(highway == "service" && forwardAccess == "private"),
            forwardRoad: road(forward: true, limit: limits.0),
            backwardRoad: road(forward: false, limit: limits.1),
            forwardLimits: kept.forward, backwardLimits: kept.backward)
    }

    /// A `;` list spelled as OSRM's profile spells it (`canonicalizeStringList`): a space
    /// after each `;` and runs of white space cut to their first character, so `IP1;A20` is
    /// `IP1; A20` in `ref` and compares equal to a way tagged with the space.
    static func canonicalList(_ list: String) -> String {
        guard !list.isEmpty else { return list }
        var out = "", lastWasSpace = false
        for c in list {
            let space = c.isWhitespace
            if !(space && lastWasSpace) { out.append(c) }
            lastWasSpace = space
            if c == ";" {
                out.append(" ")
                lastWasSpace = true
            }
        }
        return out
    }

    /// The way's lane count as OSRM's `set_classification` reads it: `lanes` when it is a
    /// positive whole number (a `lanes` tag that is not blocks the fallback), else
    /// `lanes:forward` plus `lanes:backward`, each counted when it is one; 0 for none.
    static func laneCount(_ tags: TagReader) -> UInt8 {
        func count(_ key: String) -> Int? {
            // Lua's `tonumber` allows surrounding spaces.
            guard let raw = tags[key],
                  let v = Double(String(raw.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())),
                  v > 0, v == v.rounded(), v < 256
            else { return nil }
            return Int(v)
        }
        if tags["lanes"] != nil { return UInt8(count("lanes") ?? 0) }
        return UInt8(min(255, (count("lanes:forward") ?? 0) + (count("lanes:backward") ?? 0)))
    }

    /// Ways no route may use (OSRM's `blocked_ways` and `avoid_ways`): areas, avoided
    /// highway kinds, roads under construction or only proposed, reversible and impassable ones.
    private func isBlocked(_ tags: TagReader, highway: String?) -> Bool {
        if tags["area"] == "yes" && tags["route"] == nil { return true }
        if let hw = highway, avoidedHighways.contains(hw) { return true }
        if tags["railway"] == "construction" { return true }
        if let c = tags["construction"], !["no", "widening", "minor"].contains(c) { return true }
        if tags["proposed"] != nil && (highway == nil || highway == "proposed") { return true }
        if obeysOneway && tags["oneway"] == "reversible" { return true }
        return tags["impassable"] == "yes" || tags["status"] == "impassable"
    }

    /// Directions reserved to high-occupancy vehicles (`hov=designated`, every lane of
    /// `hov:lanes` designated): routable, but priced as restricted access, as OSRM does.
    private func hovRestrictions(_ tags: TagReader) -> (forward: Bool, backward: Bool)? {
        guard vehicle != nil else { return nil }
        let all = tags["hov"] == "designated"
        func allLanes(_ lanes: String?) -> Bool {
            guard let lanes else { return false }
            return lanes.split(separator: "|", omittingEmptySubsequences: false).allSatisfy { $0 == "designated" }
        }
        let lanes = tags.directional(["hov:lanes"])
        return (all || allLanes(lanes.forward), all || allLanes(lanes.backward))
    }

    /// Which directions a way may be travelled in by this profile.
    private func onewayDirections(_ tags: TagReader, highway: String?) -> (forward: Bool, backward: Bool) {
        guard obeysOneway else { return (true, true) }
        let value = onewayKeys.lazy.compactMap { tags[$0] }.first
        switch value {
        case "yes", "1", "true": return (true, false)
        case "-1", "reverse": return (false, true)
        case "reversible": return (false, false)
        case "no": return (true, true)
        default:
            // Only "no" lifts the oneway a motorway or ring implies (car.lua): "alternating"
            // traffic there still goes one way.
            let junction = tags["junction"]
            if junction == "roundabout" || junction == "circular" || highway == "motorway" {
                return (true, false)
            }
            return (true, true)
        }
    }

    /// Speed limits (km/h) forward and backward, from `maxspeed`, `maxspeed:forward`/`:backward`.
    private func parseDirectionalMaxspeed(_ tags: [String: String]) -> (Double?, Double?) {
        let (fwd, bwd) = TagReader(tags).directional(["maxspeed"])
        func limit(_ v: String?) -> Double? { v.flatMap(Maxspeed.parse).flatMap { $0 > 0 ? $0 : nil } }
        return (limit(fwd), limit(bwd))
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
