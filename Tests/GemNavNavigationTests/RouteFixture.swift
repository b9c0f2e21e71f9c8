import Foundation
@testable import GemNavNavigation

/// Builds routes by hand: a maneuver at every vertex where the road bends, OSRM-shaped steps,
/// and Mapbox-style voice and banner instructions for the maneuver ending each step.
enum RouteFixture {
    static let origin = Coordinate(latitude: 43.7384, longitude: 7.4246)

    /// The point `east`/`north` metres from `origin`.
    static func point(_ east: Double, _ north: Double, from base: Coordinate = origin) -> Coordinate {
        SimulatedPath.offset(base, east: east, north: north)
    }

    /// Points given as metre offsets from `origin`.
    static func line(_ offsets: [(Double, Double)]) -> [Coordinate] {
        offsets.map { point($0.0, $0.1) }
    }

    /// A route with one leg per polyline (each leg starts where the previous ended).
    static func route(legs: [[Coordinate]], speed: Double = 12, speedLimitKmh: Double? = 50, splitAbove: Double = 25)
        -> Route
    {
        var roadNumber = 0
        let built = legs.map {
            leg(points: $0, speed: speed, limit: speedLimitKmh, splitAbove: splitAbove, roadNumber: &roadNumber)
        }
        var geometry: [Coordinate] = []
        for step in built.flatMap(\.steps) {
            for p in step.geometry where geometry.last != p { geometry.append(p) }
        }
        return Route(distance: built.reduce(0) { $0 + $1.distance }, duration: built.reduce(0) { $0 + $1.duration },
                     weight: built.reduce(0) { $0 + $1.weight }, geometry: geometry, legs: built)
    }

    /// A single-leg route through `points`.
    static func route(_ points: [Coordinate], speed: Double = 12, speedLimitKmh: Double? = 50) -> Route {
        route(legs: [points], speed: speed, speedLimitKmh: speedLimitKmh)
    }

    private static func leg(points: [Coordinate], speed: Double, limit: Double?, splitAbove: Double,
                            roadNumber: inout Int) -> RouteLeg
    {
        // Split at vertices that bend more than `splitAbove` degrees: each piece is one step.
        var pieces: [[Coordinate]] = [[points[0]]]
        for i in 1..<points.count {
            pieces[pieces.count - 1].append(points[i])
            if i + 1 < points.count {
                let turn = Geodesy.angleDifference(Geodesy.bearing(points[i - 1], points[i]),
                                                   Geodesy.bearing(points[i], points[i + 1]))
                if turn > splitAbove { pieces.append([points[i]]) }
            }
        }
        var maneuvers: [StepManeuver] = []
        var names: [String] = []
        for (k, piece) in pieces.enumerated() {
            let after = Int(Geodesy.bearing(piece[0], piece[1]).rounded()) % 360
            roadNumber += 1
            names.append("Road \(roadNumber)")
            if k == 0 {
                maneuvers.append(StepManeuver(location: piece[0], bearingBefore: 0, bearingAfter: after, type: .depart,
                                              instruction: "Head along \(names[k])"))
            } else {
                let prev = pieces[k - 1]
                let before = Geodesy.bearing(prev[prev.count - 2], prev[prev.count - 1])
                let modifier = ManeuverModifier(turnAngle: Geodesy.turnAngle(from: before, to: Double(after)))
                maneuvers.append(StepManeuver(location: piece[0], bearingBefore: Int(before.rounded()) % 360,
                                              bearingAfter: after, type: .turn, modifier: modifier,
                                              instruction: "Turn \(modifier.rawValue) onto \(names[k])"))
            }
        }
        let end = points[points.count - 1]
        let arrive = StepManeuver(location: end, bearingBefore: 0, bearingAfter: 0, type: .arrive,
                                  instruction: "You have arrived")
        var steps: [RouteStep] = []
        for (k, piece) in pieces.enumerated() {
            let length = Geodesy.length(of: piece)
            let next = k + 1 < pieces.count ? maneuvers[k + 1] : arrive
            steps.append(RouteStep(
                distance: length, duration: length / speed, weight: length / speed, name: names[k], mode: .driving,
                geometry: piece, maneuver: maneuvers[k],
                intersections: [Intersection(location: piece[0], bearings: [], entry: [], inIndex: nil, outIndex: nil)],
                voiceInstructions: voice(for: next, stepLength: length),
                bannerInstructions: [BannerInstruction(
                    distanceAlongGeometry: length,
                    primary: BannerContent(text: next.instruction, type: next.type, modifier: next.modifier,
                                           components: [BannerComponent(type: "text", text: next.instruction)]))],
                speedLimitKmh: limit))
        }
        steps.append(RouteStep(distance: 0, duration: 0, weight: 0, name: names.last ?? "", mode: .driving,
                               geometry: [end, end], maneuver: arrive, intersections: []))
        let distance = steps.reduce(0) { $0 + $1.distance }, duration = steps.reduce(0) { $0 + $1.duration }
        return RouteLeg(distance: distance, duration: duration, weight: duration, summary: names.joined(separator: ", "),
                        steps: steps)
    }

