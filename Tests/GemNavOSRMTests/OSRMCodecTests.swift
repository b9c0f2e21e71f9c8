import Foundation
import Testing
import GemNavCore
@testable import GemNavOSRM

/// A two-leg route built by hand, exercising every optional field the codec writes.
func sampleRoute() -> (Route, [Waypoint]) {
    let a = Coordinate(latitude: 43.739281, longitude: 7.421193)
    let b = Coordinate(latitude: 43.739902, longitude: 7.422051)
    let c = Coordinate(latitude: 43.740631, longitude: 7.421482)
    let lanes = [Lane(indications: ["left"], valid: true), Lane(indications: ["straight", "right"], valid: false)]
    let banner = BannerInstruction(
        distanceAlongGeometry: 96.4,
        primary: BannerContent(text: "Avenue de la Costa", type: .turn, modifier: .left,
                               components: [BannerComponent(type: "text", text: "Avenue de la Costa")]),
        secondary: BannerContent(text: "Menton", components: [BannerComponent(type: "text", text: "Menton")]),
        sub: BannerContent(text: "", components: [BannerComponent(type: "lane", text: "", directions: ["left"], active: true)]))
    let voice = VoiceInstruction(distanceAlongGeometry: 80, announcement: "In 100 meters, turn left",
                                 ssmlAnnouncement: "<speak>In 100 meters, turn left</speak>")
    let depart = RouteStep(
        distance: 96.44, duration: 20.46, weight: 22.41, name: "Boulevard des Moulins", ref: "D6007",
        mode: .driving, geometry: [a, b],
        maneuver: StepManeuver(location: a, bearingBefore: 0, bearingAfter: 44, type: .depart,
                               instruction: "Head northeast on Boulevard des Moulins"),
        intersections: [Intersection(location: a, bearings: [44], entry: [true], inIndex: nil, outIndex: 0)],
        voiceInstructions: [voice], bannerInstructions: [banner])
    let turn = RouteStep(
        distance: 94.4, duration: 27.8, weight: 30.2, name: "Avenue de la Costa", destinations: "Menton",
        exits: "12", mode: .ferry, drivingSide: .left, geometry: [b, c],
        maneuver: StepManeuver(location: b, bearingBefore: 44, bearingAfter: 321, type: .roundabout,
                               modifier: .left, exit: 2, instruction: "At the roundabout, take the 2nd exit"),
        intersections: [Intersection(location: b, bearings: [44, 224, 321], entry: [true, false, true],
                                     inIndex: 1, outIndex: 2, lanes: lanes, classes: ["toll", "ferry"])],
        rotaryName: "Place d'Armes")
    let arrive = RouteStep(
        distance: 0, duration: 0, weight: 0, name: "Avenue de la Costa", mode: .ferry, drivingSide: .left,
        geometry: [c, c],
        maneuver: StepManeuver(location: c, bearingBefore: 321, bearingAfter: 0, type: .arrive, modifier: .right,
                               instruction: "You have arrived at your destination, on the right"),
        intersections: [Intersection(location: c, bearings: [141], entry: [true], inIndex: 0, outIndex: nil)])
    let annotation = Annotation(distance: [96.44, 94.4], duration: [20.5, 27.8], speed: [4.7, 3.4],
                                maxspeed: [50, nil])
    let leg1 = RouteLeg(distance: 190.84, duration: 48.26, weight: 52.61, summary: "Boulevard des Moulins, Avenue de la Costa",
                        steps: [depart, turn, arrive], annotation: annotation)
    let leg2 = RouteLeg(distance: 0, duration: 0, weight: 0, summary: "",
                        steps: [arrive], annotation: Annotation(distance: [], duration: [], speed: [], maxspeed: []))
    let route = Route(distance: 190.84, duration: 48.26, weight: 52.61, geometry: [a, b, c], legs: [leg1, leg2],
                      language: "en")
    let wps = [Waypoint(input: a, location: a, name: "Boulevard des Moulins", distance: 4.2),
               Waypoint(input: c, location: c, name: "Avenue de la Costa", distance: 0),
               Waypoint(input: c, location: c, name: "Avenue de la Costa", distance: 0)]
    return (route, wps)
}

/// Rounds every number the way the encoder does so that decoded routes compare equal.
func roundedLikeOSRM(_ route: Route) -> Route {
    func r1(_ v: Double) -> Double { (v * 10).rounded() / 10 }
    func rc(_ c: Coordinate) -> Coordinate {
        Coordinate(latitude: (c.latitude * 1e6).rounded() / 1e6, longitude: (c.longitude * 1e6).rounded() / 1e6)
    }
    var r = route
    r.distance = r1(r.distance); r.duration = r1(r.duration); r.weight = r1(r.weight)
    r.geometry = r.geometry.map(rc)
    for i in r.legs.indices {
        r.legs[i].distance = r1(r.legs[i].distance); r.legs[i].duration = r1(r.legs[i].duration)
        r.legs[i].weight = r1(r.legs[i].weight)
        for j in r.legs[i].steps.indices {
            var s = r.legs[i].steps[j]
            s.distance = r1(s.distance); s.duration = r1(s.duration); s.weight = r1(s.weight)
            s.geometry = s.geometry.map(rc)
            s.maneuver.location = rc(s.maneuver.location)
            s.intersections = s.intersections.map { var x = $0; x.location = rc(x.location); return x }
            r.legs[i].steps[j] = s
        }
    }
    return r
}

