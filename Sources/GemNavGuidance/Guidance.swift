import GemNavCore

/// Turns router output into OSRM-shaped routes with maneuvers, instructions, voice prompts
/// and banners.
public enum Guidance {
    /// The route for a path: one leg per pair of waypoints, each with its steps.
    public static func route(from path: RoutePath, options: GuidanceOptions = GuidanceOptions()) -> Route {
        var legs = [RouteLeg]()
        legs.reserveCapacity(path.legs.count)
        var geometry = [Coordinate]()
        for (i, leg) in path.legs.enumerated() {
            let departure = i < path.waypoints.count ? path.waypoints[i] : nil
            let arrival = i + 1 < path.waypoints.count ? path.waypoints[i + 1] : nil
            let stop = i + 1 < path.legs.count ? i + 1 : nil
            legs.append(routeLeg(for: leg, from: departure, to: arrival, stop: stop, options: options))
            let line = leg.coordinates
            geometry.append(contentsOf: geometry.last == line.first ? line.dropFirst() : line[...])
        }
        return Route(distance: path.distance, duration: path.duration, weight: path.weight, geometry: geometry,
                     legs: legs, language: options.language)
    }

    /// One leg with its summary, steps and (when asked for) annotation.
    /// - Parameters:
    ///   - departure: the waypoint the leg starts at, if known.
    ///   - arrival: the waypoint it ends at; its input coordinate tells the side of the street.
    ///   - stop: for a leg ending at an intermediate waypoint, its number (1 for the first),
    ///     so arrival says "your 1st destination"; nil for the final destination.
    public static func routeLeg(for leg: RoutePath.Leg, from departure: Waypoint?, to arrival: Waypoint?,
                                stop: Int? = nil, options: GuidanceOptions = GuidanceOptions()) -> RouteLeg
    {
        RouteLeg(distance: leg.distance, duration: leg.duration, weight: leg.weight, summary: summary(of: leg),
                 steps: steps(for: leg, from: departure, to: arrival, stop: stop, options: options),
                 annotation: options.annotations ? annotation(of: leg) : nil)
    }

    /// The steps of a leg: `depart`, the maneuvers worth announcing, `arrive`
    /// (`stop` as in `routeLeg(for:from:to:stop:options:)`).
    public static func steps(for leg: RoutePath.Leg, from departure: Waypoint?, to arrival: Waypoint?,
                             stop: Int? = nil, options: GuidanceOptions = GuidanceOptions()) -> [RouteStep]
    {
        let planned = StepBuilder(leg: leg, departure: departure, arrival: arrival,
                                  drivingSide: options.drivingSide).build()
        let narrator = Narrator(table: InstructionTable.forLanguage(options.language))
        var texts = [String](), aheadTexts = [String]()
        texts.reserveCapacity(planned.count)
        aheadTexts.reserveCapacity(planned.count)
        for i in planned.indices {
            let previousMode = i > 0 ? planned[i - 1].road.mode : nil
            let arriving = planned[i].decision.type == .arrive
            let text = narrator.instruction(planned[i], previousMode: previousMode, stop: arriving ? stop : nil)
            texts.append(text)
            aheadTexts.append(arriving
                ? narrator.instruction(planned[i], previousMode: previousMode, ahead: true, stop: stop) : text)
        }
        let voice = VoicePlanner(narrator: narrator, units: options.units)
        let banners = BannerBuilder(narrator: narrator)
        // Routing weight is only known per leg; spread it over steps in proportion to time.
        let weightPerSecond = leg.duration > 0 ? leg.weight / leg.duration : 1
        return planned.indices.map { k in
            var step = RouteStep(
                distance: planned[k].distance, duration: planned[k].duration, weight: planned[k].duration * weightPerSecond, name: planned[k].road.name,
                ref: planned[k].road.ref, destinations: Narrator.destinations(planned[k].road), exits: planned[k].road.exits, mode: planned[k].road.mode,
                drivingSide: options.drivingSide, geometry: planned[k].geometry,
                maneuver: StepManeuver(location: planned[k].location, bearingBefore: planned[k].bearingBefore, bearingAfter: planned[k].bearingAfter,
                                       type: planned[k].decision.type, modifier: planned[k].decision.modifier, exit: planned[k].decision.exit,
                                       instruction: texts[k]),
                intersections: planned[k].intersections, rotaryName: planned[k].rotaryName,
                voiceInstructions: options.voice ? voice.prompts(k, steps: planned, texts: texts, aheadTexts: aheadTexts) : [],
                bannerInstructions: options.banners ? banners.banners(k, steps: planned, aheadTexts: aheadTexts) : [],
                speedLimitKmh: planned[k].road.speedLimitKmh)
            step.pronunciation = planned[k].road.pronunciation
            return step
        }
    }

    /// OSRM's leg summary: the two roads driven longest, in the order they are driven.
    static func summary(of leg: RoutePath.Leg) -> String {
        // Few distinct names per leg: a linear scan beats hashing here.
        var labels = [String](), totals = [Double]()
        for r in leg.roads.indices {
            let label = leg.roads[r].road.name.isEmpty ? leg.roads[r].road.ref : leg.roads[r].road.name
            guard !label.isEmpty else { continue }
            let d = leg.distance(of: r)
            if let i = labels.lastIndex(of: label) {
                totals[i] += d
            } else {
                labels.append(label)
                totals.append(d)
            }
        }
        guard labels.count > 2 else { return labels.joined(separator: ", ") }
        var first = 0, second = 1
        if totals[second] > totals[first] { swap(&first, &second) }
        for i in 2..<labels.count where totals[i] > totals[second] {
            if totals[i] > totals[first] {
                second = first
                first = i
            } else {
                second = i
            }
        }
        return "\(labels[min(first, second)]), \(labels[max(first, second)])"
    }

    /// Per-segment distance, duration, speed and speed limit.
    static func annotation(of leg: RoutePath.Leg) -> Annotation {
        let count = leg.segmentDistances.count
        var a = Annotation(distance: [], duration: [], speed: [], maxspeed: [])
        a.distance.reserveCapacity(count)
        a.duration.reserveCapacity(count)
        a.speed.reserveCapacity(count)
        a.maxspeed.reserveCapacity(count)
        var limit: Double?
        var stretch = 0
        for i in leg.segmentDistances.indices {
            // A segment joining stretches that do not touch belongs to none and keeps the
            // limit before it.
            while stretch < leg.roads.count && leg.roads[stretch].points.upperBound - 1 <= i { stretch += 1 }
            if stretch < leg.roads.count && leg.roads[stretch].points.lowerBound <= i {
                limit = leg.roads[stretch].road.speedLimitKmh
            }
            let d = leg.segmentDistances[i], t = leg.segmentDurations[i]
            a.distance.append(d)
            a.duration.append(t)
            a.speed.append(t > 0 ? Double(Rounding.halfAwayFromZero(d / t * 10)) / 10 : 0)
            a.maxspeed.append(limit)
        }
        return a
    }
}
