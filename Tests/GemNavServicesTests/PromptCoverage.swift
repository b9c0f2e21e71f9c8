import Foundation
import GemNavCore
import GemNavNavigation

/// Checks a whole simulated trip for maneuvers the driver reached without having heard of them.
///
/// A maneuver counts as announced when, before the simulated car's true position reached it, a
/// `voice` event was spoken for the step it ends, or for the step before (or, past a
/// roundabout exit or a second maneuver chained before it, the step before that) with
/// "…, then <maneuver>" in it. Trivial maneuvers
/// need no prompt: `depart`, `arrive` (its prompt is
/// checked by `TripChecks.arrivalSpoken`), `exit roundabout` / `exit rotary` (the entry's prompt
/// names the exit), and `new name` / `continue` straight on or without a modifier (the road goes
/// on, only its name changes). Reroutes start a new route: its maneuvers are checked from then
/// on, and the old route's maneuvers the car never reached are not.
struct PromptCoverage {
    /// A maneuver reached unannounced.
    struct Miss: CustomStringConvertible {
        var route: Int
        var leg: Int
        var step: Int
        var instruction: String
        var metres: Double

        var description: String {
            "route \(route) leg \(leg) step \(step) '\(instruction)' \(Int(metres)) m into the route"
        }
    }

    /// Whether a maneuver needs no prompt of its own (see the type's documentation).
    static func isTrivial(_ m: StepManeuver) -> Bool {
        switch m.type {
        case .depart, .arrive, .exitRoundabout, .exitRotary: return true
        case .newName, .continue: return m.modifier == nil || m.modifier == .straight
        default: return false
        }
    }

    /// The maneuvers of `planned` (and of the reroutes in `reroutes`, by request id) that the
    /// car reached unannounced during `updates`, and how many non-trivial maneuvers it reached.
    static func check(_ updates: [NavigationUpdate], planned: Route, reroutes: [Int: Route])
        -> (misses: [Miss], reached: Int)
    {
        var track = Track(planned)
        var routeNumber = 0
        var misses: [Miss] = []
        var reached = 0
        for update in updates {
            for event in update.events {
                switch event {
                case .reroute(let r) where r.succeeded:
                    guard let route = reroutes[r.requestID] else { continue }
                    routeNumber += 1
                    reached += track.reached
                    track = Track(route)
                case .progress(let p):
                    guard let truth = p.truth else { continue }
                    for m in track.advance(to: truth) {
                        misses.append(Miss(route: routeNumber, leg: m.leg, step: m.step,
                                           instruction: track.route.legs[m.leg].steps[m.step].maneuver.instruction,
                                           metres: m.along))
                    }
                case .voice(let v):
                    track.heard(v)
                default:
                    break
                }
            }
        }
        return (misses, reached + track.reached)
    }

    /// The route as one polyline, the true position's progress along it, and which of its
    /// maneuvers have been announced.
    private struct Track {
        struct Maneuver {
            var leg: Int
            var step: Int
            var along: Double
            var announced = false
        }

        let route: Route
        private var points: [Coordinate] = []
        private var cumulative: [Double] = []
        /// Non-trivial maneuvers in route order.
        private var maneuvers: [Maneuver] = []
        /// Index in `maneuvers` of each (leg, step).
        private var index: [[Int]: Int] = [:]
        private var segment = 0
        /// Metres along the route; before its start until the car is first seen on it (a
        /// reroute's first prompts come with the fix it was asked from).
        private var along = -1.0
        private var nextToReach = 0

        /// Maneuvers reached so far.
        var reached: Int { nextToReach }

        init(_ route: Route) {
            self.route = route
            for (l, leg) in route.legs.enumerated() {
                for (s, step) in leg.steps.enumerated() {
                    let start = cumulative.last ?? 0
                    if !PromptCoverage.isTrivial(step.maneuver) {
                        index[[l, s]] = maneuvers.count
                        maneuvers.append(Maneuver(leg: l, step: s, along: start))
                    }
                    for p in step.geometry where points.last != p {
                        cumulative.append(points.last.map { cumulative[cumulative.count - 1] + Geodesy.distance($0, p) } ?? 0)
                        points.append(p)
                    }
                }
            }
        }

        /// Moves the true position forward to `truth` when it lies on the route (it is off it
        /// past a missed turn) and returns the maneuvers reached unannounced.
        mutating func advance(to truth: Coordinate) -> [Maneuver] {
            var j = segment
            while j + 1 < points.count, cumulative[j] <= along + 3_000 {
                let (d, t) = Self.project(truth, points[j], points[j + 1])
                if d < 2 {
                    segment = j
                    along = max(along, cumulative[j] + t * (cumulative[j + 1] - cumulative[j]))
                    break
                }
                j += 1
            }
            var missed: [Maneuver] = []
            while nextToReach < maneuvers.count, maneuvers[nextToReach].along <= along {
                if !maneuvers[nextToReach].announced { missed.append(maneuvers[nextToReach]) }
                nextToReach += 1
            }
            return missed
        }

        /// Credits the maneuver a prompt speaks of, if the car has not reached it yet.
        mutating func heard(_ v: VoiceEvent) {
            let steps = route.legs[v.legIndex].steps
            credit([v.legIndex, v.stepIndex + 1])
            let text = v.text.lowercased()
            // The chained maneuver is the next one, or the one past a roundabout's exit when
            // the prompt is for entering it, or a third one passed within a fix of the second.
            var chained = false
            for s in (v.stepIndex + 2)...(v.stepIndex + 3) where s < steps.count {
                let exit = steps[s - 1].maneuver.type
                if s == v.stepIndex + 3 && exit != .exitRoundabout && exit != .exitRotary && !chained { break }
                chained = text.contains("then \(steps[s].maneuver.instruction.lowercased())")
                if chained { credit([v.legIndex, s]) }
            }
        }

        private mutating func credit(_ key: [Int]) {
            guard let i = index[key], maneuvers[i].along > along else { return }
            maneuvers[i].announced = true
        }

        /// Metres from `p` to the segment `a`–`b` and the fraction along it (local flat plane).
        static func project(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> (Double, Double) {
            let k = 111_320.0, c = cos(p.latitude * .pi / 180)
            let ax = (a.longitude - p.longitude) * k * c, ay = (a.latitude - p.latitude) * k
            let dx = (b.longitude - a.longitude) * k * c, dy = (b.latitude - a.latitude) * k
            let len = dx * dx + dy * dy
            let t = len > 0 ? max(0, min(1, -(ax * dx + ay * dy) / len)) : 0
            let ex = ax + t * dx, ey = ay + t * dy
            return ((ex * ex + ey * ey).squareRoot(), t)
        }
    }
}
