import GemNavCore
import Testing
@testable import GemNavGuidance

private let grimaldi = RoadInfo.street("Rue Grimaldi")
private let costa = RoadInfo.street("Avenue de la Costa")

/// Costa, then one junction, then Grimaldi; `others` are the roads not taken.
private func oneJunction(_ angle: Double, to next: RoadInfo = grimaldi, from first: RoadInfo = costa,
                         others: [PathBuilder.OtherArm] = [PathBuilder.OtherArm(angle: 0)]) -> [RouteStep]
{
    var b = PathBuilder()
    b.drive(first, 300)
    b.turn(angle, others: others)
    b.drive(next, 300)
    return b.steps()
}

@Suite struct ManeuverTests {
    @Test(arguments: [
        (-150.0, ManeuverModifier.sharpLeft, "Make a sharp left onto Rue Grimaldi"),
        (-90, .left, "Turn left onto Rue Grimaldi"),
        (-40, .slightLeft, "Make a slight left onto Rue Grimaldi"),
        (40, .slightRight, "Make a slight right onto Rue Grimaldi"),
        (90, .right, "Turn right onto Rue Grimaldi"),
        (150, .sharpRight, "Make a sharp right onto Rue Grimaldi"),
        (180, .uturn, "Make a U-turn onto Rue Grimaldi"),
    ])
    func turns(angle: Double, modifier: ManeuverModifier, text: String) {
        let steps = oneJunction(angle)
        #expect(steps.map(\.maneuver.type) == [.depart, .turn, .arrive])
        #expect(steps[1].maneuver.modifier == modifier)
        #expect(steps[1].maneuver.instruction == text)
        #expect(steps[1].name == "Rue Grimaldi")
    }

    @Test func departAndArrive() {
        let steps = oneJunction(90)
        #expect(steps[0].maneuver.instruction == "Head north on Avenue de la Costa")
        #expect(steps[0].maneuver.bearingAfter == 0)
        #expect(steps[0].intersections[0].outIndex == 0)
        #expect(steps[2].distance == 0)
        #expect(steps[2].intersections[0].inIndex == 0)
        #expect(abs(steps[0].distance - 300) < 0.01)
        #expect(abs(steps[1].duration - 300 / (50 / 3.6)) < 0.01)
    }

    @Test func newNameStraightOn() {
        let steps = oneJunction(5, to: .street("Boulevard Princesse Charlotte"), others: [PathBuilder.OtherArm(angle: 90)])
        #expect(steps.map(\.maneuver.type) == [.depart, .newName, .arrive])
        #expect(steps[1].maneuver.instruction == "Continue onto Boulevard Princesse Charlotte")
    }

    @Test func refOnlyContinuationIsSilent() {
        let steps = oneJunction(3, to: RoadInfo(ref: "D6007", roadClass: .primary),
                                from: RoadInfo(name: "Moyenne Corniche", ref: "D6007", roadClass: .primary),
                                others: [PathBuilder.OtherArm(angle: 90)])
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
    }

    @Test func straightThroughIntersectionIsSilentButRecorded() {
        var b = PathBuilder()
        b.drive(costa, 200)
        b.turn(0, others: [PathBuilder.OtherArm(angle: -90), PathBuilder.OtherArm(angle: 90)])
        b.drive(costa, 200)
        b.turn(4, others: [PathBuilder.OtherArm(angle: 90)])
        b.drive(costa, 200)
        let steps = b.steps()
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(steps[0].intersections.count == 3)
        #expect(steps[0].intersections[1].bearings.count == 4)
        #expect(abs(steps[0].distance - 600) < 0.01)
        #expect(steps[0].geometry.count == 7)
    }

    @Test func roadTurningAtIntersectionIsAContinue() {
        let steps = oneJunction(-90, to: costa)
        #expect(steps[1].maneuver.type == .continue)
        #expect(steps[1].maneuver.instruction == "Continue left onto Avenue de la Costa")
        // A plain bend with no other road is not announced.
        #expect(oneJunction(-60, to: costa, others: []).count == 2)
    }

    @Test func merge() {
        let ramp = RoadInfo(roadClass: .motorwayLink)
        // Named alike before and after the ramp: OSRM's `fromRamp` merges only then.
        let a8 = RoadInfo(name: "La Provençale", ref: "A8", roadClass: .motorway)
        // The motorway's traffic comes from behind on the left.
        let steps = oneJunction(-15, to: a8, from: ramp,
                                others: [PathBuilder.OtherArm(angle: -170, road: a8, canEnter: false, canArrive: true)])
        #expect(steps[1].maneuver.type == .merge)
        #expect(steps[1].maneuver.modifier == .slightLeft)
        #expect(steps[1].maneuver.instruction == "Merge left onto La Provençale (A8)")
    }

    @Test func onRampTowardsDestination() {
        let ramp = RoadInfo(destinations: "Nice;Menton", roadClass: .motorwayLink)
        let steps = oneJunction(35, to: ramp, from: RoadInfo(name: "Boulevard du Jardin Exotique", roadClass: .primary))
        #expect(steps[1].maneuver.type == .onRamp)
        #expect(steps[1].maneuver.instruction == "Take the ramp on the right towards Nice, Menton")
        #expect(steps[1].destinations == "Nice, Menton")
    }

