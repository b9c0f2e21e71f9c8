/// One feature of the tile source as built at import: classified, projected, ready to write.
struct SourceFeature {
    var layer: TileLayer
    var geometry: GeometryKind
    var minZoom: Int
    var sortKey: Int32
    var attributes: [(String, AttributeValue)]
    /// Points: one part of one point. Lines: one part per line. Polygons: rings, each
    /// outer ring followed by its holes.
    var parts: [[WorldPoint]]
    /// For polygons, whether each part is an outer ring.
    var outer: [Bool]

    /// The box of every point.
    var box: WorldBox? { WorldBox(covering: parts.joined()) }
}
