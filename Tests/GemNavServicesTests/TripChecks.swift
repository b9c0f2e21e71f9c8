import Foundation
import GemNavCore
import GemNavNavigation
import Testing

/// The guarantees every navigated trip must keep, checked on a whole trip.
enum TripChecks {
    /// Arrival exactly once and last (only progress after it), event time never decreasing,
    /// one progress per fix, prompts only while their maneuver is ahead, each stop once.
    static func contract(_ trip: Trip, stops: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        let events = trip.events
        #expect(trip.count("arrived") == 1, sourceLocation: sourceLocation)
        if let arrival = events.firstIndex(where: { $0.event.type == "arrived" }) {
            #expect(events[(arrival + 1)...].allSatisfy { $0.event.type == "progress" }, sourceLocation: sourceLocation)
        }
        let times = events.map(\.t)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "t never decreases", sourceLocation: sourceLocation)
        // One progress per fix, and one more for each reroute followed (matched where the user is).
        let followed = trip.events.filter { if case .reroute(let r) = $0.event { r.succeeded } else { false } }.count
        #expect(trip.count("progress") == trip.fixes.count + followed, sourceLocation: sourceLocation)
        #expect(trip.count("waypointArrived") == stops, sourceLocation: sourceLocation)
        guard case .complete = trip.updates.last?.state else {
            Issue.record("the trip did not complete", sourceLocation: sourceLocation)
            return
        }
    }

    /// Every prompt is spoken while the user is still on the step that ends at its maneuver
    /// (so before it, never after), and every maneuver of `route` gets a prompt: its own, or
    /// the "…, then <maneuver>" of the step before when it follows too closely to be spoken
    /// alone (a roundabout exit a few metres after the entry). Checked on trips without
    /// reroutes, whose step numbering is the planned route's. Roundabout exits are left out
    /// (the entry named the exit; the ring's prompt chaining it to the turn after it may come
    /// too late on a small ring, and that turn has its own), and so is the arrival: see
    /// `arrivalSpoken`.
    static func announcedBeforeNeverAfter(_ trip: Trip, route: Route, sourceLocation: SourceLocation = #_sourceLocation) {
        var spoken: [[Int]: [String]] = [:]
        for update in trip.updates {
            guard case .progress(let p)? = update.events.first else { continue }
            for case .voice(let v) in update.events {
                #expect(v.distanceToManeuver >= 0, sourceLocation: sourceLocation)
                // On the arriving fix the arrival prompt belongs to the step just ended.
                let arriving = update.events.contains { if case .arrived = $0 { true } else if case .waypointArrived = $0 { true } else { false } }
                #expect(v.legIndex == p.progress.legIndex
                        && (v.stepIndex == p.progress.stepIndex || (arriving && v.stepIndex == p.progress.stepIndex - 1)),
                        "'\(v.text)' spoken on leg \(p.progress.legIndex) step \(p.progress.stepIndex)",
                        sourceLocation: sourceLocation)
                spoken[[v.legIndex, v.stepIndex], default: []].append(v.text.lowercased())
            }
        }
        for (l, leg) in route.legs.enumerated() {
            // The step whose end is maneuver s + 1; the arrival step has no maneuver after it.
            for s in leg.steps.indices.dropLast()
            where !leg.steps[s].voiceInstructions.isEmpty
                && ![.arrive, .exitRoundabout, .exitRotary].contains(leg.steps[s + 1].maneuver.type) {
                let maneuver = leg.steps[s + 1].maneuver.instruction.lowercased()
                let own = spoken[[l, s]] != nil
                let compound = spoken[[l, s - 1], default: []].contains { $0.contains("then \(maneuver)") }
                #expect(own || compound, "'\(maneuver)' (end of leg \(l) step \(s)) was never announced",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// Whether "You have arrived" was spoken on every leg. Guidance places that prompt about
    /// 14 m before the stop while the session declares arrival within 15 m (+ speech latency),
    /// so with noisy fixes the arrival can come first and the prompt is never due.
    static func arrivalSpoken(_ trip: Trip, legs: Int) -> Bool {
        let arrivals = trip.events.filter {
            if case .voice(let v) = $0.event { v.text.lowercased().contains("you have arrived") } else { false }
        }
        return arrivals.count == legs
    }

    /// Metres from `c` to the nearest point of `line` (local flat projection).
    static func distance(_ c: Coordinate, to line: [Coordinate]) -> Double {
        let k = 111_320.0, cosLat = cos(c.latitude * .pi / 180)
        func xy(_ p: Coordinate) -> (Double, Double) { ((p.longitude - c.longitude) * k * cosLat, (p.latitude - c.latitude) * k) }
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let (ax, ay) = xy(a), (bx, by) = xy(b)
            let dx = bx - ax, dy = by - ay, len = dx * dx + dy * dy
            let f = len > 0 ? max(0, min(1, -(ax * dx + ay * dy) / len)) : 0
            best = min(best, ((ax + f * dx) * (ax + f * dx) + (ay + f * dy) * (ay + f * dy)).squareRoot())
        }
        return best
    }
}
