import Foundation
import GemNavCore

extension OSRMCodec {
    /// Decodes an OSRM v5 route response (osrm-routed, Valhalla's OSRM-compatible output or
    /// Mapbox Directions). Optional fields may be missing; an error body throws
    /// `.serviceError`.
    /// - Parameter geometries: how string geometries are encoded (`polyline` or `polyline6`);
    ///   GeoJSON objects are recognised whatever this says.
    public static func decodeResponse(_ data: Data, geometries: OSRMGeometryFormat = .polyline)
        throws(OSRMDecodingError) -> OSRMResponse
    {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw OSRMDecodingError(.invalidJSON, at: "")
        }
        guard let root = parsed as? [String: Any] else { throw OSRMDecodingError(.invalidJSON, at: "") }
        let d = JSONNode(root, path: "", geometries: geometries)
        let code = try d.string("code")
        guard code == "Ok" else {
            let message = (try? d.optionalString("message")) ?? nil
            throw OSRMDecodingError(.serviceError(code: code, message: message ?? ""), at: "code")
        }
        let waypoints = try d.optionalArray("waypoints").map(decodeWaypoint)
        let routes = try d.optionalArray("routes").map(decodeRoute)
        return OSRMResponse(code: code, routes: routes, waypoints: waypoints)
    }

    static func decodeWaypoint(_ n: JSONNode) throws(OSRMDecodingError) -> Waypoint {
        let location = try n.coordinate("location")
        return Waypoint(input: location, location: location, name: try n.optionalString("name") ?? "",
                        distance: try n.optionalDouble("distance") ?? 0)
    }

    static func decodeRoute(_ n: JSONNode) throws(OSRMDecodingError) -> Route {
        let legs = try n.array("legs").map(decodeLeg)
        var geometry = try n.optionalGeometry("geometry")
        if geometry == nil {
            // overview=false: rebuild the line from the steps, dropping each joint's duplicate.
            var line = [Coordinate]()
            for step in legs.flatMap(\.steps) {
                line.append(contentsOf: line.last == step.geometry.first ? step.geometry.dropFirst() : step.geometry[...])
            }
            geometry = line
        }
        let duration = try n.double("duration")
        return Route(distance: try n.double("distance"), duration: duration,
                     weight: try n.optionalDouble("weight") ?? duration,
                     weightName: try n.optionalString("weight_name") ?? "duration",
                     geometry: geometry ?? [], legs: legs,
                     language: try n.optionalString("voiceLocale") ?? "en")
    }

    static func decodeLeg(_ n: JSONNode) throws(OSRMDecodingError) -> RouteLeg {
        var annotation: Annotation?
        if let a = try n.optionalObject("annotation") {
            annotation = Annotation(distance: try a.optionalDoubles("distance") ?? [],
                                    duration: try a.optionalDoubles("duration") ?? [],
                                    speed: try a.optionalDoubles("speed") ?? [],
                                    maxspeed: try a.optionalArray("maxspeed").map(decodeMaxspeed))
        }
        let duration = try n.double("duration")
        return RouteLeg(distance: try n.double("distance"), duration: duration,
                        weight: try n.optionalDouble("weight") ?? duration,
                        summary: try n.optionalString("summary") ?? "",
                        steps: try n.optionalArray("steps").map(decodeStep), annotation: annotation)
    }

    static func decodeMaxspeed(_ n: JSONNode) throws(OSRMDecodingError) -> Double? {
        if try n.optionalBool("none") == true { return .infinity }
        guard let speed = try n.optionalDouble("speed") else { return nil }
        // Mapbox reports miles per hour where signs are in mph.
        return try n.optionalString("unit") == "mph" ? speed * 1.609344 : speed
    }
}
