import Clocks
import Foundation
import GemNavCore
import GemNavNavigation
import GemNavPresentation
import GemNavServices
import GemNavStorage
import GemNavTestSupport
import Testing

/// The map's moves decided by the app on the Monaco map: onto a place picked, around the
/// routes offered, none during a trip; screens shown over another keep its camera.
@MainActor @Suite struct MapCameraTests {
    static let casino = Coordinate(latitude: 43.7392, longitude: 7.4285)
    static let stade = Coordinate(latitude: 43.7275, longitude: 7.4156)

    func app() throws -> AppModel {
        let app = AppComposition.build(try MonacoData.appEnvironment(clock: ManualClock(), timer: TestClock()))
        app.map.send(.permissionChanged(.whenInUse))
        app.send(.located(LocationFix(coordinate: Self.casino, horizontalAccuracy: 5, timestamp: Date())))
        return app
    }

    /// The camera the map holds once the app handed it over (one turn of the main actor).
    func shown(_ app: AppModel) async -> MapCamera? {
        for _ in 0..<5 { await Task.yield() }
        return app.map.state.camera
    }

    @Test func aPickedPlaceThenItsRoutesThenNothingDuringTheTrip() async throws {
        let app = try app()
        #expect(await shown(app) == nil && app.map.state.isFollowing)
        let stade = Place(name: "Stade Louis II", coordinate: Self.stade)
        app.send(.open(.search))
        app.search.send(.picked(stade))
        #expect(app.camera == .place(Self.stade, zoom: MapCamera.placeZoom))
        #expect(await shown(app) == app.camera && app.map.state.cameraRevision == 1)
        #expect(!app.map.state.isFollowing && app.map.state.showsRecenter, "the map looks at the place, not the user")

        app.send(.directions)
        #expect(app.camera == .place(Self.stade, zoom: MapCamera.placeZoom),
                "while the first routes are computed the map stays on the destination")
        await app.planning.settled()
        guard case .fit(let box, let maxZoom) = try #require(await shown(app)) else {
            Issue.record("the routes are not fitted")
            return
        }
        #expect(app.map.state.cameraRevision == 2 && maxZoom == MapCamera.routeMaxZoom)
        let routePoints = app.planning.state.routes.flatMap(\.route.geometry)
        #expect(!routePoints.isEmpty && routePoints.allSatisfy(box.contains) && box.contains(Self.stade))

        app.send(.open(.settings))
        app.send(.close)
        #expect(await shown(app) == .fit(box, maxZoom: maxZoom) && app.map.state.cameraRevision == 2,
                "closing a screen over the card does not move the map again")

        app.send(.startNavigation)
        #expect(app.camera == nil)
        #expect(await shown(app) == nil && app.map.state.isFollowing && app.map.state.centre == Self.casino,
                "the trip's map follows the user")
    }

    @Test func aStopOutsideTheRoutesRefitsThem() async throws {
        let app = try app()
        app.planning.send(.setDestination(Place(name: "Stade", coordinate: Self.stade)))
        app.send(.open(.planning))
        await app.planning.settled()
        let before = try #require(await shown(app)), revision = app.map.state.cameraRevision
        let stop = Place(name: "Larvotto", coordinate: Coordinate(latitude: 43.7447, longitude: 7.4340))
        app.planning.send(.addStop(stop))
        await app.planning.settled()
        guard case .fit(let box, _) = try #require(await shown(app)) else {
            Issue.record("the routes are not fitted")
            return
        }
        #expect(before != app.map.state.camera, "\(before)")
        #expect(box.contains(stop.coordinate) && app.map.state.cameraRevision == revision + 1, "one move, to the new routes")
    }
}
