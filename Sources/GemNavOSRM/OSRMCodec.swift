import GemNavCore

/// Reads and writes OSRM v5 route responses (with the Mapbox Directions voice and banner
/// extensions) from and to `Route` values.
///
/// Numbers follow osrm-routed: distances, durations and weights rounded to 0.1, bearings as
/// integers, coordinates with six decimals. In `maxspeed` annotations a `nil` limit is
/// `{"unknown": true}` and an infinite one is `{"none": true}` (no limit, e.g. an unrestricted
/// autobahn); decoding maps them back the same way.
public enum OSRMCodec {
    /// Encodes a successful route response `{code: "Ok", waypoints, routes}` as UTF-8 JSON.
    public static func encodeResponse(routes: [Route], waypoints: [Waypoint],
                                      options: OSRMEncodingOptions = OSRMEncodingOptions()) -> [UInt8]
    {
        var w = JSONWriter(capacity: 2048 + routes.reduce(0) { $0 + estimatedSize(of: $1, options) })
        w.beginObject()
        w.key("code")
        w.string("Ok")
        w.key("waypoints")
        w.beginArray()
        for wp in waypoints { writeWaypoint(wp, into: &w) }
        w.endArray()
        w.key("routes")
        w.beginArray()
        for i in routes.indices { writeRoute(routes[i], options: options, into: &w) }
        w.endArray()
        w.endObject()
        return w.bytes
    }

    /// Encodes one route object, as it appears in a response's `routes` array.
    public static func encodeRoute(_ route: Route, options: OSRMEncodingOptions = OSRMEncodingOptions()) -> [UInt8] {
        var w = JSONWriter(capacity: estimatedSize(of: route, options))
        writeRoute(route, options: options, into: &w)
        return w.bytes
    }

    /// Encodes an OSRM error body, e.g. `{"code":"NoRoute","message":"Impossible route between points"}`.
    public static func encodeError(code: String, message: String) -> [UInt8] {
        var w = JSONWriter(capacity: 64 + message.utf8.count)
        w.beginObject()
        w.key("code")
        w.string(code)
        w.key("message")
        w.string(message)
        w.endObject()
        return w.bytes
    }

    /// A capacity guess that avoids most buffer regrowth: steps and geometry dominate.
    private static func estimatedSize(of route: Route, _ options: OSRMEncodingOptions) -> Int {
        var size = 512 + route.geometry.count * (options.geometries == .geojson ? 26 : 10)
        if options.steps {
            let steps = route.legs.reduce(0) { $0 + $1.steps.count }
            size += steps * (options.voiceInstructions || options.bannerInstructions ? 1500 : 500)
            size += route.geometry.count * (options.geometries == .geojson ? 26 : 10)
        }
        size += route.geometry.count * options.annotations.count * 10
        return size
    }

    /// Writes one OSRM waypoint object (`distance`, `name`, `location`), as route and
    /// nearest responses list them.
    public static func writeWaypoint(_ wp: Waypoint, into w: inout JSONWriter) {
        w.beginObject()
        w.key("distance")
        w.number(wp.distance, decimals: 6)
        w.key("name")
        w.string(wp.name)
        w.key("location")
        w.lonLat(wp.location)
        w.endObject()
    }

    static func writeRoute(_ route: Route, options: OSRMEncodingOptions, into w: inout JSONWriter) {
        w.beginObject()
        w.key("distance")
        w.number(route.distance, decimals: 1)
        w.key("duration")
        w.number(route.duration, decimals: 1)
        w.key("weight")
        w.number(route.weight, decimals: 1)
        w.key("weight_name")
        w.string(route.weightName)
        switch options.overview {
        case .full:
            w.key("geometry")
            writeGeometry(route.geometry, options.geometries, into: &w)
        case .simplified:
            w.key("geometry")
            writeGeometry(LineSimplifier.overview(route.geometry), options.geometries, into: &w)
        case .false:
            break
        }
        w.key("legs")
        w.beginArray()
        for i in route.legs.indices { writeLeg(route.legs[i], options: options, into: &w) }
        w.endArray()
        if options.voiceInstructions {
            w.key("voiceLocale")
            w.string(route.language)
        }
        w.endObject()
    }

    static func writeLeg(_ leg: RouteLeg, options: OSRMEncodingOptions, into w: inout JSONWriter) {
        w.beginObject()
        w.key("distance")
        w.number(leg.distance, decimals: 1)
        w.key("duration")
        w.number(leg.duration, decimals: 1)
        w.key("weight")
        w.number(leg.weight, decimals: 1)
        w.key("summary")
        w.string(leg.summary)
        w.key("steps")
        w.beginArray()
        if options.steps {
            // Indexing lends each step to the writer; a for-in loop would copy it (and
            // retain everything it holds) first.
            for i in leg.steps.indices { writeStep(leg.steps[i], options: options, into: &w) }
        }
        w.endArray()
        if !options.annotations.isEmpty, let a = leg.annotation {
            w.key("annotation")
            writeAnnotation(a, fields: options.annotations, into: &w)
        }
        w.endObject()
    }

    static func writeAnnotation(_ a: Annotation, fields: [OSRMAnnotationField], into w: inout JSONWriter) {
        w.beginObject()
        for field in fields {
            switch field {
            case .distance:
                w.key("distance")
                writeNumbers(a.distance, decimals: 6, into: &w)
            case .duration:
                w.key("duration")
                writeNumbers(a.duration, decimals: 1, into: &w)
            case .speed:
                w.key("speed")
                writeNumbers(a.speed, decimals: 1, into: &w)
            case .maxspeed:
                w.key("maxspeed")
                w.beginArray()
                for limit in a.maxspeed {
                    w.beginObject()
                    if let kmh = limit, kmh.isFinite {
                        w.key("speed")
                        w.number(kmh, decimals: 0)
                        w.key("unit")
                        w.string("km/h")
                    } else if limit != nil {
                        w.key("none")
                        w.bool(true)
                    } else {
                        w.key("unknown")
                        w.bool(true)
                    }
                    w.endObject()
                }
                w.endArray()
            }
        }
        w.endObject()
    }

    static func writeNumbers(_ values: [Double], decimals: Int, into w: inout JSONWriter) {
        w.beginArray()
        for v in values { w.number(v, decimals: decimals) }
        w.endArray()
    }

    static func writeGeometry(_ line: [Coordinate], _ format: OSRMGeometryFormat, into w: inout JSONWriter) {
        switch format {
        case .polyline: w.polyline(line, precision: 5)
        case .polyline6: w.polyline(line, precision: 6)
        case .geojson:
            w.beginObject()
            w.key("type")
            w.string("LineString")
            w.key("coordinates")
            w.beginArray()
            for c in line { w.lonLat(c) }
            w.endArray()
            w.endObject()
        }
    }
}