@Suite struct OSRMCodecTests {
    static let full = OSRMEncodingOptions(overview: .full, steps: true, annotations: OSRMAnnotationField.allCases,
                                          voiceInstructions: true, bannerInstructions: true)

    @Test(arguments: OSRMGeometryFormat.allCases)
    func roundTrip(format: OSRMGeometryFormat) throws {
        let (route, wps) = sampleRoute()
        var options = Self.full
        options.geometries = format
        let bytes = OSRMCodec.encodeResponse(routes: [route], waypoints: wps, options: options)
        let decoded = try OSRMCodec.decodeResponse(Data(bytes), geometries: format)
        #expect(decoded.code == "Ok")
        #expect(decoded.waypoints.map(\.name) == wps.map(\.name))
        #expect(decoded.routes.count == 1)
        let expected = roundedLikeOSRM(route)
        var got = decoded.routes[0]
        if format == .polyline {
            // Precision 5 loses the sixth decimal; compare within a metre instead.
            for (g, e) in zip(got.geometry, expected.geometry) { #expect(Geodesy.distance(g, e) < 1) }
            got.geometry = expected.geometry
            for i in got.legs.indices {
                for j in got.legs[i].steps.indices { got.legs[i].steps[j].geometry = expected.legs[i].steps[j].geometry }
            }
        }
        #expect(got == expected)
    }

    @Test func numberFormatting() {
        var w = JSONWriter()
        w.beginArray()
        w.number(12.34, decimals: 1)
        w.number(-0.04, decimals: 1)
        w.number(100, decimals: 1)
        w.number(7.4211934, decimals: 6)
        w.number(0.000105, decimals: 6)
        w.number(.nan, decimals: 1)
        w.int(-42)
        w.string("a\"b\\c\n\u{1}é")
        w.endArray()
        #expect(w.string == "[12.3,0,100,7.421193,0.000105,null,-42,\"a\\\"b\\\\c\\n\\u0001é\"]")
    }

    @Test func overviewOptions() throws {
        let (route, wps) = sampleRoute()
        let none = OSRMCodec.encodeResponse(routes: [route], waypoints: wps, options: OSRMEncodingOptions(overview: .false))
        let text = String(decoding: none, as: UTF8.self)
        #expect(!text.contains("\"geometry\""))
        #expect(text.contains("\"steps\":[]"))
        let simplified = LineSimplifier.douglasPeucker(
            [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0.000001, longitude: 0.001),
             Coordinate(latitude: 0, longitude: 0.002), Coordinate(latitude: 0.01, longitude: 0.002)], tolerance: 1)
        #expect(simplified.count == 3)
    }

