import Foundation
import GemNavCore
import GemNavGuidance
import GemNavRouting
import GemNavTestSupport
import Testing

/// Roundabouts, rotaries and ferries on hand-drawn maps, routed by the real engine.
@Suite struct RingScenarioTests {
    /// A counter-clockwise ring through (2,3) S, (3,4) E, (3.7,3.7) NE, (4,3) N, (3,2) W.
    /// East Road is a oneway *into* the ring and the north-east arms are a private service
    /// road and a footway: none of them can be taken by car, so none counts as an exit.
    static func ring(_ ringTags: [String: String]) -> GridMap {
        var map = GridMap()
        map.way([(2, 3), (3, 4), (3.7, 3.7), (4, 3), (3, 2), (2, 3)],
                ["highway": "primary", "oneway": "yes"].merging(ringTags) { $1 })
        map.way([(0, 3), (2, 3)], ["highway": "primary", "name": "South Road"])
        map.way([(3, 6), (3, 4)], ["highway": "primary", "name": "East Road", "oneway": "yes"])
        map.way([(3.7, 3.7), (5, 5)], ["highway": "service", "access": "private", "name": "Parking"])
        map.way([(3.7, 3.7), (5, 4)], ["highway": "footway", "name": "Sentier"])
        map.way([(4, 3), (6, 3)], ["highway": "primary", "name": "North Road"])
        map.way([(3, 2), (3, 0)], ["highway": "primary", "name": "West Road"])
        return map
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestData.shared("porto_portugal.osm.pbf").path)))
    func twoWayRoundaboutGoingOnIsObviousAgainstARoadOffIt() throws {
        // Porto's EN 14 ring (`junction=roundabout`, `oneway=no`): where the ring goes on 22°
        // left and a one-way road leaves it 38° right, OSRM's tag-based roundabout flag makes
        // the ring the obvious way (`IsDistinctNarrowTurn`'s roundabout rule), so leaving is a
        // "turn slight right", not a fork; the route as osrm-routed gives it.
        let route = try #require(RealGraphs.porto).guide(from: Coordinate(latitude: 41.34252, longitude: -8.55730),
                                                         to: Coordinate(latitude: 41.33770, longitude: -8.55950))
        #expect(route.maneuvers.dropFirst().dropLast() == ["turn slight right", "turn slight right"])
    }

    @Test func roadOntoATwoWayRoundaboutIsATurn() throws {
        // Porto's EN 14 rings tagged `junction=roundabout` and `oneway=no`: no ring guidance
        // can announce, but OSRM still never takes a road onto one as the obvious way, so
        // driving onto it straight on is a "turn straight" (checked against osrm-routed).
        var map = GridMap()
        let ring = stride(from: 0.0, through: 360, by: 30).map { a -> (Double, Double) in
            let r = a * .pi / 180
            return (((1 - cos(r)) * 1e4).rounded() / 1e4, ((2 + sin(r)) * 1e4).rounded() / 1e4)
        }
        map.way(ring, ["highway": "secondary", "junction": "roundabout", "oneway": "no"])
        map.way([(-0.35, 1), (0, 2)], ["highway": "unclassified", "oneway": "yes"])
        map.way([(1, 3), (1, 4.5)], ["highway": "secondary", "name": "Est"])
        map.way([(2, 2), (3.5, 2)], ["highway": "secondary", "name": "Nord"])
        #expect(try map.guide((-0.3, 1.15), (1, 4.2)).maneuvers == ["depart", "turn straight", "turn right", "arrive"])
    }

    @Test func roundaboutCountsOnlyExitsThatCanBeTaken() throws {
        let map = Self.ring(["junction": "roundabout"])
        let west = try map.guide((0.5, 3), (3, 0.5))
        // The modifier is the turn into the ring (OSRM's convention and its angle bands), the
        // exit number says where to leave.
        #expect(west.maneuvers == ["depart", "roundabout right", "exit roundabout right", "arrive"])
        #expect(west.instructions[1] == "At the roundabout, take the 2nd exit onto West Road")
        #expect(west.instructions[2] == "Exit the roundabout onto West Road")
        #expect(west.middleSteps.map(\.maneuver.exit) == [2, 2])
        #expect(west.middleSteps[0].name == "West Road")
        let north = try map.guide((0.5, 3), (5.5, 3))
        #expect(north.instructions[1] == "At the roundabout, take the 1st exit onto North Road")
    }

    @Test func routeStartingOnTheRingCountsTheExitsFromItsStart() throws {
        // Starting between South and East Road: East Road only comes in and the north-east
        // arms cannot be taken, so North Road is the 1st exit and West Road the 2nd
        // (osrm-routed on this map; Monaco's rings, 23 routes).
        let map = Self.ring(["junction": "roundabout"])
        let west = try map.guide((2.5, 3.5), (3, 0.5))
        #expect(west.maneuvers == ["depart", "exit roundabout right", "arrive"])
        #expect(west.middleSteps.map(\.maneuver.exit) == [2])
        #expect(try map.guide((2.5, 3.5), (5.5, 3)).middleSteps.map(\.maneuver.exit) == [1])
    }

    @Test func routeEndingOnTheRingStillSaysWhichWayToEnter() throws {
        // No exit to count, but the turn into the ring is worded as always (osrm-routed:
        // "roundabout right"; Monaco's ring at Jardin Exotique).
        let route = try Self.ring(["junction": "roundabout"]).guide((0.5, 3), (3.35, 3.85))
        #expect(route.maneuvers == ["depart", "roundabout right", "arrive"])
        #expect(route.middleSteps[0].maneuver.exit == nil)
        #expect(route.instructions[1].hasPrefix("Enter the roundabout"))
    }

    @Test func namedRingIsARotary() throws {
        let map = Self.ring(["junction": "roundabout", "name": "Place du Casino"])
        let route = try map.guide((0.5, 3), (3, 0.5))
        #expect(route.maneuvers == ["depart", "rotary right", "exit rotary right", "arrive"])
        #expect(route.instructions[1] == "At Place du Casino, take the 2nd exit onto West Road")
        #expect(route.middleSteps[0].rotaryName == "Place du Casino")
        #expect(route.middleSteps[0].name == "West Road")
    }

    @Test func namedCircularJunctionIsARotary() throws {
        let route = try Self.ring(["junction": "circular", "name": "Le Cercle"]).guide((0.5, 3), (5.5, 3))
        #expect(route.middleSteps.first?.maneuver.type == .rotary)
        #expect(route.instructions[1] == "At Le Cercle, take the 1st exit onto North Road")
        // Without a name of its own a circular junction is no rotary (OSRM): plain turns.
        let unnamed = try Self.ring(["junction": "circular"]).guide((0.5, 3), (5.5, 3))
        #expect(!unnamed.middleSteps.contains { $0.maneuver.type == .rotary || $0.maneuver.type == .roundabout })
    }

    /// A ring of about 9 m radius with four roads at right angles: S (2.9,3), E (3,3.1),
    /// N (3.1,3), W (3,2.9), driven counter-clockwise.
    static func smallRing(_ ringTags: [String: String] = [:]) -> GridMap {
        var map = GridMap()
        map.way([(2.9, 3), (3, 3.1), (3.1, 3), (3, 2.9), (2.9, 3)],
                ["highway": "primary", "junction": "roundabout"].merging(ringTags) { $1 })
        map.way([(0, 3), (2.9, 3)], ["highway": "primary", "name": "South Road"])
        map.way([(3, 3.1), (3, 6)], ["highway": "primary", "name": "East Road"])
        map.way([(3.1, 3), (6, 3)], ["highway": "primary", "name": "North Road"])
        map.way([(3, 2.9), (3, 0)], ["highway": "primary", "name": "West Road"])
        return map
    }

    @Test func smallRoundaboutIsOneTurn() throws {
        for ringTags in [[:], ["name": "Petit Rond"]] {
            let map = Self.smallRing(ringTags)
            #expect(try map.guide((0.5, 3), (3, 0.5)).maneuvers == ["depart", "roundabout turn left", "arrive"])
            #expect(try map.guide((0.5, 3), (5.5, 3)).maneuvers == ["depart", "roundabout turn straight", "arrive"])
            let east = try map.guide((0.5, 3), (3, 5.5))
            #expect(east.maneuvers == ["depart", "roundabout turn right", "arrive"])
            #expect(east.middleSteps.map(\.maneuver.exit) == [1])
            #expect(east.middleSteps[0].name == "East Road")
        }
    }

    /// Porto, two small roundabouts (Estrada de Dom Miguel; -8.5993,41.3647): the road out
    /// changes labels at the next junction and back at the one after. OSRM's roundabout turn
    /// takes the ring's silent exit into its own step, which its collapse rules leave alone,
    /// so that name change is no oscillation across the ring: osrm-routed keeps the "new
    /// name" after the roundabout turn, where GemNav had dropped it.
    @Test func aNameChangeAfterARoundaboutTurnIsNoOscillation() throws {
        let porto = try #require(RealGraphs.porto)
        let south = try porto.guide(from: Coordinate(latitude: 41.1520, longitude: -8.5165),
                                    to: Coordinate(latitude: 41.1497, longitude: -8.5140))
        #expect(south.maneuvers == ["depart left", "roundabout turn left", "new name straight", "arrive right"])
        let north = try porto.guide(from: Coordinate(latitude: 41.3650, longitude: -8.6010),
                                    to: Coordinate(latitude: 41.3630, longitude: -8.5975))
        #expect(north.maneuvers == ["depart left", "roundabout turn straight", "new name straight", "arrive left"])
    }

    @Test func smallRoundaboutWithExitsLookingAlikeIsARoundabout() throws {
        // North Road leaves the small ring due north for 2 m, then bends east-north-east, 14°
        // from East Road. OSRM tells exits apart by the roads' perceived bearings, not their
        // first segments: these two are within 40°, so the ring is a plain roundabout
        // (osrm-routed on this map; Krems's Wiener Straße ring, 26 routes).
        var map = GridMap()
        map.way([(2.9, 3), (3, 3.1), (3.1, 3), (3, 2.9), (2.9, 3)], ["highway": "primary", "junction": "roundabout"])
        map.way([(0, 3), (2.9, 3)], ["highway": "primary", "name": "South Road"])
        map.way([(3, 3.1), (3, 6)], ["highway": "primary", "name": "East Road"])
        map.way([(3.1, 3), (3.12, 3), (3.6, 5)], ["highway": "primary", "name": "North Road"])
        map.way([(3, 2.9), (3, 0)], ["highway": "primary", "name": "West Road"])
        let east = try map.guide((0.5, 3), (3, 5.5))
        #expect(east.maneuvers == ["depart", "roundabout right", "exit roundabout right", "arrive"])
        #expect(east.middleSteps.map(\.maneuver.exit) == [1, 1])
        let west = try map.guide((0.5, 3), (3, 0.5))
        #expect(west.maneuvers == ["depart", "roundabout right", "exit roundabout right", "arrive"])
    }

    @Test func entryModifierUsesTheTurnBands() throws {
        // South Road reaches the ring 15° left of the ring's own heading: OSRM's roundabout
        // handler words the entry with `getTurnDirection`, straight within 20° (Andorra's
        // rings: "roundabout straight" where GemNav said "slight right").
        var map = Self.ring(["junction": "roundabout"])
        map.way([(0.27, 2), (2, 3)], ["highway": "primary", "name": "Avinguda"])
        let route = try map.guide((0.5, 2.13), (5.5, 3))
        #expect(route.middleSteps.first?.maneuver.type == .roundabout)
        #expect(route.middleSteps.first?.maneuver.modifier == .straight)
    }

    @Test func ferryIsAnnounced() throws {
        var map = GridMap()
        map.way([(0, 0), (0, 2)], street("Quai Nord"))
        map.way([(0, 2), (0, 8)], ["route": "ferry", "name": "Bac de la Rade", "motor_vehicle": "yes"])
        map.way([(0, 8), (0, 10)], street("Quai Sud"))
        let route = try map.guide((0, 0.5), (0, 9.5))
        #expect(route.maneuvers == ["depart", "notification straight", "notification straight", "arrive"])
        #expect(route.instructions[1] == "Take the ferry")
        #expect(route.instructions[2] == "Leave the ferry onto Quai Sud")
        #expect(route.middleSteps[0].mode == .ferry)
        #expect(route.middleSteps[0].name == "Bac de la Rade")
    }

    @Test func turningOffTheObviousRoadOntoAFerryIsATurn() throws {
        // OSRM's own scenario ("Turn onto a Ferry"): the road goes on north where the ferry
        // leaves to the right, so boarding is a "turn right"; leaving it onto the only road
        // is the notification.
        var map = GridMap()
        map.way([(0, 0), (4, 0), (8, 0)], ["highway": "primary"])
        map.way([(4, 0), (4, 24)], ["route": "ferry", "name": "ferry"])
        map.way([(4, 24), (0, 28)], ["highway": "primary"])
        let route = try map.guide((0.5, 0), (0.5, 27.5))
        #expect(route.maneuvers == ["depart", "turn right", "notification right", "arrive"])
        #expect(route.middleSteps[0].mode == .ferry)
    }
}
