import Foundation
import GemNavCore
import GemNavNavigation
import Observation

/// The map screen around the user: the location permission and its fallbacks, following the
/// user's position and course until the user pans or zooms, "Recenter" to follow again, and
/// the app's lifecycle (foreground, background, screen locked).
@MainActor @Observable
public final class MapModel {
    /// The platform's location permission (CoreLocation's and the browser's, reduced to what
    /// the app must act on).
    public enum Permission: String, Sendable, Hashable, CaseIterable {
        /// Never asked.
        case notDetermined
        /// Allowed while the app is in use.
        case whenInUse
        /// Allowed in the background too.
        case always
        /// Refused by the user.
        case denied
        /// Not the user's to give (parental controls, a managed device).
        case restricted
    }

    /// Where the app is running.
    public enum Lifecycle: String, Sendable, Hashable {
        /// On screen.
        case foreground
        /// Another app (or browser tab) is in front.
        case background
        /// The screen is locked.
        case locked
    }

    /// What the screen shows.
    public struct State: Sendable, Hashable {
        /// The permission in force.
        public var permission: Permission = .notDetermined
        /// The user's position, the last known one when the permission was withdrawn.
        public var position: Coordinate?
        /// The user's course in degrees, when moving.
        public var course: Double?
        /// The map's centre.
        public var centre: Coordinate?
        /// The map's zoom level.
        public var zoom = 15.0
        /// Whether the map follows the user.
        public var isFollowing = true
        /// Whether "Recenter" is offered (the user moved the map away).
        public var showsRecenter = false
        /// Where the app is running.
        public var lifecycle: Lifecycle = .foreground
        /// A sentence explaining what is missing and what to do, nil when nothing is.
        public var notice: String?
        /// The move the app asks of the map (see `MapCamera`), nil when the map follows the
        /// rules above.
        public var camera: MapCamera?
        /// Counts the requests: a shell applies each number once, so the map moves once per
        /// request however often the state is drawn.
        public var cameraRevision = 0

        /// The initial screen.
        public init() {}
    }

    /// What the user (or the platform) does.
    public enum Intent: Sendable, Hashable {
        /// The platform reported the permission.
        case permissionChanged(Permission)
        /// A position fix arrived.
        case located(LocationFix)
        /// The user panned or zoomed the map.
        case moved(centre: Coordinate, zoom: Double)
        /// The "Recenter" button.
        case recenter
        /// The app asks the map to show something (`AppModel.camera`), or nothing any more.
        case show(MapCamera?)
        /// The app's lifecycle changed.
        case lifecycle(Lifecycle)
    }

    /// The screen's state.
    public private(set) var state = State()
    /// Whether a trip is being guided (a lost background permission then matters).
    public var isNavigating = false

    /// The first screen, centred on `centre` (the map data's centre before any fix).
    public init(centre: Coordinate? = nil) {
        state.centre = centre
    }

    /// Whether positions may be used at all.
    public var canLocate: Bool { isSimulating || state.permission == .whenInUse || state.permission == .always }

    /// Whether positions come from the simulated drive, which needs no permission.
    public var isSimulating = false

    /// Handles one intent.
    public func send(_ intent: Intent) {
        switch intent {
        case .permissionChanged(let permission):
            let had = state.permission
            state.permission = permission
            state.notice = notice(for: permission, had: had)
        case .located(let fix):
            guard canLocate, fix.coordinate.isValid else { return }
            state.position = fix.coordinate
            if let course = fix.course, (fix.speed ?? 0) > 1 { state.course = course }
            if state.isFollowing { state.centre = fix.coordinate }
        case .moved(let centre, let zoom):
            state.centre = centre
            state.zoom = zoom
            state.isFollowing = false
            state.showsRecenter = true
        case .recenter:
            follow()
        case .show(let camera):
            guard camera != state.camera else { return }
            state.camera = camera
            guard camera != nil else { return follow() }
            // Looking at a place or a route is moving away from the user, as a pan is; "Recenter"
            // brings them back when there is a position to go back to.
            state.cameraRevision += 1
            state.isFollowing = false
            state.showsRecenter = state.position != nil
        case .lifecycle(let lifecycle):
            state.lifecycle = lifecycle
            if lifecycle == .foreground, state.permission == .always || state.permission == .whenInUse {
                state.notice = nil
            } else if lifecycle != .foreground, isNavigating, state.permission == .whenInUse {
                state.notice = Self.backgroundNotice
            }
        }
    }

    /// Follows the user again, from their position when it is known.
    private func follow() {
        state.isFollowing = true
        state.showsRecenter = false
        if isNavigating { state.zoom = MapCamera.navigationZoom }
        if let position = state.position { state.centre = position }
    }

    static let backgroundNotice = """
        GemNav cannot follow you in the background: allow location access "Always" to keep guidance \
        going with the screen off. Guidance goes on while GemNav is open.
        """

    private func notice(for permission: Permission, had: Permission) -> String? {
        switch permission {
        case .denied:
            let last = state.position == nil ? "" : " The map shows your last known position."
            return "Location access is off, so GemNav cannot find you: type or pick a start instead, "
                + "or allow location access in Settings." + last
        case .restricted:
            return "Location access is restricted on this device: type or pick a start instead."
        case .whenInUse where had == .always && isNavigating:
            return Self.backgroundNotice
        case .notDetermined, .whenInUse, .always:
            return nil
        }
    }
}
