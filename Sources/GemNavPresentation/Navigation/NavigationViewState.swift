import Foundation
import GemNavCore
import GemNavGuidance
import GemNavNavigation

/// What the navigation screen shows, made from the session's updates: the turn banner, route
/// info, speed overlay and the latest prompt and cue. Every front end (terminal, web page,
/// iOS view) draws this and nothing else, so none of them interprets navigation events.
public struct NavigationViewState: Sendable, Hashable {
    /// The turn banner.
    public struct Banner: Sendable, Hashable {
        /// The maneuver's icon.
        public var icon: TurnIcon
        /// "Turn left onto Rue Grimaldi".
        public var instruction: String
        /// Distance to the maneuver, updated on every fix ("120 m").
        public var distanceText: String
        /// The maneuver after this one, when any ("then: Turn right").
        public var next: String?
        /// Icon of the maneuver after this one.
        public var nextIcon: TurnIcon?
        /// The lanes before the maneuver, left to right; empty when not tagged.
        public var lanes: [LaneView] = []

        /// A banner as the screen shows it (also how a design page or a test writes one).
        public init(icon: TurnIcon, instruction: String, distanceText: String, next: String? = nil,
                    nextIcon: TurnIcon? = nil, lanes: [LaneView] = [])
        {
            (self.icon, self.instruction, self.distanceText) = (icon, instruction, distanceText)
            (self.next, self.nextIcon, self.lanes) = (next, nextIcon, lanes)
        }
    }

    /// One lane of the banner: its arrows and whether it leads through the maneuver.
    public struct LaneView: Sendable, Hashable {
        /// An icon per marked direction ("left", "straight"…), an unmarked lane straight on.
        public var icons: [TurnIcon]
        /// Whether this lane can be used for the maneuver.
        public var isActive: Bool
        /// The directions as marked, for a screen reader ("left, straight").
        public var directions: String

        /// The view of `lane`.
        public init(_ lane: Lane) {
            let marked = lane.indications.filter { $0 != "none" && !$0.isEmpty }
            icons = marked.isEmpty ? [.straight] : marked.map {
                TurnIcon(type: .turn, modifier: ManeuverModifier(rawValue: $0) ?? .straight)
            }
            isActive = lane.valid
            directions = marked.isEmpty ? "straight" : marked.joined(separator: ", ")
        }
    }

    /// The trip state's name ("navigating", "arrivedAtStop", …).
    public var tripState = "idle"
    /// Seconds since the trip started.
    public var elapsed = 0.0
    /// The banner, nil before the first.
    public var banner: Banner?
    /// The street being driven, empty when unnamed.
    public var street = ""
    /// Current speed ("48 km/h"), nil when unknown.
    public var speedText: String?
    /// The limit here ("50 km/h"), nil when unknown.
    public var limitText: String?
    /// Whether the current speed is above the limit.
    public var isOverLimit = false
    /// Distance left to the destination ("3.4 km").
    public var remainingDistanceText = ""
    /// Time left ("12 min").
    public var remainingTimeText = ""
    /// Arrival clock time ("14:05").
    public var arrivalText = ""
    /// The latest spoken prompt.
    public var lastPrompt: String?
    /// The latest haptic cue.
    public var lastCue: HapticEvent?
    /// Whether the user is off the route.
    public var isOffRoute = false

    /// Words distances, durations and times.
    public var format: DisplayFormatter
    /// How `arrivalText` is written: the user's time zone and locale.
    public var timeFormat: TimeOfDayFormat

    /// An empty screen.
    public init(format: DisplayFormatter = DisplayFormatter(), timeFormat: TimeOfDayFormat = TimeOfDayFormat()) {
        self.format = format
        self.timeFormat = timeFormat
    }

    /// Folds one update of the session into the screen; `pace` (the trip's, kept by whoever
    /// owns the screen: it is bookkeeping, not something shown) learns the speed driven.
    public mutating func apply(_ update: NavigationUpdate, pace: inout DrivenPace) {
        elapsed = update.t
        tripState = update.state.name
        for event in update.events {
            switch event {
            case .progress(let p): apply(p.progress, t: update.t, pace: &pace)
            case .banner(let b):
                banner = Banner(icon: TurnIcon(type: b.maneuverType, modifier: b.modifier), instruction: b.primaryText,
                                distanceText: b.distanceText, next: b.next?.instruction,
                                nextIcon: b.next.map { TurnIcon(type: $0.type, modifier: $0.modifier) },
                                lanes: b.lanes.map(LaneView.init))
            case .voice(let v): lastPrompt = v.text
            case .haptic(let h): lastCue = h
            case .offRoute: isOffRoute = true
            case .reroute(let r): if r.succeeded { isOffRoute = false }
            case .arrived: banner = nil
            case .rerouteNeeded, .routeCheckNeeded, .fasterRoute, .waypointArrived: break
            }
        }
    }

    private mutating func apply(_ p: RouteProgress, t: Double, pace: inout DrivenPace) {
        street = p.roadName
        speedText = p.speedKmh.map(speed)
        limitText = p.speedLimitKmh.map(speed)
        isOverLimit = p.isOverSpeedLimit
        remainingDistanceText = format.distance(p.distanceRemaining)
        // Waiting at a stop or paused is not driving slowly.
        if tripState == "navigating" { pace.record(t: t, remaining: p.durationRemaining) }
        let left = pace.adjusted(p.durationRemaining)
        remainingTimeText = format.duration(left)
        arrivalText = timeFormat.time(p.eta.addingTimeInterval(left - p.durationRemaining))
        isOffRoute = p.isOffRoute
        banner?.distanceText = format.distance(p.stepDistanceRemaining)
    }

    private func speed(_ kmh: Double) -> String {
        format.units == .metric ? "\(Int(kmh.rounded())) km/h" : "\(Int((kmh / 1.609344).rounded())) mph"
    }
}
