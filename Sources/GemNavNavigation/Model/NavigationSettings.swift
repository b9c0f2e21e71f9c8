import Foundation
import GemNavGuidance

/// The channels guidance is delivered on. Switching them never resets the trip.
public struct GuidanceChannels: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates channels from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Turn banners on screen.
    public static let visual = GuidanceChannels(rawValue: 1)
    /// Spoken prompts.
    public static let voice = GuidanceChannels(rawValue: 2)
    /// "In-pocket" vibration cues.
    public static let haptic = GuidanceChannels(rawValue: 4)
    /// Every channel.
    public static let all: GuidanceChannels = [.visual, .voice, .haptic]
}

/// Where a haptic cue goes when the device cannot vibrate.
public enum HapticFallback: String, Sendable, Hashable {
    /// Play it as a sound (the cue carries text to speak).
    case audio
    /// Flash it on screen.
    case visual
}

/// How the route matcher searches and scores candidate positions.
public struct MatchingSettings: Sendable, Hashable {
    /// Metres behind the last match searched (plus the fix's accuracy): GPS jitter goes backwards too.
    public var backwardWindow: Double = 30
    /// Minimum metres ahead of the last match searched.
    public var minimumForwardWindow: Double = 150
    /// Upper bound of the forward window, so a long GPS dropout cannot make one fix expensive.
    public var maximumForwardWindow: Double = 3_000
    /// Upper bound on segments examined on each side of the last match.
    public var maximumSegmentsPerSide: Int = 256
    /// Penalty in metres for a course opposite to a segment's bearing (scaled linearly by angle).
    public var headingWeight: Double = 40
    /// Penalty per metre of distance between a candidate and where dead reckoning expects the user.
    public var progressWeight: Double = 0.1
    /// Below this speed (m/s) the course is noise and is ignored.
    public var minimumSpeedForCourse: Double = 2

    /// Creates matching settings with the defaults.
    public init() {}
}

/// Tunables of a navigation session. Defaults suit driving with a phone GPS at 1 Hz.
public struct NavigationSettings: Sendable, Hashable {
    /// Units of formatted distances.
    public var units: DistanceUnits = .metric
    /// Language of formatted distances and durations (BCP 47).
    public var language = "en"
    /// Channels that emit guidance events (progress and trip events are always emitted).
    public var channels: GuidanceChannels = [.visual, .voice]
    /// Whether the device can vibrate; when false haptic cues fall back to `hapticFallback`.
    public var deviceHasHaptics = true
    /// Where haptic cues go on a device without haptics.
    public var hapticFallback: HapticFallback = .audio
    /// Continue to the next leg by itself after an intermediate stop instead of waiting.
    public var automaticallyAdvanceLegs = false
    /// Metres before a leg's end at which the stop counts as reached.
    public var arrivalDistance: Double = 15
    /// Consecutive off-route verdicts needed before the user is declared off route.
    public var offRouteFixCount = 3
    /// Extra lead time (s) before a voice prompt: speech synthesis and the 1 s fix interval.
    public var voiceLatency: Double = 1.5
    /// A haptic "prepare" cue fires this many metres before a maneuver, or earlier at speed…
    public var hapticPrepareDistance: Double = 60
    /// …so that at least this many seconds remain.
    public var hapticPrepareTime: Double = 8
    /// The haptic "now" cue fires this many metres before the maneuver, or earlier at speed…
    public var hapticNowDistance: Double = 12
    /// …so that at least this many seconds remain.
    public var hapticNowTime: Double = 1.5
    /// Route matching.
    public var matching = MatchingSettings()
    /// Spacing of reroutes.
    public var reroute = ReroutePolicy()
    /// When a route found under new traffic is offered.
    public var fasterRoute = FasterRoutePolicy()

    /// Creates settings with the defaults.
    public init() {}

    /// The formatter for `language` and `units`.
    public var format: DisplayFormatter { DisplayFormatter(language: language, units: units) }
}