    @Test func offRampWithExitNumber() throws {
        let a8 = RoadInfo(ref: "A8", roadClass: .motorway)
        let exit = RoadInfo(destinations: "Nice", exits: "57", roadClass: .motorwayLink)
        let steps = oneJunction(25, to: exit, from: a8, others: [PathBuilder.OtherArm(angle: 0, road: a8)])
        #expect(steps[1].maneuver.type == .offRamp)
        #expect(steps[1].maneuver.modifier == .slightRight)
        #expect(steps[1].maneuver.instruction == "Take the ramp on the right towards Nice")
        #expect(steps[1].exits == "57")
        let banner = try #require(steps[0].bannerInstructions.first)
        #expect(banner.primary.components.map(\.type) == ["exit", "exit-number", "text"])
        #expect(banner.primary.text == "Exit 57 Nice")
        // Staying on the motorway past the exit says nothing.
        #expect(oneJunction(0, to: a8, from: a8, others: [PathBuilder.OtherArm(angle: 25, road: exit)]).count == 2)
    }

    @Test(arguments: [(-15.0, ManeuverModifier.slightLeft, "Keep left at the fork onto A500"),
                      (15, .slightRight, "Keep right at the fork onto A500")])
    func fork(angle: Double, modifier: ManeuverModifier, text: String) {
        let a8 = RoadInfo(ref: "A8", roadClass: .motorway)
        let other = RoadInfo(ref: "A50", roadClass: .motorway)
        let steps = oneJunction(angle, to: RoadInfo(ref: "A500", roadClass: .motorway), from: a8,
                                others: [PathBuilder.OtherArm(angle: -angle, road: other)])
        #expect(steps[1].maneuver.type == .fork)
        #expect(steps[1].maneuver.modifier == modifier)
        #expect(steps[1].maneuver.instruction == text)
    }

    @Test func endOfRoad() {
        // A side street passed first: the end of the road is worth saying.
        var b = PathBuilder()
        b.drive(costa, 200)
        b.turn(0, others: [PathBuilder.OtherArm(angle: 90)])
        b.drive(costa, 100)
        b.turn(-90, others: [PathBuilder.OtherArm(angle: 90)])
        b.drive(grimaldi, 300)
        let steps = b.steps()
        #expect(steps[1].maneuver.type == .endOfRoad)
        #expect(steps[1].maneuver.instruction == "Turn left at the end of the road onto Rue Grimaldi")
        // Straight from the start to the T junction, as OSRM: a plain turn.
        #expect(oneJunction(-90, others: [PathBuilder.OtherArm(angle: 90)])[1].maneuver.type == .turn)
    }

    @Test func ferryNotification() {
        let ferry = RoadInfo(name: "", destinations: "Calvi", roadClass: .ferry, mode: .ferry)
        var b = PathBuilder()
        b.drive(costa, 200)
        b.turn(0)
        b.drive(ferry, 5000, kmh: 25)
        b.turn(0)
        b.drive(.street("Quai Landry"), 200)
        let steps = b.steps()
        #expect(steps.map(\.maneuver.type) == [.depart, .notification, .notification, .arrive])
        #expect(steps[1].maneuver.instruction == "Take the ferry towards Calvi")
        #expect(steps[1].mode == .ferry)
        #expect(steps[1].intersections[0].classes == ["ferry"])
        #expect(steps[2].maneuver.instruction == "Leave the ferry onto Quai Landry")
    }

    @Test(arguments: [(4.0, ManeuverModifier.right, "You have arrived at your destination, on the right"),
                      (-6, .left, "You have arrived at your destination, on the left"),
                      (0, nil, "You have arrived at your destination")])
    func arrivalSide(offset: Double, side: ManeuverModifier?, text: String) {
        var b = PathBuilder(heading: 70)
        b.drive(costa, 150)
        let steps = b.steps(arrivalSide: offset)
        #expect(steps.last?.maneuver.modifier == side)
        #expect(steps.last?.maneuver.instruction == text)
    }

    @Test func collapsesDualCarriagewayUTurn() {
        var b = PathBuilder()
        b.drive(costa, 300)
        b.turn(-90, others: [PathBuilder.OtherArm(angle: 0)])
        b.drive(.street("Connector"), 12)
        b.turn(-90, others: [PathBuilder.OtherArm(angle: 0)])
        b.drive(.street("Avenue de la Costa"), 300)
        let steps = b.steps()
        // OSRM words a U-turn over a short connector "continue uturn".
        #expect(steps.map(\.maneuver.type) == [.depart, .continue, .arrive])
        #expect(steps[1].maneuver.modifier == .uturn)
        #expect(steps[1].name == "Avenue de la Costa")
        #expect(steps[1].intersections.count == 2)
    }

    /// OSRM's staggered intersection: a right and a left turn a couple of metres apart are
    /// straight on; 15 m apart they are two turns (OSRM's limit is 3 m).
    @Test(arguments: [(2.0, [ManeuverType.depart, .arrive]), (15.0, [.depart, .turn, .turn, .arrive])])
    func collapsesStaggeredCrossingOnlyWhenTight(metres: Double, expected: [ManeuverType]) {
        var b = PathBuilder()
        b.drive(costa, 300)
        b.turn(90, others: [PathBuilder.OtherArm(angle: 0)])
        b.drive(.street("Rue Bellando"), metres)
        b.turn(-90, others: [PathBuilder.OtherArm(angle: 0)])
        b.drive(costa, 300)
        #expect(b.steps().map(\.maneuver.type) == expected)
    }
}
