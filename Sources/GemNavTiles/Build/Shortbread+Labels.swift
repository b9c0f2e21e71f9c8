/// The Shortbread layers that label things drawn elsewhere: house numbers (`addresses`), the
/// names of squares and other streets mapped as areas (`streets_polygons_labels`) and of
/// countries and states (`boundary_labels`).
extension Shortbread {
    /// The `addresses` point of an object with a house number or a house name, from zoom 14:
    /// nodes as they are, buildings and other areas at their centroid.
    static func address(_ t: [String: String]) -> Spec? {
        var attributes: [(String, AttributeValue)] = []
        if let v = t["addr:housename"] { attributes.append(("housename", .string(v))) }
        if let v = t["addr:housenumber"] { attributes.append(("housenumber", .string(v))) }
        guard !attributes.isEmpty else { return nil }
        return Spec(layer: .addresses, geometry: .point, minZoom: 14, attributes: attributes)
    }

    /// The `streets_polygons_labels` point of a named street area (a pedestrian square, a
    /// service area), at its centroid from zoom 14.
    static func streetPolygonLabel(_ t: [String: String]) -> Spec? {
        guard let kind = t["highway"], t["name"] != nil else { return nil }
        return Spec(layer: .streets_polygons_labels, geometry: .point, minZoom: 14,
                    attributes: [("kind", .string(kind))] + names(t))
    }

    /// The `boundary_labels` point of a named country (`admin_level` 2) or state (4)
    /// boundary relation, from zoom 5 while its area is not known (the builder places it and
    /// sizes it with `boundaryLabel(_:area:)` when the extract holds the whole boundary).
    static func boundaryLabel(_ t: [String: String], level: Int) -> Spec? {
        guard t["name"] != nil else { return nil }
        return Spec(layer: .boundary_labels, geometry: .point, minZoom: 5,
                    attributes: [("admin_level", .int(Int64(level)))] + names(t))
    }

    /// `spec` (a `boundaryLabel`) for an area of `squareMetres` (Web Mercator): Shortbread's
    /// `way_area` in hectares, larger areas first, and its minimum zoom by size: countries
    /// over 2·10⁶ km² from 2, 7·10⁵ from 3, 10⁵ from 4, the others from 5; states over
    /// 7·10⁵ km² from 3, 10⁵ from 4, the others from 5.
    static func boundaryLabel(_ spec: Spec, area squareMetres: Double) -> Spec {
        var spec = spec
        let km2 = squareMetres / 1e6
        let country = spec.attributes.contains { $0.0 == "admin_level" && $0.1 == .int(2) }
        spec.minZoom = country && km2 >= 2e6 ? 2 : km2 >= 7e5 ? 3 : km2 >= 1e5 ? 4 : 5
        spec.sortKey = Int32(clamping: -Int64(km2.rounded()))
        spec.attributes.append(("way_area", .double((squareMetres / 10_000).rounded())))
        return spec
    }
}
