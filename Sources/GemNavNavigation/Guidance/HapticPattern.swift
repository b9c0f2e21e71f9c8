import Foundation

/// The kinds of "in-pocket" cue. Each has one pattern, defined once in `HapticPattern.library`.
public enum HapticPatternKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Turn left (any left-hand modifier): one distinct pulse.
    case left
    /// Turn right (any right-hand modifier): two pulses.
    case right
    /// Continue straight: a gentle continuous cue.
    case straight
    /// Enter or leave a roundabout: three rising taps.
    case roundabout
    /// Make a U-turn: two long buzzes.
    case uturn
    /// Off route: a rapid, sharp burst.
    case offRoute
    /// Arrived: a rising celebration ending in a long swell.
    case arrival

    /// The cue for a maneuver.
    public init(maneuver: StepManeuver) {
        switch maneuver.type {
        case .arrive: self = .arrival
        case .roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary: self = .roundabout
        default:
            guard let modifier = maneuver.modifier else { self = .straight; return }
            if modifier == .uturn { self = .uturn }
            else if modifier.isLeft { self = .left }
            else if modifier.isRight { self = .right }
            else { self = .straight }
        }
    }
}

/// One haptic event: a tap (`duration` 0) or a buzz.
public struct HapticPulse: Sendable, Hashable {
    /// Seconds from the pattern's start.
    public var time: Double
    /// Seconds of vibration; 0 for a transient tap.
    public var duration: Double
    /// Strength, 0…1.
    public var intensity: Double
    /// Crispness, 0 (round) … 1 (sharp).
    public var sharpness: Double

    /// Creates a pulse.
    public init(time: Double, duration: Double = 0, intensity: Double, sharpness: Double) {
        self.time = time
        self.duration = duration
        self.intensity = intensity
        self.sharpness = sharpness
    }

    /// Whether this is a transient tap.
    public var isTransient: Bool { duration == 0 }
}

/// A haptic pattern as data, exportable to Apple AHAP and to on/off vibration arrays.
public struct HapticPattern: Sendable, Hashable {
    /// How long a transient tap vibrates on devices that only switch a motor on and off.
    public static let transientMilliseconds = 60

    /// What the pattern means.
    public var kind: HapticPatternKind
    /// The pulses in time order.
    public var pulses: [HapticPulse]

    /// Creates a pattern.
    public init(kind: HapticPatternKind, pulses: [HapticPulse]) {
        self.kind = kind
        self.pulses = pulses
    }

    /// The pattern of a kind.
    public static func pattern(for kind: HapticPatternKind) -> HapticPattern {
        HapticPattern(kind: kind, pulses: library[kind] ?? [])
    }

    /// Every pattern, defined once. Distinctness by rhythm first (count and length of pulses),
    /// intensity second, because rhythm is what survives a pocket.
    public static let library: [HapticPatternKind: [HapticPulse]] = [
        .left: [HapticPulse(time: 0, intensity: 1.0, sharpness: 0.8)],
        .right: [HapticPulse(time: 0, intensity: 1.0, sharpness: 0.8),
                 HapticPulse(time: 0.2, intensity: 1.0, sharpness: 0.8)],
        .straight: [HapticPulse(time: 0, duration: 0.6, intensity: 0.35, sharpness: 0.2)],
        .roundabout: [HapticPulse(time: 0, intensity: 0.5, sharpness: 0.5),
                      HapticPulse(time: 0.15, intensity: 0.75, sharpness: 0.5),
                      HapticPulse(time: 0.3, intensity: 1.0, sharpness: 0.5)],
        .uturn: [HapticPulse(time: 0, duration: 0.35, intensity: 1.0, sharpness: 0.5),
                 HapticPulse(time: 0.5, duration: 0.35, intensity: 1.0, sharpness: 0.5)],
        .offRoute: [HapticPulse(time: 0, intensity: 1.0, sharpness: 1.0),
                    HapticPulse(time: 0.1, intensity: 1.0, sharpness: 1.0),
                    HapticPulse(time: 0.2, intensity: 1.0, sharpness: 1.0),
                    HapticPulse(time: 0.3, intensity: 1.0, sharpness: 1.0)],
        .arrival: [HapticPulse(time: 0, intensity: 0.4, sharpness: 0.6),
                   HapticPulse(time: 0.12, intensity: 0.6, sharpness: 0.6),
                   HapticPulse(time: 0.24, intensity: 0.8, sharpness: 0.6),
                   HapticPulse(time: 0.4, duration: 0.6, intensity: 1.0, sharpness: 0.3)],
    ]

    /// The pattern in Apple's AHAP shape (`{"Version":1.0,"Pattern":[{"Event":…}]}`).
    public var ahap: JSONValue {
        let events: [JSONValue] = pulses.map { p in
            var event: [(String, JSONValue)] = [
                ("Time", .number(p.time)),
                ("EventType", .string(p.isTransient ? "HapticTransient" : "HapticContinuous")),
            ]
            if !p.isTransient { event.append(("EventDuration", .number(p.duration))) }
            event.append(("EventParameters", .array([
                .object([("ParameterID", .string("HapticIntensity")), ("ParameterValue", .number(p.intensity))]),
                .object([("ParameterID", .string("HapticSharpness")), ("ParameterValue", .number(p.sharpness))]),
            ])))
            return .object([("Event", .object(event))])
        }
        return .object([("Version", .number(1.0)), ("Pattern", .array(events))])
    }

    /// AHAP JSON text, ready for `CHHapticPattern(data:)` or an `.ahap` file.
    public var ahapJSON: String { ahap.serialized }

    /// Alternating on/off milliseconds starting with "on", as the Web Vibration API takes it
    /// (Android's `createWaveform` wants a leading 0 "off" prepended). Overlaps are merged.
    public var onOffMilliseconds: [Int] {
        var spans: [(start: Int, end: Int)] = []
        for p in pulses.sorted(by: { $0.time < $1.time }) {
            let start = Int((p.time * 1000).rounded())
            let length = p.isTransient ? Self.transientMilliseconds : Int((p.duration * 1000).rounded())
            if let last = spans.last, start <= last.end {
                spans[spans.count - 1].end = max(last.end, start + length)
            } else {
                spans.append((start, start + length))
            }
        }
        var out: [Int] = []
        for (i, span) in spans.enumerated() {
            if i > 0 { out.append(span.start - spans[i - 1].end) }
            out.append(span.end - span.start)
        }
        return out
    }
}
