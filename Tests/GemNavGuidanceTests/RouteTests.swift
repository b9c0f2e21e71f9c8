import Foundation
import GemNavCore
import GemNavOSRM
import Testing
@testable import GemNavGuidance

/// A two-leg path through Monaco-like streets with about thirty maneuvers in all.
func cityPath(turns: Int = 14) -> RoutePath {
    func leg(_ b: inout PathBuilder, names: String) -> RoutePath.Leg {
        b = PathBuilder(start: b.position, heading: b.heading)
        b.drive(.street("\(names) 0", lanes: "left|through|right"), 180)
        for i in 1...turns {
            b.turn(i % 2 == 0 ? 90 : -90, others: [PathBuilder.OtherArm(angle: 0)])
            b.drive(.street("\(names) \(i)", lanes: i % 3 == 0 ? "left|through;right" : ""), 120 + Double(i * 15))
            b.turn(0, others: [PathBuilder.OtherArm(angle: 90)])
            b.drive(.street("\(names) \(i)"), 80, kmh: 30)
        }
        return b.leg
    }
    var b = PathBuilder()
    let start = b.position
    let first = leg(&b, names: "Rue")
    let middle = b.position
    let second = leg(&b, names: "Avenue")
    let wps = [Waypoint(input: start, location: start, name: "Rue 0", distance: 0),
               Waypoint(input: middle, location: middle, name: "Rue \(turns)", distance: 0),
               Waypoint(input: PathBuilder.offset(b.position, 5, bearing: b.heading + 90), location: b.position,
                        name: "Avenue \(turns)", distance: 5)]
    return RoutePath(legs: [first, second], waypoints: wps)
}

@Suite struct RouteTests {
    @Test func routeFromPath() {
        let path = cityPath()
        let route = Guidance.route(from: path)
        #expect(route.legs.count == 2)
        #expect(route.legs.map { $0.steps.count } == [16, 16])
        #expect(route.legs[0].steps.first?.maneuver.type == .depart)
        #expect(route.legs[0].steps.last?.maneuver.type == .arrive)
        #expect(route.legs[1].steps.last?.maneuver.modifier == .right)
        #expect(route.legs[0].steps.last?.maneuver.instruction == "You have arrived at your 1st destination")
        #expect(route.legs[1].steps.last?.maneuver.instruction == "You have arrived at your destination, on the right")
        #expect(abs(route.distance - path.distance) < 1e-6)
        #expect(abs(route.legs.flatMap(\.steps).reduce(0) { $0 + $1.distance } - path.distance) < 1e-6)
        #expect(abs(route.weight - path.weight) < 1e-6)
        #expect(abs(route.legs[0].steps.reduce(0) { $0 + $1.weight } - path.legs[0].weight) < 1e-6)
        #expect(route.geometry.count == path.legs.reduce(0) { $0 + $1.coordinates.count - 1 } + 1)
        #expect(route.legs[0].summary == "Rue 13, Rue 14")
        let annotation = route.legs[0].annotation
        #expect(annotation?.distance.count == path.legs[0].segmentDistances.count)
        #expect(annotation?.speed.first == 13.9)
        // Every junction appears once, in the step that passes it.
        #expect(route.legs[0].steps.reduce(0) { $0 + $1.intersections.count } == path.legs[0].junctions.count + 2)
    }

