import GemNavCore

/// How route and step geometries are written (OSRM's `geometries` parameter).
public enum OSRMGeometryFormat: String, Sendable, Hashable, CaseIterable {
    /// Encoded polyline, precision 5.
    case polyline
    /// Encoded polyline, precision 6.
    case polyline6
    /// A GeoJSON `LineString` object.
    case geojson
}

/// Which whole-route geometry is written (OSRM's `overview` parameter).
public enum OSRMOverview: String, Sendable, Hashable, CaseIterable {
    /// Every point.
    case full
    /// Douglas-Peucker simplified at a tolerance fitted to the route's extent.
    case simplified
    /// No route geometry at all.
    case `false`
}

/// A per-segment annotation that can be asked for (OSRM's `annotations` parameter).
public enum OSRMAnnotationField: String, Sendable, Hashable, CaseIterable {
    /// Metres per segment.
    case distance
    /// Seconds per segment.
    case duration
    /// Metres per second per segment.
    case speed
    /// Speed limit per segment (`{speed, unit}`, `{unknown: true}` or `{none: true}`).
    case maxspeed
}

/// What an OSRM route response contains; defaults are osrm-routed's.
public struct OSRMEncodingOptions: Sendable, Hashable {
    /// Geometry encoding.
    public var geometries: OSRMGeometryFormat
    /// Whole-route geometry detail.
    public var overview: OSRMOverview
    /// Whether legs carry their steps.
    public var steps: Bool
    /// Annotations written per leg (in this order), none when empty.
    public var annotations: [OSRMAnnotationField]
    /// Whether steps carry Mapbox `voiceInstructions` (and routes a `voiceLocale`).
    public var voiceInstructions: Bool
    /// Whether steps carry Mapbox `bannerInstructions`.
    public var bannerInstructions: Bool

    /// Creates options; the defaults match an osrm-routed request with no parameters.
    public init(geometries: OSRMGeometryFormat = .polyline, overview: OSRMOverview = .simplified,
                steps: Bool = false, annotations: [OSRMAnnotationField] = [],
                voiceInstructions: Bool = false, bannerInstructions: Bool = false)
    {
        self.geometries = geometries
        self.overview = overview
        self.steps = steps
        self.annotations = annotations
        self.voiceInstructions = voiceInstructions
        self.bannerInstructions = bannerInstructions
    }
}

/// A decoded OSRM route response.
public struct OSRMResponse: Sendable, Hashable {
    /// The response code, "Ok" for a successful one.
    public var code: String
    /// The routes, best first.
    public var routes: [Route]
    /// The snapped waypoints. OSRM does not echo the input coordinates, so `input` equals
    /// `location` after decoding.
    public var waypoints: [Waypoint]

    /// Creates a response.
    public init(code: String = "Ok", routes: [Route], waypoints: [Waypoint]) {
        self.code = code
        self.routes = routes
        self.waypoints = waypoints
    }
}
