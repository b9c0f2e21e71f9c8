import GemNavCore

extension Guidance {
    /// Voice prompts and banners for steps another router made (a Valhalla server's), worded
    /// and timed by GemNav's own guidance from each step's maneuver, road names, length and
    /// time — so a server's route sounds and looks like the embedded engine's, in the app's
    /// language and units, and a switch to the fallback mid-trip changes nothing the user
    /// hears. A step's written instruction is kept; an empty one gets GemNav's wording.
    /// - Parameters:
    ///   - steps: one leg's steps, `depart` first and `arrive` last.
    ///   - stop: for a leg ending at an intermediate waypoint, its number (1 for the first);
    ///     nil for the final destination.
    public static func prompted(_ steps: [RouteStep], stop: Int? = nil, options: GuidanceOptions = GuidanceOptions())
        -> [RouteStep]
    {
        let planned = steps.indices.map { plannedStep(steps, $0, drivingSide: options.drivingSide) }
        let narrator = Narrator(table: InstructionTable.forLanguage(options.language))
        var texts = [String](), aheadTexts = [String]()
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
        return steps.indices.map { k in
            var step = steps[k]
            if step.maneuver.instruction.isEmpty { step.maneuver.instruction = texts[k] }
            step.voiceInstructions = options.voice ? voice.prompts(k, steps: planned, texts: texts, aheadTexts: aheadTexts) : []
            step.bannerInstructions = options.banners ? banners.banners(k, steps: planned, aheadTexts: aheadTexts) : []
            return step
        }
    }

    /// Step `k` as guidance plans it. A roundabout entry names the road it leads to (the
    /// following exit step's), and its banner icon needs the angle travelled round the ring,
    /// from the heading in to the heading out.
    private static func plannedStep(_ steps: [RouteStep], _ k: Int, drivingSide: DrivingSide) -> PlannedStep {
        let step = steps[k], maneuver = step.maneuver
        let road = RoadInfo(name: step.name, ref: step.ref, destinations: step.destinations, exits: step.exits,
                            mode: step.mode, speedLimitKmh: step.speedLimitKmh)
        var target = road
        var degrees: Double?
        let entersRing = maneuver.type == .roundabout || maneuver.type == .rotary
        if entersRing, k + 1 < steps.count,
           [ManeuverType.exitRoundabout, .exitRotary].contains(steps[k + 1].maneuver.type)
        {
            let exit = steps[k + 1]
            target = RoadInfo(name: exit.name, ref: exit.ref, destinations: exit.destinations, exits: exit.exits,
                              mode: exit.mode)
            let angle = Geodesy.turnAngle(from: Double(maneuver.bearingBefore), to: Double(exit.maneuver.bearingAfter))
            let travelled = drivingSide == .right ? 180 - angle : 180 + angle
            degrees = travelled <= 0 ? travelled + 360 : travelled
        }
        var planned = PlannedStep(
            decision: Decision(type: maneuver.type, modifier: maneuver.modifier, exit: maneuver.exit),
            location: maneuver.location, bearingBefore: maneuver.bearingBefore, bearingAfter: maneuver.bearingAfter,
            road: road, target: target)
        planned.distance = step.distance
        planned.duration = step.duration
        // Only the step's average speed is known; guidance times prompts by it.
        planned.endSpeed = step.duration > 0 ? step.distance / step.duration : 0
        planned.intersections = step.intersections
        planned.rotaryName = step.rotaryName
        planned.degrees = degrees
        return planned
    }
}
