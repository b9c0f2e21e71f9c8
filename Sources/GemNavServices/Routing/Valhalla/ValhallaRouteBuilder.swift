import Foundation
import GemNavCore
import GemNavGuidance

/// Turns a Valhalla `/route` answer into GemNav's OSRM-shaped routes: one step per maneuver,
/// its geometry cut from the leg's shape by `begin_shape_index`…`end_shape_index`, lengths in
/// metres, bearings from Valhalla or else from the shape, then voice prompts and banners from
/// GemNav's own guidance so the navigation session guides the route like its own.
struct ValhallaRouteBuilder {
    /// Why an answer that decoded as JSON still cannot be a route.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    let costing: ValhallaCosting
    let guidance: GuidanceOptions

    /// The best route first, then the alternates.
    func routes(_ response: ValhallaResponse) throws -> [Route] {
        try ([response.trip] + (response.alternates ?? []).map(\.trip)).map(route)
    }

    func route(_ trip: ValhallaResponse.Trip) throws -> Route {
        var legs = [RouteLeg](), geometry = [Coordinate]()
        for (i, leg) in trip.legs.enumerated() {
            guard let shape = Polyline.decode(leg.shape, precision: 6), !shape.isEmpty else {
                throw Malformed(description: "leg \(i) has no readable shape (polyline6)")
            }
            let stop = i + 1 < trip.legs.count ? i + 1 : nil
            legs.append(try self.leg(leg, index: i, shape: shape, stop: stop))
            geometry.append(contentsOf: geometry.last == shape.first ? shape.dropFirst() : shape[...])
        }
        guard !legs.isEmpty else { throw Malformed(description: "the trip has no legs") }
        return Route(distance: trip.summary.length * 1000, duration: trip.summary.time,
                     weight: trip.summary.cost ?? trip.summary.time, weightName: costing.rawValue,
                     geometry: geometry, legs: legs, language: guidance.language)
    }

    private func leg(_ leg: ValhallaResponse.Leg, index: Int, shape: [Coordinate], stop: Int?) throws -> RouteLeg {
        var steps = [RouteStep]()
        var inRotary = false
        for (k, m) in leg.maneuvers.enumerated() {
            guard m.beginShapeIndex >= 0, m.beginShapeIndex <= m.endShapeIndex, m.endShapeIndex < shape.count else {
                throw Malformed(description: "maneuver \(k) of leg \(index) lies outside the leg's \(shape.count)-point shape")
            }
            let line = Array(shape[m.beginShapeIndex...m.endShapeIndex])
            let before = m.bearingBefore ?? Self.bearing(shape, before: m.beginShapeIndex)
            let after = m.bearingAfter ?? Self.bearing(shape, after: m.beginShapeIndex)
            let angle = Geodesy.turnAngle(from: Double(before ?? 0), to: Double(after ?? 0))
            guard case .step(var type, let modifier) = ValhallaManeuver.meaning(of: m.type, turnAngle: angle) else {
                // Folded into the step before: its road goes on to the next maneuver.
                if var last = steps.popLast() {
                    last.geometry.append(contentsOf: line.dropFirst())
                    last.distance += m.length * 1000
                    last.duration += m.time
                    last.weight += m.cost ?? m.time
                    steps.append(last)
                }
                continue
            }
            let (name, ref) = Self.nameAndRef(m.streetNames ?? [])
            // A ring with a name of its own is announced by it ("Enter Giratoire Aureglia…"),
            // which is what GemNav calls a rotary.
            if m.type == ValhallaManeuver.roundaboutEnter {
                inRotary = !name.isEmpty
                if inRotary { type = .rotary }
            } else if type == .exitRoundabout, inRotary {
                type = .exitRotary
            }
            let bearingBefore = type == .depart ? 0 : before ?? 0
            let bearingAfter = type == .arrive ? 0 : after ?? 0
            let location = shape[m.beginShapeIndex]
            var classes = [String]()
            if m.toll == true { classes.append("toll") }
            if m.highway == true { classes.append("motorway") }
            if m.ferry == true || m.type == ValhallaManeuver.ferryEnter { classes.append("ferry") }
            steps.append(RouteStep(
                distance: m.length * 1000, duration: m.time, weight: m.cost ?? m.time, name: name, ref: ref,
                destinations: Self.destinations(m.sign), exits: Self.exits(m.sign), mode: Self.mode(m),
                drivingSide: guidance.drivingSide, geometry: line,
                maneuver: StepManeuver(location: location, bearingBefore: bearingBefore, bearingAfter: bearingAfter,
                                       type: type, modifier: modifier,
                                       exit: m.type == ValhallaManeuver.roundaboutEnter ? m.roundaboutExitCount : nil,
                                       instruction: m.instruction ?? ""),
                intersections: [Self.intersection(at: location, type: type, before: bearingBefore, after: bearingAfter,
                                                  classes: classes)],
                rotaryName: type == .rotary ? name : nil))
        }
        guard steps.first?.maneuver.type == .depart, steps.last?.maneuver.type == .arrive else {
            throw Malformed(description: "leg \(index) does not run from a start maneuver to a destination maneuver")
        }
        return RouteLeg(distance: leg.summary.length * 1000, duration: leg.summary.time,
                        weight: leg.summary.cost ?? leg.summary.time, summary: Self.summary(steps),
                        steps: Guidance.prompted(steps, stop: stop, options: guidance))
    }

