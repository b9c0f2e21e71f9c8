import Foundation

/// Everything a session tells its clients. Each case's contract name is `type`.
public enum NavigationEvent: Sendable, Hashable {
    /// One per fix: where the user is and what is left.
    case progress(ProgressEvent)
    /// The turn banner changed.
    case banner(BannerEvent)
    /// Speak a prompt.
    case voice(VoiceEvent)
    /// Play an in-pocket cue (or its audio/visual fallback).
    case haptic(HapticEvent)
    /// The user left the route (once per episode).
    case offRoute(OffRouteEvent)
    /// The user is off route and a new route is wanted: answer with `acceptReroute(_:for:)` or
    /// `rerouteFailed(_:reason:)`.
    case rerouteNeeded(RerouteRequest)
    /// A reroute request was answered: a new route is followed, or none could be found.
    case reroute(RerouteEvent)
    /// The rest of the route is to be timed again and compared with the fastest route now (the
    /// owner called `checkRoute()`, e.g. on new traffic): answer with
    /// `routeChecked(_:fastest:currentDuration:)`.
    case routeCheckNeeded(RouteCheckRequest)
    /// A faster route was offered, accepted, declined, or lapsed.
    case fasterRoute(FasterRouteEvent)
    /// An intermediate stop was reached (once per stop).
    case waypointArrived(WaypointArrivalEvent)
    /// The destination was reached (exactly once, and the last event but progress).
    case arrived(ArrivalEvent)

    /// The event's name in the JSON-lines contract.
    public var type: String {
        switch self {
        case .progress: return "progress"
        case .banner: return "banner"
        case .voice: return "voice"
        case .haptic: return "haptic"
        case .offRoute: return "offRoute"
        case .rerouteNeeded: return "rerouteNeeded"
        case .reroute: return "reroute"
        case .routeCheckNeeded: return "routeCheckNeeded"
        case .fasterRoute: return "fasterRoute"
        case .waypointArrived: return "waypointArrived"
        case .arrived: return "arrived"
        }
    }
}

/// Payload of `progress`.
public struct ProgressEvent: Sendable, Hashable {
    /// The trip state's name after the fix.
    public var state: String
    /// The progress figures.
    public var progress: RouteProgress
    /// The simulator's true position, when known.
    public var truth: Coordinate?
}

/// A maneuver as shown in a banner's preview.
public struct ManeuverPreview: Sendable, Hashable {
    /// Kind of maneuver.
    public var type: ManeuverType
    /// Direction, when it applies.
    public var modifier: ManeuverModifier?
    /// The written instruction.
    public var instruction: String
}

/// Payload of `banner`.
public struct BannerEvent: Sendable, Hashable {
    /// Leg of the maneuver.
    public var legIndex: Int
    /// Step whose end is the maneuver.
    public var stepIndex: Int
    /// Main line, e.g. "Turn left onto Rue Grimaldi".
    public var primaryText: String
    /// Second line, when any.
    public var secondaryText: String?
    /// Sub-banner text (lanes or the following maneuver), when any.
    public var subText: String?
    /// Maneuver kind for the icon.
    public var maneuverType: ManeuverType
    /// Maneuver direction for the icon.
    public var modifier: ManeuverModifier?
    /// Metres to the maneuver when the banner appeared.
    public var distance: Double
    /// `distance` formatted in the session's units.
    public var distanceText: String
    /// Road being driven.
    public var roadName: String
    /// The maneuver after this one, when any.
    public var next: ManeuverPreview?
    /// The lanes before the maneuver, left to right, when tagged: which to take.
    public var lanes: [Lane] = []
}

/// Payload of `voice`.
public struct VoiceEvent: Sendable, Hashable {
    /// Plain text.
    public var text: String
    /// SSML.
    public var ssml: String
    /// Metres along the route to the maneuver (never negative).
    public var distanceToManeuver: Double
    /// Where the maneuver is.
    public var maneuverLocation: Coordinate
    /// Leg of the maneuver.
    public var legIndex: Int
    /// Step whose end is the maneuver.
    public var stepIndex: Int
}

/// When a haptic cue plays relative to its maneuver.
public enum HapticStage: String, Sendable, Hashable {
    /// Some seconds ahead: get ready.
    case prepare
    /// At the maneuver: do it now.
    case now
    /// Not tied to a maneuver (off route, arrival).
    case alert
}

/// How a haptic cue reaches the user.
public enum HapticDelivery: String, Sendable, Hashable {
    /// Vibration.
    case haptic
    /// Fallback on a device without haptics: a sound or short spoken cue.
    case audio
    /// Fallback on a device without haptics: an on-screen flash.
    case visual
}

/// Payload of `haptic`.
public struct HapticEvent: Sendable, Hashable {
    /// The pattern to play.
    public var pattern: HapticPattern
    /// Prepare, now or alert.
    public var stage: HapticStage
    /// Vibration, or the fallback channel.
    public var delivery: HapticDelivery
    /// What the cue means in words (spoken or shown by the fallbacks).
    public var text: String
    /// Metres to the maneuver, nil for alerts.
    public var distanceToManeuver: Double?
}

/// Why the user is off route.
public enum OffRouteReason: String, Sendable, Hashable {
    /// Too far from the route.
    case distance
    /// Moving against the route's direction.
    case wrongWay
}

/// Payload of `offRoute`.
public struct OffRouteEvent: Sendable, Hashable {
    /// Why.
    public var reason: OffRouteReason
    /// Metres between the fix and the route.
    public var distanceFromRoute: Double
    /// The fix.
    public var location: Coordinate
}

/// Payload of `reroute`.
public struct RerouteEvent: Sendable, Hashable {
    /// The request answered.
    public var requestID: Int
    /// Whether a new route is now being followed.
    public var succeeded: Bool
    /// Where the reroute started.
    public var origin: Coordinate
    /// Metres of the new route (nil when failed).
    public var distance: Double?
    /// Seconds of the new route (nil when failed).
    public var duration: Double?
    /// Why no route was found (nil when succeeded).
    public var message: String?
}

/// Payload of `fasterRoute`.
public struct FasterRouteEvent: Sendable, Hashable {
    /// What happened to the offer.
    public enum Status: String, Sendable, Hashable {
        /// A faster route is on offer.
        case offered
        /// The user took it; the session now follows it.
        case accepted
        /// The user declined it.
        case declined
        /// It lapsed unanswered, or the user left the route.
        case expired
    }

    /// The check that found the route.
    public var requestID: Int
    /// What happened.
    public var status: Status
    /// Seconds the route saves.
    public var saving: Double
    /// Metres of the route offered.
    public var distance: Double
    /// Seconds of the route offered.
    public var duration: Double
    /// "Faster route found, saves 4 min".
    public var message: String
}

/// Payload of `waypointArrived`.
public struct WaypointArrivalEvent: Sendable, Hashable {
    /// 1-based index of the stop among the trip's stops after the origin.
    public var waypointIndex: Int
    /// Where the stop is.
    public var location: Coordinate
}

/// Payload of `arrived`.
public struct ArrivalEvent: Sendable, Hashable {
    /// 1-based index of the destination among the trip's stops after the origin.
    public var waypointIndex: Int
    /// Where the destination is.
    public var location: Coordinate
}

/// The result of feeding one fix (or calling a control method): the new state and its events,
/// at contract time `t` (seconds since the session started, never decreasing).
public struct NavigationUpdate: Sendable, Hashable {
    /// Seconds since `start()`.
    public var t: Double
    /// The state after the update.
    public var state: TripState
    /// Events in emission order; on a fix, `progress` comes first.
    public var events: [NavigationEvent]
}
