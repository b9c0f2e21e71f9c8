import GemNavOSM

/// A named country or state boundary relation waiting to be labelled.
struct BoundaryLabel {
    var spec: Shortbread.Spec
    /// Its outer and inner ways.
    var area: BuildState.Multipolygon
    /// The node the mappers placed its name at (role `label`, else `admin_centre`), if any.
    var node: Int64?
}

/// `boundary_labels`: a boundary's name at the node its mappers chose, else at the centroid
/// of its largest ring; the area (`way_area`, and the zoom by size) only when the extract
/// holds the whole boundary. An extract cuts most boundaries (Monaco's runs out to sea), and a
/// ring closed from the ways that remain would give a false area and a point off the land.
extension BuildState {
    mutating func addBoundaryLabel(_ r: OSMRelation, level: Int) {
        guard let spec = Shortbread.boundaryLabel(r.tags, level: level) else { return }
        let ways = r.members.filter { $0.type == .way }
        let nodes = r.members.filter { $0.type == .node }
        boundaryLabels.append(BoundaryLabel(
            spec: spec,
            area: Multipolygon(outer: ways.filter { $0.role == "outer" || $0.role.isEmpty }.map(\.ref),
                               inner: ways.filter { $0.role == "inner" }.map(\.ref)),
            node: (nodes.first { $0.role == "label" } ?? nodes.first { $0.role == "admin_centre" })?.ref))
    }

    func boundaryLabelFeatures() -> [SourceFeature] {
        boundaryLabels.compactMap { label in
            let (rings, outer) = isComplete(label.area) ? multipolygonRings(label.area) : ([], [])
            let chosen = label.node.flatMap { id in index(of: id).flatMap { found[$0] ? positions[$0] : nil } }
            guard let point = chosen ?? (rings.isEmpty ? nil : Self.labelPoint(rings, outer: outer)) else { return nil }
            let spec = rings.isEmpty ? label.spec : Shortbread.boundaryLabel(label.spec, area: Self.squareMetres(rings, outer: outer))
            return feature(spec, parts: [[point]], outer: [true])
        }
    }

    /// Whether every way of `area` and every node of those ways is in the extract.
    func isComplete(_ area: Multipolygon) -> Bool {
        (area.outer + area.inner).allSatisfy { id in
            memberRefs[id].map { wayRefs[$0].allSatisfy { index(of: $0).map { found[$0] } ?? false } } ?? false
        }
    }
}
