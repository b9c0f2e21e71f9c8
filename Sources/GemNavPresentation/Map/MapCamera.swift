import GemNavCore
import Observation

/// A move the app asks of the map, decided once for every shell: onto a place the user picked
/// (a search result, a favourite, a point tapped, the assistant's destination while its routes
/// are computed), or around the routes offered. The map shows it once (`MapModel.State`
/// numbers each request); no request means the map is the user's and follows their position
/// by `MapModel`'s rules, as during a trip.
public enum MapCamera: Sendable, Hashable {
    /// Centre the map on a coordinate at a zoom.
    case place(Coordinate, zoom: Double)
    /// Show the whole box, coming no closer than `maxZoom`.
    case fit(BoundingBox, maxZoom: Double)

    /// The zoom a picked place is shown at: its street and the names of the places around
    /// it readable (the styles name points of interest from 16).
    public static let placeZoom = 16.0
    /// The closest a route is shown, so that a trip of a few hundred metres keeps its streets
    /// around it.
    public static let routeMaxZoom = 17.0
    /// The zoom a trip is followed at: the next streets and their names ahead, as a
    /// navigation app shows them; a trip started, or "Recenter" during one, comes back to it.
    public static let navigationZoom = 17.0
}

extension AppModel {
    /// Where the map should look now: on the route card the routes offered (the destination
    /// alone until the first routes arrive), on the map
    /// and search screens the place picked; nothing during a trip (the map follows the user)
    /// or when nothing is picked. A screen shown over another (settings, the chat) keeps the
    /// camera of the one beneath, so closing it does not move the map.
    public var camera: MapCamera? {
        if map.isNavigating { return nil }
        switch screen.isOverlay ? beneath : screen {
        case .planning:
            let card = planning.state
            guard let destination = card.destination else { return nil }
            // The routes pass through the stops and end at the destination. While new ones are
            // computed (a stop added, an option changed) the map stays on those shown, so it
            // moves once, when they come.
            guard let box = BoundingBox(covering: card.routes.flatMap(\.route.geometry))
            else { return .place(destination.coordinate, zoom: MapCamera.placeZoom) }
            return .fit(box, maxZoom: MapCamera.routeMaxZoom)
        case .map, .search:
            return search.state.destination.map { .place($0.coordinate, zoom: MapCamera.placeZoom) }
        case .navigation, .settings, .places, .assistant, .ride:
            return nil
        }
    }

    /// Hands `camera` to the map now and whenever it changes (a place picked, routes
    /// computed, a trip started), whichever screen or async answer changed it.
    func keepCameraInStep() {
        let camera = withObservationTracking { self.camera } onChange: { [weak self] in
            Task { @MainActor in self?.keepCameraInStep() }
        }
        map.send(.show(camera))
    }
}
