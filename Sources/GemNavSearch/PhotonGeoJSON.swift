import Foundation

/// Encodes results as a Photon-shaped GeoJSON FeatureCollection, the format of Photon's
/// `/api` and `/reverse` answers, so existing Photon clients can read GemNav's server.
public enum PhotonGeoJSON {
    /// The FeatureCollection for `results`, as UTF-8 JSON with sorted keys.
    public static func encode(_ results: [SearchResult]) -> Data {
        let collection: [String: Any] = [
            "type": "FeatureCollection",
            "features": results.map(feature),
        ]
        // Only strings, numbers, arrays and dictionaries go in, which JSONSerialization always accepts.
        return (try? JSONSerialization.data(withJSONObject: collection, options: [.sortedKeys])) ?? Data()
    }

    /// One result as a GeoJSON Feature dictionary.
    public static func feature(_ r: SearchResult) -> [String: Any] {
        var properties: [String: Any] = [
            "name": r.kind == .house ? r.title : r.name,
            "osm_key": r.osmKey,
            "osm_value": r.osmValue,
            "osm_type": String(r.osmType.prefix(1)).uppercased(),
            "osm_id": r.osmId,
            "type": r.kind.photonType,
        ]
        if let s = r.street { properties["street"] = s }
        if let n = r.housenumber { properties["housenumber"] = n }
        if let c = r.city { properties["city"] = c }
        if let c = r.category { properties["category"] = c.rawValue }
        if let d = r.distance { properties["distance"] = (d * 10).rounded() / 10 }
        if let e = r.extent {
            // Photon's order: west, north, east, south.
            properties["extent"] = [e.min.longitude, e.max.latitude, e.max.longitude, e.min.latitude]
        }
        return [
            "type": "Feature",
            "geometry": ["type": "Point", "coordinates": [r.coordinate.longitude, r.coordinate.latitude]],
            "properties": properties,
        ]
    }
}