    /// Prompts for the maneuver ending a step: one at the step's start, one at 300 m when the
    /// step is long enough, and a final one close to the maneuver.
    private static func voice(for next: StepManeuver, stepLength: Double) -> [VoiceInstruction] {
        let text = next.instruction
        var prompts = [VoiceInstruction(distanceAlongGeometry: stepLength, announcement: "Continue, then \(text)",
                                        ssmlAnnouncement: "<speak>Continue, then \(text)</speak>")]
        if stepLength > 400 {
            prompts.append(VoiceInstruction(distanceAlongGeometry: 300, announcement: "In 300 m, \(text)",
                                            ssmlAnnouncement: "<speak>In 300 m, \(text)</speak>"))
        }
        let last = min(40, stepLength / 2)
        prompts.append(VoiceInstruction(distanceAlongGeometry: last, announcement: text,
                                        ssmlAnnouncement: "<speak>\(text)</speak>"))
        return prompts
    }

    /// A seeded random polyline: `count` pieces of 80…400 m with turns of up to ±120°.
    static func randomLine(seed: UInt64, count: Int) -> [Coordinate] {
        var rng = SeededGenerator(seed: seed)
        var heading = Double.random(in: 0..<360, using: &rng)
        var points = [origin]
        for _ in 0..<count {
            let length = Double.random(in: 80...400, using: &rng)
            points.append(SimulatedPath.offset(points[points.count - 1], bearing: heading, distance: length))
            heading = (heading + Double.random(in: -120...120, using: &rng) + 360).truncatingRemainder(dividingBy: 360)
        }
        return points
    }
}

/// Answers reroute requests with a straight line from wherever the user is to each remaining
/// stop, and keeps the requests it saw.
final class StraightLineProvider: @unchecked Sendable {
    // @unchecked: `seen` is only touched under `lock`.
    private let lock = NSLock()
    private var seen: [RerouteRequest] = []

    var requests: [RerouteRequest] { lock.withLock { seen } }

    var rerouter: Rerouter {
        { request in
            self.lock.withLock { self.seen.append(request) }
            var legs: [[Coordinate]] = []
            var from = request.origin
            for stop in request.stops {
                legs.append([from, stop])
                from = stop
            }
            return RouteFixture.route(legs: legs)
        }
    }
}

/// A provider that is never reachable.
enum FailingProvider {
    struct Unreachable: Error {}
    static let rerouter: Rerouter = { _ in throw Unreachable() }
}

/// Helpers over recorded trips.
extension TripRecording {
    var eventList: [NavigationEvent] { updates.flatMap(\.events) }

    func count(_ type: String) -> Int { eventList.filter { $0.type == type }.count }

    var voiceEvents: [VoiceEvent] { eventList.compactMap { if case .voice(let v) = $0 { v } else { nil } } }
    var hapticEvents: [HapticEvent] { eventList.compactMap { if case .haptic(let h) = $0 { h } else { nil } } }
    var progressEvents: [ProgressEvent] { eventList.compactMap { if case .progress(let p) = $0 { p } else { nil } } }
    var rerouteEvents: [RerouteEvent] { eventList.compactMap { if case .reroute(let r) = $0 { r } else { nil } } }
}

/// A simulated drive through the trip player, rerouting with `reroute`.
func simulateTrip(_ route: Route, settings: NavigationSettings = NavigationSettings(),
                  options: SimulationOptions = SimulationOptions(), reroute: Rerouter? = nil,
                  maximumFixes: Int = 20_000) async throws -> TripRecording
{
    let player = try TripPlayer(route: route, settings: settings, source: .simulator(RouteSimulator(route: route, options: options)),
                                reroute: reroute)
    player.maximumFixes = maximumFixes
    return await player.record()
}

/// Recorded fixes fed through the trip player.
func replayTrip(_ route: Route, settings: NavigationSettings = NavigationSettings(), fixes: [LocationFix],
                reroute: Rerouter? = nil) async throws -> TripRecording
{
    try await TripPlayer(route: route, settings: settings, source: .recorded(fixes), reroute: reroute).record()
}
