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
            legs.append(routeLeg(for: leg, from: departure, to: arrival, options: options))
            for road in leg.roads {
                geometry.append(contentsOf: geometry.last == road.coordinates.first
                    ? road.coordinates.dropFirst() : road.coordinates[...])
            }
        }
        return Route(distance: path.distance, duration: path.duration, weight: path.weight, geometry: geometry,
                     legs: legs, language: options.language)
    }

    /// One leg with its summary, steps and (when asked for) annotation.
    /// - Parameters:
    ///   - departure: the waypoint the leg starts at, if known.
    ///   - arrival: the waypoint it ends at; its input coordinate tells the side of the street.
    public static func routeLeg(for leg: RoutePath.Leg, from departure: Waypoint?, to arrival: Waypoint?,
                                options: GuidanceOptions = GuidanceOptions()) -> RouteLeg
    {
        RouteLeg(distance: leg.distance, duration: leg.duration, weight: leg.weight, summary: summary(of: leg),
                 steps: steps(for: leg, from: departure, to: arrival, options: options),
                 annotation: options.annotations ? annotation(of: leg) : nil)
    }

    /// The steps of a leg: `depart`, the maneuvers worth announcing, `arrive`.
    public static func steps(for leg: RoutePath.Leg, from departure: Waypoint?, to arrival: Waypoint?,
                             options: GuidanceOptions = GuidanceOptions()) -> [RouteStep]
    {
        let planned = StepBuilder(leg: leg, departure: departure, arrival: arrival,
                                  drivingSide: options.drivingSide).build()
        let narrator = Narrator(table: InstructionTable.forLanguage(options.language))
        var texts = [String](), aheadTexts = [String]()
        texts.reserveCapacity(planned.count)
        aheadTexts.reserveCapacity(planned.count)
        for (i, step) in planned.enumerated() {
            let previous = i > 0 ? planned[i - 1] : nil
            let text = narrator.instruction(step, previous: previous)
            texts.append(text)
            aheadTexts.append(step.decision.type == .arrive ? narrator.instruction(step, previous: previous, ahead: true) : text)
        }
        let voice = VoicePlanner(narrator: narrator, units: options.units)
        let banners = BannerBuilder(narrator: narrator)
        // Routing weight is only known per leg; spread it over steps in proportion to time.
        let weightPerSecond = leg.duration > 0 ? leg.weight / leg.duration : 1
        return planned.indices.map { k in
            let p = planned[k]
            return RouteStep(
                distance: p.distance, duration: p.duration, weight: p.duration * weightPerSecond, name: p.road.name,
                ref: p.road.ref, destinations: Narrator.destinations(p.road), exits: p.road.exits, mode: p.road.mode,
                drivingSide: options.drivingSide, geometry: p.geometry,
                maneuver: StepManeuver(location: p.location, bearingBefore: p.bearingBefore, bearingAfter: p.bearingAfter,
                                       type: p.decision.type, modifier: p.decision.modifier, exit: p.decision.exit,
                                       instruction: texts[k]),
                intersections: p.intersections, rotaryName: p.rotaryName,
                voiceInstructions: options.voice ? voice.prompts(k, steps: planned, texts: texts, aheadTexts: aheadTexts) : [],
                bannerInstructions: options.banners ? banners.banners(k, steps: planned, aheadTexts: aheadTexts) : [],
                speedLimitKmh: p.road.speedLimitKmh)
        }
    }

    /// OSRM's leg summary: the two roads driven longest, in the order they are driven.
    static func summary(of leg: RoutePath.Leg) -> String {
        var labels = [String](), totals = [Double]()
        var index = [String: Int]()
        for road in leg.roads {
            let label = road.road.name.isEmpty ? road.road.ref : road.road.name
            guard !label.isEmpty else { continue }
            if let i = index[label] {
                totals[i] += road.distance
            } else {
                index[label] = labels.count
                labels.append(label)
                totals.append(road.distance)
            }
        }
        let top = labels.indices.sorted { totals[$0] > totals[$1] }.prefix(2).sorted()
        return top.map { labels[$0] }.joined(separator: ", ")
    }

    /// Per-segment distance, duration, speed and speed limit.
    static func annotation(of leg: RoutePath.Leg) -> Annotation {
        let count = leg.roads.reduce(0) { $0 + $1.segmentDistances.count }
        var a = Annotation(distance: [], duration: [], speed: [], maxspeed: [])
        a.distance.reserveCapacity(count)
        a.duration.reserveCapacity(count)
        a.speed.reserveCapacity(count)
        a.maxspeed.reserveCapacity(count)
        for road in leg.roads {
            for (d, t) in zip(road.segmentDistances, road.segmentDurations) {
                a.distance.append(d)
                a.duration.append(t)
                a.speed.append(t > 0 ? (d / t * 10).rounded() / 10 : 0)
                a.maxspeed.append(road.road.speedLimitKmh)
            }
        }
        return a
    }
}
