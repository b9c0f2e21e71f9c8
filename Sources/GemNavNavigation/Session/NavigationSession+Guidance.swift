import Foundation

/// What has already been shown, spoken and played for the step being driven, so that each
/// banner, prompt and cue happens once. Kept whatever the channels, so switching channels
/// mid-trip neither repeats nor replays stale guidance.
struct StepGuidanceState: Sendable, Hashable {
    var leg = -1
    var step = -1
    /// Index of the next voice prompt to consider (prompts sorted farthest first).
    var nextPrompt = 0
    /// Index of the banner on screen, nil before the first.
    var banner: Int?
    var preparedHaptic = false
    var nowHaptic = false

    /// Resets the record when the user reaches a new step.
    mutating func enter(leg: Int, step: Int) {
        guard leg != self.leg || step != self.step else { return }
        self = StepGuidanceState()
        self.leg = leg
        self.step = step
    }
}

/// Banners, voice prompts and haptic cues for the maneuver ending the current step.
extension NavigationSession {
    mutating func appendGuidance(match: RouteMatch, speed: Double?, to events: inout [NavigationEvent]) {
        let steps = route.legs[legIndex].steps
        guard stepIndex + 1 < steps.count else { return }
        let leg = geometry.legs[legIndex]
        let step = steps[stepIndex], maneuver = steps[stepIndex + 1].maneuver
        let remaining = leg.stepEnd[stepIndex] - match.along
        // Guidance for a maneuver is over once it is behind the user, whatever the strategy.
        guard remaining >= 0 else { return }
        guidance.enter(leg: legIndex, step: stepIndex)
        let v = max(0, speed ?? 0)
        appendBanner(step: step, maneuver: maneuver, remaining: remaining, to: &events)
        appendVoice(step: step, maneuver: maneuver, remaining: remaining, speed: v, to: &events)
        if maneuver.type != .arrive {
            appendManeuverHaptics(maneuver: maneuver, remaining: remaining, speed: v, to: &events)
        }
    }

    /// The banner whose range holds the user: banners are sorted farthest first and each shows
    /// from its `distanceAlongGeometry` on; before the first one's range the first is shown.
    private mutating func appendBanner(step: RouteStep, maneuver: StepManeuver, remaining: Double,
                              to events: inout [NavigationEvent])
    {
        let banners = step.bannerInstructions
        var index = 0
        for (i, b) in banners.enumerated() where b.distanceAlongGeometry >= remaining { index = i }
        guard guidance.banner != index else { return }
        guidance.banner = index
        guard channels.contains(.visual) else { return }
        let steps = route.legs[legIndex].steps
        let following = stepIndex + 2 < steps.count ? steps[stepIndex + 2].maneuver : nil
        let instruction = banners.isEmpty ? nil : banners[index]
        let nextRoad = steps[stepIndex + 1].name
        events.append(.banner(BannerEvent(
            legIndex: legIndex, stepIndex: stepIndex,
            primaryText: instruction?.primary.text ?? (maneuver.instruction.isEmpty ? nextRoad : maneuver.instruction),
            secondaryText: instruction?.secondary?.text, subText: instruction?.sub?.text,
            maneuverType: instruction?.primary.type ?? maneuver.type,
            modifier: instruction?.primary.modifier ?? maneuver.modifier,
            distance: remaining, distanceText: settings.format.distance(remaining),
            roadName: step.name.isEmpty ? step.ref : step.name,
            next: following.map { ManeuverPreview(type: $0.type, modifier: $0.modifier, instruction: $0.instruction) },
            lanes: (instruction?.sub?.components ?? []).filter { $0.type == "lane" }.map {
                Lane(indications: $0.directions ?? [], valid: $0.active ?? false)
            })))
    }

