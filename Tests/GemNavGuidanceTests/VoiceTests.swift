import GemNavCore
import Testing
@testable import GemNavGuidance

@Suite struct VoiceTests {
    static func approach(_ road: RoadInfo, meters: Double, kmh: Double, units: DistanceUnits = .metric,
                         language: String = "en") -> [RouteStep]
    {
        var b = PathBuilder()
        b.drive(.street("Rue de la Turbie"), 200)
        b.turn(90, others: [PathBuilder.OtherArm(angle: 0)])
        b.drive(road, meters, kmh: kmh)
        b.turn(-90, others: [PathBuilder.OtherArm(angle: 0)])
        b.drive(.street("Rue Grimaldi"), 500)
        return b.steps(GuidanceOptions(language: language, units: units))
    }

    @Test func leadDistancesFollowSpeed() {
        let city = Self.approach(.street("Boulevard Albert 1er"), meters: 1500, kmh: 50)[1].voiceInstructions
        #expect(city.map(\.distanceAlongGeometry) == [800, 250, 62.5])
        #expect(city.map(\.announcement) == [
            "In 800 meters, turn left onto Rue Grimaldi",
            "In 250 meters, turn left onto Rue Grimaldi",
            "Turn left onto Rue Grimaldi",
        ])
        let fast = Self.approach(RoadInfo(name: "Route Nationale", roadClass: .trunk), meters: 6000, kmh: 130)[1]
            .voiceInstructions
        #expect(fast.map(\.distanceAlongGeometry) == [5927.8, 3000, 600, 162.5])
        #expect(fast[1].announcement == "In 3 kilometers, turn left onto Rue Grimaldi")
    }

    @Test func aLongRoadAheadIsSaidAsItBegins() {
        // Two seconds after the turn onto a long road: how far it goes before the next word.
        let long = Self.approach(RoadInfo(name: "Autoroute A8", roadClass: .motorway), meters: 12_000, kmh: 110)[1]
            .voiceInstructions
        #expect(long.first?.announcement == "Continue for 12 kilometers")
        let twoSeconds: Double = 110 / 3.6 * 2
        let at: Double = long.first?.distanceAlongGeometry ?? 0
        #expect(abs(at - (12_000 - twoSeconds)) < 0.1)
        #expect(long.count == 4)
        // In French, and in miles.
        let french = Self.approach(RoadInfo(name: "Autoroute A8", roadClass: .motorway), meters: 12_000, kmh: 110,
                                   language: "fr")[1].voiceInstructions
        #expect(french.first?.announcement == "Continuez sur 12 kilomètres")
        let miles = Self.approach(RoadInfo(name: "Autoroute A8", roadClass: .motorway), meters: 12_000, kmh: 110,
                                  units: .imperial)[1].voiceInstructions
        #expect(miles.first?.announcement == "Continue for 7.5 miles")
        // A road the early prompt comes on within a minute or so gets none, and neither does
        // the departure, whose own prompt says where to head.
        let city = Self.approach(.street("Boulevard Albert 1er"), meters: 1500, kmh: 50)
        #expect(city.allSatisfy { $0.voiceInstructions.allSatisfy { !$0.announcement.hasPrefix("Continue for") } })
    }

    @Test func promptsNeverLieBeyondTheStep() {
        for meters in [8.0, 40, 120, 400, 900, 2500] {
            for kmh in [5.0, 20, 50, 90, 130] {
                let steps = Self.approach(.street("Rue Princesse Caroline"), meters: meters, kmh: kmh)
                for step in steps {
                    for prompt in step.voiceInstructions {
                        #expect(prompt.distanceAlongGeometry <= step.distance + 1e-9)
                    }
                    #expect(step.maneuver.type == .arrive || !step.voiceInstructions.isEmpty)
                }
            }
        }
    }

    @Test func chainsCloseManeuvers() {
        let steps = Self.approach(.street("Rue Bellando"), meters: 40, kmh: 50)
        #expect(steps[0].voiceInstructions.last?.announcement
            == "Turn right onto Rue Bellando, then turn left onto Rue Grimaldi")
        #expect(steps[0].bannerInstructions.first?.sub?.text == "Rue Grimaldi")
        #expect(steps[0].bannerInstructions.first?.sub?.modifier == .left)
        // The short step still says its own maneuver as it begins.
        #expect(steps[1].voiceInstructions.map(\.distanceAlongGeometry) == [40])
        #expect(steps[1].voiceInstructions.first?.announcement == "Turn left onto Rue Grimaldi")
    }

    @Test func aThirdManeuverPassedWithinAFixIsChainedToo() {
        // A divided road crossed in three turns a dozen metres apart (Porto's N15 at Gandra).
        var b = PathBuilder()
        b.drive(.street("Rue de la Turbie"), 600)
        b.turn(90, others: [PathBuilder.OtherArm(angle: 0)])
        b.drive(.street("N15"), 25, kmh: 50)
        b.turn(-90, others: [PathBuilder.OtherArm(angle: 0)])
        b.drive(.street("Rua da Igreja"), 25, kmh: 50)
        b.turn(90, others: [PathBuilder.OtherArm(angle: 0)])
        b.drive(.street("Rua Central de Gandra"), 500)
        let steps = b.steps(GuidanceOptions())
        #expect(steps[0].voiceInstructions.last?.announcement
            == "Turn right onto N15, then turn left onto Rua da Igreja, then turn right onto Rua Central de Gandra")
        // Two maneuvers far enough apart are not run together.
        let apart = Self.approach(.street("Rue Bellando"), meters: 40, kmh: 50)
        #expect(apart[0].voiceInstructions.last?.announcement.components(separatedBy: ", then").count == 2)
    }

    @Test func arrivalIsAnnouncedAhead() {
        let steps = Self.approach(.street("Rue Bellando"), meters: 400, kmh: 50)
        let last = steps[steps.count - 2].voiceInstructions
        #expect(last.first?.announcement == "In 250 meters, you will arrive at your destination")
        #expect(last.last?.announcement == "You have arrived at your destination")
        #expect(steps[steps.count - 1].voiceInstructions.isEmpty)
    }

    @Test func imperialAndFrench() {
        let imperial = Self.approach(.street("Main Street"), meters: 1500, kmh: 50, units: .imperial)[1].voiceInstructions
        #expect(imperial.map(\.announcement).prefix(2) == ["In half a mile, turn left onto Rue Grimaldi",
                                                           "In 800 feet, turn left onto Rue Grimaldi"])
        #expect(abs(imperial[0].distanceAlongGeometry - 804.672) < 0.001)
        let french = Self.approach(.street("Boulevard Albert 1er"), meters: 1500, kmh: 50, language: "fr")[1]
        #expect(french.voiceInstructions[1].announcement == "Dans 250 mètres, tournez à gauche sur Rue Grimaldi")
        #expect(french.maneuver.instruction == "Tournez à droite sur Boulevard Albert 1er")
    }

    @Test func longAndLowerCasedTextsRenderWhole() {
        // Past the stack buffer a render goes on in a heap one; continuations are lower-cased.
        let name = String(repeating: "Avenida da Boavista ", count: 20) + "Fim"
        var v = SlotValues()
        v.distance = "300 meters"
        v.instruction = "Turn left onto " + name
        v.lowercaseContinuations = true
        #expect(Template("In {distance}, {instruction}").render(v) == "In 300 meters, turn left onto " + name)
        v.instruction = "Étape " + name
        #expect(Template("{instruction}!").render(v) == "étape " + name + "!")
    }

    @Test func ssmlIsEscapedAndWrapped() {
        #expect(VoiceInstruction.speechMarkup(for: "Turn left onto Rue d'Italie & Co")
            == "<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">Turn left onto Rue d&apos;Italie &amp; Co</prosody></amazon:effect></speak>")
    }

    @Test(arguments: [
        (290.0, DistanceUnits.metric, "300 meters", 300.0),
        (47, .metric, "50 meters", 50),
        (1480, .metric, "1.5 kilometers", 1500),
        (1010, .metric, "1 kilometer", 1000),
        (12_400, .metric, "12 kilometers", 12_000),
        (150, .imperial, "500 feet", 152.4),
        (20, .imperial, "70 feet", 21.336),
        (402, .imperial, "a quarter mile", 402.336),
        (800, .imperial, "half a mile", 804.672),
        (1300, .imperial, "three quarters of a mile", 1207.008),
        (1700, .imperial, "1 mile", 1609.344),
        (2400, .imperial, "1.5 miles", 2414.016),
    ])
    func distanceRounding(meters: Double, units: DistanceUnits, text: String, rounded: Double) {
        let d = DistanceFormatter.round(meters, units: units)
        #expect(d.text(InstructionTable.forLanguage("en")) == text)
        #expect(abs(d.meters - rounded) < 0.001)
    }

    @Test func frenchDecimalsAndOrdinals() {
        let fr = InstructionTable.forLanguage("fr")
        #expect(DistanceFormatter.round(1480, units: .metric).text(fr) == "1,5 kilomètres")
        #expect(fr.ordinal(1) == "1re")
        #expect(fr.ordinal(12) == "12e")
        #expect(InstructionTable.forLanguage("de").code == "en")
    }
}
