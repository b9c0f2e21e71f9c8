import Foundation
import GemNavCore
import GemNavServices

/// The JSON form of a turn: `{"reply": …, "actions": [{"type": …}], "provider": "on-device"}`
/// (and `notice`, why the configured model did not answer, when the device answered instead),
/// places as `{name, lat, lon}`, the form an external checker and the web app read.
public enum AssistantJSON {
    /// The turn as a JSON object.
    public static func object(_ turn: AssistantTurn) -> [String: Any] {
        var o: [String: Any] = ["reply": turn.reply, "actions": turn.actions.map(object), "provider": turn.provider,
                                "language": turn.language.rawValue]
        if let notice = turn.notice { o["notice"] = notice }
        return o
    }

    /// The turn as UTF-8 JSON with sorted keys.
    public static func encode(_ turn: AssistantTurn) -> Data {
        (try? JSONSerialization.data(withJSONObject: object(turn), options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// One action as a JSON object.
    public static func object(_ action: AssistantAction) -> [String: Any] {
        var o: [String: Any] = ["type": action.type]
        switch action {
        case .navigate(let destination, let stops, let avoid, let profile, let estimate):
            o["destination"] = place(destination)
            o["stops"] = stops.map(place)
            o["avoid"] = avoid.names
            o["profile"] = profile.rawValue
            if let estimate { o["duration_s"] = rounded(estimate.duration); o["distance_m"] = rounded(estimate.distance) }
        case .findNearby(let category, let results):
            o["category"] = category.rawValue
            o["results"] = results.map { c -> [String: Any] in
                var r = place(c.place)
                r["distance_m"] = rounded(c.distance)
                if let d = c.duration { r["duration_s"] = rounded(d) }
                return r
            }
        case .addStop(let stop): o["stop"] = place(stop)
        case .setAvoid(let avoid): o["avoid"] = avoid.names
        case .setMode(let mode): o["mode"] = mode.rawValue
        case .repeatInstruction(let text): if let text { o["text"] = text }
        case .eta(let destination, let estimate):
            if let destination { o["destination"] = place(destination) }
            if let estimate { o["duration_s"] = rounded(estimate.duration); o["distance_m"] = rounded(estimate.distance) }
        case .speedLimit(let kmh): if let kmh { o["kmh"] = kmh }
        case .whereAmI(let here): if let here { o["place"] = place(here) }
        case .saveFavourite(let name, let p):
            o["name"] = name
            o["place"] = place(p)
        case .requestRide(let pickup, let destination):
            o["pickup"] = place(pickup)
            if let destination { o["destination"] = place(destination) }
        case .clarify(let options): o["options"] = options.map { place($0.place) }
        case .skipStop(let stop): o["stop"] = place(stop)
        case .setLanguage(let language): o["language"] = language.rawValue
        case .mute, .unmute, .cancelNavigation, .pauseNavigation, .resumeNavigation, .continueToNextStop, .checkRoute,
             .vibrationsOff, .unknown: break
        }
        return o
    }

    /// `{name, lat, lon}`.
    static func place(_ p: Place) -> [String: Any] {
        ["name": p.name, "lat": p.coordinate.latitude, "lon": p.coordinate.longitude]
    }

    private static func rounded(_ x: Double) -> Double { (x * 10).rounded() / 10 }
}
