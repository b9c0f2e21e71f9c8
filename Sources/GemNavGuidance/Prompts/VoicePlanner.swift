import GemNavCore

/// Chooses when and what to speak before each maneuver.
///
/// Prompts are placed by lead *time* at the speed driven on the approach, so a motorway
/// exit is announced kilometres ahead and a city turn a few hundred metres ahead:
/// an early prompt about 60–90 s before, a prepare prompt about 18 s before and a final one
/// about 4.5 s before, each only where the step leaves room for it. A maneuver too close to
/// the one before for prompts of its own is chained to that one's ("…, then …").
struct VoicePlanner {
    let narrator: Narrator
    let units: DistanceUnits

    /// A maneuver following the previous one within this many seconds is chained to it.
    static let chainTime = 12.0
    /// Seconds kept between prompts so one is finished before the next starts.
    static let gapTime = 6.0
    /// A step shorter than this is driven between two GPS fixes (one a second) or so: nothing
    /// said on it can be relied on.
    static let passTime = 3.0
    /// Seconds after a maneuver that "Continue for …" is said on a long step.
    static let continueDelay = 2.0
    /// Seconds of silence a long step must still have between "Continue for …" and its early
    /// prompt: on a shorter one the early prompt comes soon enough on its own.
    static let continueSilence = 60.0

    /// The prompts spoken along step `k` for the maneuver that ends it.
    func prompts(_ k: Int, steps: [PlannedStep], texts: [String], aheadTexts: [String]) -> [VoiceInstruction] {
        guard k + 1 < steps.count else { return [] }
        // Index rather than bind steps: binding copies a large struct on every prompt.
        let length = steps[k].distance
        let speed = Swift.max(steps[k].endSpeed, 1)
        if Self.isRoundaboutExit(steps[k + 1].decision.type) {
            return exitPrompt(k, steps: steps, texts: texts, aheadTexts: aheadTexts, length: length, speed: speed)
        }
        var chained = aheadTexts[k + 1]
        var nowText = texts[k + 1]
        if let next = chainedAfter(k + 1, steps: steps) {
            var ahead = aheadTexts[next]
            // A third maneuver a fix or two beyond the second (a divided road crossed in three
            // short turns) is passed before any prompt of its own could play: it is said now.
            // Past a roundabout the entry's own prompts name what follows the exit.
            if steps[next].duration < Self.passTime, let third = chainedAfter(next, steps: steps), third == next + 1 {
                ahead = narrator.chain(ahead, aheadTexts[third])
            }
            chained = narrator.chain(chained, ahead)
            nowText = narrator.chain(nowText, ahead)
        }
        var out = [VoiceInstruction]()
        out.reserveCapacity(3)
        var room = length
        if k == 0 {
            let depart = length / speed < Self.chainTime ? narrator.chain(texts[0], aheadTexts[1]) : texts[0]
            out.append(make(length, depart))
            if length / speed < Self.chainTime { return out }
            room = length - speed * Self.gapTime
        }
        let earlyLead = speed >= 25 ? 90.0 : 60.0
        let table = narrator.table
        let early = DistanceFormatter.round(earlyLead * speed, units: units)
        // After a maneuver, a long road ahead is said at once ("Continue for 12 kilometers"):
        // minutes of silence otherwise leave a driver wondering whether a prompt was missed.
        let continueAt = length - speed * Self.continueDelay
        if k > 0, continueAt > early.meters + speed * (Self.gapTime + Self.continueSilence) {
            let ahead = DistanceFormatter.round(continueAt, units: units)
            out.append(make((continueAt * 10).rounded() / 10, narrator.continueFor(ahead.text(table))))
        }
        if early.meters < room {
            out.append(make(early.meters, narrator.inDistance(early.text(table), aheadTexts[k + 1])))
            room = early.meters - speed * Self.gapTime
        }
        let prepare = DistanceFormatter.round(18 * speed, units: units)
        if prepare.meters < room {
            out.append(make(prepare.meters, narrator.inDistance(prepare.text(table), chained)))
            room = prepare.meters - speed * Self.gapTime
        }
        let final = Swift.max(4.5 * speed, 10)
        if final < room {
            out.append(make((final * 10).rounded() / 10, nowText))
        } else if out.isEmpty && length > 0 {
            // Too short for any timed prompt: say it as the step begins.
            out.append(make(length, nowText))
        }
        return out
    }

    /// The step whose maneuver is chained ("…, then …") to the prompts for maneuver `m`, if one
    /// follows within `chainTime`. After a roundabout's exit it is the maneuver beyond the
    /// exit, when the ring and the way out are that short together: at speed the car crosses
    /// a small ring and a few metres of exit between two fixes, so the prompts said on them
    /// (`exitPrompt`) may never play and the entry's prompts are the last sure chance.
    private func chainedAfter(_ m: Int, steps: [PlannedStep]) -> Int? {
        guard steps[m].decision.type != .arrive, m + 1 < steps.count, steps[m].duration < Self.chainTime else {
            return nil
        }
        guard Self.isRoundaboutExit(steps[m + 1].decision.type) else { return m + 1 }
        guard m + 2 < steps.count, steps[m].duration + steps[m + 1].duration < Self.chainTime,
              !Self.goesOn(steps[m + 2].decision)
        else { return nil }
        return m + 2
    }

    /// The prompt spoken on a roundabout for a maneuver soon after leaving it, if any.
    /// Leaving needs no words of its own (the prompt for entering said which exit to take),
    /// but a turn that follows the exit within `chainTime` would otherwise be told only on
    /// the short way to it, where one lost fix loses it: it is chained to the exit and said on
    /// the ring, at the final prompt's lead or as the ring begins when it is shorter.
    private func exitPrompt(_ k: Int, steps: [PlannedStep], texts: [String], aheadTexts: [String],
                            length: Double, speed: Double) -> [VoiceInstruction]
    {
        guard k + 2 < steps.count, steps[k + 1].duration < Self.chainTime, length > 0,
              !Self.goesOn(steps[k + 2].decision)
        else { return [] }
        let final = Swift.max(4.5 * speed, 10)
        return [make(final < length ? (final * 10).rounded() / 10 : length, narrator.chain(texts[k + 1], aheadTexts[k + 2]))]
    }

    /// Arriving, or the road going on straight under another name: nothing to do on leaving
    /// the ring that its own prompt will not say in time.
    private static func goesOn(_ d: Decision) -> Bool {
        switch d.type {
        case .arrive: return true
        case .newName, .continue: return d.modifier == nil || d.modifier == .straight
        default: return false
        }
    }

    private static func isRoundaboutExit(_ type: ManeuverType) -> Bool {
        type == .exitRoundabout || type == .exitRotary
    }

    private func make(_ distance: Double, _ text: String) -> VoiceInstruction {
        VoiceInstruction(distanceAlongGeometry: distance, announcement: text)
    }
}