    @Test func errorBodies() throws {
        let body = OSRMCodec.encodeError(code: "NoRoute", message: "Impossible route between points")
        #expect(String(decoding: body, as: UTF8.self) == #"{"code":"NoRoute","message":"Impossible route between points"}"#)
        #expect(throws: OSRMDecodingError(.serviceError(code: "NoRoute", message: "Impossible route between points"), at: "code")) {
            try OSRMCodec.decodeResponse(Data(body))
        }
        #expect(throws: OSRMDecodingError(.invalidJSON, at: "")) { try OSRMCodec.decodeResponse(Data("[1".utf8)) }
        let bad = #"{"code":"Ok","routes":[{"distance":1,"duration":1,"legs":[{"distance":1,"duration":1,"steps":[{"distance":1,"duration":1,"maneuver":{"location":[7,43],"type":"jump"}}]}]}]}"#
        #expect(throws: OSRMDecodingError(.invalidValue("jump"), at: "routes[0].legs[0].steps[0].maneuver.type")) {
            try OSRMCodec.decodeResponse(Data(bad.utf8))
        }
        let missing = #"{"code":"Ok","routes":[{"duration":1,"legs":[]}]}"#
        #expect(throws: OSRMDecodingError(.missingField, at: "routes[0].distance")) {
            try OSRMCodec.decodeResponse(Data(missing.utf8))
        }
    }

    @Test func decodesOSRMRoutedFixture() throws {
        let url = try #require(Bundle.module.url(forResource: "osrm-routed-monaco", withExtension: "json",
                                                 subdirectory: "Fixtures"))
        let response = try OSRMCodec.decodeResponse(try Data(contentsOf: url))
        #expect(response.waypoints.count == 2)
        #expect(response.waypoints[0].name == "Boulevard des Moulins")
        let route = try #require(response.routes.first)
        #expect(route.weightName == "routability")
        #expect(route.language == "en-US")
        #expect(route.geometry.count == 5)
        let leg = route.legs[0]
        #expect(leg.steps.map(\.maneuver.type) == [.depart, .turn, .arrive])
        #expect(leg.steps[1].maneuver.modifier == .left)
        #expect(leg.steps[1].destinations == "Menton")
        #expect(leg.steps[0].intersections[1].lanes?.map(\.valid) == [false, true])
        #expect(leg.steps[0].intersections[1].classes == ["toll"])
        #expect(leg.steps[0].voiceInstructions.first?.announcement.hasSuffix("then turn left onto Avenue de la Costa") == true)
        #expect(leg.steps[0].bannerInstructions.first?.sub?.components.first?.directions == ["left"])
        #expect(leg.steps[0].bannerInstructions.first?.secondary == nil)
        let maxspeed = try #require(leg.annotation?.maxspeed)
        #expect(maxspeed[0] == 50)
        #expect(maxspeed[2] == nil)
        #expect(abs((maxspeed[3] ?? 0) - 48.28) < 0.01)
        #expect(abs(leg.steps[0].geometry[0].latitude - 43.73928) < 1e-9)
    }

    @Test func decodesMapboxStyleExtras() throws {
        // Mapbox adds abbreviations, image URLs, speed limit signs and `valid_indication`.
        let body = #"""
        {"code":"Ok","uuid":"x","waypoints":[{"name":"","location":[7.1,43.1],"distance":0.4}],
         "routes":[{"distance":50.04,"duration":9.96,"weight":9.96,"weight_name":"auto","voiceLocale":"fr-FR",
          "geometry":"_c`|@_c`|@??","legs":[{"distance":50.04,"duration":9.96,"summary":"","admins":[{"iso_3166_1":"MC"}],
          "annotation":{"maxspeed":[{"speed":30,"unit":"mph"},{"none":true}],"congestion":["low"]},
          "steps":[{"distance":50.04,"duration":9.96,"name":"","mode":"driving","speedLimitSign":"vienna",
           "geometry":"_c`|@_c`|@??","driving_side":"left",
           "maneuver":{"location":[7.1,43.1],"bearing_before":0,"bearing_after":90,"type":"off ramp","modifier":"slight left",
                       "instruction":"Prenez la sortie"},
           "intersections":[{"location":[7.1,43.1],"bearings":[90],"entry":[true],"out":0,
                             "lanes":[{"indications":["left"],"valid":true,"active":true,"valid_indication":"left"}]}],
           "voiceInstructions":[{"distanceAlongGeometry":50,"announcement":"Prenez la sortie"}],
           "bannerInstructions":[{"distanceAlongGeometry":50,"primary":{"text":"A8","type":"off ramp","modifier":"slight left",
             "components":[{"text":"A8","type":"icon","imageBaseURL":"https://example.invalid/a8"}]},
             "secondary":{"text":"Nice","components":[{"text":"Nice","type":"text","abbr":"N.","abbr_priority":0}]}}]}]}]}]}
        """#
        let response = try OSRMCodec.decodeResponse(Data(body.utf8), geometries: .polyline6)
        let route = try #require(response.routes.first)
        #expect(route.language == "fr-FR")
        let step = try #require(route.legs.first?.steps.first)
        #expect(step.drivingSide == .left)
        #expect(step.maneuver.type == .offRamp)
        #expect(step.voiceInstructions.first?.ssmlAnnouncement == "Prenez la sortie")
        #expect(step.bannerInstructions.first?.primary.components.first?.type == "icon")
        #expect(step.bannerInstructions.first?.secondary?.text == "Nice")
        #expect(route.legs[0].annotation?.maxspeed.last == .infinity)
        let mph = try #require(route.legs[0].annotation?.maxspeed.first ?? nil)
        #expect(abs(mph - 48.28) < 0.01)
    }

    @Test func decodesMinimalValhallaStyleRoute() throws {
        // Valhalla's OSRM output can omit weight, summary, driving_side and intersections.
        let body = #"{"code":"Ok","routes":[{"distance":10.5,"duration":2,"geometry":{"type":"LineString","coordinates":[[7.1,43.1],[7.2,43.2]]},"legs":[{"distance":10.5,"duration":2,"steps":[{"distance":10.5,"duration":2,"geometry":{"type":"LineString","coordinates":[[7.1,43.1],[7.2,43.2]]},"maneuver":{"location":[7.1,43.1],"type":"depart"},"mode":"pushing bike"}]}]}]}"#
        let response = try OSRMCodec.decodeResponse(Data(body.utf8))
        let step = try #require(response.routes.first?.legs.first?.steps.first)
        #expect(step.mode == .walking)
        #expect(step.drivingSide == .right)
        #expect(step.weight == 2)
        #expect(response.routes[0].geometry.count == 2)
    }
}
