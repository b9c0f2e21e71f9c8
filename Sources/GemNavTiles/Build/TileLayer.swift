/// The Shortbread v1.0 layers GemNav's tiles carry, in the order they are written to a tile.
/// The raw value is the layer's name in the tile.
public enum TileLayer: String, CaseIterable, Sendable {
    case ocean
    case water_polygons
    case water_polygons_labels
    case water_lines
    case water_lines_labels
    case dam_lines
    case dam_polygons
    case pier_lines
    case pier_polygons
    case land
    case sites
    case buildings
    case addresses
    case street_polygons
    case streets
    case street_labels
    case street_labels_points
    case streets_polygons_labels
    case bridges
    case aerialways
    case ferries
    case boundaries
    case boundary_labels
    case public_transport
    case place_labels
    case pois

    /// The layer's index, stored in the tile source.
    var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self)!) }

    /// The layer stored under `code`, nil for an unknown one.
    static func decode(_ code: UInt8) -> TileLayer? {
        Int(code) < allCases.count ? allCases[Int(code)] : nil
    }
}

/// The MVT geometry type of a feature (the values are the protobuf enum's).
enum GeometryKind: UInt8, Sendable {
    case point = 1
    case line = 2
    case polygon = 3
}

/// A feature attribute's value, typed as the MVT Value message types it.
enum AttributeValue: Hashable, Sendable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
}
