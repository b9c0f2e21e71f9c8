import Foundation
import GemNavCore

/// The TileJSON 3.0 document describing a tile source: where its tiles are, their zooms,
/// the data's bounds and centre, and each layer's attributes.
public enum TileJSON {
    /// The layers' attributes and the zoom each layer starts at, as TileJSON's
    /// `vector_layers` lists them.
    static let layerFields: [(TileLayer, Int, [String: String])] = {
        let names = ["name": "String", "name_en": "String", "name_de": "String"]
        func merged(_ a: [String: String], _ b: [String: String]) -> [String: String] { a.merging(b) { x, _ in x } }
        return [
            (.ocean, 0, [:]),
            (.water_polygons, 4, ["kind": "String", "way_area": "Number"]),
            (.water_polygons_labels, 10, merged(names, ["kind": "String", "way_area": "Number"])),
            (.water_lines, 9, ["kind": "String", "tunnel": "Boolean", "bridge": "Boolean"]),
            (.water_lines_labels, 12, merged(names, ["kind": "String"])),
            (.dam_lines, 12, ["kind": "String"]),
            (.dam_polygons, 12, ["kind": "String"]),
            (.pier_lines, 12, ["kind": "String"]),
            (.pier_polygons, 12, ["kind": "String"]),
            (.land, 7, ["kind": "String"]),
            (.sites, 14, merged(names, ["kind": "String"])),
            (.buildings, 14, [:]),
            (.addresses, 14, ["housename": "String", "housenumber": "String"]),
            (.street_polygons, 14, ["kind": "String", "rail": "Boolean", "tunnel": "Boolean", "bridge": "Boolean",
                                    "surface": "String"]),
            (.streets, 5, ["kind": "String", "link": "Boolean", "rail": "Boolean", "tunnel": "Boolean",
                           "bridge": "Boolean", "oneway": "Boolean", "oneway_reverse": "Boolean", "tracktype": "String",
                           "surface": "String", "service": "String", "bicycle": "String", "horse": "String"]),
            (.street_labels, 10, merged(names, ["kind": "String", "ref": "String", "ref_rows": "Number",
                                                "ref_cols": "Number", "tunnel": "Boolean", "bridge": "Boolean"])),
            (.street_labels_points, 12, merged(names, ["kind": "String", "ref": "String"])),
            (.streets_polygons_labels, 14, merged(names, ["kind": "String"])),
            (.bridges, 12, ["kind": "String"]),
            (.aerialways, 12, ["kind": "String"]),
            (.ferries, 10, merged(names, ["kind": "String"])),
            (.boundaries, 0, ["admin_level": "Number", "maritime": "Boolean", "disputed": "Boolean"]),
            (.boundary_labels, 2, merged(names, ["admin_level": "Number", "way_area": "Number"])),
            (.public_transport, 11, merged(names, ["kind": "String"])),
            (.place_labels, 4, merged(names, ["kind": "String", "population": "Number"])),
            (.pois, 14, merged(names, [
                "amenity": "String", "leisure": "String", "tourism": "String", "shop": "String", "man_made": "String",
                "historic": "String", "emergency": "String", "highway": "String", "office": "String",
                "housename": "String", "housenumber": "String", "cuisine": "String", "sport": "String",
                "vending": "String", "information": "String", "tower:type": "String", "religion": "String",
                "denomination": "String", "recycling:glass_bottles": "Boolean", "recycling:paper": "Boolean",
                "recycling:clothes": "Boolean", "recycling:scrap_metal": "Boolean", "atm": "Boolean",
            ])),
        ]
    }()

    /// The document for `source`, its tile URL under `baseURL` (e.g. `http://host:5000`,
    /// without a trailing slash).
    public static func document(for source: TileSource, baseURL: String) -> [UInt8] {
        let b = source.bounds
        let centre = source.box.centre
        let doc: [String: Any] = [
            "tilejson": "3.0.0",
            "name": "GemNav",
            "description": "OpenStreetMap data in the Shortbread 1.0 schema, cut by gemnav serve",
            "version": "1.0.0",
            "attribution": MapStyle.attribution,
            "scheme": "xyz",
            "format": "pbf",
            "tiles": ["\(baseURL)/tiles/{z}/{x}/{y}.mvt"],
            "minzoom": 0,
            "maxzoom": TileSource.maxZoom,
            "bounds": [b.min.longitude, b.min.latitude, b.max.longitude, b.max.latitude].map(round6),
            "center": [round6(centre.longitude), round6(centre.latitude), source.overviewZoom],
            "vector_layers": layerFields.map { layer, minZoom, fields in
                ["id": layer.rawValue, "fields": fields, "minzoom": minZoom, "maxzoom": TileSource.maxZoom] as [String: Any]
            },
        ]
        return jsonBytes(doc)
    }

    static func round6(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }

    /// Compact JSON with sorted keys, so a document is the same bytes every time.
    static func jsonBytes(_ object: Any) -> [UInt8] {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Array(data)
    }
}

extension WorldBox {
    /// The box's centre.
    var centre: Coordinate {
        WebMercator.unproject(x: (Double(minX) + Double(maxX)) / 2, y: (Double(minY) + Double(maxY)) / 2)
    }
}