    @Test func guidanceRouteSurvivesOSRMRoundTrip() throws {
        let route = Guidance.route(from: cityPath(turns: 4))
        let options = OSRMEncodingOptions(geometries: .polyline6, overview: .full, steps: true,
                                          annotations: [.duration, .distance, .speed, .maxspeed],
                                          voiceInstructions: true, bannerInstructions: true)
        let bytes = OSRMCodec.encodeResponse(routes: [route], waypoints: cityPath(turns: 4).waypoints, options: options)
        let decoded = try OSRMCodec.decodeResponse(Data(bytes), geometries: .polyline6)
        let got = try #require(decoded.routes.first)
        #expect(got.legs.flatMap(\.steps).map(\.maneuver) == route.legs.flatMap(\.steps).map(\.maneuver).map {
            var m = $0
            m.location = Coordinate(latitude: (m.location.latitude * 1e6).rounded() / 1e6,
                                    longitude: (m.location.longitude * 1e6).rounded() / 1e6)
            return m
        })
        #expect(got.legs.flatMap(\.steps).map(\.voiceInstructions) == route.legs.flatMap(\.steps).map(\.voiceInstructions))
        #expect(got.legs.flatMap(\.steps).map(\.bannerInstructions) == route.legs.flatMap(\.steps).map(\.bannerInstructions))
        #expect(got.legs[0].steps[1].intersections[0].lanes == route.legs[0].steps[1].intersections[0].lanes)
        #expect(abs(got.distance - route.distance) <= 0.05)
        #expect(got.legs[0].annotation?.speed == route.legs[0].annotation?.speed)
    }

    @Test func geoJSONExport() throws {
        let route = Guidance.route(from: cityPath(turns: 2))
        let json = try JSONSerialization.jsonObject(with: Data(RouteExport.geoJSON([route]))) as? [String: Any]
        let features = try #require(json?["features"] as? [[String: Any]])
        #expect(json?["type"] as? String == "FeatureCollection")
        #expect(features.count == 1 + route.legs.reduce(0) { $0 + $1.steps.count })
        let line = try #require(features[0]["geometry"] as? [String: Any])
        #expect(line["type"] as? String == "LineString")
        #expect((line["coordinates"] as? [Any])?.count == route.geometry.count)
        let point = try #require(features[2]["properties"] as? [String: Any])
        #expect(point["type"] as? String == "turn")
        #expect(point["modifier"] as? String == "left")
        #expect(point["instruction"] as? String == "Turn left onto Rue 1")
    }

    @Test func textTable() {
        let route = Guidance.route(from: cityPath(turns: 1))
        let table = RouteExport.textTable(route)
        let lines = table.split(separator: "\n")
        #expect(lines.count == route.legs.reduce(0) { $0 + $1.steps.count } + 2)
        #expect(lines[0].hasPrefix("1  Head north on Rue 0"))
        #expect(lines[0].hasSuffix("180 m  0:13"))
        #expect(lines.last?.contains("Total") == true)
        #expect(RouteExport.clock(3753) == "1:02:33")
        #expect(RouteExport.textTable(route, units: .imperial).contains(" ft "))
    }

    @Test func optionsSwitchOffExtras() {
        let route = Guidance.route(from: cityPath(turns: 2), options: GuidanceOptions(voice: false, banners: false,
                                                                                     annotations: false))
        let steps = route.legs.flatMap(\.steps)
        #expect(steps.allSatisfy { $0.voiceInstructions.isEmpty && $0.bannerInstructions.isEmpty })
        #expect(route.legs.allSatisfy { $0.annotation == nil })
        let text = String(decoding: OSRMCodec.encodeResponse(
            routes: [route], waypoints: [], options: OSRMEncodingOptions(steps: true, annotations: [.speed])), as: UTF8.self)
        #expect(!text.contains("voiceInstructions") && !text.contains("voiceLocale") && !text.contains("annotation"))
        let annotated = Guidance.route(from: cityPath(turns: 2))
        let subset = String(decoding: OSRMCodec.encodeResponse(
            routes: [annotated], waypoints: [], options: OSRMEncodingOptions(annotations: [.speed, .maxspeed])),
                            as: UTF8.self)
        #expect(subset.contains(#""annotation":{"speed":[13.9"#))
        #expect(subset.contains(#""maxspeed":[{"unknown":true}"#))
        #expect(!subset.contains(#""duration":[6.5"#))
    }

    @Test func emptyLegStillDepartsAndArrives() {
        let at = Coordinate(latitude: 43.73, longitude: 7.42)
        let wp = Waypoint(input: at, location: at, name: "Quai Antoine 1er", distance: 0)
        let route = Guidance.route(from: RoutePath(legs: [RoutePath.Leg(weight: 0)],
                                                   waypoints: [wp, wp]))
        #expect(route.legs[0].steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(route.legs[0].steps[0].distance == 0)
    }

    @Test func fastEnoughForEveryQuery() {
        let path = cityPath()
        _ = Guidance.route(from: path)
        #if DEBUG
        let runs = 50
        #else
        let runs = 3000
        #endif
        let full = cpuSeconds { for _ in 0..<runs { _ = Guidance.route(from: path) } } / Double(runs)
        let bare = GuidanceOptions(voice: false, banners: false, annotations: false)
        let plain = cpuSeconds { for _ in 0..<runs { _ = Guidance.route(from: path, options: bare) } } / Double(runs)
        let route = Guidance.route(from: path)
        let everything = OSRMEncodingOptions(overview: .simplified, steps: true,
                                             annotations: OSRMAnnotationField.allCases,
                                             voiceInstructions: true, bannerInstructions: true)
        var size = 0
        let encode = cpuSeconds {
            for _ in 0..<runs { size = OSRMCodec.encodeResponse(routes: [route], waypoints: path.waypoints,
                                                                options: everything).count }
        } / Double(runs)
        // Debug builds are several times slower than release; this only catches regressions
        // by orders of magnitude. Release timings are printed for the record.
        #expect(full < 0.02)
        #expect(encode < 0.02)
        print("guidance, \(path.legs.flatMap(\.junctions).count) junctions: \(Int(full * 1e6)) µs; "
            + "without voice, banners, annotations: \(Int(plain * 1e6)) µs; "
            + "OSRM JSON (\(size) bytes): \(Int(encode * 1e6)) µs (thread CPU time)")
    }
}

/// Thread CPU time spent in `body`, so timings hold on a busy machine.
private func cpuSeconds(_ body: () -> Void) -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}
