import GemNavCore
import Testing
@testable import GemNavGuidance

@Suite struct RoundaboutTests {
    /// Enters a roundabout, passes an exit that may be taken and one that may not
    /// (a one-way road into the roundabout), and leaves at the next.
    static func roundabout(_ ring: RoadInfo, options: GuidanceOptions = GuidanceOptions()) -> [RouteStep] {
        var b = PathBuilder()
        b.drive(.street("Avenue de la Costa"), 250)
        b.turn(30, others: [PathBuilder.OtherArm(angle: -120, road: ring, canEnter: false)])
        b.drive(ring, 20, kmh: 25)
        b.turn(-40, others: [PathBuilder.OtherArm(angle: 60, road: .street("Rue Louis Aureglia"))])
        b.drive(ring, 20, kmh: 25)
        b.turn(-40, others: [PathBuilder.OtherArm(angle: 60, road: .street("Rue Sens Unique"), canEnter: false)])
        b.drive(ring, 20, kmh: 25)
        b.turn(60, others: [PathBuilder.OtherArm(angle: -40, road: ring)])
        b.drive(.street("Boulevard du Larvotto"), 400)
        return b.steps(options)
    }

    @Test func countsOnlyExitsThatCanBeTaken() {
        let steps = Self.roundabout(RoadInfo(isRoundabout: true))
        #expect(steps.map(\.maneuver.type) == [.depart, .roundabout, .exitRoundabout, .arrive])
        #expect(steps[1].maneuver.exit == 2)
        // The turn into the ring (30° right), as osrm-routed reports it; the exit is the number.
        #expect(steps[1].maneuver.modifier == .slightRight)
        #expect(steps[1].maneuver.instruction == "At the roundabout, take the 2nd exit onto Boulevard du Larvotto")
        #expect(steps[1].intersections.count == 3)
        #expect(abs(steps[1].distance - 60) < 0.01)
        #expect(steps[1].rotaryName == nil)
        #expect(steps[2].maneuver.instruction == "Exit the roundabout onto Boulevard du Larvotto")
        #expect(steps[2].name == "Boulevard du Larvotto")
        let banner = steps[0].bannerInstructions[0]
        #expect(banner.primary.type == .roundabout)
        #expect(banner.primary.degrees == 170)
        #expect(banner.primary.text == "Boulevard du Larvotto")
    }

    @Test func namedRotary() {
        let steps = Self.roundabout(RoadInfo(name: "Place du Casino", isRoundabout: true, isRotary: true))
        #expect(steps.map(\.maneuver.type) == [.depart, .rotary, .exitRotary, .arrive])
        #expect(steps[1].rotaryName == "Place du Casino")
        // As in osrm-routed, the step is named after the exit road; the ring's name is `rotary_name`.
        #expect(steps[1].name == "Boulevard du Larvotto")
        #expect(steps[1].maneuver.instruction == "At Place du Casino, take the 2nd exit onto Boulevard du Larvotto")
        #expect(steps[2].maneuver.instruction == "Exit the traffic circle onto Boulevard du Larvotto")
    }

    @Test func frenchRoundabout() {
        let steps = Self.roundabout(RoadInfo(isRoundabout: true), options: GuidanceOptions(language: "fr-FR"))
        #expect(steps[1].maneuver.instruction == "Au rond-point, prenez la 2e sortie sur Boulevard du Larvotto")
        #expect(steps[0].maneuver.instruction == "Dirigez-vous vers le nord sur Avenue de la Costa")
    }

    @Test func leftHandTrafficDegrees() {
        var options = GuidanceOptions()
        options.drivingSide = .left
        let steps = Self.roundabout(RoadInfo(isRoundabout: true), options: options)
        #expect(steps[0].bannerInstructions[0].primary.degrees == 190)
        #expect(steps[0].drivingSide == .left)
    }
}