    /// Valhalla lists a road's names and refs together ("Boulevard du Larvotto", "D6098"):
    /// the first plain name is the step's name and the refs (short, with a digit, no
    /// lower-case letter) its `;`-separated ref, so banners show them as shields.
    static func nameAndRef(_ names: [String]) -> (name: String, ref: String) {
        let isRef = { (s: String) in s.count <= 8 && s.contains(where: \.isNumber) && !s.contains(where: \.isLowercase) }
        return (names.first { !isRef($0) } ?? "", names.filter(isRef).joined(separator: ";"))
    }

    /// OSRM's `destinations` form: "A8: Nice, Menton".
    static func destinations(_ sign: ValhallaResponse.Sign?) -> String {
        let refs = (sign?.exitBranchElements ?? []).map(\.text).joined(separator: ", ")
        let names = (sign?.exitTowardElements ?? []).map(\.text).joined(separator: ", ")
        if refs.isEmpty || names.isEmpty { return refs + names }
        return "\(refs): \(names)"
    }

    static func exits(_ sign: ValhallaResponse.Sign?) -> String {
        (sign?.exitNumberElements ?? []).map(\.text).joined(separator: ";")
    }

    static func mode(_ m: ValhallaResponse.Maneuver) -> TravelMode {
        if m.type == ValhallaManeuver.ferryEnter { return .ferry }
        switch m.travelMode {
        case "pedestrian": return .walking
        case "bicycle": return .cycling
        default: return .driving
        }
    }

    /// The heading leaving `shape[i]`, towards the next distinct point (Valhalla's own
    /// bearings are those of the edge's first segment); nil at the end.
    static func bearing(_ shape: [Coordinate], after i: Int) -> Int? {
        guard let next = shape[(i + 1)...].first(where: { $0 != shape[i] }) else { return nil }
        return degrees(Geodesy.bearing(shape[i], next))
    }

    /// The heading arriving at `shape[i]`, from the previous distinct point; nil at the start.
    static func bearing(_ shape: [Coordinate], before i: Int) -> Int? {
        guard let previous = shape[..<i].last(where: { $0 != shape[i] }) else { return nil }
        return degrees(Geodesy.bearing(previous, shape[i]))
    }

    private static func degrees(_ bearing: Double) -> Int { (Int(bearing.rounded()) % 360 + 360) % 360 }

    /// The maneuver's intersection: the way in (its bearing reversed) and the way out.
    static func intersection(at location: Coordinate, type: ManeuverType, before: Int, after: Int,
                             classes: [String]) -> Intersection
    {
        let back = (before + 180) % 360
        switch type {
        case .depart:
            return Intersection(location: location, bearings: [after], entry: [true], inIndex: nil, outIndex: 0,
                                classes: classes)
        case .arrive:
            return Intersection(location: location, bearings: [back], entry: [true], inIndex: 0, outIndex: nil)
        default:
            let bearings = back == after ? [back] : [back, after].sorted()
            return Intersection(location: location, bearings: .init(bearings),
                                entry: .init(bearings.map { $0 == after }), inIndex: bearings.firstIndex(of: back), outIndex: bearings.firstIndex(of: after),
                                classes: classes)
        }
    }

    /// OSRM's leg summary: the two roads driven longest, in the order they are driven.
    static func summary(_ steps: [RouteStep]) -> String {
        var labels = [String](), totals = [Double]()
        for step in steps {
            let label = step.name.isEmpty ? step.ref : step.name
            guard !label.isEmpty else { continue }
            if let i = labels.firstIndex(of: label) {
                totals[i] += step.distance
            } else {
                labels.append(label)
                totals.append(step.distance)
            }
        }
        let longest = labels.indices.sorted { totals[$0] > totals[$1] }.prefix(2).sorted()
        return longest.map { labels[$0] }.joined(separator: ", ")
    }
}
