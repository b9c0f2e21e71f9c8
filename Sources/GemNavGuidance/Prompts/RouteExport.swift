import GemNavCore
import GemNavOSRM

/// Route outputs other than OSRM JSON: GeoJSON for maps and a text table for terminals.
public enum RouteExport {
    /// A GeoJSON FeatureCollection: one LineString per route (properties `route`, `distance`,
    /// `duration`, `weight`, `summary`) and one Point per maneuver (properties `route`, `leg`,
    /// `step`, `type`, `modifier`, `exit`, `instruction`, `distance`, `duration`).
    public static func geoJSON(_ routes: [Route]) -> [UInt8] {
        var w = JSONWriter(capacity: 1024 + routes.reduce(0) { $0 + $1.geometry.count * 24 })
        w.beginObject()
        w.key("type")
        w.string("FeatureCollection")
        w.key("features")
        w.beginArray()
        for (r, route) in routes.enumerated() {
            feature(&w, geometryType: "LineString", coordinates: route.geometry) { w in
                w.key("route")
                w.int(r)
                w.key("distance")
                w.number(route.distance, decimals: 1)
                w.key("duration")
                w.number(route.duration, decimals: 1)
                w.key("weight")
                w.number(route.weight, decimals: 1)
                w.key("summary")
                w.string(route.legs.map(\.summary).filter { !$0.isEmpty }.joined(separator: "; "))
            }
            for (l, leg) in route.legs.enumerated() {
                for (s, step) in leg.steps.enumerated() {
                    feature(&w, geometryType: "Point", coordinates: [step.maneuver.location]) { w in
                        w.key("route")
                        w.int(r)
                        w.key("leg")
                        w.int(l)
                        w.key("step")
                        w.int(s)
                        w.key("type")
                        w.string(step.maneuver.type.rawValue)
                        if let modifier = step.maneuver.modifier {
                            w.key("modifier")
                            w.string(modifier.rawValue)
                        }
                        if let exit = step.maneuver.exit {
                            w.key("exit")
                            w.int(exit)
                        }
                        w.key("instruction")
                        w.string(step.maneuver.instruction)
                        w.key("distance")
                        w.number(step.distance, decimals: 1)
                        w.key("duration")
                        w.number(step.duration, decimals: 1)
                    }
                }
            }
        }
        w.endArray()
        w.endObject()
        return w.bytes
    }

    private static func feature(_ w: inout JSONWriter, geometryType: String, coordinates: [Coordinate],
                                properties: (inout JSONWriter) -> Void)
    {
        w.beginObject()
        w.key("type")
        w.string("Feature")
        w.key("geometry")
        w.beginObject()
        w.key("type")
        w.string(geometryType)
        w.key("coordinates")
        if geometryType == "Point", let c = coordinates.first {
            w.lonLat(c)
        } else {
            w.beginArray()
            for c in coordinates { w.lonLat(c) }
            w.endArray()
        }
        w.endObject()
        w.key("properties")
        w.beginObject()
        properties(&w)
        w.endObject()
        w.endObject()
    }
}
