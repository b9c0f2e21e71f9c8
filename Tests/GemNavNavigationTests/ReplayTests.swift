import Foundation
import Testing
@testable import GemNavNavigation

@Suite struct ReplayTests {
    static let route = RouteFixture.route(RouteFixture.line([(0, 0), (600, 0), (600, 500), (200, 500)]))

    @Test func recordedFixesReplayToTheSameEvents() async throws {
        var options = SimulationOptions()
        options.noiseMeters = 10
        options.seed = 99
        options.missedTurn = 2
        options.dropouts = [30..<33]
        var settings = NavigationSettings()
        settings.channels = .all
        let original = try await simulateTrip(Self.route, settings: settings, options: options, reroute: StraightLineProvider().rerouter)
        #expect(original.count("reroute") == 1)

        let log = try FixLog.encode(original.fixes)
        let fixes = try FixLog.decode(log)
        #expect(fixes == original.fixes)
        let replayed = try await replayTrip(Self.route, settings: settings, fixes: fixes,
                                            reroute: StraightLineProvider().rerouter)
        #expect(replayed.jsonLines() == original.jsonLines())
    }

    @Test func sameSeedSameTrip() async throws {
        var options = SimulationOptions()
        options.noiseMeters = 10
        options.seed = 5
        let a = try await simulateTrip(Self.route, options: options)
        let b = try await simulateTrip(Self.route, options: options)
        #expect(a.jsonLines() == b.jsonLines())
        options.seed = 6
        #expect(try await simulateTrip(Self.route, options: options).fixes != a.fixes)
    }

    @Test func badFixLogLineIsNamed() async {
        #expect(throws: NavigationError.self) { try FixLog.decode("{\"time\":1,\"lat\":1,\"lon\":2}\nnot json\n") }
        do {
            _ = try FixLog.decode("{\"time\":1,\"lat\":1,\"lon\":2}\nnot json\n")
        } catch let error as NavigationError {
            #expect(error.code == .invalidFixLog && error.message.hasPrefix("line 2"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func eventContractShapes() async throws {
        var settings = NavigationSettings()
        settings.channels = .all
        let trip = try await simulateTrip(Self.route, settings: settings)
        let lines = trip.jsonLines()
        var types: Set<String> = []
        var lastT = 0.0
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let type = try #require(object["type"] as? String)
            let t = try #require((object["t"] as? NSNumber)?.doubleValue)
            #expect(t >= lastT)
            lastT = t
            types.insert(type)
            switch type {
            case "progress":
                for key in ["location", "snapped", "truth"] {
                    let c = try #require(object[key] as? [String: Any], "\(key)")
                    #expect(c["lat"] is NSNumber && c["lon"] is NSNumber)
                }
                for key in ["distanceRemaining", "durationRemaining", "speed", "eta"] { #expect(object[key] is NSNumber) }
            case "voice":
                #expect(object["text"] is String && object["ssml"] is String)
                #expect(((object["distanceToManeuver"] as? NSNumber)?.doubleValue ?? -1) >= 0)
                #expect(object["maneuverLocation"] is [String: Any])
            case "banner":
                #expect(object["primary"] is String && object["maneuverType"] is String && object["distance"] is NSNumber)
            case "haptic":
                #expect(object["pattern"] is String && object["pulses"] is NSNumber)
            default: break
            }
        }
        #expect(types == ["progress", "banner", "voice", "haptic", "arrived"])
        #expect(lines.first.map { $0.hasPrefix("{\"t\":0,\"type\":\"progress\"") } == true)
    }

    @Test func gpxTrackReplays() async throws {
        // A GPX export of a simulated drive: replaying it must reach the destination.
        var simulator = try RouteSimulator(route: Self.route)
        var fixes: [LocationFix] = []
        while let fix = simulator.next() { fixes.append(fix) }
        let formatter = ISO8601DateFormatter()
        var gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n"
        for f in fixes {
            gpx += "<trkpt lat=\"\(f.coordinate.latitude)\" lon='\(f.coordinate.longitude)'>"
            gpx += "<ele>12</ele><time>\(formatter.string(from: f.timestamp))</time><hdop>1.2</hdop></trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>"
        let parsed = try GPXTrack.fixes(from: gpx)
        #expect(parsed.count == fixes.count)
        #expect(parsed[0].horizontalAccuracy == 6)
        let moving = parsed[5]
        #expect(abs((moving.speed ?? 0) - 12) < 0.5)
        #expect(abs((moving.course ?? 0) - 90) < 1)
        let trip = try await replayTrip(Self.route, fixes: parsed)
        #expect(trip.count("arrived") == 1 && trip.count("offRoute") == 0)
    }

    @Test func gpxErrors() async {
        #expect(throws: NavigationError.self) { try GPXTrack.fixes(from: "<gpx></gpx>") }
        #expect(throws: NavigationError.self) { try GPXTrack.fixes(from: "<gpx><trkpt lat=\"x\" lon=\"1\"/></gpx>") }
    }
}