    /// Speaks the latest due prompt. A prompt is due at its distance, scaled up when the user
    /// is faster than the step was planned for (same seconds of warning), plus the speech
    /// latency; older prompts that became due at the same time are skipped as stale.
    private mutating func appendVoice(step: RouteStep, maneuver: StepManeuver, remaining: Double, speed v: Double,
                             to events: inout [NavigationEvent])
    {
        let prompts = step.voiceInstructions
        guard guidance.nextPrompt < prompts.count else { return }
        let planned = step.duration > 0 ? step.distance / step.duration : 0
        let scale = planned > 0 && v > planned ? v / planned : 1
        // Arrival is declared within `arrivalDistance` of the stop, so prompts for it are due
        // that much earlier to be heard before it.
        let early = maneuver.type == .arrive ? settings.arrivalDistance : 0
        var due: Int?
        for i in guidance.nextPrompt..<prompts.count
        where remaining <= prompts[i].distanceAlongGeometry * scale + v * settings.voiceLatency + early {
            due = i
        }
        guard let due else { return }
        guidance.nextPrompt = due + 1
        guard channels.contains(.voice) else { return }
        let prompt = prompts[due]
        events.append(.voice(VoiceEvent(
            text: prompt.announcement, ssml: prompt.ssmlAnnouncement, distanceToManeuver: remaining,
            maneuverLocation: maneuver.location, legIndex: legIndex, stepIndex: stepIndex)))
    }

    private mutating func appendManeuverHaptics(maneuver: StepManeuver, remaining: Double, speed v: Double,
                                       to events: inout [NavigationEvent])
    {
        let kind = HapticPatternKind(maneuver: maneuver)
        let nowAt = max(settings.hapticNowDistance, v * settings.hapticNowTime)
        let prepareAt = max(settings.hapticPrepareDistance, v * settings.hapticPrepareTime)
        let text = maneuver.instruction.isEmpty ? kind.rawValue : maneuver.instruction
        if remaining <= nowAt {
            guard !guidance.nowHaptic else { return }
            // A short step can go straight to "now"; a late "prepare" would only confuse.
            guidance.nowHaptic = true
            guidance.preparedHaptic = true
            appendHaptic(kind, stage: .now, text: text, distance: remaining, to: &events)
        } else if remaining <= prepareAt, !guidance.preparedHaptic {
            guidance.preparedHaptic = true
            appendHaptic(kind, stage: .prepare, text: text, distance: remaining, to: &events)
        }
    }

    /// Arrival is declared a few metres before the stop, often before the last prompt of the
    /// step ("You have arrived…") is due; that prompt is then spoken on arrival, once.
    mutating func appendArrivalPrompt(to events: inout [NavigationEvent]) {
        let steps = route.legs[legIndex].steps
        guard steps.count >= 2 else { return }
        let last = steps.count - 2
        let prompts = steps[last].voiceInstructions
        let spoken = guidance.leg == legIndex && guidance.step == last ? guidance.nextPrompt : 0
        guard spoken < prompts.count else { return }
        guidance.enter(leg: legIndex, step: last)
        guidance.nextPrompt = prompts.count
        guard channels.contains(.voice), let prompt = prompts.last else { return }
        events.append(.voice(VoiceEvent(
            text: prompt.announcement, ssml: prompt.ssmlAnnouncement, distanceToManeuver: 0,
            maneuverLocation: steps[last + 1].maneuver.location, legIndex: legIndex, stepIndex: last)))
    }

    /// GPS noise can carry the position from before the "now" zone to beyond the maneuver in
    /// one fix; the cue is then played as the step is left, which is still at the maneuver.
    mutating func appendMissedNowCue(to events: inout [NavigationEvent]) {
        let steps = route.legs[legIndex].steps
        guard guidance.leg == legIndex, guidance.step == stepIndex, !guidance.nowHaptic,
              stepIndex + 1 < steps.count, steps[stepIndex + 1].maneuver.type != .arrive else { return }
        guidance.nowHaptic = true
        let maneuver = steps[stepIndex + 1].maneuver
        let kind = HapticPatternKind(maneuver: maneuver)
        appendHaptic(kind, stage: .now, text: maneuver.instruction.isEmpty ? kind.rawValue : maneuver.instruction,
                     distance: 0, to: &events)
    }

    /// Emits a haptic cue on the haptic channel, falling back to audio or visual delivery on a
    /// device without haptics.
    func appendHaptic(_ kind: HapticPatternKind, stage: HapticStage, text: String, distance: Double?,
                      to events: inout [NavigationEvent])
    {
        guard channels.contains(.haptic) else { return }
        let delivery: HapticDelivery = settings.deviceHasHaptics
            ? .haptic : (settings.hapticFallback == .audio ? .audio : .visual)
        events.append(.haptic(HapticEvent(pattern: .pattern(for: kind), stage: stage, delivery: delivery,
                                          text: text, distanceToManeuver: distance)))
    }
}
