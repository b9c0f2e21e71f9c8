import Foundation
import GemNavCore
@testable import GemNavRouting
import GemNavTestSupport
import Testing

/// Imports of real extracts and routes that must exist on them.
@Suite(.serialized) struct RealDataTests {
    static let monaco = Result { try GraphImporter(profile: .car).buildGraph(from: TestData.embeddedMonaco) }

    func monacoEngine() throws -> RoutingEngine { RoutingEngine(graph: try Self.monaco.get()) }

    @Test func monacoImportHasTheRoadNetwork() throws {
        let graph = try Self.monaco.get()
        #expect(graph.edgeCount > 2000)
        #expect(graph.boundingBox.contains(Coordinate(latitude: 43.7384, longitude: 7.4246)))
        #expect(graph.profile.name == "car")
    }

    @Test func monacoCasinoToStadium() throws {
        // Place du Casino to the Stade Louis II, across the principality.
        let route = try monacoEngine().route(RouteRequest(waypoints: [
            Coordinate(latitude: 43.7392, longitude: 7.4277), Coordinate(latitude: 43.7276, longitude: 7.4154),
        ]))[0]
        #expect(route.distance > 1500 && route.distance < 5000)
        #expect(route.duration > 120 && route.duration < 900)
        let names = Set(route.legs[0].roads.map(\.road.name))
        #expect(names.contains("Rue Grimaldi") || names.contains("Avenue de Fontvieille") || names.contains("Boulevard Louis II"))
    }

    @Test func viaPointsMakeOneLegEach() throws {
        let points = [Coordinate(latitude: 43.7384, longitude: 7.4246), Coordinate(latitude: 43.7310, longitude: 7.4200),
                      Coordinate(latitude: 43.7496, longitude: 7.4400)]
        let route = try monacoEngine().route(RouteRequest(waypoints: points))[0]
        #expect(route.legs.count == 2)
        #expect(route.waypoints.count == 3)
        let direct = try monacoEngine().route(RouteRequest(waypoints: [points[0], points[2]]))[0]
        #expect(route.duration >= direct.duration)
    }

    @Test func alternativesAreDifferentAndReasonable() throws {
        let engine = try monacoEngine()
        var checked = 0
        let pairs = [
            (Coordinate(latitude: 43.7275, longitude: 7.4155), Coordinate(latitude: 43.7490, longitude: 7.4380)),
            (Coordinate(latitude: 43.7335, longitude: 7.4170), Coordinate(latitude: 43.7440, longitude: 7.4310)),
            (Coordinate(latitude: 43.7300, longitude: 7.4230), Coordinate(latitude: 43.7470, longitude: 7.4350)),
            (Coordinate(latitude: 43.7320, longitude: 7.4130), Coordinate(latitude: 43.7400, longitude: 7.4270)),
            (Coordinate(latitude: 43.7300, longitude: 7.4100), Coordinate(latitude: 43.7450, longitude: 7.4300)),
        ]
        for (a, b) in pairs {
            let routes = try engine.route(RouteRequest(waypoints: [a, b], alternatives: 2))
            guard routes.count > 1 else { continue }
            checked += 1
            let best = routes[0]
            let bestCoords = Set(best.legs[0].coordinates)
            for alt in routes.dropFirst() {
                #expect(alt.weight <= best.weight * 1.3 + 1)
                let leg = alt.legs[0]
                let shared = leg.roads.indices.filter { leg.coordinates(of: $0).allSatisfy(bestCoords.contains) }
                    .reduce(0) { $0 + leg.distance(of: $1) }
                #expect(shared < 0.8 * alt.distance)
            }
        }
        #expect(checked > 0, "no alternative found for any Monaco pair")
    }

    @Test func nearestReturnsRoadsInDistanceOrder() throws {
        let found = try monacoEngine().nearest(Coordinate(latitude: 43.7384, longitude: 7.4246), count: 3)
        #expect(found.count == 3)
        #expect(found[0].distance <= found[1].distance && found[1].distance <= found[2].distance)
        #expect(found[0].distance < 60)
    }

    @Test func andorraRoutesAcrossTheCountry() throws {
        let file = TestData.shared("andorra.osm.pbf")
        try #require(FileManager.default.fileExists(atPath: file.path))
        let engine = RoutingEngine(graph: try GraphImporter(profile: .car).buildGraph(from: file))
        // Andorra la Vella to Pas de la Casa over the CG-2.
        let route = try engine.route(RouteRequest(waypoints: [
            Coordinate(latitude: 42.5078, longitude: 1.5211), Coordinate(latitude: 42.5425, longitude: 1.7333),
        ]))[0]
        #expect(route.distance > 25_000 && route.distance < 45_000)
        #expect(route.legs[0].roads.contains { $0.road.ref.contains("CG-2") || $0.road.ref.contains("CG2") })
    }

    @Test func bicycleAndFootProfilesImport() throws {
        for profile in [Profile.bicycle, .foot] {
            let engine = RoutingEngine(graph: try GraphImporter(profile: profile).buildGraph(from: TestData.embeddedMonaco))
            let route = try engine.route(RouteRequest(waypoints: [
                Coordinate(latitude: 43.7384, longitude: 7.4246), Coordinate(latitude: 43.7310, longitude: 7.4200),
            ]))[0]
            #expect(route.legs[0].roads.allSatisfy { $0.road.mode != .driving })
            #expect(route.duration > 0)
        }
    }
}
