import Foundation
import GemNavGuidance

/// Encodes events for the JSON-lines contract: one object per event with `t`, `type` and the
/// payload fields. Coordinates are `{"lat":…,"lon":…}` rounded to 7 decimals (≈1 cm); metres
/// and seconds to 0.1, so the text is stable across platforms.
public struct NavigationEventEncoder: Sendable {
    /// Words the `*Text` fields.
    public var format: DisplayFormatter

    /// Creates an encoder writing `*Text` fields in `units` and `language`.
    public init(units: DistanceUnits = .metric, language: String = "en") {
        format = DisplayFormatter(language: language, units: units)
    }

    /// Every event of an update as JSON lines (no trailing newline).
    public func jsonLines(_ update: NavigationUpdate) -> [String] {
        update.events.map { encode($0, t: update.t).serialized }
    }

    /// One event as a JSON object.
    public func encode(_ event: NavigationEvent, t: Double) -> JSONValue {
        var fields: [(String, JSONValue)] = [("t", num(t, 1000)), ("type", .string(event.type))]
        switch event {
        case .progress(let e): fields += progress(e)
        case .banner(let e): fields += banner(e)
        case .voice(let e):
            fields += [("text", .string(e.text)), ("ssml", .string(e.ssml)),
                       ("distanceToManeuver", tenths(e.distanceToManeuver)),
                       ("maneuverLocation", coordinate(e.maneuverLocation)),
                       ("leg", .number(Double(e.legIndex))), ("step", .number(Double(e.stepIndex)))]
        case .haptic(let e):
            fields += [("pattern", .string(e.pattern.kind.rawValue)), ("stage", .string(e.stage.rawValue)),
                       ("delivery", .string(e.delivery.rawValue)),
                       ("pulses", .number(Double(e.pattern.pulses.count))),
                       ("vibrationMs", .array(e.pattern.onOffMilliseconds.map { .number(Double($0)) })),
                       ("text", .string(e.text)),
                       ("distanceToManeuver", e.distanceToManeuver.map(tenths) ?? .null)]
        case .offRoute(let e):
            fields += [("reason", .string(e.reason.rawValue)),
                       ("distanceFromRoute", tenths(e.distanceFromRoute)), ("location", coordinate(e.location))]
        case .rerouteNeeded(let e):
            fields += [("request", .number(Double(e.id))), ("origin", coordinate(e.origin)),
                       ("heading", e.heading.map(tenths) ?? .null),
                       ("stops", .array(e.stops.map(coordinate))),
                       ("avoid", .array(e.avoid.names.map(JSONValue.string)))]
        case .reroute(let e):
            fields += [("request", .number(Double(e.requestID))), ("status", .string(e.succeeded ? "succeeded" : "failed")), ("origin", coordinate(e.origin)),
                       ("distance", e.distance.map(tenths) ?? .null), ("duration", e.duration.map(tenths) ?? .null),
                       ("message", e.message.map(JSONValue.string) ?? .null)]
        case .routeCheckNeeded(let e):
            fields += [("request", .number(Double(e.id))), ("origin", coordinate(e.origin)),
                       ("heading", e.heading.map(tenths) ?? .null),
                       ("stops", .array(e.stops.map(coordinate))),
                       ("followPoints", .number(Double(e.followPoints.count))),
                       ("avoid", .array(e.avoid.names.map(JSONValue.string)))]
        case .fasterRoute(let e):
            fields += [("request", .number(Double(e.requestID))), ("status", .string(e.status.rawValue)),
                       ("saving", tenths(e.saving)), ("distance", tenths(e.distance)), ("duration", tenths(e.duration)),
                       ("message", .string(e.message))]
        case .waypointArrived(let e):
            fields += [("waypoint", .number(Double(e.waypointIndex))), ("location", coordinate(e.location))]
        case .arrived(let e):
            fields += [("waypoint", .number(Double(e.waypointIndex))), ("location", coordinate(e.location))]
        }
        return .object(fields)
    }

    private func progress(_ e: ProgressEvent) -> [(String, JSONValue)] {
        let p = e.progress
        return [
            ("state", .string(e.state)),
            ("truth", e.truth.map(coordinate) ?? .null),
            ("location", coordinate(p.location)),
            ("snapped", coordinate(p.snapped)),
            ("distanceFromRoute", tenths(p.distanceFromRoute)),
            ("leg", .number(Double(p.legIndex))), ("step", .number(Double(p.stepIndex))),
            ("distanceToManeuver", tenths(p.stepDistanceRemaining)),
            ("legDistanceRemaining", tenths(p.legDistanceRemaining)),
            ("legDurationRemaining", tenths(p.legDurationRemaining)),
            ("distanceRemaining", tenths(p.distanceRemaining)),
            ("durationRemaining", tenths(p.durationRemaining)),
            ("distanceRemainingText", .string(format.distance(p.distanceRemaining))),
            ("durationRemainingText", .string(format.duration(p.durationRemaining))),
            ("eta", num(p.eta.timeIntervalSince1970, 1)),
            ("etaText", .string(format.clockTime(p.eta))),
            ("speed", p.speed.map { num($0, 100) } ?? .null),
            ("speedKmh", p.speedKmh.map { num($0, 10) } ?? .null),
            ("speedLimitKmh", p.speedLimitKmh.map { .number($0) } ?? .null),
            ("overSpeedLimit", .bool(p.isOverSpeedLimit)),
            ("road", .string(p.roadName)),
            ("offRoute", .bool(p.isOffRoute)),
        ]
    }

    private func banner(_ e: BannerEvent) -> [(String, JSONValue)] {
        var next: JSONValue = .null
        if let n = e.next {
            next = .object([("maneuverType", .string(n.type.rawValue)),
                            ("modifier", n.modifier.map { .string($0.rawValue) } ?? .null),
                            ("text", .string(n.instruction))])
        }
        return [
            ("primary", .string(e.primaryText)),
            ("secondary", e.secondaryText.map(JSONValue.string) ?? .null),
            ("sub", e.subText.map(JSONValue.string) ?? .null),
            ("maneuverType", .string(e.maneuverType.rawValue)),
            ("modifier", e.modifier.map { .string($0.rawValue) } ?? .null),
            ("distance", tenths(e.distance)), ("distanceText", .string(e.distanceText)),
            ("road", .string(e.roadName)),
            ("leg", .number(Double(e.legIndex))), ("step", .number(Double(e.stepIndex))),
            ("next", next),
        ]
    }

    private func coordinate(_ c: Coordinate) -> JSONValue {
        .object([("lat", num(c.latitude, 1e7)), ("lon", num(c.longitude, 1e7))])
    }

    private func tenths(_ x: Double) -> JSONValue { num(x, 10) }

    private func num(_ x: Double, _ scale: Double) -> JSONValue { .number((x * scale).rounded() / scale) }
}
